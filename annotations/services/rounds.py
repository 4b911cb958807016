"""Writes to rounds: creating assignments and opening/closing. See docs/rounds.md."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from annotations.models import Assignment, Round, RoundStatus


class RoundError(ValueError):
    pass


def order_seed(*, round_seed: int, topic_id: int, annotator_id: int) -> int:
    """A stable per-(round, unit, annotator) seed for the order of the unit's summaries, so
    each annotator sees the summaries in their own order, the same on every visit."""
    digest = hashlib.sha256(f"{round_seed}:{topic_id}:{annotator_id}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@transaction.atomic
def round_assign_units(
    *, round: Round, topic_ids: Sequence[int], annotators: Sequence[AbstractBaseUser]
) -> list[Assignment]:
    """Give each unit to exactly ``round.overlap`` distinct annotators, balancing load: each
    unit goes to the annotators with the fewest units so far (ties broken by their order)."""
    if round.status == RoundStatus.CLOSED:
        raise RoundError(f"round {round.name!r} is closed; its assignments cannot change")
    if len({a.pk for a in annotators}) < round.overlap:
        raise RoundError(
            f"an overlap of {round.overlap} needs at least {round.overlap} distinct annotators,"
            f" got {len({a.pk for a in annotators})}"
        )
    load = {a.pk: Assignment.objects.filter(round=round, annotator=a).count() for a in annotators}
    order = {a.pk: index for index, a in enumerate(annotators)}
    existing = set(
        Assignment.objects.filter(round=round, topic_id__in=topic_ids).values_list(
            "topic_id", "annotator_id"
        )
    )
    created = []
    for topic_id in topic_ids:
        holders = {annotator for topic, annotator in existing if topic == topic_id}
        missing = round.overlap - len(holders)
        candidates = sorted(
            (pk for pk in load if pk not in holders), key=lambda pk: (load[pk], order[pk])
        )
        for annotator_id in candidates[: max(missing, 0)]:
            created.append(
                Assignment(
                    round=round,
                    topic_id=topic_id,
                    annotator_id=annotator_id,
                    order_seed=order_seed(
                        round_seed=round.seed, topic_id=topic_id, annotator_id=annotator_id
                    ),
                )
            )
            load[annotator_id] += 1
    return Assignment.objects.bulk_create(created)


@transaction.atomic
def round_open(*, round: Round) -> Round:
    if round.status != RoundStatus.DRAFT:
        raise RoundError(f"round {round.name!r} is {round.status}; only a draft round can open")
    if round.guideline_version_id is None:
        raise RoundError(
            f"round {round.name!r} needs a guideline version to freeze before it opens"
        )
    round.status = RoundStatus.OPEN
    round.opened_at = timezone.now()
    round.save(update_fields=["status", "opened_at"])
    return round
