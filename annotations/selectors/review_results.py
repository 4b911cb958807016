"""What a review round found (docs/api/review.md, "Review results of a round"): progress per
reviewer and stage, decisions and verdicts, and the false-positive rate per annotator and
per error type of the labels it reviewed. A fixed number of queries."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from annotations.models import (
    AssignmentStage,
    ConsistencyLabel,
    ReviewDecision,
    ReviewOutcome,
    Round,
    RoundItem,
    SecondReview,
    SecondVerdict,
    SentenceJudgement,
)
from annotations.selectors.workspace import assignment_entries


def _rate(reviewed: int, false_positive: int) -> dict[str, Any]:
    return {
        "reviewed": reviewed,
        "false_positive": false_positive,
        "rate": round(false_positive / reviewed, 4) if reviewed else None,
    }


def review_results(*, round: Round) -> dict[str, Any]:
    assignments = list(
        round.assignments.select_related("round__project", "topic__document", "annotator")
    )
    progress: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for assignment, entry in zip(assignments, assignment_entries(assignments), strict=True):
        key = (
            assignment.annotator.get_username() if assignment.annotator else "",
            assignment.stage,
        )
        progress[key][0] += entry["progress"]["total"]
        progress[key][1] += entry["progress"]["done"]
    decisions = dict(
        ReviewDecision.objects.filter(
            assignment__round=round, assignment__stage=AssignmentStage.REVIEW
        )
        .exclude(decision="")
        .values_list("sentence_id", "decision")
    )
    versions = dict(
        ReviewDecision.objects.filter(
            assignment__round=round, assignment__stage=AssignmentStage.REVIEW
        ).values_list("sentence_id", "version")
    )
    verdicts = Counter(
        verdict
        for sentence_id, verdict, seen in SecondReview.objects.filter(
            assignment__round=round
        ).values_list("sentence_id", "verdict", "reviewed_version")
        if sentence_id in decisions and versions.get(sentence_id) == seen
    )
    by_annotator: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_type: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    flags = SentenceJudgement.objects.filter(
        assignment__round__followed_by=round,
        label=ConsistencyLabel.INCONSISTENT,
        sentence_id__in=list(decisions),
        assignment__annotator__isnull=False,
    )
    types: dict[int, list[str]] = defaultdict(list)
    for judgement_id, name in SentenceJudgement.error_types.through.objects.filter(
        sentencejudgement__in=flags
    ).values_list("sentencejudgement_id", "errortype__name"):
        types[judgement_id].append(name)
    for pk, sentence_id, username in flags.values_list(
        "id", "sentence_id", "assignment__annotator__username"
    ):
        overturned = decisions[sentence_id] == ReviewOutcome.FALSE_POSITIVE
        by_annotator[username][0] += 1
        by_annotator[username][1] += overturned
        for name in types[pk]:
            by_type[name][0] += 1
            by_type[name][1] += overturned
    return {
        "reviewers": [
            {"username": username, "stage": stage, "items": total, "done": done}
            for (username, stage), (total, done) in sorted(progress.items())
        ],
        "items": RoundItem.objects.filter(round=round).count(),
        "decided": len(decisions),
        "confirmed": verdicts[SecondVerdict.CONFIRM],
        "disputed": verdicts[SecondVerdict.DISPUTE],
        "false_positive_rate": {
            "by_annotator": [
                {"username": name, **_rate(*counts)}
                for name, counts in sorted(by_annotator.items())
            ],
            "by_error_type": [
                {"type": name, **_rate(*counts)} for name, counts in sorted(by_type.items())
            ],
        },
    }
