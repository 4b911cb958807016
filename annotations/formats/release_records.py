"""A release's ``records.csv`` read back as arrays (formats/writers/records.py writes it):
the table an evaluator's predictions are joined on. Pure: no Django.

Labels are coded for scoring with *inconsistent as the positive class*: 1 inconsistent,
0 consistent, -1 not judged. A summary's gold is inconsistent when any of its sentences is,
consistent when all are judged consistent, unknown otherwise (TofuEval's summary level).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass

import numpy as np
import pandas as pd

from annotations.formats.errors import FormatError
from annotations.formats.writers.records import COLUMNS, RECORDS_FILE

INCONSISTENT, CONSISTENT, UNJUDGED = 1, 0, -1


@dataclass(frozen=True, slots=True)
class SentenceRecords:
    """One entry per sentence record, in the file's order."""

    record_id: np.ndarray  # str
    summary: np.ndarray  # int: index into ``SummaryRecords``
    label: np.ndarray  # int8: 1 inconsistent, 0 consistent, -1 not judged
    error_types: tuple[tuple[str, ...], ...]
    unified_types: tuple[tuple[str, ...], ...]

    def __len__(self) -> int:
        return len(self.record_id)


@dataclass(frozen=True, slots=True)
class SummaryRecords:
    record_id: np.ndarray  # str
    document: np.ndarray  # int: one code per (corpus, doc_id), the bootstrap's cluster
    corpus: np.ndarray  # str
    doc_id: np.ndarray  # str: the document's external id
    topic: np.ndarray  # str: the topic's name
    topic_category: np.ndarray  # str: main | marginal | irrelevant | ""
    system: np.ndarray  # str
    split: np.ndarray  # str: dev | test | none
    label: np.ndarray  # int8, derived from the sentences

    def __len__(self) -> int:
        return len(self.record_id)


@dataclass(frozen=True, slots=True)
class ReleaseRecords:
    sentences: SentenceRecords
    summaries: SummaryRecords


def _types(cells: pd.Series, column: str) -> tuple[tuple[str, ...], ...]:
    # Most sentences have none: decode each distinct cell once.
    decoded = {cell: tuple(json.loads(cell)) if cell else () for cell in cells.unique()}
    try:
        return tuple(cells.map(decoded))
    except (ValueError, TypeError) as error:  # pragma: no cover - written by our writer
        raise FormatError(f"not a JSON list ({error})", file=RECORDS_FILE, field=column) from None


def read_release_records(data: bytes) -> ReleaseRecords:
    """Parse ``records.csv``; a FormatError names what is wrong."""
    frame = pd.read_csv(
        io.BytesIO(data), dtype=str, keep_default_na=False, na_filter=False, engine="c"
    )
    missing = [column for column in COLUMNS if column not in frame.columns]
    if missing:
        raise FormatError(f"missing columns {', '.join(missing)}", file=RECORDS_FILE)
    sentence_labels = np.full(len(frame), UNJUDGED, dtype=np.int8)
    sentence_labels[frame["label"].to_numpy() == "inconsistent"] = INCONSISTENT
    sentence_labels[frame["label"].to_numpy() == "consistent"] = CONSISTENT
    summary_codes, summary_ids = pd.factorize(frame["summary_record_id"], sort=False)
    first = pd.Series(np.arange(len(frame))).groupby(summary_codes).first().to_numpy()
    documents = pd.factorize(frame["corpus"] + "\x1f" + frame["doc_id"], sort=False)[0]
    # A summary: inconsistent if any sentence is; consistent if every one is judged so.
    any_bad = np.zeros(len(summary_ids), dtype=bool)
    np.logical_or.at(any_bad, summary_codes, sentence_labels == INCONSISTENT)
    any_unjudged = np.zeros(len(summary_ids), dtype=bool)
    np.logical_or.at(any_unjudged, summary_codes, sentence_labels == UNJUDGED)
    summary_labels = np.where(
        any_bad, INCONSISTENT, np.where(any_unjudged, UNJUDGED, CONSISTENT)
    ).astype(np.int8)
    return ReleaseRecords(
        sentences=SentenceRecords(
            record_id=frame["record_id"].to_numpy(dtype=str),
            summary=summary_codes,
            label=sentence_labels,
            error_types=_types(frame["error_types"], "error_types"),
            unified_types=_types(frame["unified_types"], "unified_types"),
        ),
        summaries=SummaryRecords(
            record_id=np.asarray(summary_ids, dtype=str),
            document=documents[first],
            corpus=frame["corpus"].to_numpy(dtype=str)[first],
            doc_id=frame["doc_id"].to_numpy(dtype=str)[first],
            topic=frame["topic"].to_numpy(dtype=str)[first],
            topic_category=frame["topic_category"].to_numpy(dtype=str)[first],
            system=frame["system"].to_numpy(dtype=str)[first],
            split=frame["split"].to_numpy(dtype=str)[first],
            label=summary_labels,
        ),
    )
