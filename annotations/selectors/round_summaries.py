"""A round as the admin's screens list it, with its units, assignments and submitted
assignments counted (docs/api/admin.md).

The counts come from one pass over the index ``assignment_round_topic`` (round, topic,
status), grouped by round and unit: ~65 ms for 400,000 assignments on the benchmark's
machine, with no table row read. The ORM's ``Count(..., distinct=True)`` over the rounds
joined to their assignments, as before, sorted every assignment: 1.3-1.9 s for the project
overview of that benchmark (docs/performance.md, "Admin pages at scale").
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.db import connection

from annotations.models import Assignment, AssignmentStatus, Project, Round, RoundKind


@dataclass(frozen=True, slots=True)
class RoundCounts:
    units: int = 0
    assignments: int = 0
    submitted: int = 0


def round_counts(round_ids: Collection[int]) -> dict[int, RoundCounts]:
    """The counts of each round in ``round_ids`` that has assignments (one query)."""
    if not round_ids:
        return {}
    placeholders = ", ".join(["%s"] * len(round_ids))
    # Grouped by (round, unit) first, in the index's order, so counting units needs no
    # DISTINCT (which sorts) and the inner GROUP BY streams.
    sql = f"""
        SELECT round_id, COUNT(*), SUM(n), SUM(submitted) FROM (
            SELECT round_id, topic_id, COUNT(*) AS n,
                   SUM(CASE WHEN status = %s THEN 1 ELSE 0 END) AS submitted
            FROM {Assignment._meta.db_table}
            WHERE round_id IN ({placeholders})
            GROUP BY round_id, topic_id
        ) per_unit
        GROUP BY round_id
    """
    with connection.cursor() as cursor:
        cursor.execute(sql, [AssignmentStatus.SUBMITTED, *round_ids])
        return {
            round_id: RoundCounts(int(units), int(assignments), int(submitted))
            for round_id, units, assignments, submitted in cursor.fetchall()
        }


def round_summary(round_: Round, counts: RoundCounts) -> dict[str, Any]:
    """A round as listed (``AdminRoundOutput``); reads its project and guideline version."""
    return {
        "id": round_.pk,
        "project": round_.project.slug,
        "name": round_.name,
        "kind": round_.kind,
        "status": round_.status,
        "overlap": round_.overlap,
        "guideline_version": round_.guideline_version.version if round_.guideline_version else None,
        "units": counts.units,
        "assignments": counts.assignments,
        "submitted": counts.submitted,
        "created_at": round_.created_at,
        "opened_at": round_.opened_at,
        "closed_at": round_.closed_at,
        "evidence_hints": round_.evidence_hints,
        "key_fact_source": round_.key_fact_source,
        "given_atomic_facts": round_.given_atomic_facts,
    }


def project_rounds(project: Project) -> list[dict[str, Any]]:
    """The project's rounds, oldest first, counted: two queries whatever their size."""
    rounds = list(
        Round.objects.filter(project=project)
        # The adjudication round holds admins' gold values: not a round anyone works in.
        .exclude(kind=RoundKind.ADJUDICATION)
        .select_related("guideline_version", "project")
        .order_by("created_at", "id")
    )
    counts = round_counts([r.pk for r in rounds])
    return [round_summary(r, counts.get(r.pk, RoundCounts())) for r in rounds]


def round_listed(round_id: int) -> dict[str, Any]:
    """One round as listed, read again (after a change): two queries."""
    round_ = Round.objects.select_related("guideline_version", "project").get(pk=round_id)
    return round_summary(round_, round_counts([round_id]).get(round_id, RoundCounts()))
