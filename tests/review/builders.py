"""Review decisions built directly with the ORM, for tests of what they decide."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from annotations.models import (
    Assignment,
    AssignmentStage,
    ReviewDecision,
    Round,
    RoundItem,
    RoundKind,
    RoundStatus,
    SecondReview,
    SummarySentence,
)


def confirmed_review(
    source: Round, sentence: SummarySentence, decision: str, *, verdict: str = "confirm"
) -> ReviewDecision:
    """A review round of its own over ``source`` whose reviewer decided ``decision`` on
    ``sentence`` and whose second reviewer gave ``verdict`` on that decision."""
    users = get_user_model().objects
    reviewer, second = users.get(username="reviewer"), users.get(username="admin")
    number = Round.objects.filter(project=source.project, kind=RoundKind.REVIEW).count() + 1
    round_ = Round.objects.create(
        project=source.project,
        name=f"Review {number}",
        kind=RoundKind.REVIEW,
        status=RoundStatus.OPEN,
        guideline_version=source.guideline_version,
    )
    round_.source_rounds.set([source])
    RoundItem.objects.create(round=round_, sentence=sentence)
    topic_id = sentence.summary.topic_id
    first = Assignment.objects.create(
        round=round_, topic_id=topic_id, annotator=reviewer, stage=AssignmentStage.REVIEW
    )
    other = Assignment.objects.create(
        round=round_, topic_id=topic_id, annotator=second, stage=AssignmentStage.SECOND_REVIEW
    )
    made = ReviewDecision.objects.create(assignment=first, sentence=sentence, decision=decision)
    SecondReview.objects.create(
        assignment=other, sentence=sentence, verdict=verdict, reviewed_version=made.version
    )
    return made
