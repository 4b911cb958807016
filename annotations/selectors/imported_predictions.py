"""The predictions an import kept in summaries' metadata (AggreFact's ``*_score`` columns,
FaithBench's detector scores, Label Studio's predictions), written as a run file keyed by a
release's record ids, so ``evaluator_upload --imported NAME`` stores them as an evaluator
run with every check an uploaded file gets (docs/formats/imports.md, "Predictions").

Record ids are computed as the release writers compute them (a hash of corpus, document,
topic and summary, and the sentence number), never looked up by database id.
"""

from __future__ import annotations

from typing import Any

from annotations.formats.writers.encoding import CsvValue, csv_text
from annotations.formats.writers.rows import record_id
from annotations.models import Release, Summary, SummarySentence


def imported_predictions(*, release: Release, name: str) -> tuple[bytes, int]:
    """A CSV run file (``record_id`` and ``score``, or ``label`` for sentence labels) of the
    predictions kept under ``name`` for the release's project, and how many rows it has."""
    summaries: dict[int, tuple[str, str, str, str, Any]] = {}
    for pk, corpus, document, topic, external_id, system, metadata in (
        Summary.objects.filter(
            topic__document__corpus__project=release.project,
            metadata__predictions__has_key=name,
        )
        .order_by("pk")
        .values_list(
            "pk",
            "topic__document__corpus__slug",
            "topic__document__external_id",
            "topic__name",
            "external_id",
            "system",
            "metadata",
        )
    ):
        prediction = metadata["predictions"][name]
        summaries[pk] = (corpus, document, topic, external_id or system, prediction)
    numbers: dict[int, list[int]] = {}
    for summary_id, position, source_index in (
        SummarySentence.objects.filter(summary_id__in=summaries)
        .order_by("summary_id", "position")
        .values_list("summary_id", "position", "source_index")
    ):
        numbers.setdefault(summary_id, []).append(
            source_index if source_index is not None else position + 1
        )
    by_sentence = any(isinstance(p, dict) and "sentences" in p for *_, p in summaries.values())
    table: list[list[CsvValue]] = [["record_id", "label" if by_sentence else "score"]]
    for summary_id, (*where, prediction) in summaries.items():
        if by_sentence:
            labels = prediction.get("sentences", []) if isinstance(prediction, dict) else []
            for number, label in zip(numbers.get(summary_id, []), labels, strict=False):
                if label is not None:
                    table.append([record_id(*where, number), label])
        elif isinstance(prediction, dict) and "score" in prediction:
            table.append([record_id(*where), prediction["score"]])
    return csv_text(table).encode("utf-8"), len(table) - 1
