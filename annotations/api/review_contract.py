"""The review and error-typing API's responses (docs/api/review.md), declared for the
OpenAPI schema and checked against real responses by tests/api/test_review_api.py."""

from __future__ import annotations

from rest_framework import serializers

from annotations.api.workspace_contract import (
    DocumentOutput,
    GuidelineOutput,
    ItemJudgementsOutput,
    ProjectRefOutput,
    QueueEntryOutput,
    RoundRefOutput,
    TaxonomyOutput,
    TopicOutput,
)


class ReviewQueueOutput(serializers.Serializer):
    assignments = QueueEntryOutput(many=True)


class ItemSentenceOutput(serializers.Serializer):
    id = serializers.CharField(help_text="Handle.")
    number = serializers.IntegerField()
    text = serializers.CharField()


class ItemSummaryOutput(serializers.Serializer):
    id = serializers.CharField(help_text="Handle.")
    label = serializers.CharField(help_text="A, B, C… in this assignment's own order.")
    sentences = ItemSentenceOutput(many=True)


class SourceEvidenceOutput(serializers.Serializer):
    turn = serializers.IntegerField()
    start = serializers.IntegerField()
    end = serializers.IntegerField()


class SourceSpanOutput(serializers.Serializer):
    start = serializers.IntegerField()
    end = serializers.IntegerField()
    error_type = serializers.IntegerField(allow_null=True)
    note = serializers.CharField(allow_blank=True)
    no_evidence = serializers.BooleanField()
    evidence = SourceEvidenceOutput(many=True)


class SourceLabelOutput(serializers.Serializer):
    rater = serializers.CharField(help_text="R1, R2…: a role letter, never a name.")
    label = serializers.CharField(allow_blank=True)
    explanation = serializers.CharField(allow_blank=True)
    error_types = serializers.ListField(child=serializers.IntegerField())
    spans = SourceSpanOutput(many=True)


class DecisionToConfirmOutput(serializers.Serializer):
    decision = serializers.CharField()
    error_types = serializers.ListField(child=serializers.IntegerField())
    note = serializers.CharField(allow_blank=True)
    version = serializers.IntegerField()


class ExplanationToJudgeOutput(serializers.Serializer):
    id = serializers.CharField(help_text="The explanation's handle; never its evaluator.")
    text = serializers.CharField()


class ItemOutput(serializers.Serializer):
    sentence = serializers.CharField(help_text="Handle.")
    summary = serializers.CharField(help_text="Handle.")
    labels = SourceLabelOutput(many=True)
    decision = DecisionToConfirmOutput(
        allow_null=True, help_text="Second reviewers: the decision to confirm or dispute."
    )
    explanations = ExplanationToJudgeOutput(
        many=True,
        help_text="Explanation rounds: the evaluators' explanations, in this linguist's order.",
    )


class ItemsPayloadOutput(serializers.Serializer):
    id = serializers.IntegerField()
    stage = serializers.ChoiceField(
        choices=["review", "second_review", "error_typing", "explanation"]
    )
    status = serializers.CharField()
    read_only = serializers.BooleanField()
    round = RoundRefOutput()
    project = ProjectRefOutput()
    position = serializers.IntegerField()
    count = serializers.IntegerField()
    next_assignment = serializers.IntegerField(allow_null=True)
    guideline = GuidelineOutput(allow_null=True)
    taxonomy = TaxonomyOutput()
    topic = TopicOutput()
    document = DocumentOutput()
    summaries = ItemSummaryOutput(many=True)
    items = ItemOutput(many=True)
    judgements = ItemJudgementsOutput()


class ReviewerProgressOutput(serializers.Serializer):
    username = serializers.CharField()
    stage = serializers.CharField()
    items = serializers.IntegerField()
    done = serializers.IntegerField()


class FalsePositiveRateOutput(serializers.Serializer):
    reviewed = serializers.IntegerField()
    false_positive = serializers.IntegerField()
    rate = serializers.FloatField(allow_null=True)


class AnnotatorRateOutput(FalsePositiveRateOutput):
    username = serializers.CharField()


class TypeRateOutput(FalsePositiveRateOutput):
    type = serializers.CharField()


class RatesOutput(serializers.Serializer):
    by_annotator = AnnotatorRateOutput(many=True)
    by_error_type = TypeRateOutput(many=True)


class RoundReviewOutput(serializers.Serializer):
    reviewers = ReviewerProgressOutput(many=True)
    items = serializers.IntegerField()
    decided = serializers.IntegerField()
    confirmed = serializers.IntegerField()
    disputed = serializers.IntegerField()
    false_positive_rate = RatesOutput()
