"""A round's progress for its admins (docs/api/admin.md): per annotator, and its units a page
at a time, each with every assignment's status and time.

The figures per annotator and the round's totals come from one aggregate query, its units
from its index; a page reads only its own units' assignments. Loading every
assignment of the round, as before, took 24-26 s for a round of 400,000
(docs/performance.md, "Admin pages at scale"). Five queries whatever the round's size (a
reference round's three read its published labels instead of people and units).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Q, Sum

from annotations.models import Assignment, AssignmentStatus, Round, RoundKind
from annotations.selectors.admin import published_labels
from annotations.selectors.paging import PageRequest, page_of
from annotations.selectors.people import display_name
from annotations.selectors.round_summaries import RoundCounts, round_summary


def round_progress(*, round: Round, asked: PageRequest) -> dict[str, Any]:
    per_person: list[Mapping[str, Any]] = list(
        Assignment.objects.filter(round=round)
        .values("annotator_id")
        .annotate(
            assigned=Count("id"),
            submitted=Count("id", filter=Q(status=AssignmentStatus.SUBMITTED)),
            in_progress=Count("id", filter=Q(status=AssignmentStatus.IN_PROGRESS)),
            active_seconds=Sum("active_seconds"),
        )
        .order_by()
    )
    # The round's totals from the same pass (a benchmark's labels have no annotator: their
    # group is None), its units from the index: one pass over the rows instead of two.
    counts = RoundCounts(
        units=Assignment.objects.filter(round=round).values("topic_id").distinct().count(),
        assignments=sum(row["assigned"] for row in per_person),
        submitted=sum(row["submitted"] for row in per_person),
    )
    # A reference round holds a benchmark's published labels: nobody's progress to show.
    reference = round.kind == RoundKind.REFERENCE
    page = page_of(0 if reference else counts.units, asked)
    return {
        "round": round_summary(round, counts),
        "annotators": [] if reference else _annotators(per_person),
        **page.fields(),
        "units": [] if reference else _units(round, page.start, page.stop),
        "published": published_labels(round=round) if reference else None,
    }


def _annotators(per_person: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    rows = [row for row in per_person if row["annotator_id"] is not None]
    people = get_user_model().objects.in_bulk([row["annotator_id"] for row in rows])
    return sorted(
        (
            {
                "username": people[row["annotator_id"]].get_username(),
                "display_name": display_name(people[row["annotator_id"]]),
                "assigned": row["assigned"],
                "submitted": row["submitted"],
                "in_progress": row["in_progress"],
                "active_seconds": row["active_seconds"] or 0,
            }
            for row in rows
        ),
        key=lambda row: row["username"],
    )


def _units(round_: Round, start: int, stop: int) -> list[dict[str, Any]]:
    """The units of the page, by topic id, with each person's assignment of it."""
    topic_ids = list(
        Assignment.objects.filter(round=round_)
        .values_list("topic_id", flat=True)
        .distinct()
        .order_by("topic_id")[start:stop]
    )
    units: dict[int, dict[str, Any]] = {}
    for pk, topic_id, status, seconds, username, name, title, external_id in (
        Assignment.objects.filter(round=round_, topic_id__in=topic_ids, annotator__isnull=False)
        .order_by("topic_id", "annotator__username")
        .values_list(
            "pk",
            "topic_id",
            "status",
            "active_seconds",
            "annotator__username",
            "topic__name",
            "topic__document__title",
            "topic__document__external_id",
        )
    ):
        unit = units.setdefault(
            topic_id,
            {
                "topic": topic_id,
                "topic_name": name,
                "document": title or external_id,
                "assignments": [],
            },
        )
        unit["assignments"].append(
            {
                "assignment": pk,
                "username": username,
                "status": status,
                "active_seconds": seconds,
            }
        )
    return list(units.values())
