"""Given key-fact lists and given atomic facts, as imports write them (FineSurE's human key
facts, TofuEval's published key points, a reference summary's ACUs): one list per (unit,
source), usable as a round's fixed list (``Round.key_fact_source``), and the published
labels' reference sheets that copy them (docs/completeness.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils import timezone

from annotations.models import AtomicFact, KeyFact, KeyFactList, KeyFactSheet
from annotations.services.bulk import insert_rows

# A key fact as imported: its text without numbering, and whether it was published "N. text".
GivenFact = tuple[str, bool]


def given_lists_ensure(
    source: str, facts_by_topic: Mapping[int, Sequence[GivenFact]]
) -> dict[int, list[int]]:
    """The given list ``source`` of each topic, created with ``facts_by_topic``'s facts
    (numbered from 1) where the topic has none yet; topic id -> its facts' ids in order."""
    existing = set(
        KeyFactList.objects.filter(topic_id__in=facts_by_topic, source=source).values_list(
            "topic_id", flat=True
        )
    )
    new = [
        topic_id for topic_id, facts in facts_by_topic.items() if facts and topic_id not in existing
    ]
    now = timezone.now()
    list_ids = insert_rows(
        KeyFactList, ["topic_id", "source", "created_at"], [(t, source, now) for t in new]
    )
    insert_rows(
        KeyFact,
        ["given_list_id", "position", "text", "numbered"],
        [
            (list_id, position, text, numbered)
            for list_id, topic_id in zip(list_ids, new, strict=True)
            for position, (text, numbered) in enumerate(facts_by_topic[topic_id], start=1)
        ],
    )
    ids: dict[int, list[int]] = {topic_id: [] for topic_id in facts_by_topic}
    for pk, topic_id in (
        KeyFact.objects.filter(given_list__topic_id__in=facts_by_topic, given_list__source=source)
        .order_by("position")
        .values_list("pk", "given_list__topic_id")
    ):
        ids[topic_id].append(pk)
    return ids


def reference_sheets_insert(
    sheets: Sequence[tuple[int, Sequence[int]]],
) -> dict[int, int]:
    """A key-fact sheet for each (assignment, given fact ids) of a reference round, copying
    the given facts in order (the published labels' own list); assignment id -> sheet id."""
    sheets = [(assignment_id, ids) for assignment_id, ids in sheets if ids]
    sheet_ids = insert_rows(
        KeyFactSheet,
        ["assignment_id", "version", "updated_at"],
        [(assignment_id, 1, timezone.now()) for assignment_id, _ in sheets],
    )
    given = {
        pk: (position, text, numbered)
        for pk, position, text, numbered in KeyFact.objects.filter(
            pk__in=[pk for _, ids in sheets for pk in ids]
        ).values_list("pk", "position", "text", "numbered")
    }
    insert_rows(
        KeyFact,
        ["sheet_id", "given_id", "position", "text", "numbered"],
        [
            (sheet_id, pk, *given[pk])
            for sheet_id, (_, ids) in zip(sheet_ids, sheets, strict=True)
            for pk in ids
        ],
    )
    return {
        assignment_id: sheet_id
        for sheet_id, (assignment_id, _) in zip(sheet_ids, sheets, strict=True)
    }


def given_atomic_facts_ensure(facts_by_summary: Mapping[int, Sequence[str]]) -> int:
    """Each summary's given atomic facts (numbered from 1), where it has none yet; returns
    how many were written."""
    existing = set(
        AtomicFact.objects.filter(given_for_id__in=facts_by_summary).values_list(
            "given_for_id", flat=True
        )
    )
    rows = [
        (summary_id, position, text)
        for summary_id, texts in facts_by_summary.items()
        if summary_id not in existing
        for position, text in enumerate(texts, start=1)
    ]
    insert_rows(AtomicFact, ["given_for_id", "position", "text"], rows)
    return len(rows)
