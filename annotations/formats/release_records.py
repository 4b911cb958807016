"""A release's ``records.csv`` read back as arrays (formats/writers/records.py writes it):
the table an evaluator's predictions are joined on. Pure: no Django.

Labels are coded for scoring with *inconsistent as the positive class*: 1 inconsistent,
0 consistent, -1 not judged. A summary's gold is inconsistent when any of its sentences is,
consistent when all are judged consistent, unknown otherwise (TofuEval's summary level).
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

import numpy as np
import pandas as pd

from annotations.formats.errors import FormatError
from annotations.formats.writers.records import COLUMNS, RECORDS_FILE

INCONSISTENT, CONSISTENT, UNJUDGED = 1, 0, -1


class IdIndex:
    """Record ids as compact bytes, sorted once, so an upload's million ids are found by a
    binary search (tens of MB) instead of a hash table of Python strings (hundreds)."""

    def __init__(self, ids: np.ndarray) -> None:
        self.ids = ids  # bytes (dtype S), in the records' order
        self._order = np.argsort(ids, kind="stable")
        self._sorted = ids[self._order]

    def __len__(self) -> int:
        return len(self.ids)

    def find(self, wanted: np.ndarray) -> np.ndarray:
        """Each wanted id's index (``wanted``: dtype S), or -1."""
        if not len(self._sorted):
            return np.full(len(wanted), -1, dtype=np.int64)
        at = np.minimum(np.searchsorted(self._sorted, wanted), len(self._sorted) - 1)
        return np.where(self._sorted[at] == wanted, self._order[at], -1)

    def text(self, index: int) -> str:
        return bytes(self.ids[index]).decode("utf-8")

    def __getitem__(self, which: Any) -> np.ndarray:
        """The ids at ``which`` (an index array or mask), as text."""
        return np.char.decode(self.ids[which], "utf-8")

    def __iter__(self) -> Iterator[str]:
        return iter(self.tolist())

    def tolist(self) -> list[str]:
        return [bytes(value).decode("utf-8") for value in self.ids]


@dataclass(frozen=True, slots=True)
class SentenceRecords:
    """One entry per sentence record, in the file's order."""

    record_id: IdIndex
    summary: np.ndarray  # int: index into ``SummaryRecords``
    label: np.ndarray  # int8: 1 inconsistent, 0 consistent, -1 not judged
    error_types: tuple[tuple[str, ...], ...]
    unified_types: tuple[tuple[str, ...], ...]

    def __len__(self) -> int:
        return len(self.label)


@dataclass(frozen=True, slots=True)
class SummaryRecords:
    record_id: IdIndex
    document: np.ndarray  # int: one code per (corpus, doc_id), the bootstrap's cluster
    corpus: np.ndarray  # str
    doc_id: np.ndarray  # str: the document's external id
    topic: np.ndarray  # str: the topic's name
    topic_category: np.ndarray  # str: main | marginal | irrelevant | ""
    system: np.ndarray  # str
    split: np.ndarray  # str: dev | test | none
    label: np.ndarray  # int8, derived from the sentences

    def __len__(self) -> int:
        return len(self.label)


@dataclass(frozen=True, slots=True)
class ReleaseRecords:
    sentences: SentenceRecords
    summaries: SummaryRecords


def as_id_bytes(ids: list[str] | np.ndarray) -> np.ndarray:
    """Ids as UTF-8 bytes (dtype S), the form ``IdIndex`` searches."""
    return np.char.encode(np.asarray(ids, dtype=str), "utf-8")


def _decoded(
    cells: pd.Series, cache: dict[str, tuple[str, ...]], column: str
) -> list[tuple[str, ...]]:
    # Most sentences have none, and the rest share a few sets: decode each distinct once.
    for cell in cells.unique():
        if cell not in cache:
            try:
                cache[cell] = tuple(json.loads(cell)) if cell else ()
            except ValueError as error:
                raise FormatError(
                    f"not a JSON list ({error})", file=RECORDS_FILE, field=column
                ) from None
    return list(cells.map(cache))


# Rows parsed at a time: a million-row file is read in bounded memory.
CHUNK_ROWS = 100_000
SUMMARY_FIELDS = ("corpus", "doc_id", "topic", "topic_category", "system", "split")


def read_release_records(data: bytes | IO[bytes]) -> ReleaseRecords:
    """Parse ``records.csv`` (its bytes, or a stream: a release's archive member is read in
    chunks without holding the file) in chunks; a FormatError names what is wrong."""
    try:
        chunks = pd.read_csv(
            io.BytesIO(data) if isinstance(data, bytes) else data,
            dtype=object,
            keep_default_na=False,
            na_filter=False,
            engine="c",
            chunksize=CHUNK_ROWS,
        )
    except (pd.errors.ParserError, pd.errors.EmptyDataError) as error:
        raise FormatError(f"not a CSV file ({error})", file=RECORDS_FILE) from None
    ids: list[np.ndarray] = []
    owners: list[np.ndarray] = []
    labels: list[np.ndarray] = []
    error_types: list[tuple[str, ...]] = []
    unified_types: list[tuple[str, ...]] = []
    type_cache: dict[str, tuple[str, ...]] = {}
    # The writer puts a summary's sentences on consecutive rows: a summary starts where the
    # summary id changes. Its fields are taken from that row, as compact arrays per chunk.
    summary_fields: dict[str, list[np.ndarray]] = {name: [] for name in ("id", *SUMMARY_FIELDS)}
    previous = None
    n_summaries = 0
    for chunk in chunks:
        missing = [column for column in COLUMNS if column not in chunk.columns]
        if missing:
            raise FormatError(f"missing columns {', '.join(missing)}", file=RECORDS_FILE)
        if not len(chunk):
            continue
        label = chunk["label"].to_numpy()
        coded = np.full(len(chunk), UNJUDGED, dtype=np.int8)
        coded[label == "inconsistent"] = INCONSISTENT
        coded[label == "consistent"] = CONSISTENT
        labels.append(coded)
        ids.append(as_id_bytes(chunk["record_id"].to_numpy(dtype=str)))
        summary_ids = chunk["summary_record_id"].to_numpy(dtype=str)
        starts = np.empty(len(chunk), dtype=bool)
        starts[0] = summary_ids[0] != previous
        starts[1:] = summary_ids[1:] != summary_ids[:-1]
        previous = summary_ids[-1]
        owners.append(n_summaries - 1 + np.cumsum(starts))
        n_summaries += int(starts.sum())
        summary_fields["id"].append(as_id_bytes(summary_ids[starts]))
        for name in SUMMARY_FIELDS:
            summary_fields[name].append(chunk[name].to_numpy(dtype=str)[starts])
        error_types += _decoded(chunk["error_types"], type_cache, "error_types")
        unified_types += _decoded(chunk["unified_types"], type_cache, "unified_types")
    fields = {
        name: np.concatenate(parts) if parts else np.empty(0, dtype=str)
        for name, parts in summary_fields.items()
    }
    if len(fields["id"]) and len(np.unique(fields["id"])) != n_summaries:
        raise FormatError("a summary's sentences are not on consecutive rows", file=RECORDS_FILE)
    sentence_labels = np.concatenate(labels) if labels else np.empty(0, dtype=np.int8)
    owner = np.concatenate(owners) if owners else np.empty(0, dtype=np.int64)
    # A summary: inconsistent if any sentence is; consistent if every one is judged so.
    any_bad = np.zeros(n_summaries, dtype=bool)
    np.logical_or.at(any_bad, owner, sentence_labels == INCONSISTENT)
    any_unjudged = np.zeros(n_summaries, dtype=bool)
    np.logical_or.at(any_unjudged, owner, sentence_labels == UNJUDGED)
    summary_labels = np.where(
        any_bad, INCONSISTENT, np.where(any_unjudged, UNJUDGED, CONSISTENT)
    ).astype(np.int8)
    corpus, doc_id = fields["corpus"], fields["doc_id"]
    documents = (
        np.unique(np.char.add(np.char.add(corpus, "\x1f"), doc_id), return_inverse=True)[1]
        if n_summaries
        else np.empty(0, dtype=np.int64)
    )
    return ReleaseRecords(
        sentences=SentenceRecords(
            record_id=IdIndex(np.concatenate(ids) if ids else np.empty(0, dtype="S1")),
            summary=owner,
            label=sentence_labels,
            error_types=tuple(error_types),
            unified_types=tuple(unified_types),
        ),
        summaries=SummaryRecords(
            record_id=IdIndex(fields["id"] if len(fields["id"]) else np.empty(0, dtype="S1")),
            document=np.asarray(documents),
            corpus=corpus,
            doc_id=doc_id,
            topic=fields["topic"],
            topic_category=fields["topic_category"],
            system=fields["system"],
            split=fields["split"],
            label=summary_labels,
        ),
    )
