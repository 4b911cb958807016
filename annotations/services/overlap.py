"""Keep a round's exact overlap when people change (issue 33 §3, docs/rounds.md "Keeping the
overlap").

A unit of an overlapping round is meant to be judged by exactly ``overlap`` people. A gold-unit
pause or an admin's pause leaves the paused person's unstarted units waiting for someone who
cannot open them, and a removal deletes them (services/people.py): either way the unit would
end with fewer labels than the round promised. This module finds those units and gives each
to annotators of the round who have not seen it, least loaded first, under the round's lock
(the same lock ``round_assign_units`` takes, so two fills, or a fill and an assignment, never
give a unit to more than ``overlap`` people). Each fill is one audited ``PeopleChange``.

A holder counts when their assignment is started or submitted (its labels will exist whatever
happens to them), or when they are an active annotator of the project. An unstarted assignment
of a paused or removed person is *stalled*: a fill deletes it (nothing was saved in it) and
gives the unit to someone else.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Exists, OuterRef

from annotations.models import (
    ANNOTATION_ROUND_KINDS,
    Assignment,
    AssignmentStatus,
    JudgementChange,
    Membership,
    PeopleAction,
    PeopleChange,
    Role,
    Round,
    RoundStatus,
)
from annotations.services.rounds import order_seed


@dataclass(frozen=True)
class ShortUnit:
    topic_id: int
    holders: int  # people whose labels on it will exist
    missing: int  # overlap - holders
    stalled: tuple[int, ...]  # unstarted assignments of paused or removed people


@dataclass
class OverlapState:
    overlap: int
    short: list[ShortUnit] = field(default_factory=list)
    # Active annotators of the round (those a unit can go to).
    candidates: int = 0


@dataclass
class FillResult:
    units: int = 0  # units brought back to the overlap
    assignments: int = 0  # assignments created
    released: int = 0  # stalled assignments deleted
    # Units that stay short: no active annotator of the round is left who has not seen them.
    unfillable: list[int] = field(default_factory=list)


def _applies(round_: Round) -> bool:
    return (
        round_.kind in ANNOTATION_ROUND_KINDS
        and round_.status == RoundStatus.OPEN
        and round_.overlap >= 1
    )


def _rows(round_: Round) -> list[tuple[int, int, int, str, bool]]:
    """(assignment, unit, annotator, status, started) of the round's annotator assignments:
    one query."""
    started = Exists(JudgementChange.objects.filter(assignment_id=OuterRef("pk")))
    return list(
        Assignment.objects.filter(round=round_, annotator__isnull=False)
        .annotate(started=started)
        .values_list("pk", "topic_id", "annotator_id", "status", "started")
        .order_by("topic_id", "pk")
    )


def _active(round_: Round) -> set[int]:
    return set(
        Membership.objects.filter(
            project_id=round_.project_id, role=Role.ANNOTATOR, paused_at__isnull=True
        ).values_list("user_id", flat=True)
    )


def _short(
    round_: Round, rows: list[tuple[int, int, int, str, bool]], active: set[int]
) -> list[ShortUnit]:
    holders: dict[int, int] = defaultdict(int)
    stalled: dict[int, list[int]] = defaultdict(list)
    for pk, topic_id, annotator_id, status, started in rows:
        if started or status != AssignmentStatus.ASSIGNED or annotator_id in active:
            holders[topic_id] += 1
        else:
            stalled[topic_id].append(pk)
    units = sorted({row[1] for row in rows})
    return [
        ShortUnit(unit, holders[unit], round_.overlap - holders[unit], tuple(stalled[unit]))
        for unit in units
        if holders[unit] < round_.overlap
    ]


def overlap_state(round_: Round) -> OverlapState:
    """The round's short units, in three queries whatever its size."""
    state = OverlapState(overlap=round_.overlap)
    if not _applies(round_):
        return state
    rows = _rows(round_)
    active = _active(round_)
    state.short = _short(round_, rows, active)
    state.candidates = len({annotator for _, _, annotator, _, _ in rows} & active)
    return state


@transaction.atomic
def overlap_fill(*, round_: Round, actor: AbstractBaseUser | None) -> FillResult:
    """Bring every short unit of the round back to its overlap (see the module's docstring).
    ``actor`` None: the automatic fill after a pause or a removal."""
    locked = Round.objects.select_for_update().get(pk=round_.pk)
    result = FillResult()
    if not _applies(locked):
        return result
    rows = _rows(locked)
    active = _active(locked)
    short = _short(locked, rows, active)
    if not short:
        return result
    pool = sorted({annotator for _, _, annotator, _, _ in rows} & active)
    load: dict[int, int] = defaultdict(int)
    seen: dict[int, set[int]] = defaultdict(set)
    for _, topic_id, annotator_id, _, _ in rows:
        seen[topic_id].add(annotator_id)
        load[annotator_id] += 1
    released: list[int] = []
    created: list[Assignment] = []
    for unit in short:
        chosen = sorted(
            (pk for pk in pool if pk not in seen[unit.topic_id]), key=lambda pk: (load[pk], pk)
        )[: unit.missing]
        if len(chosen) < unit.missing:
            result.unfillable.append(unit.topic_id)
        else:
            result.units += 1
        # A stalled assignment goes only when someone takes its place: a unit nobody can take
        # keeps it, so resuming its holder is still a way to finish the unit.
        released.extend(unit.stalled[: len(chosen)])
        for annotator_id in chosen:
            load[annotator_id] += 1
            created.append(
                Assignment(
                    round=locked,
                    topic_id=unit.topic_id,
                    annotator_id=annotator_id,
                    order_seed=order_seed(
                        round_seed=locked.seed, topic_id=unit.topic_id, annotator_id=annotator_id
                    ),
                )
            )
    Assignment.objects.filter(pk__in=released).delete()
    Assignment.objects.bulk_create(created)
    result.assignments = len(created)
    result.released = len(released)
    PeopleChange.objects.create(
        project_id=locked.project_id,
        action=PeopleAction.REASSIGN,
        actor_id=actor.pk if actor else None,
        actor_name=actor.get_username() if actor else "",
        subject_name="",
        # The shape of a people change (roles, paused) with the reassignment's own figures;
        # the units by id, for an admin who asks which.
        before=None,
        after={
            "roles": [],
            "paused": False,
            "round": locked.name,
            "round_id": locked.pk,
            "short_units": [u.topic_id for u in short],
            "automatic": actor is None,
            "assignments": result.assignments,
            "released_assignments": result.released,
            "unfillable_units": result.unfillable,
        },
    )
    return result


def overlap_fill_automatic(*, project_id: int) -> None:
    """After a pause or a removal: fill the short units of the project's open rounds that
    asked for it (``Round.auto_reassign``), in the caller's transaction."""
    for round_ in Round.objects.filter(
        project_id=project_id, status=RoundStatus.OPEN, auto_reassign=True
    ).order_by("pk"):
        overlap_fill(round_=round_, actor=None)


def describe(result: FillResult) -> dict[str, Any]:
    return {
        "units": result.units,
        "assignments": result.assignments,
        "released_assignments": result.released,
        "unfillable_units": result.unfillable,
    }
