"""The one lock every writer of an assignment's judgements takes first.

Contract: ``assignment_lock`` locks the user's assignment row (not its round's or project's)
until the transaction ends, so a save, a submit and a reopen of one assignment serialise;
two first saves of one item can therefore never both insert. It checks ownership, round
visibility and project membership in the same statement, and refuses what is read-only.
Callers must be inside ``transaction.atomic``.

It is one plain statement (docs/performance.md): through the queryset API, its three-table
join and membership ``EXISTS`` cost ~1.9 ms of compilation against ~0.6 ms as SQL.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.db import connection

from annotations.kinds import round_scheme
from annotations.models import (
    VISIBLE_ROUND_STATUSES,
    Assignment,
    AssignmentStatus,
    Membership,
    Project,
    Role,
    Round,
    RoundKind,
    is_read_only,
)
from annotations.sql import table


class ReadOnly(Exception):
    """The assignment is submitted or its round is not open."""


class NotAnnotator(Exception):
    """The user no longer has the project role the round needs (annotator; reviewer in a
    review round; admin in the adjudication round), or is paused and the assignment is not
    started."""


@dataclass(frozen=True, slots=True)
class LockedAssignment:
    """What a writer needs of the assignment it locked."""

    pk: int
    status: str
    round_id: int
    topic_id: int
    order_seed: int
    round_status: str
    guideline_version_id: int | None
    taxonomy_id: int
    scheme: dict[str, bool]
    is_annotator: bool
    # The round's completeness and atomic-fact modes (given lists or written ones).
    key_fact_source: str = ""
    given_atomic_facts: bool = False
    round_kind: str = RoundKind.PRODUCTION
    # The taxonomy version the round froze (None: a round from before versions existed).
    taxonomy_version_id: int | None = None
    # Assisted rounds: this pair's model verdicts are revealed after each label is saved.
    assisted: bool = False
    # What checks read of the unit, once per transaction (``kinds.spec.unit_memo``).
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def read_only(self) -> bool:
        return is_read_only(status=self.status, round_status=self.round_status)


def _for_update(alias: str) -> str:
    # SQLite has no row locks: it serialises writers on its own.
    if not connection.features.has_select_for_update:
        return ""
    if connection.features.has_select_for_update_of:
        return f" FOR UPDATE OF {alias}"
    return " FOR UPDATE"


@cache
def _lock_sql() -> str:
    visible = ", ".join(f"'{s}'" for s in VISIBLE_ROUND_STATUSES)
    scheme = ", ".join(f"p.{field}" for field in Project.SCHEME_FIELDS)
    # The role a round's assignments need (docs/review.md).
    role = (
        f"CASE r.kind WHEN '{RoundKind.REVIEW}' THEN '{Role.REVIEWER}'"
        f" WHEN '{RoundKind.ADJUDICATION}' THEN '{Role.ADMIN}' ELSE '{Role.ANNOTATOR}' END"
    )
    return (
        "SELECT a.id, a.status, a.topic_id, a.order_seed, r.status, r.guideline_version_id,"
        " r.key_fact_source, r.given_atomic_facts, r.id, r.kind, a.stage,"
        f" p.taxonomy_id, r.taxonomy_version_id, EXISTS (SELECT 1 FROM {table(Membership)} m"
        f" WHERE m.project_id = r.project_id AND m.user_id = %s AND m.role = {role}"
        # A paused annotator finishes what they started but starts nothing new.
        f" AND (m.paused_at IS NULL OR a.status <> '{AssignmentStatus.ASSIGNED}')),"
        f" a.assisted, {scheme}"
        f" FROM {table(Assignment)} a"
        f" JOIN {table(Round)} r ON r.id = a.round_id"
        f" JOIN {table(Project)} p ON p.id = r.project_id"
        f" WHERE a.id = %s AND a.annotator_id = %s AND r.status IN ({visible})" + _for_update("a")
    )


def assignment_lock(assignment_id: int, user_id: int) -> LockedAssignment:
    """Lock the user's editable assignment ``assignment_id`` (see the module's contract).

    Raises ``Assignment.DoesNotExist`` when it is not theirs or not in a visible round (the
    API answers 404, so nobody learns it exists), ``ReadOnly`` and ``NotAnnotator``."""
    with connection.cursor() as cursor:
        cursor.execute(_lock_sql(), [user_id, assignment_id, user_id])
        row = cursor.fetchone()
    if row is None:
        raise Assignment.DoesNotExist
    pk, status, topic_id, order_seed, round_status, guideline_id, *modes = row[:8]
    round_id, round_kind, stage, taxonomy_id, taxonomy_version_id, member = row[8:14]
    keys = (field.removeprefix("ask_") for field in Project.SCHEME_FIELDS)
    # SQLite returns booleans as integers.
    scheme = {key: bool(value) for key, value in zip(keys, row[15:], strict=True)}
    locked = LockedAssignment(
        pk=pk,
        status=status,
        round_id=round_id,
        topic_id=topic_id,
        order_seed=order_seed,
        round_status=round_status,
        guideline_version_id=guideline_id,
        taxonomy_id=taxonomy_id,
        scheme=round_scheme(scheme, round_kind=round_kind, stage=stage),
        is_annotator=bool(member),
        key_fact_source=modes[0],
        given_atomic_facts=bool(modes[1]),
        round_kind=round_kind,
        taxonomy_version_id=taxonomy_version_id,
        assisted=bool(row[14]),
    )
    if locked.read_only:
        raise ReadOnly
    if not locked.is_annotator:
        raise NotAnnotator
    return locked
