"""A round's quality control on its page (docs/api/quality.md): each annotator's accuracy
against the answer key, their accuracy on gold units week by week, their drift (agreement
with the gold or the other annotators' majority per week), and who is paused. A fixed
number of queries whatever the round's size."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import datetime
from typing import Any

from annotations.models import (
    AssignmentStatus,
    GoldUnit,
    Membership,
    Role,
    Round,
    SentenceJudgement,
)
from annotations.selectors.answer_key import Tally, assignments_answers, score, unit_keys


def _week(moment: datetime | None) -> str:
    if moment is None:
        return ""
    year, week, _ = moment.isocalendar()
    return f"{year}-W{week:02d}"


def _share(right: int, scored: int) -> float | None:
    return round(right / scored, 4) if scored else None


def round_quality(*, round: Round) -> dict[str, Any]:
    submitted = list(
        round.assignments.filter(status=AssignmentStatus.SUBMITTED, annotator__isnull=False)
        .order_by("id")
        .values_list("id", "topic_id", "annotator__username", "submitted_at")
    )
    key = unit_keys(round.project_id, {topic for _, topic, _, _ in submitted})
    answers = assignments_answers([pk for pk, _, _, _ in submitted])
    gold_units = set(GoldUnit.objects.filter(round=round).values_list("topic_id", flat=True))
    keyed = {topic for pk, topic, _, _ in submitted if key.has_unit(topic, answers[pk].sentences)}
    by_person: dict[str, Tally] = defaultdict(Tally)
    units_of: Counter[str] = Counter()
    gold_weeks: dict[str, dict[str, Tally]] = defaultdict(lambda: defaultdict(Tally))
    gold_total: dict[str, Tally] = defaultdict(Tally)
    for pk, topic, person, at in submitted:
        if topic not in keyed:
            continue
        if topic in gold_units:
            score(answers[pk], key, topic, gold_weeks[person][_week(at)])
            score(answers[pk], key, topic, gold_total[person])
        else:
            units_of[person] += 1
            score(answers[pk], key, topic, by_person[person])
    paused = list(
        Membership.objects.filter(
            project_id=round.project_id, role=Role.ANNOTATOR, paused_at__isnull=False
        )
        .order_by("paused_at")
        .values_list("user__username", "paused_at", "paused_round_id")
    )
    paused_names = {name for name, _, _ in paused}
    return {
        "answer_key": {
            "units": len(keyed - gold_units),
            "annotators": [
                {"username": person, "units": units_of[person], "accuracy": tally.accuracy()}
                for person, tally in sorted(by_person.items())
            ],
        },
        "gold_units": {
            "units": len(gold_units),
            "rate": round.gold_rate,
            "pause_below": round.pause_below,
            "annotators": [
                {
                    "username": person,
                    "scored": total.scored["sentence_label"],
                    "accuracy": total.accuracy()["sentence_label"],
                    "paused": person in paused_names,
                    "by_week": [
                        {
                            "week": week,
                            "scored": tally.scored["sentence_label"],
                            "accuracy": tally.accuracy()["sentence_label"],
                        }
                        for week, tally in sorted(gold_weeks[person].items())
                    ],
                }
                for person, total in sorted(gold_total.items())
            ],
        },
        "drift": drift(round, submitted, key.sentences),
        "paused": [
            {
                "username": name,
                "paused_at": at,
                "accuracy": gold_total[name].accuracy()["sentence_label"]
                if name in gold_total
                else None,
                "round": paused_round,
            }
            for name, at, paused_round in paused
        ],
    }


def drift(
    round: Round,
    submitted: list[tuple[int, int, str, Any]],
    keyed: dict[int, tuple[str, Any, str]],
) -> list[dict[str, Any]]:
    """Per annotator and ISO week of submission: the share of their sentence labels equal to
    the gold (the key) or, without one, to the majority of the round's other annotators (a
    sentence nobody else labelled is not counted)."""
    week_of = {pk: _week(at) for pk, _, _, at in submitted}
    person_of = {pk: person for pk, _, person, _ in submitted}
    labels: dict[int, list[tuple[str, str]]] = defaultdict(list)  # sentence -> (person, label)
    for assignment_id, sentence_id, label in (
        SentenceJudgement.objects.filter(assignment_id__in=list(week_of))
        .exclude(label="")
        .values_list("assignment_id", "sentence_id", "label")
    ):
        labels[sentence_id].append((person_of[assignment_id], label))
    weeks: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    judged_week: dict[tuple[str, int], str] = {}
    for assignment_id, sentence_id in SentenceJudgement.objects.filter(
        assignment_id__in=list(week_of)
    ).values_list("assignment_id", "sentence_id"):
        judged_week[(person_of[assignment_id], sentence_id)] = week_of[assignment_id]
    for sentence_id, given in labels.items():
        for person, label in given:
            if sentence_id in keyed:
                reference = keyed[sentence_id][0]
            else:
                others = Counter(other for name, other in given if name != person)
                ranked = others.most_common()
                if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
                    continue  # nobody else, or the others tie: no reference
                reference = ranked[0][0]
            cell = weeks[person][judged_week[(person, sentence_id)]]
            cell[0] += 1
            cell[1] += label == reference
    return [
        {
            "username": person,
            "weeks": [
                {"week": week, "sentences": n, "agreement": _share(right, n)}
                for week, (n, right) in sorted(by_week.items())
            ],
        }
        for person, by_week in sorted(weeks.items())
    ]
