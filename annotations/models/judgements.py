"""What annotators say about a unit: per sentence, per summary, per topic, key facts and
atomic facts. Every change is kept in ``JudgementChange`` (who, when, before, after).

Span offsets are half-open ``[start, end)``. The database checks ``0 <= start < end``; that a
span lies inside its sentence (or turn) spans two tables, so the services check it (see
``annotations.services.judgements``) and the model's ``clean()`` does for the admin.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q


class ConsistencyLabel(models.TextChoices):
    CONSISTENT = "consistent", "consistent"
    INCONSISTENT = "inconsistent", "inconsistent"


class Confidence(models.IntegerChoices):
    LOW = 1, "low"
    MEDIUM = 2, "medium"
    HIGH = 3, "high"


class TopicCategory(models.TextChoices):
    MAIN = "main", "main"
    MARGINAL = "marginal", "marginal"
    IRRELEVANT = "irrelevant", "irrelevant"


class AtomicVerdict(models.TextChoices):
    SUPPORTED = "supported", "supported"
    NOT_SUPPORTED = "not_supported", "not supported"


class SentenceJudgement(models.Model):
    assignment = models.ForeignKey(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="sentence_judgements"
    )
    sentence = models.ForeignKey(
        "annotations.SummarySentence", on_delete=models.CASCADE, related_name="judgements"
    )
    # Empty until answered: a judgement row exists as soon as anything about it is saved.
    label = models.CharField(max_length=12, choices=ConsistencyLabel.choices, blank=True)
    explanation = models.TextField(blank=True)
    # Optional (the scheme switches them on): a note that is not the explanation of an
    # error, and how sure the linguist is of the label.
    comment = models.TextField(blank=True)
    confidence = models.PositiveSmallIntegerField(choices=Confidence.choices, null=True, blank=True)
    error_types = models.ManyToManyField(
        "annotations.ErrorType", blank=True, related_name="sentence_judgements"
    )
    guideline_version = models.ForeignKey(
        "annotations.GuidelineVersion", null=True, blank=True, on_delete=models.PROTECT
    )
    # Optimistic concurrency: a save names the version it edits; a stale one is refused.
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "sentence"], name="one_judgement_per_sentence"
            ),
            models.CheckConstraint(
                condition=Q(label__in=["", "consistent", "inconsistent"]),
                name="sentence_label_valid",
            ),
            models.CheckConstraint(
                condition=Q(confidence__isnull=True) | Q(confidence__gte=1, confidence__lte=3),
                name="sentence_confidence_in_1_to_3",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.assignment_id}/{self.sentence_id}: {self.label or '—'}"


class ErrorSpan(models.Model):
    """The minimal wrong span in a sentence, with its error type and dialogue evidence."""

    judgement = models.ForeignKey(SentenceJudgement, on_delete=models.CASCADE, related_name="spans")
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()
    error_type = models.ForeignKey(
        "annotations.ErrorType", null=True, blank=True, on_delete=models.PROTECT
    )
    note = models.TextField(blank=True)
    # The linguist looked and the dialogue has nothing to point at (extrinsic information):
    # a span without evidence on purpose, which required evidence accepts.
    no_evidence = models.BooleanField(default=False)

    class Meta:
        ordering = ["judgement", "start"]
        constraints = [
            models.CheckConstraint(
                condition=Q(start__lt=F("end")), name="error_span_start_before_end"
            ),
        ]

    def __str__(self) -> str:
        return f"[{self.start}, {self.end})"

    def clean(self) -> None:
        length = len(self.judgement.sentence.text)
        if self.end > length:
            raise ValidationError(
                {"end": f"The span ends at {self.end}, past the sentence's {length} characters."}
            )


class EvidenceSpan(models.Model):
    """A span of one dialogue turn, [start, end) in the turn's text, that an error span
    cites as evidence."""

    error_span = models.ForeignKey(ErrorSpan, on_delete=models.CASCADE, related_name="evidence")
    turn = models.ForeignKey("annotations.Turn", on_delete=models.CASCADE, related_name="+")
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(start__lt=F("end")), name="evidence_start_before_end"
            ),
        ]

    def __str__(self) -> str:
        return f"turn {self.turn_id} [{self.start}, {self.end})"

    def clean(self) -> None:
        length = len(self.turn.text)
        if self.end > length:
            raise ValidationError(
                {"end": f"The evidence ends at {self.end}, past the turn's {length} characters."}
            )


class SummaryJudgement(models.Model):
    assignment = models.ForeignKey(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="summary_judgements"
    )
    summary = models.ForeignKey(
        "annotations.Summary", on_delete=models.CASCADE, related_name="judgements"
    )
    relevance = models.PositiveSmallIntegerField(null=True, blank=True)
    not_a_summary = models.BooleanField(default=False)
    comment = models.TextField(blank=True)
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "summary"], name="one_judgement_per_summary"
            ),
            models.CheckConstraint(
                condition=Q(relevance__isnull=True) | Q(relevance__gte=1, relevance__lte=5),
                name="relevance_in_1_to_5",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.assignment_id}/{self.summary_id}: relevance {self.relevance}"


class TopicJudgement(models.Model):
    assignment = models.OneToOneField(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="topic_judgement"
    )
    category = models.CharField(max_length=10, choices=TopicCategory.choices, blank=True)
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(category__in=["", "main", "marginal", "irrelevant"]),
                name="topic_category_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.assignment_id}: {self.category or '—'}"


class KeyFact(models.Model):
    """A key fact of the unit's topic written by the annotator (completeness)."""

    assignment = models.ForeignKey(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="key_facts"
    )
    position = models.PositiveIntegerField()
    text = models.TextField()
    # Published key points (TofuEval) were written "N. text"; the number is stored as the
    # position and this flag, so an export can write each point back exactly as published.
    numbered = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["assignment", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "position"], name="key_fact_position_unique"
            ),
            models.CheckConstraint(condition=~Q(text=""), name="key_fact_text_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.text[:60]}"


class KeyFactAlignment(models.Model):
    """A key fact covered by a summary, and the sentences that cover it."""

    key_fact = models.ForeignKey(KeyFact, on_delete=models.CASCADE, related_name="alignments")
    summary = models.ForeignKey("annotations.Summary", on_delete=models.CASCADE, related_name="+")
    sentences = models.ManyToManyField("annotations.SummarySentence", blank=True, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["key_fact", "summary"], name="key_fact_alignment_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.key_fact_id} ↔ {self.summary_id}"


class AtomicFact(models.Model):
    """An atomic content unit of a summary and whether the dialogue supports it."""

    assignment = models.ForeignKey(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="atomic_facts"
    )
    summary = models.ForeignKey("annotations.Summary", on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField()
    text = models.TextField()
    verdict = models.CharField(max_length=13, choices=AtomicVerdict.choices, blank=True)
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["assignment", "summary", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "summary", "position"], name="atomic_fact_position_unique"
            ),
            models.CheckConstraint(
                condition=Q(verdict__in=["", "supported", "not_supported"]),
                name="atomic_verdict_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.text[:60]} ({self.verdict or '—'})"


class JudgementChange(models.Model):
    """The audit trail: one row per change to any judgement, never edited or deleted."""

    class Action(models.TextChoices):
        CREATE = "create", "create"
        UPDATE = "update", "update"
        DELETE = "delete", "delete"
        SUBMIT = "submit", "submit"
        REOPEN = "reopen", "reopen"

    assignment = models.ForeignKey(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="changes"
    )
    # The judgement's model ("sentencejudgement", "summaryjudgement", ...) and row id.
    kind = models.CharField(max_length=40)
    object_id = models.BigIntegerField(null=True, blank=True)
    action = models.CharField(max_length=6, choices=Action.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["assignment", "at", "id"]
        indexes = [models.Index(fields=["kind", "object_id"])]

    def __str__(self) -> str:
        return f"{self.action} {self.kind} {self.object_id} by {self.actor_id} at {self.at:%c}"
