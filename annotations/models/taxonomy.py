"""Error taxonomies. Built-in ones are seeded by a data migration from
``annotations.taxonomy_catalogue``; a project annotates with its own editable copy."""

from __future__ import annotations

from django.conf import settings
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


class TaxonomyVersion(models.Model):
    """A version of a taxonomy, like a guideline version: the one row per taxonomy with no
    ``published_at`` is the admins' draft (its proposed types in ``draft``); publishing
    freezes the types the version offers (``types``) and a ``snapshot`` of their fields, so
    a round that froze this version, and its export, keep meaning what they meant."""

    taxonomy = models.ForeignKey(ErrorTaxonomy, on_delete=models.CASCADE, related_name="versions")
    # 0 for the draft; published versions count up from 1.
    version = models.PositiveIntegerField()
    draft = models.JSONField(default=list, blank=True)
    snapshot = models.JSONField(default=list, blank=True)
    types = models.ManyToManyField(ErrorType, blank=True, related_name="versions")
    changelog = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["taxonomy", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["taxonomy", "version"], name="taxonomy_version_unique"),
            # A published version has a number; the draft is version 0.
            models.CheckConstraint(
                condition=Q(published_at__isnull=True, version=0)
                | Q(published_at__isnull=False, version__gte=1),
                name="taxonomy_version_draft_is_zero",
            ),
        ]

    def __str__(self) -> str:
        return (
            f"{self.taxonomy.slug} v{self.version}"
            if self.version
            else f"{self.taxonomy.slug} draft"
        )
