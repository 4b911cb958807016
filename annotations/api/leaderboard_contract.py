"""The evaluator leaderboard's JSON (``GET /api/releases/{id}/leaderboard/``) as output
serializers, so its TypeScript type is generated like every other (docs/kinds.md, "One API
contract"). The view sends the selector's dict as it is (it is cached, and a million records
take seconds to score); tests/api/test_leaderboard_contract.py checks a real answer against
these field by field. The figures come from annotations/evaluator_scores/leaderboard.py.
"""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from annotations.evaluator_scores.binary import FIGURES
from annotations.models import EvaluatorKind, PredictionKind


class FigureOutput(serializers.Serializer):
    """A figure with its bootstrap interval; null where it is undefined (no record)."""

    class Meta:
        ref_name = "LeaderboardFigure"

    value = serializers.FloatField(allow_null=True)
    low = serializers.FloatField(allow_null=True)
    high = serializers.FloatField(allow_null=True)


def _figure_fields() -> dict[str, serializers.Field]:
    """One field per figure of ``FIGURES`` (balanced accuracy, FPR, FNR, precision, ...)."""
    return {name: FigureOutput() for name in FIGURES}


# Every figure of one group of records (all of them, or a corpus, a topic type, a system).
FigureSetOutput = type(
    "FigureSetOutput",
    (serializers.Serializer,),
    {**_figure_fields(), "Meta": type("Meta", (), {"ref_name": "LeaderboardFigureSet"})},
)


class GroupFiguresOutput(FigureSetOutput):  # type: ignore[valid-type, misc]
    class Meta:
        ref_name = "LeaderboardGroupFigures"

    records = serializers.IntegerField(help_text="Records in the group.")
    inconsistent = serializers.IntegerField(help_text="Of them, inconsistent in the gold.")


class TypeRecallOutput(FigureOutput):
    class Meta:
        ref_name = "LeaderboardTypeRecall"

    records = serializers.IntegerField(help_text="Gold records of this error type.")


class ConfusionOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardConfusion"

    tp = serializers.IntegerField()
    fp = serializers.IntegerField()
    fn = serializers.IntegerField()
    tn = serializers.IntegerField()


class EvaluatorEntryOutput(FigureSetOutput):  # type: ignore[valid-type, misc]
    class Meta:
        ref_name = "LeaderboardEvaluatorEntry"

    kind = serializers.ChoiceField(
        choices=PredictionKind.choices, help_text="What its run predicts."
    )
    threshold = serializers.FloatField(
        allow_null=True, help_text="Tuned on dev (scores); null for labels."
    )
    tuned_balanced_accuracy = serializers.FloatField(allow_null=True)
    by = serializers.DictField(
        child=serializers.DictField(child=GroupFiguresOutput()),
        help_text="grouping (corpus, topic_type, system) -> value -> figures.",
    )
    auc = FigureOutput(allow_null=True, help_text="Scores only.")
    type_recall = serializers.DictField(child=TypeRecallOutput(), help_text="error type -> recall.")
    confusion = ConfusionOutput()


class ComparisonOutput(FigureOutput):
    """Balanced accuracy of ``a`` minus ``b``, with its interval and a paired test."""

    class Meta:
        ref_name = "LeaderboardComparison"

    a = serializers.CharField()
    b = serializers.CharField()
    p_value = serializers.FloatField(
        allow_null=True, help_text="Null when too few documents were measured to test."
    )
    testable = serializers.BooleanField()
    note = serializers.CharField(allow_null=True, help_text="Why it was not tested, if not.")


class LevelOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardLevel"

    protocol = serializers.ChoiceField(
        choices=[("dev_test", "dev_test"), ("all", "all")],
        help_text="dev_test: thresholds tuned on dev, measured on test; all: one set.",
    )
    tuned_on = serializers.IntegerField()
    measured_on = serializers.IntegerField()
    documents = serializers.IntegerField()
    warning = serializers.CharField(
        allow_null=True, help_text="Set when too few documents were measured."
    )
    n_resamples = serializers.IntegerField()
    confidence = serializers.FloatField()
    seed = serializers.IntegerField()
    evaluators = serializers.DictField(child=EvaluatorEntryOutput(), help_text="name -> entry.")
    comparisons = ComparisonOutput(many=True)


class LevelErrorOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardLevelError"

    error = serializers.CharField(help_text="Why this level could not be scored.")


@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="LeaderboardLevelOrError",
        serializers=[LevelOutput, LevelErrorOutput],
        resource_type_field_name=None,
    )
)
class LevelOrErrorField(serializers.JSONField):
    """A level's figures, or why it has none (null: no run predicts this level)."""


class LevelsOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardLevels"

    sentence = LevelOrErrorField(allow_null=True)
    summary = LevelOrErrorField(allow_null=True)


class LeaderboardEvaluatorOutput(serializers.Serializer):
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=EvaluatorKind.choices)
    runs = serializers.ListField(child=serializers.IntegerField())
    scored_run = serializers.IntegerField(help_text="The run the figures are of (its first).")
    predictions = serializers.ChoiceField(choices=PredictionKind.choices)


class SelfAgreementOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardSelfAgreement"

    coefficient = serializers.CharField()
    runs = serializers.IntegerField()
    records = serializers.IntegerField()
    value = serializers.FloatField(allow_null=True)
    low = serializers.FloatField(allow_null=True)
    high = serializers.FloatField(allow_null=True)


class ExplanationShareOutput(FigureOutput):
    class Meta:
        ref_name = "LeaderboardExplanationShare"

    n = serializers.IntegerField(help_text="Verdicts of submitted units it rests on.")


class LeaderboardOutput(serializers.Serializer):
    release = serializers.CharField(help_text="project@version.")
    evaluators = LeaderboardEvaluatorOutput(many=True)
    levels = LevelsOutput()
    self_agreement = serializers.DictField(
        child=serializers.DictField(child=SelfAgreementOutput()),
        help_text="evaluator -> level -> agreement of its runs with each other.",
    )
    explanations_same = serializers.DictField(
        child=ExplanationShareOutput(),
        help_text="evaluator -> share of its explanations judged to name the same error.",
    )
