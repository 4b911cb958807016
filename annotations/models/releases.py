"""Versioned, immutable benchmark releases.

States:  building ──publish (atomic)──▶ published
         building ──error / worker lost──▶ failed ──retry──▶ building
         building, not yet claimed by a worker (no lease): its task is sent again by the
             sweep when the broker refused or lost it, ──attempts spent / cancel──▶ failed
A published release never changes; a correction is a new version. See docs/releases.md and,
for the hand-over to the broker (the row is its own outbox), services/dispatch.py.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class ReleaseStatus(models.TextChoices):
    BUILDING = "building", "building"
    PUBLISHED = "published", "published"
    FAILED = "failed", "failed"


class Release(models.Model):
    project = models.ForeignKey(
        "annotations.Project", on_delete=models.PROTECT, related_name="releases"
    )
    version = models.CharField(max_length=40, help_text="A semantic version, e.g. 1.0.0.")
    status = models.CharField(
        max_length=9, choices=ReleaseStatus.choices, default=ReleaseStatus.BUILDING
    )
    config = models.JSONField(default=dict)
    manifest = models.JSONField(default=dict, blank=True)
    archive = models.FileField(upload_to="releases/", blank=True)
    progress = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    # Held by the worker building it, renewed while it lives (services/leases.py).
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    # The row is its own outbox entry (services/dispatch.py), as for a Job.
    dispatched_at = models.DateTimeField(null=True, blank=True)
    dispatch_attempts = models.PositiveSmallIntegerField(default=0)
    dispatch_after = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["project", "-created_at"]
        indexes = [
            models.Index(
                fields=["lease_expires_at"],
                condition=Q(status="building"),
                name="release_building_lease",
            ),
            models.Index(
                fields=["dispatch_after"],
                condition=Q(status="building", lease_expires_at__isnull=True),
                name="release_waiting_dispatch",
            ),
        ]
        constraints = [
            # Two builds of one version can never both publish.
            models.UniqueConstraint(
                fields=["project", "version"],
                condition=Q(status="published"),
                name="one_published_release_per_version",
            ),
            models.CheckConstraint(condition=Q(progress__lte=100), name="release_progress_percent"),
        ]

    def __str__(self) -> str:
        return f"{self.project.slug} {self.version} ({self.status})"


class ReleaseFile(models.Model):
    release = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="files")
    name = models.CharField(max_length=300)
    sha256 = models.CharField(max_length=64)
    size = models.PositiveBigIntegerField()
    records = models.PositiveBigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["release", "name"]
        constraints = [
            models.UniqueConstraint(fields=["release", "name"], name="release_file_unique")
        ]

    def __str__(self) -> str:
        return self.name
