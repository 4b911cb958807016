"""Assisted rounds: a corpus run's verdicts revealed after the linguist's own label is saved
(issue 31, docs/models-in-the-loop.md, "Assisted rounds").

A round with assistance names the ``CorpusRun`` whose verdicts it reveals and the share of
(annotator, unit) pairs that are assisted; each assignment's arm is ``Assignment.assisted``,
drawn with the round's seed when the round is created. The first labelled save of a sentence
in an assisted assignment keeps that label (``SentenceJudgement.pre_reveal_label``) and the
time of the reveal; every later save is marked in the audit trail
(``JudgementChange.after_reveal``)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class RoundAssistance(models.Model):
    """A round's assistance: which run's verdicts are revealed, and in what share of units."""

    round = models.OneToOneField(
        "annotations.Round", on_delete=models.CASCADE, related_name="assistance"
    )
    run = models.ForeignKey(
        "annotations.CorpusRun", on_delete=models.PROTECT, related_name="assisted_rounds"
    )
    share = models.FloatField(help_text="The share of (annotator, unit) pairs assisted.")

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(share__gt=0, share__lt=1), name="round_assistance_share_range"
            )
        ]

    def __str__(self) -> str:
        return f"{self.round} assisted by run {self.run_id} ({self.share:.0%})"
