"""The few hand-written statements of the workspace payload (docs/performance.md).

The payload is the request the workspace sends once per unit it opens. Through the queryset
API it took eleven queries, and compiling them cost more than PostgreSQL's work: the
assignment's seven-table ``select_related`` alone was ~25 % of the request. So the payload
reads with the plain statements below, in the style of ``services/save_sql.py``: portable
between PostgreSQL and SQLite, table names quoted by the backend, each statement built once.

Blinding holds here as in the rest of ``selectors/workspace.py``: no statement reads
``Summary.system``, ``Summary.external_id`` or document metadata, and every judgement read
is filtered to the requesting assignment.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import orjson
from django.db import connection

from annotations.models import (
    VISIBLE_ROUND_STATUSES,
    Assignment,
    AtomicFact,
    Document,
    ErrorTaxonomy,
    ErrorType,
    Feedback,
    GuidelineVersion,
    KeyFact,
    Project,
    Round,
    Summary,
    SummarySentence,
    TaxonomyVersion,
    Topic,
    Turn,
)
from annotations.sql import table


def _column(name: str) -> str:
    return connection.ops.quote_name(name)


@dataclass(frozen=True, slots=True)
class WorkspaceHeader:
    """The assignment with what the payload shows of its round, project and guideline."""

    pk: int
    status: str
    order_seed: int
    active_seconds: int
    topic_id: int
    round_id: int
    round_name: str
    round_kind: str
    round_status: str
    project_id: int
    project_slug: str
    project_name: str
    scheme: dict[str, bool]
    taxonomy_id: int
    guideline: dict[str, Any] | None
    has_feedback: bool  # unread feedback to the annotator in this round
    evidence_hints: bool  # the round shows evidence hints (when the scheme asks for spans)
    key_fact_source: str  # "" linguists write key facts; else the given list they align
    given_atomic_facts: bool  # linguists verify given atomic facts instead of writing them


@cache
def _header_sql() -> str:
    # The visibility rules of ``selectors.workspace.user_assignments`` (the user's own
    # assignment, in a round that is not a draft), so another's assignment is simply no row.
    # Four tables only: PostgreSQL's planning time grows quickly with the tables joined (all
    # seven the payload needs, with the siblings as subqueries: ~0.8 ms of planning for
    # ~0.1 ms of execution; these four: ~0.17 ms), so the taxonomy, topic and document are
    # read with the statements that need them anyway, and the siblings with the judgements.
    visible = ", ".join(f"'{s}'" for s in VISIBLE_ROUND_STATUSES)
    scheme = ", ".join(f"p.{field}" for field in Project.SCHEME_FIELDS)
    return (
        "SELECT a.id, a.status, a.order_seed, a.active_seconds, a.topic_id,"
        " r.id, r.name, r.kind, r.status, r.evidence_hints, r.key_fact_source,"
        " r.given_atomic_facts, p.slug, p.name, p.taxonomy_id,"
        " g.id, g.version, g.markdown,"
        f" EXISTS (SELECT 1 FROM {table(Feedback)} f WHERE f.annotator_id = a.annotator_id"
        " AND f.round_id = a.round_id AND f.read_at IS NULL), p.id,"
        f" {scheme}"
        f" FROM {table(Assignment)} a"
        f" JOIN {table(Round)} r ON r.id = a.round_id"
        f" JOIN {table(Project)} p ON p.id = r.project_id"
        f" LEFT JOIN {table(GuidelineVersion)} g ON g.id = r.guideline_version_id"
        f" WHERE a.id = %s AND a.annotator_id = %s AND r.status IN ({visible})"
    )


def workspace_header(assignment_id: int, user_id: int) -> WorkspaceHeader | None:
    """The user's assignment ``assignment_id`` in a visible round, or None (not theirs, a
    draft round's, or no such assignment)."""
    with connection.cursor() as cursor:
        cursor.execute(_header_sql(), [assignment_id, user_id])
        row = cursor.fetchone()
    if row is None:
        return None
    (
        pk,
        status,
        order_seed,
        active_seconds,
        topic_id,
        round_id,
        round_name,
        round_kind,
        round_status,
        round_hints,
        key_fact_source,
        given_atomic_facts,
        project_slug,
        project_name,
        taxonomy_id,
        guideline_id,
        guideline_version,
        guideline_markdown,
        has_feedback,
        project_id,
    ) = row[:20]
    fields = (field.removeprefix("ask_") for field in Project.SCHEME_FIELDS)
    return WorkspaceHeader(
        pk=pk,
        status=status,
        order_seed=order_seed,
        active_seconds=active_seconds,
        topic_id=topic_id,
        round_id=round_id,
        round_name=round_name,
        round_kind=round_kind,
        round_status=round_status,
        project_id=project_id,
        project_slug=project_slug,
        project_name=project_name,
        # SQLite returns booleans as integers.
        scheme={field: bool(value) for field, value in zip(fields, row[20:], strict=True)},
        evidence_hints=bool(round_hints),
        key_fact_source=key_fact_source,
        given_atomic_facts=bool(given_atomic_facts),
        taxonomy_id=taxonomy_id,
        guideline=None
        if guideline_id is None
        else {"version": guideline_version, "markdown": guideline_markdown},
        has_feedback=bool(has_feedback),
    )


TYPE_KEYS = ("id", "code", "name", "definition", "example", "parent")


@cache
def _taxonomy_sql() -> str:
    # Left joins, so that a taxonomy without types still has its name. A round that froze a
    # taxonomy version offers that version's types only: a type retired since stays in the
    # rounds that froze it, and a type retired before is not offered (docs/taxonomies.md).
    frozen = TaxonomyVersion.types.through
    return (
        "SELECT x.name, e.id, e.code, e.name, e.definition, e.example, e.parent_id"
        f" FROM {table(ErrorTaxonomy)} x LEFT JOIN {table(Round)} r ON r.id = %s"
        f" LEFT JOIN {table(ErrorType)} e ON e.taxonomy_id = x.id"
        " AND (r.taxonomy_version_id IS NULL OR EXISTS (SELECT 1"
        f" FROM {table(frozen)} v WHERE v.taxonomyversion_id = r.taxonomy_version_id"
        " AND v.errortype_id = e.id))"
        " WHERE x.id = %s ORDER BY e.position, e.id"
    )


def taxonomy(taxonomy_id: int, round_id: int | None = None) -> dict[str, Any]:
    """The taxonomy's name and its error types in order, with definitions and examples: those
    of the version ``round_id`` froze, when given and frozen."""
    with connection.cursor() as cursor:
        cursor.execute(_taxonomy_sql(), [round_id, taxonomy_id])
        rows = cursor.fetchall()
    return {
        "name": rows[0][0],
        "types": [dict(zip(TYPE_KEYS, row[1:], strict=True)) for row in rows if row[1] is not None],
    }


TURN_KEYS = ("id", "position", "speaker", "role", "text", "start", "end")


@cache
def _dialogue_sql() -> str:
    columns = ", ".join(f"u.{_column(key)}" for key in TURN_KEYS)  # "end" is a reserved word
    # A left join, so that a document without turns still has its title.
    return (
        f"SELECT t.name, d.title, d.external_id, {columns} FROM {table(Topic)} t"
        f" JOIN {table(Document)} d ON d.id = t.document_id"
        f" LEFT JOIN {table(Turn)} u ON u.document_id = d.id"
        " WHERE t.id = %s ORDER BY u.position"
    )


def dialogue(topic_id: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The payload's ``topic`` ({id, name}) and ``document`` ({title, turns}) of a unit."""
    with connection.cursor() as cursor:
        cursor.execute(_dialogue_sql(), [topic_id])
        rows = cursor.fetchall()
    name, title, external_id = rows[0][:3]
    turns = [dict(zip(TURN_KEYS, row[3:], strict=True)) for row in rows if row[3] is not None]
    return {"id": topic_id, "name": name}, {"title": title or external_id, "turns": turns}


@cache
def _summaries_sql() -> str:
    # A left join, so that a summary without sentences still appears.
    return (
        f"SELECT m.id, s.id, s.position, s.text, s.evidence_hints FROM {table(Summary)} m"
        f" LEFT JOIN {table(SummarySentence)} s ON s.summary_id = m.id"
        " WHERE m.topic_id = %s ORDER BY m.id, s.position, s.id"
    )


def unit_summaries(topic_id: int) -> dict[int, list[dict[str, Any]]]:
    """summary id -> its sentences in order ({id, number, text, hints}), summaries by id;
    ``hints`` is None where they were never computed."""
    summaries: dict[int, list[dict[str, Any]]] = {}
    with connection.cursor() as cursor:
        cursor.execute(_summaries_sql(), [topic_id])
        rows = cursor.fetchall()
    for summary_id, sentence_id, position, text, hints in rows:
        sentences = summaries.setdefault(summary_id, [])
        if sentence_id is not None:
            sentences.append(
                {"id": sentence_id, "number": position + 1, "text": text, "hints": _loaded(hints)}
            )
    return summaries


def _loaded(value: Any) -> Any:
    """A JSON column as Python: PostgreSQL's driver parses it, SQLite gives text."""
    return orjson.loads(value) if isinstance(value, str | bytes) else value


def given_key_facts(topic_id: int, source: str) -> list[dict[str, Any]]:
    """The unit's given key-fact list ``source``, in order: id, position, text."""
    return [
        {"id": pk, "position": position, "text": text}
        for pk, position, text in KeyFact.objects.filter(
            given_list__topic_id=topic_id, given_list__source=source
        )
        .order_by("position")
        .values_list("id", "position", "text")
    ]


def given_atomic_facts(topic_id: int) -> dict[int, list[dict[str, Any]]]:
    """Summary id -> its given atomic facts, in order: id, position, text."""
    facts: dict[int, list[dict[str, Any]]] = {}
    for summary_id, pk, position, text in (
        AtomicFact.objects.filter(given_for__topic_id=topic_id)
        .order_by("given_for_id", "position")
        .values_list("given_for_id", "id", "position", "text")
    ):
        facts.setdefault(summary_id, []).append({"id": pk, "position": position, "text": text})
    return facts
