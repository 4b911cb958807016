"""Explanation meta-annotation (TofuEval Appendix H, docs/evaluation.md): linguists judge
whether an evaluator's explanation of an inconsistent sentence names the same error as the
human explanation.

A round of kind ``explanation`` asks about sentences (``RoundItem``) that the release's gold
calls inconsistent and that an evaluator run also flagged, with an explanation. Each such
(sentence, run) pair is an ``ExplanationItem``; one linguist's answers on a sentence are one
``ExplanationSheet`` (the ``explanations`` kind), holding a verdict per explanation. The
run, and so the evaluator, is never shown: an explanation travels as the assignment's
handle, in an order shuffled per assignment.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class ExplanationVerdict(models.TextChoices):
    SAME = "same", "same error"
    PARTIALLY = "partially", "partially the same"
    DIFFERENT = "different", "a different error"
    MODEL_WRONG = "model_wrong", "the model's explanation is wrong"


class ExplanationItem(models.Model):
    """An evaluator's explanation of one item of an explanation round, frozen when the round
    is created (a later run changes nothing already asked)."""

    round = models.ForeignKey(
        "annotations.Round", on_delete=models.CASCADE, related_name="explanation_items"
    )
    sentence = models.ForeignKey(
        "annotations.SummarySentence", on_delete=models.CASCADE, related_name="+"
    )
    run = models.ForeignKey(
        "annotations.EvaluatorRun", on_delete=models.CASCADE, related_name="explanation_items"
    )
    explanation = models.TextField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "sentence", "run"], name="one_explanation_per_run_and_item"
            )
        ]
        indexes = [models.Index(fields=["round", "sentence"], name="explanation_item_round")]

    def __str__(self) -> str:
        return f"{self.round_id}: sentence {self.sentence_id}, run {self.run_id}"


class ExplanationSheet(models.Model):
    """One linguist's verdicts on the explanations of one item: the ``explanations`` kind."""

    assignment = models.ForeignKey(
        "annotations.Assignment", on_delete=models.CASCADE, related_name="explanation_sheets"
    )
    sentence = models.ForeignKey(
        "annotations.SummarySentence", on_delete=models.CASCADE, related_name="+"
    )
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "sentence"], name="one_explanation_sheet_per_item"
            )
        ]

    def __str__(self) -> str:
        return f"{self.assignment_id}/{self.sentence_id}: explanations"


class ExplanationJudgement(models.Model):
    """A verdict on one explanation, on a linguist's sheet."""

    sheet = models.ForeignKey(
        ExplanationSheet, on_delete=models.CASCADE, related_name="explanation_judgements"
    )
    position = models.PositiveIntegerField()  # 1-based, in the linguist's order
    item = models.ForeignKey(ExplanationItem, on_delete=models.CASCADE, related_name="judgements")
    # Empty until judged: the sheet lists every explanation of the item from its first save.
    verdict = models.CharField(max_length=11, choices=ExplanationVerdict.choices, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["sheet", "item"], name="one_verdict_per_explanation"),
            models.CheckConstraint(
                condition=Q(verdict__in=["", *(v.value for v in ExplanationVerdict)]),
                name="explanation_verdict_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sheet_id}: {self.item_id} {self.verdict or '—'}"
