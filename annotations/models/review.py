"""Second-stage review of inconsistent labels, and feedback from admins to annotators."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q


class ReviewOutcome(models.TextChoices):
    CONFIRMED = "confirmed", "error confirmed"
    FALSE_POSITIVE = "false_positive", "false positive"
    TYPES_CHANGED = "types_changed", "error confirmed, types changed"


class ReviewDecision(models.Model):
    judgement = models.ForeignKey(
        "annotations.SentenceJudgement", on_delete=models.CASCADE, related_name="reviews"
    )
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="review_decisions"
    )
    decision = models.CharField(max_length=14, choices=ReviewOutcome.choices)
    error_types = models.ManyToManyField("annotations.ErrorType", blank=True, related_name="+")
    note = models.TextField(blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="review_confirmations",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["judgement", "reviewer"], name="one_review_per_reviewer"
            ),
            models.CheckConstraint(
                condition=Q(decision__in=[d.value for d in ReviewOutcome]),
                name="review_decision_valid",
            ),
            # The second reviewer who confirms a decision is not the one who made it.
            models.CheckConstraint(
                condition=Q(confirmed_by__isnull=True) | ~Q(confirmed_by=F("reviewer")),
                name="review_confirmed_by_someone_else",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.judgement_id}: {self.decision}"


class Feedback(models.Model):
    round = models.ForeignKey(
        "annotations.Round", on_delete=models.CASCADE, related_name="feedback"
    )
    annotator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="feedback_received"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    sentence = models.ForeignKey(
        "annotations.SummarySentence",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # The unit the note is about; set when an admin reopens it, so the linguist sees why.
    assignment = models.ForeignKey(
        "annotations.Assignment",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="feedback",
    )
    reopened = models.BooleanField(
        default=False, help_text="Sent as the reason for reopening the assignment."
    )
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    # Unread again when an admin answers the linguist's reply: the thread is back with them.
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "feedback"
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=~Q(text=""), name="feedback_text_not_empty"),
        ]

    def __str__(self) -> str:
        return f"feedback to {self.annotator} in {self.round}"


class FeedbackReply(models.Model):
    """One message in the thread under a feedback note: the linguist answering (say, "I
    re-checked sentence 2 and kept it"), or the admin answering back."""

    feedback = models.ForeignKey(Feedback, on_delete=models.CASCADE, related_name="replies")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "feedback replies"
        ordering = ["feedback", "created_at", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(text=""), name="feedback_reply_text_not_empty"),
        ]

    def __str__(self) -> str:
        return f"reply to feedback {self.feedback_id}"
