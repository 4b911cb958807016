"""The Judges page's JSON (``GET /api/projects/{slug}/judges/``) as output serializers, so its
TypeScript type is generated like every other. The figures of one run at one level are the
leaderboard's entry (annotations/api/leaderboard_contract.py) plus kappa, calibration and the
disagreements (docs/models-in-the-loop.md, "Judges")."""

from __future__ import annotations

from rest_framework import serializers

from annotations.api.leaderboard_contract import EvaluatorEntryOutput
from annotations.models import JudgesState, PredictionKind


class ReliabilityBinOutput(serializers.Serializer):
    lower = serializers.FloatField()
    upper = serializers.FloatField()
    records = serializers.IntegerField()
    mean_score = serializers.FloatField(allow_null=True, help_text="Null for an empty bin.")
    observed = serializers.FloatField(
        allow_null=True, help_text="The share of gold-consistent records; null for an empty bin."
    )


class JudgeDisagreementOutput(serializers.Serializer):
    gold = serializers.CharField()
    model = serializers.CharField(help_text="The run's call at its threshold.")
    value = serializers.FloatField(help_text="The run's score, or 1 consistent / 0 inconsistent.")
    split = serializers.CharField()
    topic = serializers.IntegerField(help_text="The unit.")
    summary = serializers.IntegerField()
    document = serializers.CharField()
    round = serializers.IntegerField(
        allow_null=True, help_text="The first gold round with the unit (its disagreement page)."
    )
    sentence_position = serializers.IntegerField(required=False, allow_null=True)
    text = serializers.CharField(required=False)


class JudgeLevelOutput(EvaluatorEntryOutput):  # type: ignore[misc]
    class Meta:
        ref_name = "JudgeLevel"

    predicted = serializers.IntegerField(help_text="Gold records the run predicted.")
    gold_records = serializers.IntegerField()
    protocol = serializers.CharField(
        help_text="dev_test: tuned on dev, measured on test; all: one set (optimistic)."
    )
    tuned_on = serializers.IntegerField()
    measured_on = serializers.IntegerField()
    documents = serializers.IntegerField()
    warning = serializers.CharField(allow_null=True)
    kappa = serializers.FloatField(allow_null=True, help_text="Cohen's kappa against the gold.")
    ece = serializers.FloatField(allow_null=True, help_text="Score runs in [0, 1] only.")
    reliability = ReliabilityBinOutput(many=True, allow_null=True)
    calibration_note = serializers.CharField(allow_null=True)
    disagreements = serializers.IntegerField()
    disagreement_list = JudgeDisagreementOutput(many=True)


class JudgeRunOutput(serializers.Serializer):
    id = serializers.IntegerField()
    evaluator = serializers.CharField()
    version = serializers.CharField()
    kind = serializers.ChoiceField(choices=PredictionKind.choices)
    created_at = serializers.DateTimeField()
    sentences = serializers.IntegerField()
    summaries = serializers.IntegerField()
    abstained = serializers.IntegerField()
    levels = serializers.DictField(
        child=JudgeLevelOutput(allow_null=True), help_text="sentence | summary -> figures."
    )


class TrendFigureOutput(serializers.Serializer):
    balanced_accuracy = serializers.FloatField(allow_null=True)
    kappa = serializers.FloatField(allow_null=True)
    ece = serializers.FloatField(allow_null=True)


class TrendPointOutput(serializers.Serializer):
    version = serializers.CharField()
    created_at = serializers.DateTimeField()
    sentence = TrendFigureOutput(allow_null=True)
    summary = TrendFigureOutput(allow_null=True)


class TrendOutput(serializers.Serializer):
    evaluator = serializers.CharField()
    points = TrendPointOutput(many=True)


class JudgesGoldOutput(serializers.Serializer):
    rule = serializers.CharField()
    sentences = serializers.IntegerField()
    summaries = serializers.IntegerField()
    inconsistent_sentences = serializers.IntegerField()
    type_min_count = serializers.IntegerField()


class JudgesSplitOutput(serializers.Serializer):
    method = serializers.CharField(
        help_text="corpus: the corpus's own dev and test documents; document: a seeded share."
    )
    dev = serializers.FloatField(required=False, help_text="The share of documents in dev.")
    seed = serializers.IntegerField(required=False)


class JudgesProjectOutput(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()


class JudgesRoundOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField()


class JudgesOutput(serializers.Serializer):
    project = JudgesProjectOutput()
    ready = serializers.BooleanField(
        help_text="Whether figures were computed yet; before the first recompute ends, the"
        " figure fields are empty."
    )
    rounds = JudgesRoundOutput(many=True)
    gold = JudgesGoldOutput()
    split = JudgesSplitOutput()
    n_resamples = serializers.IntegerField()
    computed_at = serializers.DateTimeField(
        allow_null=True, help_text="When these figures were computed (null before the first)."
    )
    stale = serializers.BooleanField(
        help_text="The labels or runs changed since: these are the last figures, and newer ones"
        " are queued or being computed (ask again in a few seconds)."
    )
    state = serializers.ChoiceField(
        choices=JudgesState.choices,
        help_text="The newest recompute: queued, running, done, or failed (error says why).",
    )
    progress = serializers.IntegerField(help_text="Of the running recompute, in percent.")
    error = serializers.CharField(allow_blank=True, help_text="Why the last recompute failed.")
    can_recompute = serializers.BooleanField(help_text="Whether you may recompute (admins).")
    runs = JudgeRunOutput(many=True)
    trends = TrendOutput(many=True)
