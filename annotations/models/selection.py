"""How a round chose its units from what evaluators find hard (issue 31,
docs/models-in-the-loop.md, "Choosing what to annotate").

A round whose units were selected by evaluator disagreement or uncertainty over-represents the
hard units: per-system rates computed from it describe the selected part, not the corpus.
The design is recorded so they can be weighted back: ``UnitSelection`` says how the round
drew (strategy, runs, weights, reserve, the frame's size and its sentences per system), and
``SelectedUnit`` each drawn unit's first-order inclusion probability. Neither is ever sent to
a linguist or reviewer (the runs and the strata name evaluators and systems)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class SelectionStrategy(models.TextChoices):
    DISAGREEMENT = "disagreement", "evaluator disagreement"
    UNCERTAINTY = "uncertainty", "score uncertainty"
    MIX = "mix", "a stated mix"


class UnitSelection(models.Model):
    round = models.OneToOneField(
        "annotations.Round", on_delete=models.CASCADE, related_name="selection"
    )
    strategy = models.CharField(max_length=12, choices=SelectionStrategy.choices)
    runs = models.ManyToManyField("annotations.CorpusRun", related_name="+")
    # {"disagreement": a, "uncertainty": b}: the priority's mix (one weight 1 for the others).
    weights = models.JSONField(default=dict)
    reserve = models.FloatField(help_text="The share of the sample drawn as if uniformly.")
    count = models.PositiveIntegerField()
    frame_units = models.PositiveIntegerField(help_text="Unannotated units it drew from.")
    # {system: sentences in the frame}: the known totals the HT rate divides by.
    frame_sentences = models.JSONField(default=dict)
    # {stratum label: units drawn}: the proportional allocation.
    allocation = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(reserve__gt=0) & Q(reserve__lte=1), name="selection_reserve_share"
            ),
            models.CheckConstraint(
                condition=Q(strategy__in=SelectionStrategy.values), name="selection_strategy"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} by {self.strategy}"


class SelectedUnit(models.Model):
    selection = models.ForeignKey(UnitSelection, on_delete=models.CASCADE, related_name="units")
    topic = models.ForeignKey("annotations.Topic", on_delete=models.CASCADE, related_name="+")
    inclusion_probability = models.FloatField()
    priority = models.FloatField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["selection", "topic"], name="selected_unit_once"),
            models.CheckConstraint(
                condition=Q(inclusion_probability__gt=0) & Q(inclusion_probability__lte=1),
                name="selected_unit_probability",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.topic_id} at {self.inclusion_probability:.3f}"
