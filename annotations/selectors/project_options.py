"""What a new project can be: the built-in taxonomies with their types, and the scheme's
questions with their defaults: what the new-project form offers (docs/api/admin.md)."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.utils.text import capfirst

from annotations.models import ErrorTaxonomy, ErrorType
from annotations.services.projects import (
    DEFAULT_TAXONOMY,
    SCHEME_FIELDS,
    SCHEME_NEEDS,
    scheme_field,
)


def project_options() -> dict[str, Any]:
    """Two queries, however many taxonomies and types there are."""
    taxonomies = ErrorTaxonomy.objects.filter(builtin=True).prefetch_related(
        Prefetch(
            "types",
            queryset=ErrorType.objects.select_related("parent").order_by("position", "id"),
        )
    )
    return {
        "default_taxonomy": DEFAULT_TAXONOMY,
        "taxonomies": [
            {
                "slug": taxonomy.slug,
                "name": taxonomy.name,
                "description": taxonomy.description,
                "types": [
                    {
                        "code": error_type.code,
                        "name": error_type.name,
                        "definition": error_type.definition,
                        "parent": error_type.parent.code if error_type.parent else None,
                    }
                    for error_type in taxonomy.types.all()
                ],
            }
            for taxonomy in taxonomies.order_by("slug")
        ],
        "scheme": [
            {
                "key": key,
                "label": capfirst(str(scheme_field(key).verbose_name)),
                "default": bool(scheme_field(key).get_default()),
                "needs": SCHEME_NEEDS.get(key),
            }
            for key in SCHEME_FIELDS
        ],
    }
