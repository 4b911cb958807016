"""The Judges page's persisted report (docs/models-in-the-loop.md, "Judges"): one per project.

The figures of every corpus run against the project's gold are computed by a Celery task
(annotations/services/judges_live.py), never in a web request, and kept here with the key of
what they were computed from; the page reads this row, so it answers at once whatever the
size of the gold and the runs. The row also says where the newest recompute is:

    (none) ──change or first visit──▶ queued ──a worker claims its job──▶ running ──▶ done
                  ▲                      │  ▲                               ├──▶ failed (reason)
                  │                      │  └─worker died / never taken:    │
                  └──────────────────────┴────the sweep queues it again─────┘ (bounded)
    done / failed ──a new change, or an admin's recompute──▶ queued

The recompute's task rides on a ``Job`` row of kind ``judges`` (``job``), the outbox that
services/dispatch.py re-sends, so the report and its task never part.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class JudgesState(models.TextChoices):
    QUEUED = "queued", "queued"
    RUNNING = "running", "running"
    DONE = "done", "done"
    FAILED = "failed", "failed"


class JudgesReport(models.Model):
    project = models.OneToOneField(
        "annotations.Project", on_delete=models.CASCADE, related_name="judges_report"
    )
    # The last figures computed (the page's JSON but for the project's name and the state);
    # null until the first recompute ends.
    figures = models.JSONField(null=True, blank=True)
    # SHA-256 of what ``figures`` were computed from: the gold's key (selectors/judges.py
    # ``gold_key``) and every run's key. The page compares it with the current one.
    computed_key = models.CharField(max_length=64, blank=True)
    computed_at = models.DateTimeField(null=True, blank=True)
    # The job whose figures are stored: an older job finishing late never overwrites them.
    computed_by_job = models.PositiveBigIntegerField(null=True, blank=True)
    # The newest recompute: its state, progress and, when it failed, why (a person reads it).
    state = models.CharField(max_length=7, choices=JudgesState.choices, default=JudgesState.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)
    # The key a failed recompute was asked for: the page queues no new one for the same key
    # (an admin's recompute does), so a failure is not retried on every visit.
    failed_key = models.CharField(max_length=64, blank=True)
    job = models.ForeignKey(
        "annotations.Job", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Recomputes of the same change the sweep queued again after a worker died; bounded.
    requeued = models.PositiveSmallIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(progress__lte=100), name="judges_progress_percent"),
        ]

    def __str__(self) -> str:
        return f"judges of project {self.project_id} ({self.state})"
