"""The error types an error-typing round's annotators chose, as one set-valued rating
matrix (annotators x items) for the agreement report: Krippendorff's alpha with MASI
distance over the type sets, and Fleiss' kappa per type (each type chosen or not), the
figure TofuEval reports for its error-typing stage (docs/review.md). Three queries."""

from __future__ import annotations

from collections import defaultdict

from annotations.agreement.report import QuestionInput
from annotations.models import AssignmentStatus, Round, RoundItem, Topic, TypingJudgement


def unit_names(topic_ids: list[int]) -> dict[int, str]:
    """How each unit reads on the agreement page: "document · topic" (admins only)."""
    return {
        pk: f"{title or external_id} \u00b7 {name}" if name else (title or external_id)
        for pk, name, title, external_id in Topic.objects.filter(pk__in=topic_ids).values_list(
            "pk", "name", "document__title", "document__external_id"
        )
    }


def typing_question(round: Round) -> QuestionInput:
    """Only submitted assignments count; an item an annotator was given but did not type is
    None (no answer), one they typed is its set of type names."""
    items = list(
        RoundItem.objects.filter(round=round)
        .order_by("sentence__summary__topic_id", "sentence__summary_id", "sentence__position")
        .values_list("sentence_id", "sentence__summary__topic_id")
    )
    submitted = {
        (username, topic)
        for username, topic in round.assignments.filter(
            status=AssignmentStatus.SUBMITTED, annotator__isnull=False
        ).values_list("annotator__username", "topic_id")
    }
    chosen: dict[tuple[str, int], set[str]] = defaultdict(set)
    typed: set[tuple[str, int]] = set()
    for username, sentence_id, name in TypingJudgement.objects.filter(
        assignment__round=round, assignment__status=AssignmentStatus.SUBMITTED
    ).values_list("assignment__annotator__username", "sentence_id", "error_types__name"):
        typed.add((username, sentence_id))
        if name is not None:
            chosen[(username, sentence_id)].add(name)
    raters = sorted({username for username, _ in submitted})
    matrix = [
        [
            frozenset(chosen[(rater, sentence)])
            if (rater, topic) in submitted and (rater, sentence) in typed
            else None
            for sentence, topic in items
        ]
        for rater in raters
    ]
    topics = [topic for _, topic in items]
    # Items nest in (dialogue, topic) units: the interval resamples units (docs/agreement.md).
    return QuestionInput(
        "error_types",
        "Error types (error typing)",
        "set",
        raters,
        matrix,
        units=topics,
        unit_names=unit_names(sorted(set(topics))),
    )
