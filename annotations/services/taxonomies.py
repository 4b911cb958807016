"""Writes to error taxonomies: a project's own editable copy of a built-in one."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from annotations.models import ErrorTaxonomy, ErrorType, TaxonomyVersion
from annotations.services.taxonomy_versions import type_snapshot
from annotations.taxonomy_catalogue import TAXONOMIES, UNIFIED_SLUG


@transaction.atomic
def taxonomy_copy(*, source: ErrorTaxonomy, slug: str, name: str) -> ErrorTaxonomy:
    """Copy ``source`` with its types, parents and crosswalk, so a project can edit its
    taxonomy without changing the built-in one or another project's."""
    copy = ErrorTaxonomy.objects.create(
        slug=slug, name=name, description=source.description, builtin=False, copied_from=source
    )
    originals = list(source.types.order_by("position", "id"))
    # In two statements, not one per type: every new project (and every demo load) copies one.
    copies = ErrorType.objects.bulk_create(
        ErrorType(
            taxonomy=copy,
            code=original.code,
            name=original.name,
            definition=original.definition,
            example=original.example,
            position=original.position,
            # A copy of the unified taxonomy itself maps to the built-in unified types.
            unified_type_id=original.unified_type_id or original.pk,
        )
        for original in originals
    )
    new_by_old = {original.pk: made for original, made in zip(originals, copies, strict=True)}
    children = []
    for original in originals:
        if original.parent_id:
            child = new_by_old[original.pk]
            child.parent = new_by_old[original.parent_id]
            children.append(child)
    if children:
        ErrorType.objects.bulk_update(children, ["parent"])
    # The copy starts at version 1, which the project's first rounds freeze.
    first = TaxonomyVersion.objects.create(
        taxonomy=copy,
        version=1,
        snapshot=[type_snapshot(t) for t in copy.types.select_related("parent", "unified_type")],
        changelog=f"Copied from {source.name}.",
        published_at=timezone.now(),
    )
    first.types.set(new_by_old.values())
    return copy


def taxonomies_seed_builtin(*, taxonomy_model: Any, type_model: Any) -> None:
    """Create or refresh the built-in taxonomies from ``annotations.taxonomy_catalogue``.
    Takes the model classes so the data migration can pass its historical models."""
    unified_ids: dict[str, int] = {}
    # The unified taxonomy first: every other type points at one of its leaves.
    ordered = sorted(TAXONOMIES, key=lambda spec: spec["slug"] != UNIFIED_SLUG)
    for spec in ordered:
        taxonomy, _ = taxonomy_model.objects.update_or_create(
            slug=spec["slug"],
            defaults={"name": spec["name"], "description": spec["description"], "builtin": True},
        )
        by_code: dict[str, Any] = {}
        for position, type_spec in enumerate(spec["types"]):
            parent, unified = type_spec["parent"], type_spec["unified"]
            error_type, _ = type_model.objects.update_or_create(
                taxonomy=taxonomy,
                code=type_spec["code"],
                defaults={
                    "name": type_spec["name"],
                    "definition": type_spec["definition"],
                    "example": type_spec["example"],
                    "position": position,
                    "parent": by_code[parent] if parent else None,
                    "unified_type_id": unified_ids[unified] if unified else None,
                },
            )
            by_code[type_spec["code"]] = error_type
        if spec["slug"] == UNIFIED_SLUG:
            unified_ids = {code: error_type.pk for code, error_type in by_code.items()}
