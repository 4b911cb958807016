"""An evaluator's run over a project's corpus, before any release (issue 31,
docs/models-in-the-loop.md).

A release-bound ``EvaluatorRun`` scores a model against frozen gold; a ``CorpusRun`` brings the
model into the study itself: its verdicts can be revealed in assisted rounds after the
linguist's own label is saved, calibrated live against the current gold on the Judges page, and
used to choose which units to annotate. Records are named by the corpus-level ids releases use
(``annotations.formats.writers.rows.record_id`` of corpus, document, topic, summary and sentence
number), never database ids, so a file made for a release joins the corpus too.

Predictions are rows, not a file: the workspace reads one unit's verdicts at a time (a handful
of rows by index), and the Judges page joins them to gold in SQL. Nothing here is ever sent to
a linguist or reviewer except through the assisted round's reveal, which names the model only
as "Model".
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class CorpusRun(models.Model):
    """One uploaded file of an evaluator's predictions on the project's corpus. An evaluator's
    runs are told apart by their version label (a prompt or model version); a correction is a
    new version."""

    project = models.ForeignKey(
        "annotations.Project", on_delete=models.CASCADE, related_name="corpus_runs"
    )
    evaluator = models.ForeignKey(
        "annotations.Evaluator", on_delete=models.CASCADE, related_name="corpus_runs"
    )
    version = models.CharField(max_length=100, help_text="A prompt or model version label.")
    source_name = models.CharField(max_length=255, help_text="The uploaded file's name.")
    sha256 = models.CharField(max_length=64, help_text="Of the uploaded file.")
    sentences = models.PositiveIntegerField(default=0, help_text="Sentence-level predictions.")
    summaries = models.PositiveIntegerField(default=0, help_text="Summary-level predictions.")
    abstained = models.PositiveIntegerField(
        default=0, help_text="Records the run explicitly abstained on (counted, not refused)."
    )
    has_scores = models.BooleanField(default=False)
    has_labels = models.BooleanField(default=False)
    notes = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["evaluator", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["evaluator", "version"], name="corpus_run_version_once"
            ),
            models.CheckConstraint(condition=~Q(version=""), name="corpus_run_version_given"),
            models.CheckConstraint(
                condition=Q(sentences__gt=0) | Q(summaries__gt=0),
                name="corpus_run_predicts_something",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.evaluator} {self.version}"


class CorpusPrediction(models.Model):
    """One record of a corpus run: a sentence's (``sentence`` set) or a whole summary's
    (``sentence`` null) verdict. ``label`` is a ConsistencyLabel value or "" when the run gave
    only a score; ``abstain`` marks a record the model declined, with neither."""

    # No database foreign keys and no single-column indexes on these three (issue 31,
    # "Measure"): a run is a million rows written at once. COPYing the bench's 1,001,169 rows
    # into a copy of this table cost PostgreSQL 40.4 s of CPU with its deferred key checks
    # (three per row, each locking the row it names), 10.5 s without them and 7.0 s without
    # the three single-column indexes too (bench/README.md, 2026-11-28). The upload
    # writes only ids it read from these tables, and then checks them all in one query under
    # a lock on them (services/corpus_runs.py, ``_check_references``); deleting a run, a
    # summary or a sentence still deletes its predictions (Django's CASCADE, which never
    # relied on the database's keys). Readers filter by run through the (run, ...) indexes.
    run = models.ForeignKey(
        CorpusRun,
        on_delete=models.CASCADE,
        related_name="predictions",
        db_constraint=False,
        db_index=False,
    )
    summary = models.ForeignKey(
        "annotations.Summary",
        on_delete=models.CASCADE,
        related_name="+",
        db_constraint=False,
        db_index=False,
    )
    sentence = models.ForeignKey(
        "annotations.SummarySentence",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        db_constraint=False,
        db_index=False,
    )
    label = models.CharField(max_length=12, blank=True)
    score = models.FloatField(null=True, blank=True)
    abstain = models.BooleanField(default=False)
    explanation = models.TextField(blank=True)
    # Error type codes as the run named them (checked against the project's taxonomy on upload).
    error_types = models.JSONField(default=list, blank=True)
    # [[start, end], ...] character offsets in the sentence.
    spans = models.JSONField(default=list, blank=True)
    # Dialogue turn positions the run cites as evidence.
    evidence = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["run", "sentence"],
                condition=Q(sentence__isnull=False),
                name="corpus_prediction_sentence_once",
            ),
            models.UniqueConstraint(
                fields=["run", "summary"],
                condition=Q(sentence__isnull=True),
                name="corpus_prediction_summary_once",
            ),
            models.CheckConstraint(
                condition=Q(label__in=["", "consistent", "inconsistent"]),
                name="corpus_prediction_label_known",
            ),
            models.CheckConstraint(
                condition=Q(abstain=True, label="", score__isnull=True)
                | (Q(abstain=False) & (~Q(label="") | Q(score__isnull=False))),
                name="corpus_prediction_verdict_or_abstain",
            ),
        ]
        indexes = [models.Index(fields=["run", "summary"], name="corpus_prediction_by_summary")]

    def __str__(self) -> str:
        return f"{self.run} on {self.sentence_id or self.summary_id}"
