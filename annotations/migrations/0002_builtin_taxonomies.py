"""Seed the built-in error taxonomies and their crosswalk to AggreFact's unified types.

The data lives in annotations.taxonomy_catalogue (pure Python); the seeding function is
shared with the tests, which re-seed after a transactional test empties the tables.
Re-running updates the definitions in place.
"""

from django.db import migrations


def seed(apps, schema_editor):
    from annotations.services.taxonomies import taxonomies_seed_builtin

    taxonomies_seed_builtin(
        taxonomy_model=apps.get_model("annotations", "ErrorTaxonomy"),
        type_model=apps.get_model("annotations", "ErrorType"),
    )


class Migration(migrations.Migration):
    dependencies = [("annotations", "0001_initial")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
