"""The answers of review and error-typing rounds (docs/review.md): a reviewer's decision on
an item, the second reviewer's verdict on that decision, and an error-typing annotator's
types. Each judges one *item* of its round (``Kind.items_only``): a sentence the round
collected from its source rounds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from annotations.kinds.errors import InvalidJudgement
from annotations.kinds.sentence import unknown_error_types
from annotations.kinds.spec import IdSet, Kind, Unit
from annotations.models import (
    AssignmentStage,
    ReviewDecision,
    ReviewOutcome,
    SecondReview,
    SecondVerdict,
    TypingJudgement,
)

ERROR_TYPES = IdSet("error_types", noun="error type", unknown=unknown_error_types)


def review_missing(state: Mapping[str, Any] | None, scheme: Mapping[str, bool]) -> list[str]:
    """A decision; the new types when the types changed; a note when the error is
    overturned (the annotator reads why)."""
    if state is None or not state["decision"]:
        return ["decision"]
    if state["decision"] == ReviewOutcome.TYPES_CHANGED and not state["error_types"]:
        return ["error_types"]
    if state["decision"] == ReviewOutcome.FALSE_POSITIVE and not state["note"].strip():
        return ["note"]
    return []


def second_review_missing(state: Mapping[str, Any] | None, scheme: Mapping[str, bool]) -> list[str]:
    """A verdict, and a note saying why when it disputes the decision."""
    if state is None or not state["verdict"]:
        return ["verdict"]
    if state["verdict"] == SecondVerdict.DISPUTE and not state["note"].strip():
        return ["note"]
    return []


def typing_missing(state: Mapping[str, Any] | None, scheme: Mapping[str, bool]) -> list[str]:
    return [] if state is not None and state["error_types"] else ["error_types"]


def decision_version(round_id: int, sentence_id: int) -> int | None:
    """The version of the item's review decision in the round (None: not decided)."""
    return (
        ReviewDecision.objects.filter(
            assignment__round_id=round_id,
            assignment__stage=AssignmentStage.REVIEW,
            sentence_id=sentence_id,
        )
        .exclude(decision="")
        .values_list("version", flat=True)
        .first()
    )


def name_reviewed_version(
    unit: Unit, sentence_id: int | None, changes: Mapping[str, Any]
) -> dict[str, Any]:
    """A verdict is given on the decision as it stands now: the server, not the client,
    records which version that is, and there is nothing to confirm before a decision."""
    assert sentence_id is not None
    version = decision_version(unit.round_id, sentence_id)
    if version is None:
        raise InvalidJudgement({"sentence": ["this item has no review decision yet"]})
    return {**changes, "reviewed_version": version}


REVIEW = Kind(
    key="review",
    payload_key="reviews",
    model=ReviewDecision,
    target="sentence",
    scalars=("decision", "note"),
    id_sets=(ERROR_TYPES,),
    asked_by=("review",),
    missing=review_missing,
    items_only=True,
    messages={
        "decision": "decide: error confirmed, false positive, or types changed.",
        "error_types": "pick the error types that apply.",
        "note": "say why it is a false positive.",
    },
)

SECOND_REVIEW = Kind(
    key="second_review",
    payload_key="second_reviews",
    model=SecondReview,
    target="sentence",
    scalars=("verdict", "note", "reviewed_version"),
    asked_by=("second_review",),
    missing=second_review_missing,
    items_only=True,
    prepare=name_reviewed_version,
    messages={
        "verdict": "confirm or dispute the review decision.",
        "note": "say why you dispute the decision.",
    },
)

TYPING = Kind(
    key="typing",
    payload_key="typings",
    model=TypingJudgement,
    target="sentence",
    scalars=(),
    id_sets=(ERROR_TYPES,),
    asked_by=("error_typing",),
    missing=typing_missing,
    items_only=True,
    messages={"error_types": "pick at least one error type."},
)

# Review stages by assignment stage: which kind each stage answers.
STAGE_KINDS = {AssignmentStage.REVIEW: REVIEW, AssignmentStage.SECOND_REVIEW: SECOND_REVIEW}

__all__ = ["REVIEW", "SECOND_REVIEW", "STAGE_KINDS", "TYPING"]
