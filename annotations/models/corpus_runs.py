"""An evaluator's run over a project's corpus, before any release (issue 31,
docs/models-in-the-loop.md).

A release-bound ``EvaluatorRun`` scores a model against frozen gold; a ``CorpusRun`` brings the
model into the study itself: its verdicts can be revealed in assisted rounds after the
linguist's own label is saved, calibrated live against the current gold on the Judges page, and
used to choose which units to annotate. Records are named by the corpus-level ids releases use
(``annotations.formats.writers.rows.record_id`` of corpus, document, topic, summary and sentence
number), never database ids, so a file made for a release joins the corpus too.

Predictions are arrays in parts (``CorpusRunPart``), not a row per record: the workspace reads
one unit's verdicts from the part holding its summaries, the Judges page and the choice of
units read whole runs. Nothing here is ever sent to
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


class CorpusRunPart(models.Model):
    """A run's records for a range of summaries, as arrays (``formats/corpus_run_parts.py``
    packs and reads them): about 4,096 records a part, cut at summary boundaries, so a run of
    a million records is ~250 rows. A row per record cost PostgreSQL 5-7 s of CPU to insert a
    million (a heap and four indexes; docs/performance.md, 2026-11-28), and no reader needs
    rows: the Judges page and the choice of units read whole runs, an assisted unit reads the
    part holding its summaries (the ``(run, first_summary)`` index)."""

    # No index of its own: the (run, number) constraint's index serves lookups by run.
    run = models.ForeignKey(
        CorpusRun, on_delete=models.CASCADE, related_name="parts", db_index=False
    )
    number = models.PositiveIntegerField()
    first_summary = models.BigIntegerField(help_text="The lowest summary id in the part.")
    last_summary = models.BigIntegerField(help_text="The highest summary id in the part.")
    records = models.PositiveIntegerField()
    arrays = models.BinaryField()
    # {position in the part: [explanation, error types, spans, evidence]}, only where given.
    extras = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["run", "number"], name="corpus_run_part_once"),
            models.CheckConstraint(
                condition=Q(first_summary__lte=models.F("last_summary")),
                name="corpus_run_part_range",
            ),
        ]
        indexes = [models.Index(fields=["run", "first_summary"], name="corpus_run_part_by_summary")]

    def __str__(self) -> str:
        return f"part {self.number} of {self.run}"
