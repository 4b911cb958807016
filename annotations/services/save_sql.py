"""The few hand-written statements of a save (docs/performance.md).

A save is the request the workspace sends most (ten or more per unit it opens), and the ORM's
query compilation cost more than PostgreSQL's work on these statements: the locking query with
its three-table join and membership ``EXISTS`` took ~1.9 ms through the queryset API against
~0.6 ms as plain SQL. So the save path reads with the plain statements below, and updates a
judgement and inserts its audit row with them too (~0.3 ms each through the ORM); it creates
a judgement's first row, which needs its new id back, with the ORM. They are portable between
PostgreSQL and SQLite (``FOR UPDATE`` is left out where the backend has no row locks: SQLite
serialises writers on its own).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from django.db import connection
from django.db.models import Field
from django.utils import timezone

from annotations.models import (
    Assignment,
    ErrorType,
    JudgementChange,
    Membership,
    Project,
    Role,
    Round,
    RoundStatus,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    SummarySentence,
    TopicJudgement,
)
from annotations.sql import table


@dataclass(frozen=True, slots=True)
class LockedAssignment:
    """What a save needs of the assignment it locked."""

    pk: int
    status: str
    topic_id: int
    round_open: bool
    guideline_version_id: int | None
    taxonomy_id: int
    is_annotator: bool


def _field(model: Any, name: str) -> Field[Any, Any]:
    """A concrete field of ``model`` by name or attname (never a reverse relation here)."""
    return cast("Field[Any, Any]", model._meta.get_field(name))


def _column_name(model: Any, name: str) -> str:
    return cast(str, _field(model, name).column)


def _for_update(alias: str) -> str:
    if not connection.features.has_select_for_update:
        return ""
    if connection.features.has_select_for_update_of:
        return f" FOR UPDATE OF {alias}"
    return " FOR UPDATE"


@cache
def _lock_sql() -> str:
    visible = ", ".join(f"'{s}'" for s in (RoundStatus.OPEN, RoundStatus.CLOSED))
    return (
        f"SELECT a.id, a.status, a.topic_id, r.status, r.guideline_version_id, p.taxonomy_id,"
        f" EXISTS (SELECT 1 FROM {table(Membership)} m WHERE m.project_id = r.project_id"
        f" AND m.user_id = %s AND m.role = '{Role.ANNOTATOR}')"
        f" FROM {table(Assignment)} a"
        f" JOIN {table(Round)} r ON r.id = a.round_id"
        f" JOIN {table(Project)} p ON p.id = r.project_id"
        f" WHERE a.id = %s AND a.annotator_id = %s AND r.status IN ({visible})" + _for_update("a")
    )


def lock_assignment(assignment_id: int, user_id: int) -> LockedAssignment | None:
    """Lock the user's assignment row (not the round's or project's) in a visible round, or
    None when there is no such assignment of theirs. Ownership, round visibility and project
    membership are checked in this one statement."""
    with connection.cursor() as cursor:
        cursor.execute(_lock_sql(), [user_id, assignment_id, user_id])
        row = cursor.fetchone()
    if row is None:
        return None
    pk, status, topic_id, round_status, guideline_id, taxonomy_id, is_annotator = row
    return LockedAssignment(
        pk=pk,
        status=status,
        topic_id=topic_id,
        round_open=round_status == RoundStatus.OPEN,
        guideline_version_id=guideline_id,
        taxonomy_id=taxonomy_id,
        is_annotator=bool(is_annotator),
    )


@dataclass(frozen=True, slots=True)
class SentenceRow:
    """A sentence's judgement as saved (``pk`` None: never saved)."""

    pk: int | None
    label: str
    explanation: str
    error_types: list[int]
    version: int


@cache
def _sentence_sql() -> str:
    through = SentenceJudgement.error_types.through
    return (
        f"SELECT j.id, j.label, j.explanation, j.version, t.errortype_id"
        f" FROM {table(SummarySentence)} s"
        f" JOIN {table(Summary)} m ON m.id = s.summary_id"
        f" LEFT JOIN {table(SentenceJudgement)} j ON j.sentence_id = s.id AND j.assignment_id = %s"
        f" LEFT JOIN {table(through)} t ON t.sentencejudgement_id = j.id"
        f" WHERE s.id = %s AND m.topic_id = %s"
    )


def sentence_row(assignment: LockedAssignment, sentence_id: int) -> SentenceRow:
    """The judgement of one sentence of the assignment's unit, with its error types, in one
    statement; raises ``SummarySentence.DoesNotExist`` when the sentence is not in the unit.

    Not ``FOR UPDATE`` (PostgreSQL refuses it on the nullable side of an outer join): every
    writer of an assignment's judgements holds the assignment's row lock first, and the
    UPDATE that follows is guarded by the version read here as well."""
    with connection.cursor() as cursor:
        cursor.execute(_sentence_sql(), [assignment.pk, sentence_id, assignment.topic_id])
        rows = cursor.fetchall()
    if not rows:
        raise SummarySentence.DoesNotExist
    pk, label, explanation, version, _ = rows[0]
    if pk is None:
        return SentenceRow(pk=None, label="", explanation="", error_types=[], version=0)
    types = sorted(row[4] for row in rows if row[4] is not None)
    return SentenceRow(
        pk=pk, label=label, explanation=explanation, error_types=types, version=version
    )


@cache
def _summary_sql() -> str:
    return (
        f"SELECT j.id, j.relevance, j.not_a_summary, j.comment, j.version"
        f" FROM {table(Summary)} m"
        f" LEFT JOIN {table(SummaryJudgement)} j ON j.summary_id = m.id AND j.assignment_id = %s"
        f" WHERE m.id = %s AND m.topic_id = %s"
    )


def summary_row(assignment: LockedAssignment, summary_id: int) -> dict[str, Any] | None:
    """The saved state of a summary's judgement (None: never saved; the same keys as
    ``summary_judgement_state`` plus ``id``); raises ``Summary.DoesNotExist`` when the summary
    is not in the unit."""
    with connection.cursor() as cursor:
        cursor.execute(_summary_sql(), [assignment.pk, summary_id, assignment.topic_id])
        row = cursor.fetchone()
    if row is None:
        raise Summary.DoesNotExist
    pk, relevance, not_a_summary, comment, version = row
    if pk is None:
        return None
    return {
        "id": pk,
        "summary": summary_id,
        "relevance": relevance,
        "not_a_summary": bool(not_a_summary),
        "comment": comment,
        "version": version,
    }


@cache
def _topic_sql() -> str:
    return f"SELECT id, category, version FROM {table(TopicJudgement)} WHERE assignment_id = %s"


def topic_row(assignment: LockedAssignment) -> dict[str, Any] | None:
    """The saved state of the topic's judgement (None: never saved), plus ``id``."""
    with connection.cursor() as cursor:
        cursor.execute(_topic_sql(), [assignment.pk])
        row = cursor.fetchone()
    if row is None:
        return None
    return {"id": row[0], "category": row[1], "version": row[2]}


def unknown_error_types(taxonomy_id: int, type_ids: list[int]) -> list[int]:
    """The ids among ``type_ids`` that are not types of the taxonomy, sorted."""
    wanted = set(type_ids)
    if not wanted:
        return []
    known = set(
        ErrorType.objects.filter(taxonomy_id=taxonomy_id, pk__in=wanted).values_list(
            "pk", flat=True
        )
    )
    return sorted(wanted - known)


@cache
def _update_sql(model: Any, columns: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(column)} = %s" for column in columns)
    return (
        f"UPDATE {table(model)} SET {assignments}, version = %s, updated_at = %s"
        " WHERE id = %s AND version = %s"
    )


def update_versioned(model: Any, pk: int, version: int, fields: dict[str, Any]) -> bool:
    """UPDATE one judgement row from ``version`` to ``version + 1`` with ``fields`` (field
    attnames, e.g. ``guideline_version_id``); False when its version was no longer
    ``version``. The same statement as ``filter(pk=, version=).update(...)``, without the
    queryset's compilation (~0.3 ms a save). Values are prepared by their model fields, as
    the ORM would (datetimes for SQLite, for instance)."""
    params = [
        _field(model, name).get_db_prep_save(value, connection) for name, value in fields.items()
    ]
    now = _field(model, "updated_at").get_db_prep_save(timezone.now(), connection)
    with connection.cursor() as cursor:
        cursor.execute(
            _update_sql(model, tuple(_column_name(model, name) for name in fields)),
            [*params, version + 1, now, pk, version],
        )
        return cursor.rowcount == 1


@cache
def _change_sql() -> str:
    # The audit row's id is not needed: no RETURNING (not every backend has it).
    quote = connection.ops.quote_name
    columns = ", ".join(quote(_column_name(JudgementChange, f)) for f in CHANGE_FIELDS)
    values = ", ".join("%s" for _ in CHANGE_FIELDS)
    return f"INSERT INTO {table(JudgementChange)} ({columns}) VALUES ({values})"


CHANGE_FIELDS = ("assignment", "kind", "object_id", "action", "actor", "at", "before", "after")


def insert_change(
    *,
    assignment_id: int,
    kind: str,
    object_id: int,
    action: str,
    actor_id: int,
    before: dict[str, Any] | None,
    after: dict[str, Any],
) -> None:
    """INSERT one ``JudgementChange`` (the audit row of a save), ``at`` now; the same row as
    ``JudgementChange.objects.create(...)``, values prepared by the model's fields (JSON for
    ``before``/``after``, the datetime for ``at``)."""
    values = (assignment_id, kind, object_id, action, actor_id, timezone.now(), before, after)
    params = [
        _field(JudgementChange, name).get_db_prep_save(value, connection)
        for name, value in zip(CHANGE_FIELDS, values, strict=True)
    ]
    with connection.cursor() as cursor:
        cursor.execute(_change_sql(), params)
