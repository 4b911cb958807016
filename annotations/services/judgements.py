"""Writes of a linguist's judgements: the one save pipeline every kind goes through, submit,
and time on task (docs/kinds.md).

A save of any kind (``annotations.kinds``) runs these steps once, in one transaction:
lock the assignment (``assignment_lock``), read the target's saved row, validate, check the
version, write (create, or a versioned update), apply the id-set diffs, audit, and return
the new state. Every save names the version it edits (0 for "never saved"); since the row is
locked and its version compared before anything changes, two saves from the same version can
never both win: the second gets ``StaleVersion`` carrying the saved state, and nothing is
overwritten. Every change is recorded in ``JudgementChange`` with the state before and after.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.utils import timezone

from annotations.kinds import Kind, round_kinds, scheme_in_effect
from annotations.kinds.errors import InvalidJudgement
from annotations.kinds.rows import (
    canonical_children,
    children_replace,
    id_set_replace,
    saved_state,
    saved_states,
    state_of,
    update_versioned,
)
from annotations.kinds.spec import Child, IdSet
from annotations.models import (
    ITEM_ROUND_KINDS,
    Assignment,
    AssignmentStatus,
    ErrorType,
    JudgementChange,
    RoundItem,
    RoundKind,
    Summary,
    SummarySentence,
)
from annotations.models.webhooks import WebhookEvent
from annotations.selectors.workspace import ordered_summary_ids, summary_labels
from annotations.services.agreement_live import agreement_recompute_schedule
from annotations.services.assignment_lock import (
    LockedAssignment,
    NotAnnotator,
    ReadOnly,
    assignment_lock,
)
from annotations.services.assisted import reveal_marks
from annotations.services.audit import change_record
from annotations.services.gold_units import gold_check
from annotations.services.judges_live import judges_changed
from annotations.services.webhooks import webhook_emit

__all__ = [
    "BatchOutcome",
    "BatchSave",
    "Incomplete",
    "InvalidJudgement",
    "MissingItem",
    "NotAnnotator",
    "ReadOnly",
    "StaleVersion",
    "assignment_heartbeat",
    "assignment_submit",
    "judgement_save",
    "judgement_save_batch",
    "missing_items",
]

HEARTBEAT_CAP_SECONDS = 60
HEARTBEAT_SLACK_SECONDS = 5


class StaleVersion(Exception):
    """The save named a version that is no longer the saved one."""

    def __init__(self, current: dict[str, Any]) -> None:
        super().__init__("stale version")
        self.current = current


# A save body turned into changes, given the saved state (raises InvalidJudgement).
Derive = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]


@transaction.atomic
def judgement_save(
    kind: Kind,
    *,
    assignment_id: int,
    user: AbstractBaseUser,
    version: int,
    changes: dict[str, Any],
    target_id: int | None = None,
    derive: Derive | None = None,
) -> dict[str, Any]:
    """Save ``changes`` (any of the kind's scalars, id sets and child collections) to one
    target of the user's assignment, if ``version`` is the saved one; return the new state.
    ``derive`` first turns the request into changes from the saved state, under the lock."""
    locked = assignment_lock(assignment_id, user.pk)
    return judgement_write(
        kind,
        locked,
        actor_id=user.pk,
        version=version,
        changes=changes,
        target_id=target_id,
        derive=derive,
    )


@dataclass(frozen=True, slots=True)
class BatchSave:
    """One judgement of a batch: what ``judgement_save`` takes besides the assignment."""

    kind: Kind
    version: int
    changes: dict[str, Any]
    target_id: int | None = None


# What a batch entry came to: the new state, or why it was not saved (its own 409, 400 or 404).
BatchOutcome = dict[str, Any] | StaleVersion | InvalidJudgement | ObjectDoesNotExist


@transaction.atomic
def judgement_save_batch(
    *, assignment_id: int, user: AbstractBaseUser, saves: Sequence[BatchSave]
) -> list[BatchOutcome]:
    """Save several judgements of one assignment in one transaction, in order: the lock and
    membership check once, then each save through the pipeline with its own version check
    and audit row. A save that is stale, invalid or not of this unit is reported in its place
    and leaves nothing behind; the others are kept. A refusal of the whole assignment
    (``ReadOnly``, ``NotAnnotator``, not the user's) raises, as one save does.

    Independent saves (each target once, no ``prepare``: the workspace's batches) share their
    statements (``services.batch_saves``); otherwise each save runs ``judgement_write`` in
    its own savepoint, so a later save of a target sees the earlier one's version."""
    # Imported here: batch_saves builds on this module's pipeline steps.
    from annotations.services.batch_saves import batch_independent, batch_write

    locked = assignment_lock(assignment_id, user.pk)
    if batch_independent(saves):
        return batch_write(locked, actor_id=user.pk, saves=saves)
    outcomes: list[BatchOutcome] = []
    for save in saves:
        try:
            # A savepoint: a save that fails after writing part of its rows (a version that
            # lost its race in _write) leaves nothing of itself behind.
            with transaction.atomic():
                after = judgement_write(
                    save.kind,
                    locked,
                    actor_id=user.pk,
                    version=save.version,
                    changes=save.changes,
                    target_id=save.target_id,
                )
        except (StaleVersion, InvalidJudgement, ObjectDoesNotExist) as refused:
            outcomes.append(refused)
            continue
        outcomes.append(after)
        # The first save marked the assignment started; the next ones need not update it again.
        locked = replace(locked, status=AssignmentStatus.IN_PROGRESS)
    return outcomes


def judgement_write(
    kind: Kind,
    locked: LockedAssignment,
    *,
    actor_id: int,
    version: int,
    changes: dict[str, Any],
    target_id: int | None = None,
    derive: Derive | None = None,
) -> dict[str, Any]:
    """The pipeline after the lock: read the saved row, validate, check the version, write,
    audit, return the new state. Only ``judgement_save`` and ``judgement_save_batch`` call it,
    inside their transaction and holding ``locked``'s lock."""
    judgement_allowed(kind, locked)
    pk, saved = saved_state(
        kind,
        assignment_id=locked.pk,
        topic_id=locked.topic_id,
        target_id=target_id,
        scheme=locked.scheme,
    )
    planned = judgement_plan(
        kind,
        locked,
        version=version,
        changes=changes,
        target_id=target_id,
        pk=pk,
        saved=saved,
        derive=derive,
    )
    planned = replace(
        planned,
        pk=_write(
            kind,
            locked,
            pk=pk,
            target_id=target_id,
            version=planned.saved_version,
            values=planned.after,
        ),
    )
    judgement_children_write(planned)
    audit = planned.audit(actor_id)
    if locked.assisted:
        audit["after_reveal"] = bool(reveal_marks(locked, [planned]))
    change_record(**audit)
    if locked.status == AssignmentStatus.ASSIGNED:
        Assignment.objects.filter(pk=locked.pk).update(status=AssignmentStatus.IN_PROGRESS)
    return planned.after


def judgement_allowed(kind: Kind, locked: LockedAssignment) -> None:
    """Refuse a kind this assignment does not answer, before its target is looked up."""
    if kind not in round_kinds(locked.round_kind):
        # Review answers in an annotation round, or labels in a review round: not here.
        raise Assignment.DoesNotExist
    if kind.items_only and not kind.is_asked(locked.scheme):
        raise InvalidJudgement(
            {kind.key: [f"this assignment does not give the {kind.key.replace('_', ' ')}"]}
        )


@dataclass(frozen=True, slots=True)
class Planned:
    """A save that passed every check and is ready to write: its row (``pk`` None: to
    create), the saved state it edits and the state it writes."""

    kind: Kind
    assignment_id: int
    target_id: int | None
    pk: int | None
    saved: dict[str, Any] | None
    after: dict[str, Any]
    changed_children: tuple[Child, ...]

    @property
    def saved_version(self) -> int:
        return self.saved["version"] if self.saved is not None else 0

    def audit(self, actor_id: int) -> dict[str, Any]:
        """The ``change_record`` arguments of this save (once written: ``pk`` set)."""
        assert self.pk is not None
        return {
            "assignment_id": self.assignment_id,
            "kind": self.kind.audit_kind,
            "object_id": self.pk,
            "action": JudgementChange.Action.CREATE
            if self.saved is None
            else JudgementChange.Action.UPDATE,
            "actor_id": actor_id,
            "before": self.saved,
            "after": self.after,
        }


# Which of the ids an id set names are unknown to the taxonomy (sorted): ``IdSet.unknown``
# itself, or the batch's answer for all its entries at once.
UnknownIds = Callable[[IdSet, list[int]], list[int]]


def judgement_plan(
    kind: Kind,
    locked: LockedAssignment,
    *,
    version: int,
    changes: dict[str, Any],
    target_id: int | None,
    pk: int | None,
    saved: dict[str, Any] | None,
    derive: Derive | None = None,
    unknown_ids: UnknownIds | None = None,
) -> Planned:
    """Validate a save against its saved row (``pk``, ``saved``; None: never saved) and
    check its version: the state to write, or ``InvalidJudgement`` / ``StaleVersion``.
    Writes nothing; ``judgement_allowed`` comes first."""
    if derive is not None:
        # A request about part of the saved state is only meaningful on the version it saw.
        if version != (saved["version"] if saved is not None else 0):
            raise StaleVersion(saved or {"version": 0})
        changes = derive(saved or kind.empty_state(), changes)
    if kind.prepare is not None:
        changes = kind.prepare(locked, target_id, changes)
    for id_set in kind.id_sets:
        if id_set.name in changes:
            unknown = (
                unknown_ids(id_set, changes[id_set.name])
                if unknown_ids is not None
                else id_set.unknown(locked, changes[id_set.name])
            )
            if unknown:
                raise InvalidJudgement(
                    {
                        id_set.name: [
                            f"unknown {id_set.noun} id(s) {unknown} for this project's taxonomy"
                        ]
                    }
                )
    changed_children = [child for child in kind.children if child.name in changes]
    unasked = [child for child in changed_children if child not in kind.children_in(locked.scheme)]
    if unasked:
        raise InvalidJudgement(
            {
                child.name: [f"this project does not ask for {child.asked_by.replace('_', ' ')}"]
                for child in unasked
            }
        )
    if changed_children and kind.check is not None:
        errors = kind.check(locked, target_id, changes)
        if errors:
            raise InvalidJudgement(errors)
    saved_version = saved["version"] if saved is not None else 0
    if version != saved_version:
        raise StaleVersion(saved or {"version": 0})
    values = dict(saved) if saved is not None else kind.empty_state()
    values.update(changes)
    for child in changed_children:
        values[child.name] = canonical_children(child, values[child.name])
    for id_set in kind.id_sets:
        values[id_set.name] = sorted(set(values[id_set.name]))
    values["version"] = saved_version + 1
    return Planned(
        kind=kind,
        assignment_id=locked.pk,
        target_id=target_id,
        pk=pk,
        saved=saved,
        after=state_of(kind, target_id, values),
        changed_children=tuple(changed_children),
    )


def judgement_children_write(planned: Planned) -> None:
    """A written save's id-set differences and its changed child collections."""
    assert planned.pk is not None
    saved, after = planned.saved, planned.after
    for id_set in planned.kind.id_sets:
        old = saved[id_set.name] if saved is not None else []
        id_set_replace(planned.kind, id_set.name, planned.pk, old, after[id_set.name])
    for child in planned.changed_children:
        old = saved[child.name] if saved is not None else []
        if old != after[child.name]:
            children_replace(child, planned.pk, old, after[child.name])


def judgement_fields(
    kind: Kind, locked: LockedAssignment, values: dict[str, Any]
) -> dict[str, Any]:
    """The row's columns a save writes besides its version: the scalars and, for a kind
    that records it, the round's guideline version."""
    fields = {name: values[name] for name in kind.scalars}
    if kind.stamps_guideline:
        fields["guideline_version_id"] = locked.guideline_version_id
    return fields


def _write(
    kind: Kind,
    locked: LockedAssignment,
    *,
    pk: int | None,
    target_id: int | None,
    version: int,
    values: dict[str, Any],
) -> int:
    """Create the row (version 1) or update it from ``version``; return its id."""
    fields = judgement_fields(kind, locked, values)
    if pk is None:
        target = {} if kind.target_field is None else {kind.target_field: target_id}
        return kind.model.objects.create(  # type: ignore[attr-defined]
            assignment_id=locked.pk, version=1, **target, **fields
        ).pk
    # The assignment's row lock already serialises its saves; the version in the WHERE
    # clause makes a writer that did not take it (none does) lose with a 409.
    if not update_versioned(kind.model, pk, version, fields):
        raise StaleVersion({"version": version})
    return pk


@dataclass(frozen=True, slots=True)
class MissingItem:
    summary: str | None
    sentence: int | None
    item: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "summary": self.summary,
            "sentence": self.sentence,
            "item": self.item,
            "message": self.message,
        }


class Incomplete(Exception):
    def __init__(self, missing: list[MissingItem]) -> None:
        super().__init__(f"{len(missing)} items are missing")
        self.missing = missing


def missing_items(
    *,
    assignment_id: int,
    topic_id: int,
    order_seed: int,
    scheme: dict[str, bool],
    round_id: int | None = None,
    round_kind: str = RoundKind.PRODUCTION,
) -> list[MissingItem]:
    """What the scheme asks that this assignment has not answered, in reading order: by
    summary letter as this annotator sees them, then sentence number, then the unit's own
    questions. Each kind's completion rule (its spec) decides; nothing else does. In a
    review or error-typing round only the round's items are asked about."""
    kinds = round_kinds(round_kind)
    items = (
        set(RoundItem.objects.filter(round_id=round_id).values_list("sentence_id", flat=True))
        if round_kind in ITEM_ROUND_KINDS and round_id is not None
        else None
    )
    states = saved_states(kinds, [assignment_id], scheme=scheme).get(assignment_id, {})
    by_target: dict[str, dict[int | None, dict[str, Any]]] = {
        kind.key: {
            (state[kind.target] if kind.target_field else None): state
            for state in states.get(kind.key, [])
        }
        for kind in kinds
    }
    summaries = list(Summary.objects.filter(topic_id=topic_id).values_list("id", flat=True))
    order = ordered_summary_ids(summaries, seed=order_seed)
    letters = dict(zip(order, summary_labels(len(order)), strict=True))
    sentences: dict[int, list[tuple[int, int]]] = {summary_id: [] for summary_id in order}
    for pk, summary_id, position in SummarySentence.objects.filter(
        summary__topic_id=topic_id
    ).values_list("id", "summary_id", "position"):
        sentences[summary_id].append((position, pk))

    def missing(
        target_name: str, target: int | None, where: str, **place: Any
    ) -> list[MissingItem]:
        return [
            MissingItem(
                place.get("summary"), place.get("sentence"), item, f"{where}: {kind.message(item)}"
            )
            for kind in kinds
            if kind.target == target_name
            for item in kind.missing_items(by_target[kind.key].get(target), scheme)
        ]

    def missing_of_unit_in(summary_id: int, letter: str) -> list[MissingItem]:
        return [
            MissingItem(letter, None, item, f"Summary {letter}: {kind.message(item)}")
            for kind in kinds
            if kind.missing_in_summary is not None and kind.is_asked(scheme)
            for item in kind.missing_in_summary(by_target[kind.key].get(None), summary_id, scheme)
        ]

    result: list[MissingItem] = []
    for summary_id in order:
        letter = letters[summary_id]
        for position, sentence_id in sorted(sentences[summary_id]):
            if items is not None and sentence_id not in items:
                continue
            where = f"Summary {letter}, sentence {position + 1}"
            result += missing("sentence", sentence_id, where, summary=letter, sentence=position + 1)
        result += missing("summary", summary_id, f"Summary {letter}", summary=letter)
        result += missing_of_unit_in(summary_id, letter)
    result += missing("unit", None, "Topic")
    return result


@transaction.atomic
def assignment_submit(*, assignment_id: int, user: AbstractBaseUser) -> None:
    locked = assignment_lock(assignment_id, user.pk)
    has_types = ErrorType.objects.filter(taxonomy_id=locked.taxonomy_id).exists()
    missing = missing_items(
        assignment_id=locked.pk,
        topic_id=locked.topic_id,
        order_seed=locked.order_seed,
        scheme=scheme_in_effect(locked.scheme, taxonomy_has_types=has_types),
        round_id=locked.round_id,
        round_kind=locked.round_kind,
    )
    if missing:
        raise Incomplete(missing)
    Assignment.objects.filter(pk=locked.pk).update(
        status=AssignmentStatus.SUBMITTED, submitted_at=timezone.now()
    )
    change_record(
        assignment_id=locked.pk,
        kind="assignment",
        object_id=locked.pk,
        action=JudgementChange.Action.SUBMIT,
        actor_id=user.pk,
        before=None,
        after={"status": AssignmentStatus.SUBMITTED},
    )
    webhook_emit(
        round_id=locked.round_id,
        event=WebhookEvent.UNIT_SUBMITTED,
        data={
            "assignment": locked.pk,
            "round": locked.round_id,
            "topic": locked.topic_id,
            "annotator": user.get_username(),
        },
    )
    # A gold unit scores the annotator, who may be paused (docs/quality.md).
    gold_check(assignment_id=locked.pk)
    # The round's agreement report is recomputed shortly after, debounced; the task is sent
    # only once this commits and never runs in this request (services/agreement_live.py).
    agreement_recompute_schedule(round_id=locked.round_id)
    judges_changed(round_id=locked.round_id)  # and the Judges page (services/judges_live.py)


@transaction.atomic
def assignment_heartbeat(*, assignment_id: int, seconds: int) -> int:
    """Add active time: at most a minute per beat, and never more than the time since the
    previous beat (plus a little slack for network jitter)."""
    assignment = (
        Assignment.objects.select_for_update(of=("self",))
        .select_related("round")
        .get(pk=assignment_id)
    )
    if assignment.read_only:
        return assignment.active_seconds
    now = timezone.now()
    credit = min(max(seconds, 0), HEARTBEAT_CAP_SECONDS)
    if assignment.last_heartbeat_at is not None:
        elapsed = (now - assignment.last_heartbeat_at) / timedelta(seconds=1)
        credit = min(credit, int(elapsed) + HEARTBEAT_SLACK_SECONDS)
    assignment.active_seconds += credit
    assignment.last_heartbeat_at = now
    assignment.save(update_fields=["active_seconds", "last_heartbeat_at"])
    return assignment.active_seconds
