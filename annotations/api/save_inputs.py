"""What a PATCH of each judgement kind may carry: one serializer per kind, listed in
``SAVE_APIS`` with its spec. ``api/saves.py`` makes their views and URLs (docs/kinds.md)."""

from __future__ import annotations

from rest_framework import serializers

from annotations.api.saves import SaveApi, SaveInput
from annotations.kinds import (
    ATOMIC_FACTS,
    EXPLANATIONS,
    KEY_FACTS,
    REVIEW,
    SECOND_REVIEW,
    SENTENCE,
    SUMMARY,
    TOPIC,
    TYPING,
)
from annotations.kinds.sentence import evidence_link
from annotations.models import ExplanationVerdict

TEXT_LIMIT = 5000


def free_text() -> serializers.CharField:
    """An optional text kept exactly as typed (leading spaces and newlines included)."""
    return serializers.CharField(
        required=False, allow_blank=True, max_length=TEXT_LIMIT, trim_whitespace=False
    )


class EvidenceInput(serializers.Serializer):
    turn = serializers.IntegerField(min_value=1, help_text="The turn's id in the payload.")
    start = serializers.IntegerField(min_value=0, help_text="Offset in the turn's text.")
    end = serializers.IntegerField(min_value=1, help_text="End offset (exclusive).")


class SpanInput(serializers.Serializer):
    start = serializers.IntegerField(min_value=0, help_text="Offset in the sentence.")
    end = serializers.IntegerField(min_value=1, help_text="End offset (exclusive).")
    error_type = serializers.IntegerField(min_value=1, allow_null=True, default=None)
    note = serializers.CharField(
        allow_blank=True, max_length=1000, trim_whitespace=False, default=""
    )
    no_evidence = serializers.BooleanField(
        default=False, help_text="The dialogue has nothing to point at (extrinsic information)."
    )
    evidence = EvidenceInput(many=True, default=list, max_length=20)


class SentenceSaveInput(SaveInput):
    label = serializers.ChoiceField(choices=["consistent", "inconsistent", ""], required=False)
    explanation = free_text()
    error_types = serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False, max_length=50
    )
    comment = free_text()
    confidence = serializers.IntegerField(
        min_value=1,
        max_value=3,
        required=False,
        allow_null=True,
        help_text="1 low, 2 medium, 3 high; null: not given.",
    )
    spans = SpanInput(
        many=True,
        required=False,
        max_length=50,
        help_text="The sentence's error spans, all of them: a save replaces the set.",
    )


class SummarySaveInput(SaveInput):
    relevance = serializers.IntegerField(min_value=1, max_value=5, required=False, allow_null=True)
    not_a_summary = serializers.BooleanField(required=False)
    comment = free_text()


class TopicSaveInput(SaveInput):
    category = serializers.ChoiceField(choices=["main", "marginal", "irrelevant", ""])


class SpansSaveInput(SaveInput):
    spans = SpanInput(
        many=True, max_length=50, help_text="The sentence's error spans, all of them."
    )


class SpanRefInput(serializers.Serializer):
    start = serializers.IntegerField(min_value=0)
    end = serializers.IntegerField(min_value=1)


class EvidenceSaveInput(SaveInput):
    span = SpanRefInput(help_text="The saved span this evidence is for, by its offsets.")
    evidence = EvidenceInput(many=True, max_length=20)
    no_evidence = serializers.BooleanField(
        default=False, help_text="The dialogue has nothing to point at (extrinsic information)."
    )


class AlignedSentenceInput(serializers.Serializer):
    sentence = serializers.CharField(max_length=22, help_text="The sentence's handle.")


class AlignmentInput(serializers.Serializer):
    summary = serializers.CharField(max_length=22, help_text="The summary's handle.")
    covered = serializers.BooleanField(help_text="Whether the summary states the key fact.")
    sentences = AlignedSentenceInput(
        many=True, default=list, max_length=100, help_text="Its sentences that state it."
    )


class KeyFactInput(serializers.Serializer):
    position = serializers.IntegerField(min_value=1, help_text="1-based number of the fact.")
    text = serializers.CharField(max_length=1000, allow_blank=True, trim_whitespace=False)
    given = serializers.IntegerField(
        min_value=1, allow_null=True, default=None, help_text="The given fact's id, if given."
    )
    alignments = AlignmentInput(many=True, default=list, max_length=100)


class KeyFactsSaveInput(SaveInput):
    facts = KeyFactInput(
        many=True,
        max_length=50,
        help_text="The unit's key facts, all of them: a save replaces them.",
    )


class AtomicFactInput(serializers.Serializer):
    position = serializers.IntegerField(min_value=1, help_text="1-based number of the fact.")
    text = serializers.CharField(max_length=1000, allow_blank=True, trim_whitespace=False)
    given = serializers.CharField(
        max_length=22, allow_null=True, default=None, help_text="The given ACU's handle."
    )
    sentence = serializers.CharField(
        max_length=22, allow_null=True, default=None, help_text="The sentence it came from."
    )
    verdict = serializers.ChoiceField(choices=["supported", "not_supported", ""], default="")
    no_evidence = serializers.BooleanField(default=False)
    evidence = EvidenceInput(many=True, default=list, max_length=20)


class AtomicFactsSaveInput(SaveInput):
    facts = AtomicFactInput(
        many=True, max_length=60, help_text="The summary's atomic facts, all of them."
    )


class ReviewSaveInput(SaveInput):
    decision = serializers.ChoiceField(
        choices=["confirmed", "false_positive", "types_changed", ""], required=False
    )
    note = free_text()
    error_types = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        max_length=50,
        help_text="The types that apply, when the decision is types_changed.",
    )


class SecondReviewSaveInput(SaveInput):
    verdict = serializers.ChoiceField(choices=["confirm", "dispute", ""], required=False)
    note = free_text()


class TypingSaveInput(SaveInput):
    error_types = serializers.ListField(child=serializers.IntegerField(min_value=1), max_length=50)


class ExplanationVerdictInput(serializers.Serializer):
    position = serializers.IntegerField(min_value=1, help_text="1-based, in the payload's order.")
    item = serializers.CharField(max_length=22, help_text="The explanation's handle.")
    verdict = serializers.ChoiceField(choices=[*ExplanationVerdict.values, ""], default="")


class ExplanationsSaveInput(SaveInput):
    explanations = ExplanationVerdictInput(
        many=True,
        max_length=50,
        help_text="The item's explanations, all of them, each with its verdict ('' until judged).",
    )


SAVE_APIS: tuple[SaveApi, ...] = (
    SaveApi(
        SENTENCE,
        SentenceSaveInput,
        "Save a sentence's label, explanation, error types, comment, confidence or spans",
    ),
    SaveApi(
        SENTENCE,
        SpansSaveInput,
        "Save a sentence's error spans (the whole set), versioned with its judgement",
        part="spans",
    ),
    SaveApi(
        SENTENCE,
        EvidenceSaveInput,
        "Link one error span to its evidence in the dialogue, or say there is none",
        part="evidence",
        derive=evidence_link,
    ),
    SaveApi(SUMMARY, SummarySaveInput, "Save a summary's relevance, flag or comment"),
    SaveApi(TOPIC, TopicSaveInput, "Save the topic's category"),
    SaveApi(
        KEY_FACTS,
        KeyFactsSaveInput,
        "Save the unit's key facts and their alignment to summaries and sentences (the whole list)",
    ),
    SaveApi(
        ATOMIC_FACTS,
        AtomicFactsSaveInput,
        "Save a summary's atomic facts with their verdicts and evidence (the whole list)",
    ),
    SaveApi(REVIEW, ReviewSaveInput, "Save a review decision on an item (docs/api/review.md)"),
    SaveApi(
        SECOND_REVIEW,
        SecondReviewSaveInput,
        "Confirm or dispute an item's review decision (the second reviewer)",
    ),
    SaveApi(TYPING, TypingSaveInput, "Save the error types of an item of an error-typing round"),
    SaveApi(
        EXPLANATIONS,
        ExplanationsSaveInput,
        "Judge an item's evaluator explanations against the human ones (explanation rounds)",
    ),
)
