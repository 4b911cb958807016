"""Error taxonomies. Built-in ones are seeded by a data migration from
``annotations.taxonomy_catalogue``; a project annotates with its own editable copy."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class ErrorTaxonomy(models.Model):
    slug = models.SlugField(max_length=100, unique=True)
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    builtin = models.BooleanField(default=False)
    copied_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="copies"
    )

    class Meta:
        verbose_name_plural = "error taxonomies"
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.name


class ErrorType(models.Model):
    taxonomy = models.ForeignKey(ErrorTaxonomy, on_delete=models.CASCADE, related_name="types")
    code = models.SlugField(max_length=60)
    name = models.CharField(max_length=200)
    definition = models.TextField()
    example = models.TextField(blank=True)
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="children"
    )
    # The AggreFact unified type this one maps to (the crosswalk); null only for the unified
    # taxonomy's own types, which are their own unified type.
    unified_type = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="mapped_from"
    )
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["taxonomy", "position"]
        constraints = [
            models.UniqueConstraint(fields=["taxonomy", "code"], name="error_type_code_unique"),
            models.UniqueConstraint(fields=["taxonomy", "name"], name="error_type_name_unique"),
            models.CheckConstraint(
                condition=~Q(parent=models.F("id")), name="error_type_not_own_parent"
            ),
        ]

    def __str__(self) -> str:
        return self.name
