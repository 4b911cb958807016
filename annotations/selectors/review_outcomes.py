"""What review decided about a linguist's labels, shown on their own submitted units (the
loop INCEpTION users have asked to close since 2019; docs/api/review.md)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from annotations.models import (
    AssignmentStage,
    ReviewDecision,
    RoundKind,
    SecondReview,
    SecondVerdict,
    SentenceJudgement,
)


def review_outcomes(*, assignment_id: int, round_id: int, topic_id: int) -> list[dict[str, Any]]:
    """Per sentence of the assignment's unit that a review round over its round decided:
    the decision, its types and note, and its status (confirmed, disputed, adjudicated or
    pending). Sentences by id (the caller turns them into handles). Four queries."""
    decisions = list(
        ReviewDecision.objects.filter(
            assignment__round__source_rounds=round_id,
            assignment__stage=AssignmentStage.REVIEW,
            assignment__topic_id=topic_id,
        )
        .exclude(decision="")
        .order_by("sentence__summary_id", "sentence__position", "id")
        .values_list("id", "assignment__round_id", "sentence_id", "decision", "note", "version")
    )
    if not decisions:
        return []
    types: dict[int, list[int]] = defaultdict(list)
    for decision_id, type_id in ReviewDecision.error_types.through.objects.filter(
        reviewdecision_id__in=[row[0] for row in decisions]
    ).values_list("reviewdecision_id", "errortype_id"):
        types[decision_id].append(type_id)
    verdicts = {
        (review_round, sentence_id): (verdict, seen)
        for review_round, sentence_id, verdict, seen in SecondReview.objects.filter(
            assignment__round_id__in={row[1] for row in decisions}, assignment__topic_id=topic_id
        ).values_list("assignment__round_id", "sentence_id", "verdict", "reviewed_version")
    }
    adjudicated = set(
        SentenceJudgement.objects.filter(
            assignment__round__kind=RoundKind.ADJUDICATION,
            assignment__topic_id=topic_id,
        )
        .exclude(label="")
        .values_list("sentence_id", flat=True)
    )
    outcomes = []
    for pk, review_round, sentence_id, decision, note, version in decisions:
        verdict, seen = verdicts.get((review_round, sentence_id), ("", 0))
        status = (
            "adjudicated"
            if sentence_id in adjudicated
            else "pending"
            if seen != version or not verdict
            else "confirmed"
            if verdict == SecondVerdict.CONFIRM
            else "disputed"
        )
        outcomes.append(
            {
                "sentence": sentence_id,
                "decision": decision,
                "error_types": sorted(types[pk]),
                "note": note,
                "status": status,
            }
        )
    return outcomes
