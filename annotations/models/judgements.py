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
    # Assisted units (models/assistance.py): the label of the save that revealed the model's
    # verdict, and when; blank/None elsewhere.
    pre_reveal_label = models.CharField(
        max_length=12, choices=ConsistencyLabel.choices, blank=True, db_default=""
    )
    revealed_at = models.DateTimeField(null=True, blank=True)

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


class KeyFactList(models.Model):
    """A unit's fixed key-fact list, given to linguists to align rather than write (FineSurE's
    human key facts, TofuEval's published key points). A round names the list's ``source``
    (``Round.key_fact_source``); its facts are ``KeyFact`` rows with ``given_list`` set."""

    topic = models.ForeignKey(
        "annotations.Topic", on_delete=models.CASCADE, related_name="key_fact_lists"
    )
    source = models.CharField(max_length=100, help_text="Where the list comes from: finesure, …")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["topic", "source"]
        constraints = [
            models.UniqueConstraint(fields=["topic", "source"], name="key_fact_list_unique"),
            models.CheckConstraint(condition=~Q(source=""), name="key_fact_list_source_named"),
        ]

    def __str__(self) -> str:
        return f"{self.source} key facts of {self.topic_id}"


class KeyFactSheet(models.Model):
    """One linguist's key facts of a unit and their alignment to its summaries: the judgement
    the ``key_facts`` kind versions (its facts and alignments are child rows)."""

    assignment = models.OneToOneField(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="key_fact_sheet"
    )
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"key facts of assignment {self.assignment_id}"


class KeyFact(models.Model):
    """A key fact of a unit's topic: on a linguist's sheet (written by them, or their copy of
    a given fact, ``given``), or on a given list. Exactly one owner."""

    sheet = models.ForeignKey(
        KeyFactSheet, null=True, blank=True, on_delete=models.CASCADE, related_name="facts"
    )
    given_list = models.ForeignKey(
        KeyFactList, null=True, blank=True, on_delete=models.CASCADE, related_name="facts"
    )
    # On a sheet: the given fact this row aligns (a round with a fixed list), else null.
    given = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="copies"
    )
    position = models.PositiveIntegerField()  # 1-based, the number a linguist sees
    text = models.TextField()
    # Published key points (TofuEval) were written "N. text"; the number is stored as the
    # position and this flag, so an export can write each point back exactly as published.
    numbered = models.BooleanField(default=True)

    class Meta:
        ordering = ["sheet", "given_list", "position"]
        constraints = [
            models.CheckConstraint(
                condition=Q(sheet__isnull=False, given_list__isnull=True)
                | Q(sheet__isnull=True, given_list__isnull=False, given__isnull=True),
                name="key_fact_one_owner",
            ),
            models.UniqueConstraint(
                fields=["sheet", "position"],
                condition=Q(sheet__isnull=False),
                name="key_fact_position_unique",
            ),
            models.UniqueConstraint(
                fields=["given_list", "position"],
                condition=Q(given_list__isnull=False),
                name="given_key_fact_position_unique",
            ),
            models.CheckConstraint(condition=~Q(text=""), name="key_fact_text_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.text[:60]}"


class KeyFactAlignment(models.Model):
    """A linguist's decision whether a summary states a key fact, and if so the summary's
    sentences that state it (FineSurE's sentence-level alignment)."""

    key_fact = models.ForeignKey(KeyFact, on_delete=models.CASCADE, related_name="alignments")
    summary = models.ForeignKey("annotations.Summary", on_delete=models.CASCADE, related_name="+")
    covered = models.BooleanField(default=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["key_fact", "summary"], name="key_fact_alignment_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.key_fact_id} {'↔' if self.covered else '✗'} {self.summary_id}"


class AlignedSentence(models.Model):
    """A sentence that states the key fact of an alignment."""

    alignment = models.ForeignKey(
        KeyFactAlignment, on_delete=models.CASCADE, related_name="sentences"
    )
    sentence = models.ForeignKey(
        "annotations.SummarySentence", on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["alignment", "sentence"], name="aligned_sentence_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.alignment_id}: sentence {self.sentence_id}"


class AtomicFactSheet(models.Model):
    """One linguist's atomic facts (ACUs) of one summary and their verdicts: the judgement
    the ``atomic_facts`` kind versions."""

    assignment = models.ForeignKey(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="atomic_fact_sheets"
    )
    summary = models.ForeignKey("annotations.Summary", on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "summary"], name="one_atomic_fact_sheet_per_summary"
            )
        ]

    def __str__(self) -> str:
        return f"{self.assignment_id}/{self.summary_id}: atomic facts"


class AtomicFact(models.Model):
    """An atomic content unit of a summary: on a linguist's sheet with their verdict, or given
    for the summary (imported, e.g. a reference summary's ACUs, ``given_for``). Exactly one
    owner; a sheet's copy of a given ACU names it in ``given``."""

    sheet = models.ForeignKey(
        AtomicFactSheet, null=True, blank=True, on_delete=models.CASCADE, related_name="facts"
    )
    given_for = models.ForeignKey(
        "annotations.Summary",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="given_atomic_facts",
    )
    given = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="copies"
    )
    position = models.PositiveIntegerField()  # 1-based
    text = models.TextField()
    # The summary sentence the linguist split it from (null: given, or not said).
    sentence = models.ForeignKey(
        "annotations.SummarySentence",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    verdict = models.CharField(max_length=13, choices=AtomicVerdict.choices, blank=True)
    # The linguist looked and the dialogue has nothing to point at.
    no_evidence = models.BooleanField(default=False)

    class Meta:
        ordering = ["sheet", "given_for", "position"]
        constraints = [
            models.CheckConstraint(
                condition=Q(sheet__isnull=False, given_for__isnull=True)
                | Q(sheet__isnull=True, given_for__isnull=False, given__isnull=True),
                name="atomic_fact_one_owner",
            ),
            models.UniqueConstraint(
                fields=["sheet", "position"],
                condition=Q(sheet__isnull=False),
                name="atomic_fact_position_unique",
            ),
            models.UniqueConstraint(
                fields=["given_for", "position"],
                condition=Q(given_for__isnull=False),
                name="given_atomic_fact_position_unique",
            ),
            models.CheckConstraint(condition=~Q(text=""), name="atomic_fact_text_not_empty"),
            models.CheckConstraint(
                condition=Q(verdict__in=["", "supported", "not_supported"]),
                name="atomic_verdict_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.text[:60]} ({self.verdict or '—'})"


class AtomicEvidence(models.Model):
    """A span of one dialogue turn that supports (or contradicts) an atomic fact."""

    fact = models.ForeignKey(AtomicFact, on_delete=models.CASCADE, related_name="evidence")
    turn = models.ForeignKey("annotations.Turn", on_delete=models.CASCADE, related_name="+")
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(start__lt=F("end")), name="atomic_evidence_start_before_end"
            ),
        ]

    def __str__(self) -> str:
        return f"turn {self.turn_id} [{self.start}, {self.end})"


class JudgementChange(models.Model):
    """The audit trail: one row per change to any judgement, never edited or deleted."""

    class Action(models.TextChoices):
        CREATE = "create", "create"
        UPDATE = "update", "update"
        DELETE = "delete", "delete"
        SUBMIT = "submit", "submit"
        REOPEN = "reopen", "reopen"
        # A change made in the Django admin, outside every service.
        ADMIN_EDIT = "admin_edit", "edit in the Django admin"

    assignment = models.ForeignKey(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="changes"
    )
    # The judgement's model ("sentencejudgement", "summaryjudgement", ...) and row id.
    kind = models.CharField(max_length=40)
    object_id = models.BigIntegerField(null=True, blank=True)
    action = models.CharField(max_length=10, choices=Action.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # A save of a sentence whose model verdict was already revealed (models/assistance.py).
    after_reveal = models.BooleanField(default=False, db_default=False)

    class Meta:
        ordering = ["assignment", "at", "id"]
        indexes = [models.Index(fields=["kind", "object_id"])]

    def __str__(self) -> str:
        return f"{self.action} {self.kind} {self.object_id} by {self.actor_id} at {self.at:%c}"
