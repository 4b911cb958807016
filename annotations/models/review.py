"""Second-stage review, error typing and adjudication (docs/review.md), and feedback from
admins to annotators."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class ReviewOutcome(models.TextChoices):
    CONFIRMED = "confirmed", "error confirmed"
    FALSE_POSITIVE = "false_positive", "false positive"
    TYPES_CHANGED = "types_changed", "error confirmed, types changed"


class SecondVerdict(models.TextChoices):
    CONFIRM = "confirm", "confirm"
    DISPUTE = "dispute", "dispute"


class ReviewScope(models.TextChoices):
    ANY = "any", "labelled inconsistent by anyone"
    GOLD = "gold", "gold label inconsistent"


class RoundItem(models.Model):
    """A sentence a review or error-typing round asks about (docs/review.md): collected from
    its source rounds when it is created, never edited after."""

    round = models.ForeignKey("annotations.Round", on_delete=models.CASCADE, related_name="items")
    sentence = models.ForeignKey(
        "annotations.SummarySentence", on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "sentence"], name="round_item_once"),
        ]

    def __str__(self) -> str:
        return f"{self.round_id}: sentence {self.sentence_id}"


class GoldUnit(models.Model):
    """A unit with an answer key mixed into a production round as an attention check; its
    assignments look like any other (docs/quality.md)."""

    round = models.ForeignKey(
        "annotations.Round", on_delete=models.CASCADE, related_name="gold_units"
    )
    topic = models.ForeignKey("annotations.Topic", on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "topic"], name="gold_unit_once"),
        ]

    def __str__(self) -> str:
        return f"{self.round_id}: gold unit {self.topic_id}"


class ReviewDecision(models.Model):
    """A reviewer's decision on one item of a review round: the ``review`` kind."""

    assignment = models.ForeignKey(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="review_decisions"
    )
    sentence = models.ForeignKey(
        "annotations.SummarySentence", on_delete=models.CASCADE, related_name="review_decisions"
    )
    # Empty until decided: a row exists as soon as anything (a note) is saved.
    decision = models.CharField(max_length=14, choices=ReviewOutcome.choices, blank=True)
    note = models.TextField(blank=True)
    # The types the reviewer sets when the error stands but its types were wrong.
    error_types = models.ManyToManyField("annotations.ErrorType", blank=True, related_name="+")
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["assignment", "sentence"], name="one_review_per_item"),
            models.CheckConstraint(
                condition=Q(decision__in=["", *(d.value for d in ReviewOutcome)]),
                name="review_decision_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.assignment_id}/{self.sentence_id}: {self.decision or '—'}"


class SecondReview(models.Model):
    """The second reviewer's verdict on a review decision: the ``second_review`` kind."""

    assignment = models.ForeignKey(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="second_reviews"
    )
    sentence = models.ForeignKey(
        "annotations.SummarySentence", on_delete=models.CASCADE, related_name="second_reviews"
    )
    verdict = models.CharField(max_length=7, choices=SecondVerdict.choices, blank=True)
    note = models.TextField(blank=True)
    # The decision's version the verdict was given on: a verdict counts only while the
    # decision is still that version (a reviewer who changes their mind needs confirming anew).
    reviewed_version = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "sentence"], name="one_second_review_per_item"
            ),
            models.CheckConstraint(
                condition=Q(verdict__in=["", *(v.value for v in SecondVerdict)]),
                name="second_review_verdict_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.assignment_id}/{self.sentence_id}: {self.verdict or '—'}"


class TypingJudgement(models.Model):
    """The error types one annotator of an error-typing round chose for one item."""

    assignment = models.ForeignKey(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="typings"
    )
    sentence = models.ForeignKey(
        "annotations.SummarySentence", on_delete=models.CASCADE, related_name="typings"
    )
    error_types = models.ManyToManyField("annotations.ErrorType", blank=True, related_name="+")
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["assignment", "sentence"], name="one_typing_per_item"),
        ]

    def __str__(self) -> str:
        return f"{self.assignment_id}/{self.sentence_id}: typing"


class Disagreement(models.Model):
    """A target on which a closed round's raters disagree, with their agreement (the share
    giving the commonest answer): computed once when the round closes, since a closed round's
    labels cannot change, so the adjudication queue is an indexed read (docs/review.md)."""

    round = models.ForeignKey(
        "annotations.Round", on_delete=models.CASCADE, related_name="disagreements"
    )
    question = models.CharField(max_length=20)
    topic = models.ForeignKey("annotations.Topic", on_delete=models.CASCADE, related_name="+")
    summary = models.ForeignKey(
        "annotations.Summary", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    sentence = models.ForeignKey(
        "annotations.SummarySentence",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    agreement = models.FloatField()
    answers = models.PositiveIntegerField()

    class Meta:
        indexes = [models.Index(fields=["agreement", "topic", "summary", "sentence"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(
                    question__in=["sentence_label", "error_types", "relevance", "topic_category"]
                ),
                name="disagreement_question_known",
            ),
            models.CheckConstraint(
                condition=Q(agreement__gte=0) & Q(agreement__lte=1),
                name="disagreement_agreement_is_a_share",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round_id} {self.question} {self.agreement:.2f}"


class UnitDisagreement(models.Model):
    """A unit of a round with two or more submitted raters, and how many of its sentences and
    summaries they answer differently: the round's disagreement list is then an indexed read
    (counting them from the judgements took 36-53 s for a round of 500,000 sentence
    judgements, docs/performance.md). Counted again when the unit's submitted assignments
    change, which ``raters`` and ``last_submitted_at`` (their count and latest submit time)
    tell: a submit adds one or moves the time, a reopen removes one
    (``services/unit_disagreements.py``)."""

    round = models.ForeignKey("annotations.Round", on_delete=models.CASCADE, related_name="+")
    topic = models.ForeignKey("annotations.Topic", on_delete=models.CASCADE, related_name="+")
    raters = models.PositiveIntegerField()
    last_submitted_at = models.DateTimeField(null=True, blank=True)
    sentences = models.PositiveIntegerField(help_text="Sentences whose labels differ.")
    summaries = models.PositiveIntegerField(help_text="Summaries whose relevance differs.")
    topic_category = models.BooleanField(help_text="Whether the topic category differs.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "topic"], name="unit_disagreement_once"),
        ]

    def __str__(self) -> str:
        return f"{self.round_id}: unit {self.topic_id}"


class AdjudicationCase(models.Model):
    """An admin's note on one adjudicated question of one target, and whether it was flagged
    for the guidelines; a flagged case is answered by the guideline version that says so."""

    # The project's adjudication round: one case per question and target in a project.
    round = models.ForeignKey(
        "annotations.Round", on_delete=models.CASCADE, related_name="adjudication_cases"
    )
    topic = models.ForeignKey("annotations.Topic", on_delete=models.CASCADE, related_name="+")
    question = models.CharField(max_length=40)
    # "sentence:<id>", "summary:<id>" or "" (the unit).
    target = models.CharField(max_length=40, blank=True)
    note = models.TextField(blank=True)
    flagged = models.BooleanField(default=False)
    answered_in = models.ForeignKey(
        "annotations.GuidelineVersion",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="answered_cases",
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "question", "target"], name="adjudication_case_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.question} {self.target or 'unit'}"


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
    # For a reply of the note's annotator: when an admin read it (they answered the thread,
    # or marked it read); null: unread, counted on the project and round pages.
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "feedback replies"
        ordering = ["feedback", "created_at", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(text=""), name="feedback_reply_text_not_empty"),
        ]

    def __str__(self) -> str:
        return f"reply to feedback {self.feedback_id}"
