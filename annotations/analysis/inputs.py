"""The arrays the analyses read, from a release: its sentence records (``records.npz``, else
``records.csv``: labels, error types, corpus, document, topic, topic category, system) and,
per summary, what those records do not hold: gold relevance and the FineSurE scores. Those
come from the native JSONL (``native/*.jsonl``) when the release has it; else completeness
and conciseness from ``scores.csv`` (every release has it) and relevance is unknown.

While a release is built, ``SummaryExtras`` collects the same per-summary values from the
rows as they stream past, in the records' order, so the build reads nothing back.

Pure: no Django (the archive is a ``zipfile.ZipFile``).
"""

from __future__ import annotations

import io
import json
import zipfile
from array import array
from dataclasses import dataclass

import numpy as np
import pandas as pd

from annotations.analysis.error_rates import TOPIC_TYPES, ErrorRateInput, topic_type_of
from annotations.formats.errors import FormatError
from annotations.formats.release_records import (
    ReleaseRecords,
    read_record_arrays,
    read_release_records,
)
from annotations.formats.writers.encoding import restored
from annotations.formats.writers.record_arrays import RECORD_ARRAYS_FILE, as_id_bytes
from annotations.formats.writers.records import RECORDS_FILE
from annotations.formats.writers.rows import SummaryRow, record_id

SCORES_FILE = "scores.csv"
NO_RELEVANCE = "relevance: this release has no native JSONL, which alone carries the gold relevance"


@dataclass(frozen=True)
class Extras:
    """Per summary of the records (same order): nan where unknown."""

    relevance: np.ndarray
    completeness: np.ndarray
    conciseness: np.ndarray


class SummaryExtras:
    """Push collector: ``add(row)`` for every row the records writers see; summaries without
    sentences are skipped as records.npz skips them, so the values line up with it."""

    def __init__(self) -> None:
        self._values = array("d")

    def add(self, row: SummaryRow) -> None:
        if not row.sentences:
            return
        self._values.extend(
            [_or_nan(row.relevance), _or_nan(row.completeness), _or_nan(row.conciseness)]
        )

    def extras(self) -> Extras:
        values = np.frombuffer(self._values, dtype=np.float64).reshape(-1, 3)
        return Extras(values[:, 0].copy(), values[:, 1].copy(), values[:, 2].copy())


def _or_nan(value: float | None) -> float:
    return float("nan") if value is None else float(value)


def analysis_input(records: ReleaseRecords, extras: Extras) -> ErrorRateInput:
    """The error-rate input of a release's records and its summaries' extras."""
    summaries = records.summaries
    if len(extras.relevance) != len(summaries):
        raise ValueError(f"{len(extras.relevance)} extras for {len(summaries)} summaries")
    corpus_codes, corpus_values = summaries.coded["corpus"]
    doc_codes, doc_values = summaries.coded["doc_id"]
    topic_codes, topic_values = summaries.coded["topic"]
    category_codes, category_values = summaries.coded["topic_category"]
    # The (dialogue, topic) unit: corpus, document and topic codes as one number.
    unit = (corpus_codes.astype(np.int64) * max(len(doc_values), 1) + doc_codes) * max(
        len(topic_values), 1
    ) + topic_codes
    types_of_category = np.array(
        [TOPIC_TYPES.index(topic_type_of(str(c))) for c in category_values.tolist()],
        dtype=np.int64,
    )
    return ErrorRateInput(
        unit=unit,
        system=summaries.coded["system"],
        corpus=(corpus_codes, corpus_values),
        topic_type=(
            types_of_category[category_codes] if len(category_values) else category_codes,
            np.array(TOPIC_TYPES),
        ),
        relevance=extras.relevance,
        completeness=extras.completeness,
        conciseness=extras.conciseness,
        sentence_summary=records.sentences.summary,
        sentence_label=records.sentences.label,
        sentence_types=records.sentences.error_types,
    )


def read_release_input(archive: zipfile.ZipFile) -> tuple[ErrorRateInput, list[str]]:
    """A published release's arrays; the notes say what the release lacks."""
    names = set(archive.namelist())
    if RECORD_ARRAYS_FILE in names:
        with archive.open(RECORD_ARRAYS_FILE) as stream:
            records = read_record_arrays(stream.read())
    elif RECORDS_FILE in names:
        with archive.open(RECORDS_FILE) as stream:
            records = read_release_records(stream)
    else:
        raise FormatError("the release has neither records.npz nor records.csv", file="release")
    notes: list[str] = []
    n = len(records.summaries)
    relevance = np.full(n, np.nan)
    completeness = np.full(n, np.nan)
    conciseness = np.full(n, np.nan)
    native = sorted(
        name for name in names if name.startswith("native/") and name.endswith(".jsonl")
    )
    if native:
        keys: list[str] = []
        values: list[tuple[float, float, float]] = []
        for name in native:
            with archive.open(name) as stream:
                for line_number, line in enumerate(io.TextIOWrapper(stream, "utf-8"), 1):
                    try:
                        record = json.loads(line)
                        keys.append(
                            record_id(
                                record["corpus"],
                                record["doc_id"],
                                record["topic"],
                                record["summary_id"],
                            )
                        )
                        values.append(
                            (
                                _or_nan(record["relevance"]),
                                _or_nan(record["completeness"]),
                                _or_nan(record["conciseness"]),
                            )
                        )
                    except (ValueError, KeyError, TypeError) as error:
                        raise FormatError(
                            f"not a native record ({error})", file=name, line=line_number
                        ) from None
        _fill(records, keys, np.array(values).reshape(-1, 3), relevance, completeness, conciseness)
    elif SCORES_FILE in names:
        notes.append(NO_RELEVANCE)
        with archive.open(SCORES_FILE) as stream:
            table = pd.read_csv(
                stream,
                dtype={c: str for c in ("corpus", "doc_id", "topic", "system", "summary_id")},
                keep_default_na=False,
                na_values={"completeness": [""], "conciseness": [""]},
            )
        score_keys = [
            record_id(restored(c), restored(d), restored(t), restored(s))
            for c, d, t, s in zip(
                table["corpus"], table["doc_id"], table["topic"], table["summary_id"], strict=True
            )
        ]
        score_values = np.column_stack(
            [
                np.full(len(table), np.nan),
                table["completeness"].to_numpy(dtype=float),
                table["conciseness"].to_numpy(dtype=float),
            ]
        )
        _fill(records, score_keys, score_values, relevance, completeness, conciseness)
    return analysis_input(records, Extras(relevance, completeness, conciseness)), notes


def _fill(
    records: ReleaseRecords,
    keys: list[str],
    values: np.ndarray,
    relevance: np.ndarray,
    completeness: np.ndarray,
    conciseness: np.ndarray,
) -> None:
    """Put each keyed summary's values at its record's index (summaries without sentences
    have no record and are skipped)."""
    if not keys:
        return
    found = records.summaries.record_id.find(as_id_bytes(keys))
    hit = found >= 0
    relevance[found[hit]] = values[hit, 0]
    completeness[found[hit]] = values[hit, 1]
    conciseness[found[hit]] = values[hit, 2]
