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
from annotations.evaluator_scores.correlations import COEFFICIENTS
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
    unscored = serializers.DictField(
        child=serializers.CharField(),
        help_text="name -> why this level has no figures of it (its threshold could not be"
        " tuned: the dev records hold one label only); the others are scored.",
    )
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


class SummaryCorrelationOutput(FigureOutput):
    class Meta:
        ref_name = "LeaderboardSummaryCorrelation"

    documents = serializers.IntegerField(help_text="Documents where it is defined.")


def _coefficients(child: type[serializers.Serializer], ref_name: str) -> type:
    """One field per coefficient (Pearson, Spearman, Kendall)."""
    return type(
        ref_name,
        (serializers.Serializer,),
        {
            **{name: child() for name in COEFFICIENTS},
            "Meta": type("Meta", (), {"ref_name": ref_name}),
        },
    )


SummaryCoefficientsOutput = _coefficients(
    SummaryCorrelationOutput, "LeaderboardSummaryCoefficients"
)
SystemCoefficientsOutput = _coefficients(FigureOutput, "LeaderboardSystemCoefficients")


class CorrelationEntryOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardCorrelationEntry"

    summary_level = SummaryCoefficientsOutput(help_text="Per document, then averaged.")
    system_level = SystemCoefficientsOutput(help_text="Over the systems' mean scores.")
    summaries = serializers.IntegerField()
    documents = serializers.IntegerField()
    systems = serializers.IntegerField()


class CorrelationTableOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardCorrelationTable"

    evaluators = serializers.DictField(child=CorrelationEntryOutput())


class CorrelationsOutput(serializers.Serializer):
    """Per aspect, the correlations of evaluator scores with human scores (null: the release
    or no run has what the aspect needs)."""

    class Meta:
        ref_name = "LeaderboardCorrelations"

    faithfulness = CorrelationTableOutput(allow_null=True)
    completeness = CorrelationTableOutput(allow_null=True)
    conciseness = CorrelationTableOutput(allow_null=True)
    acu_score = CorrelationTableOutput(allow_null=True)


class StratumEvaluatorOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardStratumEvaluator"

    threshold = serializers.FloatField(allow_null=True, help_text="Tuned on the stratum's dev.")
    tuned_balanced_accuracy = serializers.FloatField(allow_null=True)
    balanced_accuracy = FigureOutput()


class StratumOutput(serializers.Serializer):
    """A stratum's own leaderboard, or (``error`` only) why it has none."""

    class Meta:
        ref_name = "LeaderboardStratum"

    protocol = serializers.CharField(required=False)
    tuned_on = serializers.IntegerField(required=False)
    measured_on = serializers.IntegerField(required=False)
    documents = serializers.IntegerField(required=False)
    warning = serializers.CharField(allow_null=True, required=False)
    evaluators = serializers.DictField(child=StratumEvaluatorOutput(), required=False)
    unscored = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        help_text="name -> why its threshold could not be tuned on this stratum's dev.",
    )
    error = serializers.CharField(required=False)


class SpanCategoryOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardSpanCategory"

    exact = FigureOutput()
    overlap = FigureOutput()
    gold_spans = serializers.IntegerField()
    predicted_spans = serializers.IntegerField()


class KeyFactScoresOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardKeyFacts"

    accuracy = FigureOutput()
    pairs = serializers.IntegerField(help_text="(summary, key fact) pairs decided by both.")
    mismatched_summaries = serializers.IntegerField(
        help_text="Summaries whose list is not as long as the gold list (left out)."
    )


class AcuScoresOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardAcus"

    accuracy = FigureOutput()
    acus = serializers.IntegerField()
    mismatched_summaries = serializers.IntegerField()


class TypeAccuracyOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardTypeAccuracy"

    match = FigureOutput(help_text="A predicted type is among the gold ones.")
    exact = FigureOutput(help_text="The predicted set is the gold set.")
    sentences = serializers.IntegerField()


class SuccessOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardSuccess"

    records = serializers.IntegerField()
    abstained = serializers.IntegerField()
    ratio = serializers.FloatField(allow_null=True)


class SuccessLevelsOutput(serializers.Serializer):
    class Meta:
        ref_name = "LeaderboardSuccessLevels"

    sentence = SuccessOutput()
    summary = SuccessOutput()


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
    correlations = CorrelationsOutput()
    strata = serializers.DictField(
        child=serializers.DictField(child=serializers.DictField(child=StratumOutput())),
        help_text="level -> grouping (corpus, system_category) -> stratum -> figures.",
    )
    spans = serializers.DictField(
        child=serializers.DictField(child=SpanCategoryOutput()),
        help_text="evaluator -> error category (all: every span) -> span-F1.",
    )
    key_facts = serializers.DictField(child=KeyFactScoresOutput())
    acus = serializers.DictField(child=AcuScoresOutput())
    error_type_accuracy = serializers.DictField(child=TypeAccuracyOutput())
    success = serializers.DictField(child=SuccessLevelsOutput())
