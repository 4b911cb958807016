"""An explanation round's verdicts as rating matrices for the agreement report
(docs/evaluation.md, "Explanation meta-annotation"): one unit per (item, explanation), a
nominal question over the four verdicts and a binary one (same error or not), the share
the leaderboard reports. Three queries whatever the round's size."""

from __future__ import annotations

from annotations.agreement.report import QuestionInput
from annotations.models import (
    AssignmentStatus,
    ExplanationItem,
    ExplanationJudgement,
    ExplanationVerdict,
    Round,
)


def explanation_questions(round: Round) -> list[QuestionInput]:
    """Only submitted assignments count; an explanation a rater was given but left without a
    verdict is None (no answer)."""
    items = list(
        ExplanationItem.objects.filter(round=round)
        .order_by("sentence__summary__topic_id", "sentence_id", "id")
        .values_list("id", "sentence__summary__topic_id")
    )
    submitted = {
        (username, topic)
        for username, topic in round.assignments.filter(
            status=AssignmentStatus.SUBMITTED, annotator__isnull=False
        ).values_list("annotator__username", "topic_id")
    }
    verdicts = {
        (username, item): verdict
        for username, item, verdict in ExplanationJudgement.objects.filter(
            sheet__assignment__round=round, sheet__assignment__status=AssignmentStatus.SUBMITTED
        )
        .exclude(verdict="")
        .values_list("sheet__assignment__annotator__username", "item_id", "verdict")
    }
    raters = sorted({username for username, _ in submitted})
    matrix = [
        [
            verdicts.get((rater, item)) if (rater, topic) in submitted else None
            for item, topic in items
        ]
        for rater in raters
    ]
    same = [[None if v is None else v == ExplanationVerdict.SAME for v in row] for row in matrix]
    return [
        QuestionInput(
            "explanation_verdict",
            "Explanation verdict (same, partially, different, model wrong)",
            "nominal",
            raters,
            matrix,
            categories=list(ExplanationVerdict.values),
            category_names=dict(ExplanationVerdict.choices),
        ),
        QuestionInput(
            "explanation_same",
            "Explanation names the same error",
            "nominal",
            raters,
            same,
            categories=[False, True],
            category_names={True: "same error", False: "not the same"},
        ),
    ]
