"""Automatic evaluators and their runs of predictions on a published release
(docs/evaluation.md).

A run is immutable once stored, like the release it scores: its predictions, aligned to the
release's ``records.csv``, are kept as one ``.npz`` file in the storage (a million scores are
8 MB there; as database rows they would be a million rows per run to join on every report).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class EvaluatorKind(models.TextChoices):
    METRIC = "metric", "metric"
    LLM = "llm", "LLM"


class PredictionKind(models.TextChoices):
    SCORE = "score", "score"
    LABEL = "label", "label"


class Evaluator(models.Model):
    project = models.ForeignKey(
        "annotations.Project", on_delete=models.CASCADE, related_name="evaluators"
    )
    name = models.CharField(max_length=100)
    kind = models.CharField(max_length=10, choices=EvaluatorKind.choices)
    notes = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["project", "name"], name="evaluator_name_once"),
            models.CheckConstraint(
                condition=Q(kind__in=EvaluatorKind.values), name="evaluator_kind_known"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="evaluator_name_given"),
        ]

    def __str__(self) -> str:
        return self.name


class EvaluatorRun(models.Model):
    """One file of predictions for one release; runs of an evaluator on the same release are
    numbered 1, 2, 3… (its self-agreement compares them)."""

    evaluator = models.ForeignKey(Evaluator, on_delete=models.CASCADE, related_name="runs")
    release = models.ForeignKey(
        "annotations.Release", on_delete=models.PROTECT, related_name="evaluator_runs"
    )
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=PredictionKind.choices)
    predictions = models.FileField(upload_to="evaluators/")
    source_name = models.CharField(max_length=255, help_text="The uploaded file's name.")
    sha256 = models.CharField(max_length=64, help_text="Of the uploaded file.")
    sentences = models.PositiveIntegerField(help_text="Sentence-level predictions.")
    summaries = models.PositiveIntegerField(help_text="Summary-level predictions.")
    explanations = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["evaluator", "release", "number"], name="evaluator_run_once"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="evaluator_run_from_1"),
            models.CheckConstraint(
                condition=Q(kind__in=PredictionKind.values), name="evaluator_run_kind_known"
            ),
            models.CheckConstraint(
                condition=Q(sentences__gt=0) | Q(summaries__gt=0),
                name="evaluator_run_predicts_something",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.evaluator} run {self.number}"
