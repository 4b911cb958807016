"""A corpus run's records read back from its parts (``CorpusRunPart``,
``formats/corpus_run_parts.py``): a whole run for the Judges page and the choice of units, or
only the parts holding some summaries for an assisted unit's reveal. One query either way.

A run is a snapshot of the corpus it was uploaded against. Records naming a summary or
sentence deleted since (only Django's admin deletes them) stay in its parts, and every reader
joins the records to the corpus as it is now, so they are never shown or scored.
"""

from __future__ import annotations

from collections.abc import Collection

from django.db.models import Q

from annotations.formats.corpus_run_parts import RunRecords, part_records
from annotations.models import CorpusRunPart

# Up to this many summaries are looked up part by part (an OR of ranges on the index); a
# larger set reads the whole run and filters it.
FEW_SUMMARIES = 64


def run_records(
    run_id: int, *, summaries: Collection[int] | None = None, extras: bool = False
) -> RunRecords:
    """The run's records, sorted by summary; with ``summaries``, only theirs; with
    ``extras``, their explanations, error types, spans and evidence too (the JSON is not
    even read otherwise)."""
    parts = CorpusRunPart.objects.filter(run_id=run_id)
    if summaries is not None:
        if not summaries:
            return RunRecords()
        if len(summaries) <= FEW_SUMMARIES:
            covering = Q()
            for summary in summaries:
                covering |= Q(first_summary__lte=summary, last_summary__gte=summary)
            parts = parts.filter(covering)
        else:
            parts = parts.filter(
                first_summary__lte=max(summaries), last_summary__gte=min(summaries)
            )
    columns = ("records", "arrays", "extras") if extras else ("records", "arrays")
    records = RunRecords.joined(
        [
            part_records(row[0], bytes(row[1]), row[2] if extras else None)
            for row in parts.order_by("number").values_list(*columns).iterator(chunk_size=64)
        ]
    )
    return records if summaries is None else records.of_summaries(summaries)


def runs_records(run_ids: Collection[int]) -> dict[int, RunRecords]:
    """Each run's records (verdicts only: no extras), in one query."""
    found: dict[int, list[RunRecords]] = {run_id: [] for run_id in run_ids}
    for run_id, count, arrays in (
        CorpusRunPart.objects.filter(run_id__in=list(run_ids))
        .order_by("run_id", "number")
        .values_list("run_id", "records", "arrays")
        .iterator(chunk_size=64)
    ):
        found[run_id].append(part_records(count, bytes(arrays)))
    return {run_id: RunRecords.joined(parts) for run_id, parts in found.items()}
