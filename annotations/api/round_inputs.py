"""The body of ``POST /api/admin/projects/{slug}/rounds/``, one shape per kind of round
(docs/api/admin.md, "Rounds"), so the OpenAPI schema says exactly what each kind takes.

A body is checked against its kind's serializer: fields another kind takes are refused, as
in the schema (``additionalProperties: false``). What only stored data decides (the people
are the project's annotators, the units its own and free, the name not taken) is the
service's to refuse, as a 409 (annotations/api/admin_rounds.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from annotations.api.errors import validated
from annotations.evaluator_scores.selection import STRATEGIES as SELECTION_STRATEGIES
from annotations.models import ReviewScope, RoundKind
from annotations.services.explanation_rounds import MIN_OVERLAP as MIN_EXPLANATION_OVERLAP
from annotations.services.item_rounds import MIN_TYPING_OVERLAP

MAX_ID = 2**63 - 1
MAX_OVERLAP = 20


class ExactInput(serializers.Serializer):
    # An object that refuses keys it does not know, naming each (the schema says
    # ``additionalProperties: false``, api/schema.py). A comment, not a docstring: the
    # schema would take it as every subclass's description.

    REFUSES_UNKNOWN_KEYS = True

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            unknown = sorted(str(key) for key in data if key not in self.fields)
            if unknown:
                known = ", ".join(self.fields)
                raise serializers.ValidationError(
                    {key: [f"not a field here; the fields are {known}"] for key in unknown}
                )
        return super().to_internal_value(data)


# --- Which units: a seeded sample, chosen topics, the hardest of a release, or a selection --


class SampleUnits(ExactInput):
    """A seeded sample of the project's free units."""

    class Meta:
        ref_name = "RoundSampleUnits"

    sample = serializers.IntegerField(
        min_value=1, max_value=1_000_000, help_text="How many of the project's free units."
    )
    # The seed feeds random.Random; bounded so it also fits a 64-bit column and a JS number.
    seed = serializers.IntegerField(required=False, default=0, min_value=0, max_value=2**53 - 1)
    include_busy = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Let the sample take units already in another round of the same kind"
        " that is not closed (left out by default; the answer says how many).",
    )


class TopicUnits(ExactInput):
    """The units chosen by hand."""

    class Meta:
        ref_name = "RoundTopicUnits"

    topics = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        min_length=1,
        max_length=100_000,
        help_text="The units' topic ids (GET /api/admin/projects/{slug}/units/).",
    )


class Hardest(ExactInput):
    """How many units, hardest first, by which measure."""

    class Meta:
        ref_name = "RoundHardestInput"

    release = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    by = serializers.ChoiceField(choices=["against_gold", "among_evaluators"])
    count = serializers.IntegerField(min_value=1, max_value=100_000)


class HardestUnits(ExactInput):
    """The units of a published release hardest for its evaluators."""

    class Meta:
        ref_name = "RoundHardestUnits"

    hardest = Hardest(
        help_text="The units of a published release hardest for its evaluators"
        " (docs/evaluation.md, 'Hard units')."
    )


class SelectWeights(ExactInput):
    """The mix of the two priorities (each unit's share of them is in [0, 1])."""

    class Meta:
        ref_name = "RoundSelectWeights"

    disagreement = serializers.FloatField(min_value=0, max_value=1)
    uncertainty = serializers.FloatField(min_value=0, max_value=1)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["disagreement"] + attrs["uncertainty"] <= 0:
            raise serializers.ValidationError({"disagreement": ["the weights must not both be 0"]})
        return attrs


class Select(ExactInput):
    """Units chosen among the unannotated ones by what the corpus runs find hard, drawn with
    known inclusion probabilities (docs/models-in-the-loop.md, "Choosing what to annotate")."""

    class Meta:
        ref_name = "RoundSelectInput"

    strategy = serializers.ChoiceField(choices=list(SELECTION_STRATEGIES))
    runs = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        min_length=1,
        max_length=50,
        help_text="The corpus runs' ids, each once (disagreement needs two or more).",
    )
    weights = SelectWeights(
        required=False, help_text="For strategy mix only: the weight of each priority."
    )
    reserve = serializers.FloatField(
        min_value=0.05,
        max_value=1,
        default=0.2,
        help_text="The share of the sample drawn as if uniformly, so every unit can be drawn.",
    )
    count = serializers.IntegerField(min_value=1, max_value=100_000)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        runs, strategy, weights = attrs["runs"], attrs["strategy"], attrs.get("weights")
        if len(set(runs)) != len(runs):
            raise serializers.ValidationError({"runs": ["name each run once"]})
        if strategy == "mix" and weights is None:
            raise serializers.ValidationError({"weights": ["strategy mix needs the weights"]})
        if strategy != "mix" and weights is not None:
            raise serializers.ValidationError({"weights": ["only for strategy mix"]})
        by_disagreement = strategy == "disagreement" or (weights or {}).get("disagreement", 0)
        if by_disagreement and len(runs) < 2:
            raise serializers.ValidationError(
                {"runs": ["evaluator disagreement needs at least two runs"]}
            )
        return attrs


class SelectUnits(ExactInput):
    """Units chosen by evaluators' disagreement or uncertainty, with a random reserve."""

    class Meta:
        ref_name = "RoundSelectUnits"

    select = Select()
    seed = serializers.IntegerField(required=False, default=0, min_value=0, max_value=2**53 - 1)


UNIT_SHAPES: dict[str, type[ExactInput]] = {
    "sample": SampleUnits,
    "topics": TopicUnits,
    "hardest": HardestUnits,
    "select": SelectUnits,
}


class _Units(serializers.Field):
    """One of ``shapes``, told apart by its key; its errors read ``units.<field>``."""

    shapes: tuple[str, ...] = tuple(UNIT_SHAPES)

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        names = " or ".join(self.shapes)
        if not isinstance(data, Mapping):
            raise serializers.ValidationError(f"an object with one of {names}")
        given = [key for key in self.shapes if key in data]
        if len(given) != 1:
            raise serializers.ValidationError(f"give one of {names}")
        return validated(UNIT_SHAPES[given[0]], data)

    def to_representation(self, value: Any) -> Any:
        return value


@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="RoundUnits",
        serializers=[SampleUnits, TopicUnits, HardestUnits, SelectUnits],
        resource_type_field_name=None,
    )
)
class UnitsField(_Units):
    pass


@extend_schema_field(TopicUnits)
class TopicUnitsField(_Units):
    shapes = ("topics",)


class AssistanceInput(ExactInput):
    """Reveal a corpus run's verdicts after each label is saved, in a share of the units
    (docs/models-in-the-loop.md, "Assisted rounds")."""

    class Meta:
        ref_name = "RoundAssistanceInput"

    run = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, help_text="The project's corpus run whose verdicts show."
    )
    share = serializers.FloatField(
        min_value=0.05, max_value=0.95, help_text="The share of (annotator, unit) pairs assisted."
    )


# --- One body per kind -------------------------------------------------------------------


class RoundInput(ExactInput):
    """What every kind of round takes."""

    name = serializers.CharField(max_length=200)
    overlap = serializers.IntegerField(
        min_value=1,
        max_value=MAX_OVERLAP,
        help_text="Annotators per unit; at most as many as are named.",
    )
    guideline_version = serializers.IntegerField(min_value=1)
    # Usernames as they are: Django's never start or end with a space, and a trimmed list
    # could repeat a name the schema's uniqueItems lets through.
    annotators = serializers.ListField(
        child=serializers.CharField(max_length=150, trim_whitespace=False),
        min_length=1,
        max_length=500,
        help_text="Usernames of the project's annotators (reviewers for a review round),"
        " each once.",
    )

    def validate_annotators(self, names: list[str]) -> list[str]:
        if len(set(names)) != len(names):
            raise serializers.ValidationError("name each person once")
        return names

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        overlap, named = attrs.get("overlap", 1), len(attrs.get("annotators", []))
        if overlap > named:
            raise serializers.ValidationError(
                {"overlap": [f"an overlap of {overlap} needs at least {overlap} annotators"]}
            )
        return attrs


class AnnotationRoundInput(RoundInput):
    """A practice, qualification or pilot round: linguists answer the project's scheme."""

    class Meta:
        ref_name = "AnnotationRoundInput"

    kind = serializers.ChoiceField(
        choices=[RoundKind.PRACTICE, RoundKind.QUALIFICATION, RoundKind.PILOT]
    )
    units = UnitsField()
    evidence_hints = serializers.BooleanField(
        default=True,
        help_text="Mark the turns most related to a sentence while linking evidence.",
    )
    key_fact_source = serializers.CharField(
        max_length=100,
        default="",
        allow_blank=True,
        help_text="Blank: each linguist writes the unit's key facts; else the source of the"
        " given key-fact list they align (every unit must have one).",
    )
    given_atomic_facts = serializers.BooleanField(
        default=False,
        help_text="Linguists verify each summary's given atomic facts instead of writing.",
    )
    assistance = AssistanceInput(
        required=False,
        allow_null=True,
        default=None,
        help_text="Off (null), or a corpus run revealed after each label in a share of units.",
    )


class ProductionRoundInput(AnnotationRoundInput):
    """A production round: an annotation round that may mix in gold units."""

    class Meta:
        ref_name = "ProductionRoundInput"

    kind = serializers.ChoiceField(choices=[RoundKind.PRODUCTION])
    # docs/api/quality.md
    gold_rate = serializers.FloatField(
        min_value=0,
        max_value=0.5,
        default=0.0,
        help_text="The share of units that are gold (attention-check) units.",
    )
    pause_below = serializers.FloatField(
        min_value=0,
        max_value=1,
        default=None,
        allow_null=True,
        help_text="Pause an annotator whose gold-unit accuracy falls below it.",
    )


def _source_rounds() -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        min_length=1,
        max_length=100,
        help_text="The practice, pilot or production rounds whose labels it takes.",
    )


class ReviewRoundInput(RoundInput):
    """docs/api/review.md: each item has one first reviewer and a second one."""

    class Meta:
        ref_name = "ReviewRoundInput"

    kind = serializers.ChoiceField(choices=[RoundKind.REVIEW])
    overlap = serializers.IntegerField(
        min_value=1, max_value=1, default=1, help_text="Always 1: one first reviewer per item."
    )
    annotators = serializers.ListField(
        child=serializers.CharField(max_length=150, trim_whitespace=False),
        min_length=2,
        max_length=500,
        help_text="Usernames of the project's reviewers, each once: at least two, as every"
        " decision has a second reviewer.",
    )
    source_rounds = _source_rounds()
    review_scope = serializers.ChoiceField(
        choices=ReviewScope.values,
        default=ReviewScope.ANY,
        help_text="Sentences labelled inconsistent by anyone, or by the gold rule.",
    )
    units = TopicUnitsField(
        required=False, help_text="Only these units' items (default: every unit with items)."
    )


class ErrorTypingRoundInput(RoundInput):
    """docs/api/review.md: several annotators type each inconsistent sentence's errors."""

    class Meta:
        ref_name = "ErrorTypingRoundInput"

    kind = serializers.ChoiceField(choices=[RoundKind.ERROR_TYPING])
    overlap = serializers.IntegerField(min_value=MIN_TYPING_OVERLAP, max_value=MAX_OVERLAP)
    source_rounds = _source_rounds()
    type_min_count = serializers.IntegerField(
        min_value=1,
        max_value=20,
        default=2,
        help_text="A type is gold when at least this many chose it.",
    )
    units = TopicUnitsField(
        required=False, help_text="Only these units' items (default: every unit with items)."
    )


class ExplanationRoundInput(RoundInput):
    """docs/evaluation.md, "Explanation meta-annotation"."""

    class Meta:
        ref_name = "ExplanationRoundInput"

    kind = serializers.ChoiceField(choices=[RoundKind.EXPLANATION])
    overlap = serializers.IntegerField(min_value=MIN_EXPLANATION_OVERLAP, max_value=MAX_OVERLAP)
    release = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        help_text="The published release whose evaluator runs are judged.",
    )
    evaluators = serializers.ListField(
        child=serializers.CharField(max_length=200),
        required=False,
        default=list,
        max_length=100,
        help_text="The evaluators whose explanations are judged (all if empty).",
    )


BY_KIND: dict[str, type[RoundInput]] = {
    RoundKind.PRACTICE: AnnotationRoundInput,
    RoundKind.QUALIFICATION: AnnotationRoundInput,
    RoundKind.PILOT: AnnotationRoundInput,
    RoundKind.PRODUCTION: ProductionRoundInput,
    RoundKind.REVIEW: ReviewRoundInput,
    RoundKind.ERROR_TYPING: ErrorTypingRoundInput,
    RoundKind.EXPLANATION: ExplanationRoundInput,
}
# The kinds an admin may create; reference rounds come only with imported published labels,
# the adjudication round with the project.
CREATABLE_ROUND_KINDS = [str(kind) for kind in BY_KIND]

ROUND_BODY = PolymorphicProxySerializer(
    component_name="RoundCreateInput",
    serializers={str(kind): serializer for kind, serializer in BY_KIND.items()},
    resource_type_field_name="kind",
)


def round_body(data: Any) -> dict[str, Any]:
    """The body validated by its kind's serializer, or the 400 naming each field."""
    if not isinstance(data, Mapping):
        raise serializers.ValidationError("The body is a JSON object.")
    kind = data.get("kind")
    serializer = BY_KIND.get(kind) if isinstance(kind, str) else None
    if serializer is None:
        allowed = ", ".join(CREATABLE_ROUND_KINDS)
        raise serializers.ValidationError(
            {"kind": [f"one of {allowed}" if "kind" in data else "This field is required."]}
        )
    return validated(serializer, data)


# The overlap a body names is at most the number of people it names (each named once). JSON
# Schema cannot compare two fields, so it is said as "not (overlap >= n and fewer than n
# people)" for each n; a "not" also keeps the frontend's generated types plain. It sits in the
# body's own schema, not in an allOf of a component: openapi-python-client cannot merge a
# component with no properties and typed the whole body as Any (docs/api/python-client.md).
def overlap_within_people() -> dict[str, Any]:
    return {
        "anyOf": [
            {
                "properties": {"overlap": {"minimum": n}, "annotators": {"maxItems": n - 1}},
                "required": ["overlap", "annotators"],
            }
            for n in range(2, MAX_OVERLAP + 1)
        ]
    }


class RoundInputSchema(OpenApiSerializerExtension):
    """Each kind's body: its fields, none other, and an overlap no larger than its people."""

    target_class = RoundInput
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_basic_serializer(self.target, direction)
        if direction == "request":
            schema["properties"]["annotators"]["uniqueItems"] = True
        overlap = self.target.fields["overlap"]
        if direction == "request" and (overlap.max_value or 1) > 1:
            schema["not"] = overlap_within_people()
        return schema
