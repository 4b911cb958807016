"""Writes to error taxonomies: a project's own editable copy of a built-in one."""

from __future__ import annotations

from django.db import transaction

from annotations.models import ErrorTaxonomy, ErrorType


@transaction.atomic
def taxonomy_copy(*, source: ErrorTaxonomy, slug: str, name: str) -> ErrorTaxonomy:
    """Copy ``source`` with its types, parents and crosswalk, so a project can edit its
    taxonomy without changing the built-in one or another project's."""
    copy = ErrorTaxonomy.objects.create(
        slug=slug, name=name, description=source.description, builtin=False, copied_from=source
    )
    originals = list(source.types.order_by("position", "id"))
    new_by_old: dict[int, ErrorType] = {}
    for original in originals:
        new_by_old[original.pk] = ErrorType.objects.create(
            taxonomy=copy,
            code=original.code,
            name=original.name,
            definition=original.definition,
            example=original.example,
            position=original.position,
            # A copy of the unified taxonomy itself maps to the built-in unified types.
            unified_type_id=original.unified_type_id or original.pk,
        )
    for original in originals:
        if original.parent_id:
            child = new_by_old[original.pk]
            child.parent = new_by_old[original.parent_id]
            child.save(update_fields=["parent"])
    return copy
