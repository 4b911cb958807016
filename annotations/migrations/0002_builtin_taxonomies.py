"""Seed the built-in error taxonomies and their crosswalk to AggreFact's unified types.

The data lives in annotations.taxonomy_catalogue (pure Python). Re-running updates the
definitions in place, so a later migration can refresh them the same way.
"""

from django.db import migrations


def seed(apps, schema_editor):
    from annotations.taxonomy_catalogue import TAXONOMIES, UNIFIED_SLUG

    ErrorTaxonomy = apps.get_model("annotations", "ErrorTaxonomy")
    ErrorType = apps.get_model("annotations", "ErrorType")
    unified_ids = {}
    # The unified taxonomy first: every other type points at one of its leaves.
    ordered = sorted(TAXONOMIES, key=lambda spec: spec["slug"] != UNIFIED_SLUG)
    for spec in ordered:
        taxonomy, _ = ErrorTaxonomy.objects.update_or_create(
            slug=spec["slug"],
            defaults={"name": spec["name"], "description": spec["description"], "builtin": True},
        )
        by_code = {}
        for position, type_spec in enumerate(spec["types"]):
            error_type, _ = ErrorType.objects.update_or_create(
                taxonomy=taxonomy,
                code=type_spec["code"],
                defaults={
                    "name": type_spec["name"],
                    "definition": type_spec["definition"],
                    "example": type_spec["example"],
                    "position": position,
                    "parent": by_code.get(type_spec["parent"]) if type_spec["parent"] else None,
                    "unified_type_id": unified_ids.get(type_spec["unified"])
                    if type_spec["unified"]
                    else None,
                },
            )
            by_code[type_spec["code"]] = error_type
        if spec["slug"] == UNIFIED_SLUG:
            unified_ids = {code: error_type.pk for code, error_type in by_code.items()}


class Migration(migrations.Migration):
    dependencies = [("annotations", "0001_initial")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
