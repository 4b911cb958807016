"""Webhooks: a project's endpoints and the deliveries of its events to them (docs/webhooks.md).

A delivery row is written in the same transaction as the change it reports (the row is its own
outbox, as a Job is: services/dispatch.py), and sent only by a worker after the commit, so a
dead endpoint never slows a save and a rolled-back change never announces itself:

    pending ──worker claims (lease)──▶ sending ──2xx──▶ succeeded
      ▲  ▲                               │  ├──error, attempts left──▶ pending (next_attempt_at)
      │  └── resend (from any end) ──────┘  └──error, attempts spent──▶ failed
      └──lease expired (worker died)──sweep──┘   (the sweep also re-sends a pending row whose
                                                   message never reached a worker)
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q

from annotations.models.project import Project


class WebhookEvent(models.TextChoices):
    UNIT_SUBMITTED = "unit.submitted", "A linguist submitted a unit"
    ROUND_OPENED = "round.opened", "A round opened"
    ROUND_CLOSED = "round.closed", "A round closed"
    AGREEMENT_COMPUTED = "agreement.computed", "Agreement computed (targets met or not)"
    ANNOTATOR_PAUSED = "annotator.paused", "A linguist was paused by gold units"
    RELEASE_PUBLISHED = "release.published", "A release was published"
    RELEASE_FAILED = "release.failed", "A release build failed"
    EVALUATOR_RUN_SCORED = "evaluator_run.scored", "An evaluator run was scored"


class WebhookEndpoint(models.Model):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=2000)
    # Kept in clear: every delivery is signed with it. Shown once, when it is made.
    secret = models.CharField(max_length=128)
    events = models.JSONField(default=list)
    active = models.BooleanField(default=True)
    description = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("pk",)

    def __str__(self) -> str:
        return f"{self.project_id}: {self.url}"


class DeliveryStatus(models.TextChoices):
    PENDING = "pending"
    SENDING = "sending"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class WebhookDelivery(models.Model):
    endpoint = models.ForeignKey(
        WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries"
    )
    # The receiver's idempotency key (X-Webhook-Id): the same on every attempt and resend.
    event_id = models.UUIDField(default=uuid.uuid4, editable=False)
    event = models.CharField(max_length=40, choices=WebhookEvent.choices)
    payload = models.JSONField()
    status = models.CharField(
        max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING
    )
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # When a pending row is next sent (by its retry message, or else by the sweep).
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    # A sending row's claim: past it, the worker is taken for dead and the sweep re-sends.
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-pk",)
        indexes = (
            models.Index(
                fields=("status", "next_attempt_at"),
                name="webhook_delivery_due",
                condition=Q(status__in=("pending", "sending")),
            ),
        )
        constraints = (
            models.CheckConstraint(
                condition=Q(status__in=("pending", "sending", "succeeded", "failed")),
                name="webhook_delivery_status_valid",
            ),
        )

    def __str__(self) -> str:
        return f"{self.event} → {self.endpoint_id} ({self.status})"
