"""Gold sentence labels of some rounds, outside a release build: which sentences a review
round (scope "gold") or an error-typing round asks about (docs/review.md).

The same precedence as a release (annotations/agreement/gold.py): an admin's adjudicated
label, else confirmed review decisions that agree, else the raters' vote (one vote per
person: their first assignment of the unit), a tie counting as inconsistent. Three queries.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.db.models import Exists, OuterRef

from annotations.agreement.gold import Gold, decided
from annotations.models import (
    Assignment,
    AssignmentStage,
    Project,
    ReviewDecision,
    ReviewOutcome,
    RoundKind,
    SecondReview,
    SecondVerdict,
    SentenceJudgement,
)
from annotations.selectors.release_gold import TIE_RULES


def reviewed_labels(round_ids: Sequence[int]) -> dict[int, str]:
    """sentence id -> the label confirmed review decisions over ``round_ids`` agree on."""
    confirmed = SecondReview.objects.filter(
        assignment__round_id=OuterRef("assignment__round_id"),
        sentence_id=OuterRef("sentence_id"),
        verdict=SecondVerdict.CONFIRM,
        reviewed_version=OuterRef("version"),
    )
    outcomes: dict[int, set[str]] = defaultdict(set)
    for sentence_id, decision in (
        ReviewDecision.objects.filter(
            assignment__stage=AssignmentStage.REVIEW,
            assignment__round__source_rounds__in=list(round_ids),
        )
        .exclude(decision="")
        .filter(Exists(confirmed))
        .values_list("sentence_id", "decision")
        .distinct()
    ):
        outcomes[sentence_id].add(
            "consistent" if decision == ReviewOutcome.FALSE_POSITIVE else "inconsistent"
        )
    return {pk: next(iter(labels)) for pk, labels in outcomes.items() if len(labels) == 1}


def adjudicated_labels(project: Project) -> dict[int, str]:
    """sentence id -> the label an admin set (the latest save of any admin)."""
    return dict(
        SentenceJudgement.objects.filter(
            assignment__round__project=project, assignment__round__kind=RoundKind.ADJUDICATION
        )
        .exclude(label="")
        .order_by("updated_at", "id")
        .values_list("sentence_id", "label")
    )


def gold_sentence_labels(project: Project, round_ids: Sequence[int]) -> dict[int, Gold[str]]:
    """sentence id -> its gold label with provenance, for every sentence labelled in
    ``round_ids`` (by people; published labels count as one rater each)."""
    votes: dict[int, list[str]] = defaultdict(list)
    first_of: dict[tuple[int, int | None, str], int] = {}
    for assignment_id, topic_id, annotator_id, source in (
        Assignment.objects.filter(round_id__in=list(round_ids))
        .order_by("id")
        .values_list("id", "topic_id", "annotator_id", "source")
    ):
        first_of.setdefault((topic_id, annotator_id, source), assignment_id)
    voting = set(first_of.values())
    for assignment_id, sentence_id, label in SentenceJudgement.objects.filter(
        assignment__round_id__in=list(round_ids)
    ).values_list("assignment_id", "sentence_id", "label"):
        if assignment_id in voting:
            votes[sentence_id].append(label)
    adjudicated = adjudicated_labels(project)
    reviewed = reviewed_labels(round_ids)
    tie = TIE_RULES["sentence_label"].pick
    return {
        sentence_id: decided(
            labels,
            tie=tie,
            adjudicated=adjudicated.get(sentence_id),
            reviewed=reviewed.get(sentence_id),
        )
        for sentence_id, labels in votes.items()
    }
