"""Keeping a round's ``UnitDisagreement`` rows current: which units its raters answer
differently, and on how many sentences and summaries (docs/api/admin.md, "Disagreements").

Counting them from every submitted judgement on each request took 36-53 s for a round of
500,000 sentence judgements (docs/performance.md, "Admin pages at scale"). Instead each unit
with two or more submitted raters has a row, and a unit is counted again only when its
submitted assignments changed since: their number (a submit adds one, a reopen takes one
away) or their latest submit time (a unit reopened and submitted again). One statement finds
those units from the index ``assignment_submitted``; while nothing changed it is the only
one. An assignment written outside the services with no submit time is counted again each
time, which is right, only slower.

No lock: two refreshes at once write the same rows (the second's inserts are ignored); rows
counted from a newer state than their fingerprint, or the reverse, differ from the next
fingerprint and are counted again then.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, F, Max, Min, Q

from annotations.models import (
    Assignment,
    AssignmentStatus,
    Round,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
    UnitDisagreement,
)

# Past this many units to count again, count the whole round rather than bind their ids.
WHOLE_ROUND = 2000


def unit_disagreements_refresh(*, round: Round) -> int:
    """Count again the units of ``round`` whose submitted assignments changed, and drop the
    rows of units no longer submitted by two; returns how many units changed."""
    changed, gone = _stale(round.pk)
    if not changed and not gone:
        return 0
    with transaction.atomic():
        UnitDisagreement.objects.filter(round=round, topic_id__any={*changed, *gone}).delete()
        if changed:
            UnitDisagreement.objects.bulk_create(
                _counted(round, changed), batch_size=5000, ignore_conflicts=True
            )
    return len(changed) + len(gone)


def _stale(round_id: int) -> tuple[set[int], set[int]]:
    """(units to count again, units whose row goes) in one statement."""
    assignments = Assignment._meta.db_table
    rows = UnitDisagreement._meta.db_table
    submitted = f"""
        SELECT topic_id, COUNT(*) AS raters, MAX(submitted_at) AS last
        FROM {assignments}
        WHERE round_id = %s AND status = %s AND annotator_id IS NOT NULL
        GROUP BY topic_id HAVING COUNT(*) >= 2
    """
    # A NULL submit time never matches, so such a unit is always counted again.
    sql = f"""
        SELECT s.topic_id, 1 FROM ({submitted}) s
        LEFT JOIN {rows} u ON u.round_id = %s AND u.topic_id = s.topic_id
        WHERE u.id IS NULL OR u.raters <> s.raters OR s.last IS NULL
           OR u.last_submitted_at IS NULL OR u.last_submitted_at <> s.last
        UNION ALL
        SELECT u.topic_id, 0 FROM {rows} u
        LEFT JOIN ({submitted}) s ON s.topic_id = u.topic_id
        WHERE u.round_id = %s AND s.topic_id IS NULL
    """
    status = AssignmentStatus.SUBMITTED
    with connection.cursor() as cursor:
        cursor.execute(sql, [round_id, status, round_id, round_id, status, round_id])
        found = cursor.fetchall()
    changed = {topic for topic, again in found if again}
    return changed, {topic for topic, again in found if not again}


def _counted(round_: Round, topics: set[int]) -> list[UnitDisagreement]:
    """The rows of ``topics``: their fingerprint and what differs, from aggregate queries."""
    submitted = Assignment.objects.filter(
        round=round_, status=AssignmentStatus.SUBMITTED, annotator__isnull=False
    )
    # Every rater's judgements of the units, by the filter on their assignment.
    people: dict[str, Any] = {
        "assignment__round": round_,
        "assignment__status": AssignmentStatus.SUBMITTED,
        "assignment__annotator__isnull": False,
    }
    if len(topics) <= WHOLE_ROUND:
        submitted = submitted.filter(topic_id__any=topics)
        people["assignment__topic_id__any"] = topics
    unit = "assignment__topic_id"
    sentences = Counter(
        SentenceJudgement.objects.filter(**people)
        .values(unit, "sentence_id")
        .annotate(low=Min("label"), high=Max("label"))
        .filter(high__gt=F("low"))
        .values_list(unit, flat=True)
    )
    # A summary differs as the unit view shows it: in relevance (which may be unanswered,
    # NULL: an answer and none differ too) or in "not a summary" (one flagged it, one not).
    summaries = Counter(
        SummaryJudgement.objects.filter(**people)
        .values(unit, "summary_id")
        .annotate(
            n=Count("id"),
            answered=Count("relevance"),
            low=Min("relevance"),
            high=Max("relevance"),
            flagged=Count("id", filter=Q(not_a_summary=True)),
        )
        .filter(
            Q(high__gt=F("low"))
            | Q(answered__gt=0, answered__lt=F("n"))
            | Q(flagged__gt=0, flagged__lt=F("n"))
        )
        .values_list(unit, flat=True)
    )
    categories = set(
        TopicJudgement.objects.filter(**people)
        .values(unit)
        .annotate(low=Min("category"), high=Max("category"))
        .filter(high__gt=F("low"))
        .values_list(unit, flat=True)
    )
    return [
        UnitDisagreement(
            round=round_,
            topic_id=topic_id,
            raters=raters,
            last_submitted_at=last,
            sentences=sentences[topic_id],
            summaries=summaries[topic_id],
            topic_category=topic_id in categories,
        )
        for topic_id, raters, last in submitted.values("topic_id")
        .annotate(raters=Count("id"), last=Max("submitted_at"))
        .filter(raters__gte=2)
        .values_list("topic_id", "raters", "last")
        .order_by()
        if topic_id in topics
    ]
