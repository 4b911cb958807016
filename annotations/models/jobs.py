"""Background jobs a person waits for in the browser (imports, agreement reports): their
state and progress, written by the Celery task, polled by the page.

States (one lifecycle for imports, evaluator uploads, agreement reports and releases; see
annotations/services/leases.py, annotations/services/dispatch.py and docs/rounds.md):

    queued ──a worker claims it (lease)──▶ running ──▶ succeeded
      │  ▲                                    ├──▶ failed (any exception; error says why)
      │  └─broker refused or lost the task:   └──lease expired (worker died)──▶ failed
      │    sent again by the sweep, bounded       (by the sweep)
      ├──attempts spent──▶ failed ("never started")
      └──cancel──▶ failed ("Cancelled by …")
    failed ──retry (inputs kept)──▶ queued

The row is its own outbox (services/dispatch.py): dispatched_at, dispatch_attempts and
dispatch_after record the hand-over of its task to the broker.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class JobStatus(models.TextChoices):
    QUEUED = "queued", "queued"
    RUNNING = "running", "running"
    SUCCEEDED = "succeeded", "succeeded"
    FAILED = "failed", "failed"


class Job(models.Model):
    project = models.ForeignKey(
        "annotations.Project", on_delete=models.CASCADE, related_name="jobs"
    )
    kind = models.CharField(max_length=20)
    status = models.CharField(max_length=9, choices=JobStatus.choices, default=JobStatus.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    message = models.CharField(max_length=300, blank=True)
    params = models.JSONField(default=dict, blank=True)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Held by the worker running the job, renewed while it lives (services/leases.py).
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    # The row is its own outbox entry (services/dispatch.py): when its task message was
    # last handed to the broker, how many times that was tried, and when the sweep next
    # looks at it if no worker has claimed it by then.
    dispatched_at = models.DateTimeField(null=True, blank=True)
    dispatch_attempts = models.PositiveSmallIntegerField(default=0)
    dispatch_after = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(
                fields=["lease_expires_at"],
                condition=Q(status="running"),
                name="job_running_lease",
            ),
            models.Index(
                fields=["dispatch_after"], condition=Q(status="queued"), name="job_queued_dispatch"
            ),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(progress__lte=100), name="job_progress_percent"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} job {self.pk} ({self.status})"
