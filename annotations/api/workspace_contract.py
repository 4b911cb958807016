"""The linguist API's responses as typed serializers: the OpenAPI schema documents every
field, and the frontend's types are generated from it (frontend/src/api/schema.d.ts).

They describe what the selectors return; the hot views (payload, saves) do not pass their
data through them (the payload is built by plain SQL and encoded by orjson, docs/
performance.md). ``tests/api/test_contract.py`` checks real responses against them, so a
field added to a selector and not here fails a test.

A judgement kind's state serializer is generated from its spec (``annotations.kinds``): a new
kind needs no serializer written here.
"""

from __future__ import annotations

from functools import cache
from typing import Any, cast

from django.db import models
from rest_framework import serializers

from annotations.kinds import Kind, all_kinds
from annotations.kinds.spec import Child
from annotations.models import AssignmentStatus


def _scalar_field(model_field: models.Field[Any, Any]) -> serializers.Field:
    nullable = {"allow_null": True} if model_field.null else {}
    if model_field.choices:
        values = [value for value, _ in model_field.flatchoices]
        # "" is "not answered yet" for the text choices that allow blank.
        empty = [""] if model_field.blank and not model_field.null else []
        return serializers.ChoiceField(choices=[*values, *empty], **nullable)
    if isinstance(model_field, models.BooleanField):
        return serializers.BooleanField(**nullable)
    if isinstance(model_field, models.IntegerField):
        return serializers.IntegerField(**nullable)
    return serializers.CharField(allow_blank=True, **nullable)


@cache
def kind_state_serializer(kind: Kind) -> type[serializers.Serializer]:
    """The saved state of one target of ``kind``: the target's handle, the scalars, the id
    sets, the version (``annotations.kinds.spec``)."""
    fields: dict[str, serializers.Field] = {}
    if kind.target_field is not None:
        fields[kind.target] = serializers.CharField(
            help_text=f"The {kind.target}'s handle in this assignment (never a database id)."
        )
    for name in kind.scalars:
        fields[name] = _scalar_field(
            cast("models.Field[Any, Any]", kind.model._meta.get_field(name))
        )
    for id_set in kind.id_sets:
        fields[id_set.name] = serializers.ListField(child=serializers.IntegerField())
    for child in kind.children:
        fields[child.name] = child_serializer(child)(many=True)
    fields["version"] = serializers.IntegerField()
    name = "".join(part.title() for part in kind.key.split("_")) + "State"
    return type(name, (serializers.Serializer,), fields)


@cache
def child_serializer(child: Child) -> type[serializers.Serializer]:
    """One row of a child collection in a state: its fields (a foreign key by id), then its
    own children. One class per child (cached), so that another response reusing the rows
    (the adjudication screen's raters' lists) names the same schema component."""
    fields: dict[str, serializers.Field] = {}
    for name in child.fields:
        model_field = cast("models.Field[Any, Any]", child.model._meta.get_field(name))
        if name in dict(child.handles):
            fields[name] = serializers.CharField(
                allow_null=model_field.null,
                help_text=f"The {dict(child.handles)[name]}'s handle in this assignment.",
            )
        elif model_field.is_relation:
            fields[name] = serializers.IntegerField(allow_null=model_field.null)
        else:
            fields[name] = _scalar_field(model_field)
    for grand in child.children:
        fields[grand.name] = child_serializer(grand)(many=True)
    name = child.model.__name__ + "Output"
    return type(name, (serializers.Serializer,), fields)


def _judgements_fields(*, items: bool = False) -> dict[str, serializers.Field]:
    """The payload's judgements: the annotation kinds (workspace), or the item kinds (the
    item screen of review and error-typing rounds)."""
    fields: dict[str, serializers.Field] = {}
    for kind in all_kinds():
        if kind.items_only != items:
            continue
        state = kind_state_serializer(kind)
        # A unit's own judgement is one object (null until saved); the others are lists.
        fields[kind.payload_key] = (
            state(many=True) if kind.target != "unit" else state(allow_null=True)
        )
    return fields


JudgementsOutput = type("JudgementsOutput", (serializers.Serializer,), _judgements_fields())
ItemJudgementsOutput = type(
    "ItemJudgementsOutput", (serializers.Serializer,), _judgements_fields(items=True)
)


class RoundRefOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField()
    status = serializers.CharField()


class ProjectRefOutput(serializers.Serializer):
    class Meta:
        ref_name = "ProjectName"

    slug = serializers.CharField()
    name = serializers.CharField()


class ReplyOutput(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.CharField(allow_blank=True)
    mine = serializers.BooleanField()
    text = serializers.CharField()
    created_at = serializers.DateTimeField()


class FeedbackPlaceOutput(serializers.Serializer):
    summary_label = serializers.CharField()
    number = serializers.IntegerField()


class FeedbackItemOutput(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.CharField()
    round_id = serializers.IntegerField()
    # Which study the note is about: a linguist may work in several projects.
    project = ProjectRefOutput()
    author = serializers.CharField(allow_blank=True)
    text = serializers.CharField()
    created_at = serializers.DateTimeField()
    assignment = serializers.IntegerField(allow_null=True)
    sentence = FeedbackPlaceOutput(allow_null=True)
    reopened = serializers.BooleanField()
    replies = ReplyOutput(many=True)
    read = serializers.BooleanField()


class ProgressOutput(serializers.Serializer):
    done = serializers.IntegerField()
    total = serializers.IntegerField()


class QueueEntryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=AssignmentStatus.choices)
    round = RoundRefOutput()
    project = ProjectRefOutput()
    document = serializers.CharField()
    topic = serializers.CharField(allow_blank=True)
    position = serializers.IntegerField()
    count = serializers.IntegerField()
    progress = ProgressOutput()
    active_seconds = serializers.IntegerField()
    submitted_at = serializers.DateTimeField(allow_null=True)
    screen = serializers.ChoiceField(
        choices=["workspace", "items"],
        help_text="The page that opens it: the workspace, or the item screen (review, error"
        " typing).",
    )
    stage = serializers.CharField(
        allow_blank=True,
        help_text="Review rounds: the reviewer's stage, review or second_review; empty elsewhere.",
    )


class QueueOutput(serializers.Serializer):
    assignments = QueueEntryOutput(many=True)
    feedback = FeedbackItemOutput(many=True)


class GuidelineOutput(serializers.Serializer):
    version = serializers.IntegerField()
    markdown = serializers.CharField(allow_blank=True)


class RelevanceAnchorOutput(serializers.Serializer):
    value = serializers.IntegerField(min_value=1, max_value=5)
    label = serializers.CharField()
    description = serializers.CharField()


class TopicCategoryOutput(serializers.Serializer):
    value = serializers.ChoiceField(choices=["main", "marginal", "irrelevant"])
    label = serializers.CharField()
    description = serializers.CharField()


class ErrorTypeOutput(serializers.Serializer):
    id = serializers.IntegerField()
    code = serializers.CharField(allow_blank=True)
    name = serializers.CharField()
    definition = serializers.CharField(allow_blank=True)
    example = serializers.CharField(allow_blank=True)
    parent = serializers.IntegerField(allow_null=True)


class TaxonomyOutput(serializers.Serializer):
    name = serializers.CharField()
    types = ErrorTypeOutput(many=True)


class TurnOutput(serializers.Serializer):
    id = serializers.IntegerField()
    position = serializers.IntegerField()
    speaker = serializers.CharField(allow_blank=True)
    role = serializers.CharField(allow_blank=True)
    text = serializers.CharField(allow_blank=True)
    start = serializers.FloatField(allow_null=True)
    end = serializers.FloatField(allow_null=True)


class DocumentOutput(serializers.Serializer):
    title = serializers.CharField()
    turns = TurnOutput(many=True)


class TopicOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True)


class SentenceOutput(serializers.Serializer):
    id = serializers.CharField(help_text="Handle.")
    number = serializers.IntegerField()
    text = serializers.CharField()
    hints = serializers.ListField(
        child=serializers.IntegerField(),
        help_text=(
            "Evidence hints: the positions of the dialogue turns most related to the sentence,"
            " best first (BM25 over the unit's turns); empty unless the scheme asks for spans"
            " and the round shows hints. Where to look, never a label."
        ),
    )


class GivenFactOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="The given fact's id, sent back as ``given``.")
    position = serializers.IntegerField()
    text = serializers.CharField()


class GivenAtomicFactOutput(serializers.Serializer):
    id = serializers.CharField(help_text="The given ACU's handle, sent back as ``given``.")
    position = serializers.IntegerField()
    text = serializers.CharField()


class SummaryOutput(serializers.Serializer):
    id = serializers.CharField(help_text="Handle.")
    label = serializers.CharField(help_text="A, B, C… in this annotator's own order.")
    sentences = SentenceOutput(many=True)
    given_atomic_facts = GivenAtomicFactOutput(
        many=True, help_text="The atomic facts to verify, when the round gives them."
    )


def _scheme_fields() -> dict[str, serializers.Field]:
    from annotations.models import Project

    return {
        field.removeprefix("ask_"): serializers.BooleanField() for field in Project.SCHEME_FIELDS
    }


SchemeOutput = type("SchemeOutput", (serializers.Serializer,), _scheme_fields())


class ReviewOutcomeOutput(serializers.Serializer):
    sentence = serializers.CharField(help_text="Handle.")
    decision = serializers.ChoiceField(choices=["confirmed", "false_positive", "types_changed"])
    error_types = serializers.ListField(child=serializers.IntegerField())
    note = serializers.CharField(allow_blank=True)
    status = serializers.ChoiceField(choices=["confirmed", "pending", "disputed", "adjudicated"])


class KeyAccuracyOutput(serializers.Serializer):
    sentence_label = serializers.FloatField(allow_null=True)
    error_types = serializers.FloatField(allow_null=True)
    relevance = serializers.FloatField(allow_null=True)
    topic_category = serializers.FloatField(allow_null=True)


class KeySentenceOutput(serializers.Serializer):
    sentence = serializers.CharField(help_text="Handle.")
    label = serializers.CharField()
    error_types = serializers.ListField(child=serializers.IntegerField())
    explanation = serializers.CharField(allow_blank=True)
    yours = serializers.CharField(allow_blank=True)
    agrees = serializers.BooleanField()


class AnswerKeyOutput(serializers.Serializer):
    accuracy = KeyAccuracyOutput()
    sentences = KeySentenceOutput(many=True)


class WorkspacePayloadOutput(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=AssignmentStatus.choices)
    round = RoundRefOutput()
    project = ProjectRefOutput()
    read_only = serializers.BooleanField()
    position = serializers.IntegerField()
    count = serializers.IntegerField()
    next_assignment = serializers.IntegerField(allow_null=True)
    guideline = GuidelineOutput(allow_null=True)
    scheme = SchemeOutput()
    relevance_anchors = RelevanceAnchorOutput(many=True)
    topic_categories = TopicCategoryOutput(many=True)
    taxonomy = TaxonomyOutput()
    document = DocumentOutput()
    topic = TopicOutput()
    summaries = SummaryOutput(many=True)
    key_fact_source = serializers.CharField(
        allow_blank=True,
        help_text="Empty: the linguist writes the key facts; else the given list's source.",
    )
    given_key_facts = GivenFactOutput(many=True, help_text="The given key-fact list, in order.")
    given_atomic_facts = serializers.BooleanField(
        help_text="Whether atomic facts are given (verify) rather than written."
    )
    judgements = JudgementsOutput()
    review_outcomes = ReviewOutcomeOutput(
        many=True, help_text="What review decided about your labels; empty until you submit."
    )
    answer_key = AnswerKeyOutput(
        allow_null=True,
        help_text="Practice and qualification: the answer key beside your answers, once you"
        " submit (docs/api/quality.md).",
    )
    active_seconds = serializers.IntegerField()
    feedback = FeedbackItemOutput(many=True)


class HeartbeatOutput(serializers.Serializer):
    active_seconds = serializers.IntegerField()
