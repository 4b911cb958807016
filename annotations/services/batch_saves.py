"""A batch's saves written together: the one save pipeline, its statements shared.

``judgement_save_batch`` (services/judgements.py) sends a batch here when its entries are
independent of each other: no target twice, no kind whose ``prepare`` reads other saved rows.
Each entry still goes through the pipeline's own steps and rules, in order: the kind allowed
in this round, its target in the unit, its saved state, its validation (``judgement_plan``:
id sets, child collections, the kind's check) and its own version check, so a stale entry gets
its own 409 and an invalid one its 400 while the others are saved; each saved entry gets its
own audit row with its before and after. What is shared is the statements: one read of the
saved states per kind, one taxonomy look-up per id set, one versioned ``UPDATE`` and one
``INSERT`` per kind, one ``DELETE`` and one ``INSERT`` per id set, one audit ``INSERT``
(docs/performance.md: a batch of N saves costs the same dozen statements whatever N).
Child collections (error spans with their evidence, key facts) likewise: one DELETE and one
INSERT per level of nesting; what a kind's check reads of the unit (sentence and turn
lengths, the taxonomy's types) is read once per batch (``kinds.spec.unit_memo``).

No savepoints: nothing is written before every entry has been checked, and the one write that
could still find a version moved (the ``UPDATE``, whose ``WHERE`` repeats the version check
for a writer that did not take the assignment's lock; none does) comes first for its row, so
an entry it refuses has written nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db import connection

from annotations.kinds import Kind
from annotations.kinds.rows import (
    children_replace_many,
    id_sets_replace_many,
    saved_state,
    saved_states_of,
    update_versioned_many,
)
from annotations.kinds.spec import Child, IdSet
from annotations.models import Assignment, AssignmentStatus, Summary, SummarySentence
from annotations.services.assignment_lock import LockedAssignment
from annotations.services.assisted import reveal_marks
from annotations.services.audit import change_records
from annotations.services.judgements import (
    BatchOutcome,
    BatchSave,
    InvalidJudgement,
    Planned,
    StaleVersion,
    judgement_allowed,
    judgement_fields,
    judgement_plan,
)


def batch_independent(saves: Sequence[BatchSave]) -> bool:
    """Whether the saves can be checked before any is written: each target once (a second
    save of it must see the first one's version), and no ``prepare`` (it reads saved rows
    that an earlier entry may change)."""
    targets = {(save.kind.model, save.target_id) for save in saves}
    return len(targets) == len(saves) and all(save.kind.prepare is None for save in saves)


def batch_write(
    locked: LockedAssignment, *, actor_id: int, saves: Sequence[BatchSave]
) -> list[BatchOutcome]:
    """Save independent saves (``batch_independent``) of the locked assignment, each
    checked on its own; return each one's new state or why it was not saved, in order."""
    outcomes: list[BatchOutcome | None] = [None] * len(saves)
    for number, save in enumerate(saves):
        try:
            judgement_allowed(save.kind, locked)
        except (InvalidJudgement, ObjectDoesNotExist) as refused:
            outcomes[number] = refused
    live = [number for number, outcome in enumerate(outcomes) if outcome is None]
    saved = _saved(locked, [saves[number] for number in live])
    unknown = _unknown_ids(locked, [saves[number] for number in live])
    plans: dict[int, Planned] = {}
    for number in live:
        save = saves[number]
        found = saved.get((save.kind, save.target_id))
        if found is None:
            missing = SummarySentence if save.kind.target == "sentence" else Summary
            outcomes[number] = missing.DoesNotExist()
            continue
        pk, state = found

        def unknown_of(id_set: IdSet, ids: list[int], kind: Kind = save.kind) -> list[int]:
            return sorted(set(ids) & unknown.get((kind, id_set.name), set()))

        try:
            plans[number] = judgement_plan(
                save.kind,
                locked,
                version=save.version,
                changes=save.changes,
                target_id=save.target_id,
                pk=pk,
                saved=state,
                unknown_ids=unknown_of,
            )
        except (StaleVersion, InvalidJudgement, ObjectDoesNotExist) as refused:
            outcomes[number] = refused
    for number, stale in _write_rows(locked, plans).items():
        outcomes[number] = stale
        del plans[number]
    _write_id_sets(list(plans.values()))
    _write_children(list(plans.values()))
    records = [plans[number].audit(actor_id) for number in sorted(plans)]
    if locked.assisted:
        marked = reveal_marks(locked, plans.values())
        for record, number in zip(records, sorted(plans), strict=True):
            record["after_reveal"] = (
                plans[number].kind.key == "sentence" and record["object_id"] in marked
            )
    change_records(records)
    if plans and locked.status == AssignmentStatus.ASSIGNED:
        Assignment.objects.filter(pk=locked.pk).update(status=AssignmentStatus.IN_PROGRESS)
    for number, plan in plans.items():
        outcomes[number] = plan.after
    done = [outcome for outcome in outcomes if outcome is not None]
    assert len(done) == len(saves), "every entry is saved or refused"
    return done


def _saved(
    locked: LockedAssignment, saves: list[BatchSave]
) -> dict[tuple[Kind, int | None], tuple[int | None, dict[str, Any] | None]]:
    """(kind, target) -> (row id, saved state) of every target in the unit: one statement
    per kind (a unit kind's target is the assignment itself)."""
    targets: dict[Kind, list[int]] = {}
    found: dict[tuple[Kind, int | None], tuple[int | None, dict[str, Any] | None]] = {}
    for save in saves:
        if save.kind.target_field is None:
            found[(save.kind, None)] = saved_state(
                save.kind,
                assignment_id=locked.pk,
                topic_id=locked.topic_id,
                target_id=None,
                scheme=locked.scheme,
            )
        else:
            assert save.target_id is not None
            targets.setdefault(save.kind, []).append(save.target_id)
    for kind, ids in targets.items():
        states = saved_states_of(
            kind,
            assignment_id=locked.pk,
            topic_id=locked.topic_id,
            target_ids=ids,
            scheme=locked.scheme,
        )
        found.update({(kind, target): state for target, state in states.items()})
    return found


def _unknown_ids(
    locked: LockedAssignment, saves: list[BatchSave]
) -> dict[tuple[Kind, str], set[int]]:
    """Per kind and id set, the ids the saves name that the project's taxonomy does not
    know: one look-up for all the entries."""
    named: dict[tuple[Kind, IdSet], set[int]] = {}
    for save in saves:
        for id_set in save.kind.id_sets:
            if id_set.name in save.changes:
                named.setdefault((save.kind, id_set), set()).update(save.changes[id_set.name])
    return {
        (kind, id_set.name): set(id_set.unknown(locked, sorted(ids)))
        for (kind, id_set), ids in named.items()
        if ids
    }


def _write_rows(locked: LockedAssignment, plans: dict[int, Planned]) -> dict[int, StaleVersion]:
    """Update the saved rows (one versioned ``UPDATE`` per kind) and create the new ones (one
    ``INSERT`` per kind), setting each plan's row id; the entries whose row had moved on."""
    refused: dict[int, StaleVersion] = {}
    updates: dict[Kind, list[int]] = {}
    creates: dict[Kind, list[int]] = {}
    for number, plan in plans.items():
        (creates if plan.pk is None else updates).setdefault(plan.kind, []).append(number)
    for kind, numbers in updates.items():
        rows = [
            (
                plans[number].pk,
                plans[number].saved_version,
                judgement_fields(kind, locked, plans[number].after),
            )
            for number in numbers
        ]
        written = update_versioned_many(kind.model, rows)  # type: ignore[arg-type]
        for number in numbers:
            if plans[number].pk not in written:
                refused[number] = StaleVersion({"version": plans[number].saved_version})
    for kind, numbers in creates.items():
        created = [
            kind.model(  # type: ignore[misc]
                assignment_id=locked.pk,
                version=1,
                **({} if kind.target_field is None else {kind.target_field: plans[n].target_id}),
                **judgement_fields(kind, locked, plans[n].after),
            )
            for n in numbers
        ]
        if connection.features.can_return_rows_from_bulk_insert:
            kind.model.objects.bulk_create(created)  # type: ignore[attr-defined]
        else:
            for row in created:
                row.save(force_insert=True)
        for number, row in zip(numbers, created, strict=True):
            plans[number] = replace(plans[number], pk=row.pk)
    return refused


def _write_children(plans: list[Planned]) -> None:
    """Every plan's changed child collections: per kind and collection one DELETE and one
    INSERT per level of nesting."""
    changes: dict[tuple[Kind, Child], list[tuple[int, list[Any], list[Any]]]] = {}
    for plan in plans:
        assert plan.pk is not None
        for child in plan.changed_children:
            old = plan.saved[child.name] if plan.saved is not None else []
            if old != plan.after[child.name]:
                changes.setdefault((plan.kind, child), []).append(
                    (plan.pk, old, plan.after[child.name])
                )
    for (_, child), rows in changes.items():
        children_replace_many(child, rows)


def _write_id_sets(plans: list[Planned]) -> None:
    """Every plan's id-set differences: per kind and id set one DELETE and one INSERT."""
    changes: dict[tuple[Kind, str], list[tuple[int, list[int], list[int]]]] = {}
    for plan in plans:
        assert plan.pk is not None
        for id_set in plan.kind.id_sets:
            old = plan.saved[id_set.name] if plan.saved is not None else []
            if old != plan.after[id_set.name]:
                changes.setdefault((plan.kind, id_set.name), []).append(
                    (plan.pk, old, plan.after[id_set.name])
                )
    for (kind, name), rows in changes.items():
        id_sets_replace_many(kind, name, rows)
