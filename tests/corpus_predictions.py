"""Tests' view of a corpus run's stored records (annotations/formats/corpus_run_parts.py): as
one dict per record, as the rows they were before they became arrays in parts, and a writer
from such rows."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from annotations.formats.corpus_run_parts import SUMMARY_LEVEL, Extra, records_from_rows
from annotations.models import CorpusRun, CorpusRunPart
from annotations.selectors.corpus_run_records import run_records
from annotations.services.corpus_runs import store_run_records


def predictions_of(run: CorpusRun | int) -> list[dict[str, Any]]:
    """Every record of ``run``, by summary, then sentence (a summary's own first)."""
    records = run_records(run if isinstance(run, int) else run.pk, extras=True)
    rows = []
    for at in range(len(records)):
        sentence = int(records.sentence[at])
        verdict = records.verdict(at)
        rows.append(
            {
                "summary_id": int(records.summary[at]),
                "sentence_id": None if sentence == SUMMARY_LEVEL else sentence,
                **verdict,
                "label": verdict["label"] or "",
            }
        )
    return rows


def prediction_of(run: CorpusRun | int, sentence_id: int) -> dict[str, Any]:
    (found,) = [row for row in predictions_of(run) if row["sentence_id"] == sentence_id]
    return found


def all_predictions() -> list[dict[str, Any]]:
    """Every stored record of every run."""
    runs = CorpusRunPart.objects.values_list("run_id", flat=True).distinct()
    return [row for run in sorted(set(runs)) for row in predictions_of(run)]


def store_predictions(run: CorpusRun, rows: Iterable[dict[str, Any]]) -> None:
    """Store ``rows`` (dicts with ``summary_id``, optional ``sentence_id``, ``label``,
    ``score``, ``abstain``, ``explanation``, ``error_types``, ``spans``, ``evidence``) as
    ``run``'s parts, as an upload would."""
    store_run_records(
        run,
        records_from_rows(
            (
                row["summary_id"],
                row.get("sentence_id"),
                row.get("label", ""),
                row.get("score"),
                bool(row.get("abstain")),
                Extra(
                    row.get("explanation", ""),
                    tuple(row.get("error_types", ())),
                    tuple(tuple(span) for span in row.get("spans", ())),
                    tuple(row.get("evidence", ())),
                ),
            )
            for row in rows
        ),
    )
