"""The adjudication API's responses (docs/api/review.md, "Adjudication")."""

from __future__ import annotations

from rest_framework import serializers

from annotations.api.workspace_contract import JudgementsOutput, TaxonomyOutput


class RoundNameOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class QueueItemOutput(serializers.Serializer):
    question = serializers.CharField()
    round = RoundNameOutput()
    topic_id = serializers.IntegerField()
    unit = serializers.CharField()
    summary = serializers.CharField(allow_null=True, help_text="The summary's letter.")
    sentence = serializers.IntegerField(allow_null=True, help_text="1-based.")
    agreement = serializers.FloatField(help_text="Share of raters giving the commonest answer.")
    answers = serializers.IntegerField()
    decided = serializers.BooleanField()


class AdjudicationQueueOutput(serializers.Serializer):
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    page_size = serializers.IntegerField()
    questions = serializers.ListField(child=serializers.CharField())
    rounds = RoundNameOutput(many=True)
    items = QueueItemOutput(many=True)


class OpenedOutput(serializers.Serializer):
    assignment = serializers.IntegerField()


class GoldValueOutput(serializers.Serializer):
    value = serializers.JSONField(allow_null=True)
    provenance = serializers.CharField(allow_null=True)


class CaseOutput(serializers.Serializer):
    id = serializers.IntegerField()
    question = serializers.CharField()
    target = serializers.CharField(allow_null=True, help_text="A handle, or null: the unit.")
    note = serializers.CharField(allow_blank=True)
    flagged = serializers.BooleanField()


class AdjudicationPayloadOutput(serializers.Serializer):
    assignment = serializers.IntegerField()
    round = RoundNameOutput(allow_null=True)
    topic = serializers.DictField()
    document = serializers.DictField()
    raters = serializers.ListField(child=serializers.CharField())
    taxonomy = TaxonomyOutput()
    summaries = serializers.ListField(
        child=serializers.DictField(),
        help_text="Each with its handle, letter, every rater's answers (with history refs),"
        " the gold with provenance, and its sentences likewise (docs/api/review.md).",
    )
    topic_category = serializers.DictField()
    judgements = JudgementsOutput()
    cases = CaseOutput(many=True)


class FlaggedCaseOutput(serializers.Serializer):
    id = serializers.IntegerField()
    question = serializers.CharField()
    unit = serializers.CharField()
    note = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()


class FlaggedCasesOutput(serializers.Serializer):
    cases = FlaggedCaseOutput(many=True)
