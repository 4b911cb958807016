"""The adjudication API's responses (docs/api/review.md, "Adjudication")."""

from __future__ import annotations

from rest_framework import serializers

from annotations.agreement.gold import PROVENANCES
from annotations.api.admin_contract import (
    AdminDocumentOutput,
    CorpusTopicOutput,
    HistoryRefOutput,
    RaterSentenceOutput,
    RaterSummaryOutput,
)
from annotations.api.workspace_contract import (
    JudgementsOutput,
    TaxonomyOutput,
    child_serializer,
)
from annotations.kinds.atomic_facts import FACTS as ATOMIC_FACT_ROWS
from annotations.kinds.key_facts import FACTS as KEY_FACT_ROWS


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
    hidden = serializers.IntegerField(
        help_text="Items the decided filter leaves out (decided ones when listing undecided)."
    )
    open_rounds = serializers.IntegerField(
        help_text="Annotation rounds not closed yet: their disagreements are listed on closing."
    )
    items = QueueItemOutput(many=True)


class OpenedOutput(serializers.Serializer):
    assignment = serializers.IntegerField()


class CaseOutput(serializers.Serializer):
    id = serializers.IntegerField()
    question = serializers.CharField()
    target = serializers.CharField(allow_null=True, help_text="A handle, or null: the unit.")
    note = serializers.CharField(allow_blank=True)
    flagged = serializers.BooleanField()


class AdjudicatedSentenceAnswerOutput(RaterSentenceOutput):
    history = HistoryRefOutput(allow_null=True)


class AdjudicatedSummaryAnswerOutput(RaterSummaryOutput):
    history = HistoryRefOutput(allow_null=True)


class GoldOutput(serializers.Serializer):
    """A gold value with where it comes from (docs/review.md, "Gold precedence"); ``value``
    is each subclass's."""

    provenance = serializers.ChoiceField(choices=list(PROVENANCES), allow_null=True)


class GoldLabelOutput(GoldOutput):
    value = serializers.CharField(allow_null=True)


class GoldTypesOutput(GoldOutput):
    value = serializers.ListField(child=serializers.CharField(), help_text="Type names.")


class GoldRelevanceOutput(GoldOutput):
    value = serializers.IntegerField(allow_null=True)


class GoldCategoryOutput(GoldOutput):
    value = serializers.CharField(allow_null=True)


class SentenceGoldOutput(serializers.Serializer):
    label = GoldLabelOutput()
    error_types = GoldTypesOutput(
        help_text="Type names; empty unless the gold label is inconsistent."
    )


class SentenceReviewOutput(serializers.Serializer):
    decision = serializers.CharField()
    note = serializers.CharField(allow_blank=True)
    error_types = serializers.ListField(
        child=serializers.IntegerField(), help_text="Type ids a 'types_changed' decision chose."
    )
    second = serializers.CharField(allow_blank=True, help_text="confirm, dispute, or ''.")
    second_note = serializers.CharField(allow_blank=True)


class AdjudicatedSentenceOutput(serializers.Serializer):
    id = serializers.CharField(help_text="A handle of the admin's adjudication assignment.")
    number = serializers.IntegerField()
    text = serializers.CharField()
    disagree = serializers.BooleanField(help_text="The raters' labels differ.")
    types_disagree = serializers.BooleanField(
        help_text="Every rater (two or more) said inconsistent, with different types."
    )
    answers = serializers.DictField(child=AdjudicatedSentenceAnswerOutput(), help_text="By rater.")
    review = SentenceReviewOutput(allow_null=True)
    gold = SentenceGoldOutput()


class SummaryGoldOutput(serializers.Serializer):
    relevance = GoldRelevanceOutput()


class AdjudicatedSummaryOutput(serializers.Serializer):
    id = serializers.CharField(help_text="A handle of the admin's adjudication assignment.")
    label = serializers.CharField(help_text="A, B, C… in stored order; never the system.")
    disagree = serializers.BooleanField()
    answers = serializers.DictField(child=AdjudicatedSummaryAnswerOutput(), help_text="By rater.")
    gold = SummaryGoldOutput()
    sentences = AdjudicatedSentenceOutput(many=True)


class AdjudicatedCategoryOutput(serializers.Serializer):
    answers = serializers.DictField(child=serializers.CharField(), help_text="By rater.")
    gold = GoldCategoryOutput()


class FactGoldOutput(serializers.Serializer):
    """Which list a release takes as gold here (docs/completeness.md, "Releases")."""

    rule = serializers.ChoiceField(
        choices=["adjudicated", "given", "written"],
        allow_null=True,
        help_text="adjudicated: yours; given: the given list the raters verified; written: "
        "the first rater's who wrote any; null: nobody has any.",
    )
    rater = serializers.CharField(allow_null=True, help_text="Whose written list is gold.")


class RaterKeyFactsOutput(serializers.Serializer):
    rater = serializers.CharField()
    given = serializers.BooleanField(help_text="Their list is the round's given one.")
    facts = child_serializer(KEY_FACT_ROWS)(
        many=True,
        help_text="As a key-fact save of your adjudication assignment (your handles; "
        "``given`` null), so a copy is one save.",
    )


class AdjudicatedKeyFactsOutput(serializers.Serializer):
    lists = RaterKeyFactsOutput(many=True, help_text="Every rater's list, by assignment order.")
    gold = FactGoldOutput()


class RaterAtomicFactsOutput(serializers.Serializer):
    rater = serializers.CharField()
    facts = child_serializer(ATOMIC_FACT_ROWS)(many=True, help_text="Under your handles.")


class AdjudicatedAtomicFactsOutput(serializers.Serializer):
    answers = RaterAtomicFactsOutput(many=True)
    gold = FactGoldOutput()


class AdjudicationPayloadOutput(serializers.Serializer):
    assignment = serializers.IntegerField()
    round = RoundNameOutput(allow_null=True)
    topic = CorpusTopicOutput()
    document = AdminDocumentOutput()
    raters = serializers.ListField(child=serializers.CharField())
    taxonomy = TaxonomyOutput()
    summaries = AdjudicatedSummaryOutput(many=True)
    topic_category = AdjudicatedCategoryOutput()
    judgements = JudgementsOutput()
    key_facts = AdjudicatedKeyFactsOutput()
    atomic_facts = serializers.DictField(
        child=AdjudicatedAtomicFactsOutput(), help_text="By summary handle."
    )
    cases = CaseOutput(many=True)


class FlaggedCaseOutput(serializers.Serializer):
    id = serializers.IntegerField()
    question = serializers.CharField()
    unit = serializers.CharField()
    note = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()


class FlaggedCasesOutput(serializers.Serializer):
    cases = FlaggedCaseOutput(many=True)
