"""Gold (attention-check) units in production rounds, and pausing an annotator whose
accuracy on them falls below the round's threshold (docs/quality.md)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from django.utils import timezone

from annotations.models import (
    Assignment,
    AssignmentStatus,
    GoldUnit,
    Membership,
    Project,
    Role,
    Round,
    RoundKind,
    SentenceJudgement,
)
from annotations.models.webhooks import WebhookEvent
from annotations.selectors.answer_key import Tally, assignments_answers, score, unit_keys
from annotations.services.webhooks import webhook_emit

# Accuracy on fewer gold units says little: nobody is paused before this many are scored.
MIN_SCORED_UNITS = 3


def keyed_units(project: Project) -> list[int]:
    """The units of the project with an answer key (an adjudicated sentence label)."""
    return sorted(
        set(
            SentenceJudgement.objects.filter(
                assignment__round__project=project,
                assignment__round__kind=RoundKind.ADJUDICATION,
            )
            .exclude(label="")
            .values_list("assignment__topic_id", flat=True)
        )
    )


def gold_units_draw(
    project: Project, chosen: Sequence[int], *, rate: float, seed: int
) -> list[int]:
    """Keyed units to mix into a round of ``chosen`` units so that about ``rate`` of all its
    units are gold; none of them already among ``chosen``."""
    if rate <= 0:
        return []
    candidates = [pk for pk in keyed_units(project) if pk not in set(chosen)]
    wanted = math.ceil(len(chosen) * rate / (1 - rate))
    return sorted(random.Random(seed).sample(candidates, min(wanted, len(candidates))))


def interleaved(chosen: Sequence[int], gold: Sequence[int], *, seed: int) -> list[int]:
    """All units in one seeded order, so gold units sit anywhere in an annotator's queue."""
    units = [*chosen, *gold]
    random.Random(seed + 1).shuffle(units)
    return units


def gold_accuracy(round_: Round, annotator_id: int) -> tuple[int, float | None]:
    """(gold units scored, accuracy of sentence labels on them) of an annotator's submitted
    gold units in the round."""
    gold = set(GoldUnit.objects.filter(round=round_).values_list("topic_id", flat=True))
    done = dict(
        Assignment.objects.filter(
            round=round_,
            annotator_id=annotator_id,
            topic_id__in=gold,
            status=AssignmentStatus.SUBMITTED,
        ).values_list("id", "topic_id")
    )
    if not done:
        return 0, None
    key = unit_keys(round_.project_id, done.values())
    tally = Tally()
    for assignment_id, answers in assignments_answers(list(done)).items():
        score(answers, key, done[assignment_id], tally)
    return len(done), tally.accuracy()["sentence_label"]


def gold_check(*, assignment_id: int) -> bool:
    """After a submit: pause the annotator when the round has a threshold, the unit is a gold
    unit and their accuracy on enough gold units is below it. True when it paused them."""
    assignment = Assignment.objects.select_related("round__project").get(pk=assignment_id)
    round_ = assignment.round
    if (
        round_.pause_below is None
        or assignment.annotator_id is None
        or not GoldUnit.objects.filter(round=round_, topic_id=assignment.topic_id).exists()
    ):
        return False
    scored, accuracy = gold_accuracy(round_, assignment.annotator_id)
    if scored < MIN_SCORED_UNITS or accuracy is None or accuracy >= round_.pause_below:
        return False
    paused = Membership.objects.filter(
        project=round_.project,
        user_id=assignment.annotator_id,
        role=Role.ANNOTATOR,
        paused_at__isnull=True,
    ).update(paused_at=timezone.now(), paused_round=round_)
    if paused:
        from annotations.services.overlap import overlap_fill_automatic

        overlap_fill_automatic(project_id=round_.project_id)
        webhook_emit(
            project_id=round_.project_id,
            event=WebhookEvent.ANNOTATOR_PAUSED,
            data={
                "annotator": assignment.annotator.get_username() if assignment.annotator else "",
                "round": {"id": round_.pk, "name": round_.name},
                "gold_accuracy": accuracy,
                "pause_below": round_.pause_below,
            },
        )
    return bool(paused)
