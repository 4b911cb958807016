"""A release's records read back as arrays: the table an evaluator's predictions are joined
on. From ``records.npz`` (formats/writers/record_arrays.py), which every release built since
it existed carries, or else by parsing ``records.csv`` (formats/writers/records.py), the
same table as text. Pure: no Django.

Labels are coded for scoring with *inconsistent as the positive class*: 1 inconsistent,
0 consistent, -1 not judged. A summary's gold is inconsistent when any of its sentences is,
consistent when all are judged consistent, unknown otherwise (TofuEval's summary level).
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

import numpy as np
import pandas as pd

from annotations.evaluator_scores.leaderboard import Coded
from annotations.evaluator_scores.type_sets import TypeSets
from annotations.formats.errors import FormatError
from annotations.formats.writers.encoding import NEUTRALISER, restored
from annotations.formats.writers.record_arrays import (
    FORMAT_VERSION,
    OPTIONAL_SUMMARY_FIELDS,
    RECORD_ARRAYS_FILE,
    SUMMARY_FIELDS,
    as_id_bytes,
)
from annotations.formats.writers.records import COLUMNS, RECORDS_FILE

# Every summary field a reader gives, the optional ones "" where a release has none.
ALL_SUMMARY_FIELDS = (*SUMMARY_FIELDS, *OPTIONAL_SUMMARY_FIELDS)

INCONSISTENT, CONSISTENT, UNJUDGED = 1, 0, -1


def _prefix(ids: np.ndarray) -> np.ndarray:
    """Each id's first 8 bytes as one unsigned integer (big-endian, zero-padded), so that
    integer order is the ids' byte order on those bytes."""
    if ids.dtype.itemsize >= 8 and ids.flags.c_contiguous and len(ids):
        # The first 8 bytes of each id read in place (a strided view): no copy of them first.
        heads = np.ndarray(
            shape=(len(ids),), dtype=">u8", buffer=ids, strides=(ids.dtype.itemsize,)
        )
        return heads.astype(np.uint64)
    return ids.astype("S8").view(">u8").astype(np.uint64)


class IdIndex:
    """Record ids as compact bytes, sorted once, so an upload's million ids are found by a
    binary search (tens of MB) instead of a hash table of Python strings (hundreds).

    The search runs on the ids' first 8 bytes as integers, with the wanted ids sorted first
    (6-10x faster than comparing 20-byte strings in random order); the few wanted ids whose
    prefix several records share are then searched on their whole bytes."""

    def __init__(self, ids: np.ndarray) -> None:
        self._ids: np.ndarray | None = ids  # bytes (dtype S), in the records' order
        self._order = np.argsort(ids, kind="stable")
        self._sorted = ids[self._order]
        self._prefixes = _prefix(self._sorted)

    @classmethod
    def from_sorted(cls, sorted_ids: np.ndarray, order: np.ndarray) -> IdIndex:
        """An index of ids already sorted (``sorted_ids``, the ids at ``order``), without a
        copy of them in the records' order until one is asked for (a million kept corpus ids
        are 20 MB each way)."""
        index = cls.__new__(cls)
        index._ids = None
        index._sorted = sorted_ids
        index._order = order
        index._prefixes = _prefix(sorted_ids)
        return index

    @property
    def ids(self) -> np.ndarray:
        """The ids in the records' order (dtype S)."""
        if self._ids is None:
            self._ids = np.empty_like(self._sorted)
            self._ids[self._order] = self._sorted
        return self._ids

    def __len__(self) -> int:
        return len(self._sorted)

    def find(self, wanted: np.ndarray) -> np.ndarray:
        """Each wanted id's index (``wanted``: dtype S), or -1."""
        if not len(self._sorted):
            return np.full(len(wanted), -1, dtype=np.int64)
        keys = _prefix(wanted)
        by_key = np.argsort(keys)
        left = np.empty(len(wanted), dtype=np.int64)
        right = np.empty(len(wanted), dtype=np.int64)
        left[by_key] = np.searchsorted(self._prefixes, keys[by_key], "left")
        right[by_key] = np.searchsorted(self._prefixes, keys[by_key], "right")
        at = np.minimum(left, len(self._sorted) - 1)
        found = np.where((right > left) & (self._sorted[at] == wanted), self._order[at], -1)
        shared = np.flatnonzero(right - left > 1)
        if len(shared):
            among = wanted[shared]
            at = np.minimum(np.searchsorted(self._sorted, among), len(self._sorted) - 1)
            found[shared] = np.where(self._sorted[at] == among, self._order[at], -1)
        return found

    def text(self, index: int) -> str:
        if self._ids is None:  # one id, for a message: found without the whole copy
            (at,) = np.flatnonzero(self._order == index)
            return bytes(self._sorted[at]).decode("utf-8", "replace")
        return bytes(self._ids[index]).decode("utf-8", "replace")

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
    error_types: TypeSets  # the gold types (project names) of each sentence
    unified_types: TypeSets  # the same as AggreFact's unified codes
    # Since issue 32 (all unknown in an older release): whether each sentence states a key
    # fact (1, 0, -1 not judged), and its gold spans as codes into distinct JSON texts
    # (records.csv's ``spans``; "" for none).
    covers: np.ndarray
    spans: Coded

    def spans_of(self, index: int) -> list[tuple[int, int, str]]:
        """The gold spans of sentence ``index``: (start, end, type)."""
        text = str(self.spans.values[self.spans.codes[index]])
        return [(int(a), int(b), str(t)) for a, b, t in json.loads(text)] if text else []

    def __len__(self) -> int:
        return len(self.label)


@dataclass(frozen=True, slots=True)
class SummaryRecords:
    record_id: IdIndex
    document: np.ndarray  # int: one code per (corpus, doc_id), the bootstrap's cluster
    label: np.ndarray  # int8, derived from the sentences
    # Each of SUMMARY_FIELDS (corpus, doc_id, topic, topic_category: main | marginal |
    # irrelevant | "", system, split: dev | test | none) and of OPTIONAL_SUMMARY_FIELDS
    # (system_category, key_facts, acus: "" when unknown) as (codes, distinct values): a few
    # values repeat over many summaries, and an upload needs none of them, so each is
    # spelled out only where read, by ``field``.
    coded: dict[str, tuple[np.ndarray, np.ndarray]]

    def __len__(self) -> int:
        return len(self.label)

    def field(self, name: str, which: np.ndarray | slice = slice(None)) -> np.ndarray:
        """``name`` (one of SUMMARY_FIELDS) of the summaries at ``which`` (an index array or
        a mask; all by default) as text."""
        codes, values = self.coded[name]
        if not len(values):
            return np.empty(len(codes), dtype=str)[which]
        return values[codes[which]]

    def coded_field(self, name: str, which: np.ndarray | slice = slice(None)) -> Coded:
        """``name`` of the summaries at ``which`` as codes into its distinct values."""
        codes, values = self.coded[name]
        return Coded(codes[which], values)

    def value(self, name: str, index: int) -> str:
        """``name`` of the summary at ``index``."""
        codes, values = self.coded[name]
        return str(values[codes[index]])


@dataclass(frozen=True, slots=True)
class ReleaseRecords:
    sentences: SentenceRecords
    summaries: SummaryRecords


class _TypeCells:
    """The type columns' JSON cells as codes into the distinct sets: most sentences have
    none, and the rest share a few sets, so each distinct cell is decoded once."""

    def __init__(self) -> None:
        self._code: dict[str, int] = {}
        self.sets: list[tuple[str, ...]] = []

    def codes(self, cells: pd.Series, column: str) -> np.ndarray:
        for cell in cells.unique():
            if cell not in self._code:
                try:
                    chosen = tuple(json.loads(cell)) if cell else ()
                except ValueError as error:
                    raise FormatError(
                        f"not a JSON list ({error})", file=RECORDS_FILE, field=column
                    ) from None
                self._code[cell] = len(self.sets)
                self.sets.append(chosen)
        return cells.map(self._code).to_numpy(dtype=np.int32)


# Rows parsed at a time: a million-row file is read in bounded memory.
CHUNK_ROWS = 100_000


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
    type_cells = _TypeCells()
    error_types: list[np.ndarray] = []
    unified_types: list[np.ndarray] = []
    # The writer puts a summary's sentences on consecutive rows: a summary starts where the
    # summary id changes. Its fields are taken from that row, as compact arrays per chunk.
    summary_fields: dict[str, list[np.ndarray]] = {name: [] for name in ("id", *ALL_SUMMARY_FIELDS)}
    covers: list[np.ndarray] = []
    span_texts: list[np.ndarray] = []
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
        ids.append(as_id_bytes(chunk["record_id"].tolist()))
        summary_ids = chunk["summary_record_id"].to_numpy(dtype=str)
        starts = np.empty(len(chunk), dtype=bool)
        starts[0] = summary_ids[0] != previous
        starts[1:] = summary_ids[1:] != summary_ids[:-1]
        previous = summary_ids[-1]
        owners.append(n_summaries - 1 + np.cumsum(starts))
        n_summaries += int(starts.sum())
        summary_fields["id"].append(as_id_bytes(summary_ids[starts]))
        for name in ALL_SUMMARY_FIELDS:
            summary_fields[name].append(
                chunk[name].to_numpy(dtype=str)[starts]
                if name in chunk.columns
                else np.full(int(starts.sum()), "", dtype=str)
            )
        covered = np.full(len(chunk), -1, dtype=np.int8)
        if "covers_key_fact" in chunk.columns:
            cells = chunk["covers_key_fact"].to_numpy()
            covered[cells == "1"] = 1
            covered[cells == "0"] = 0
        covers.append(covered)
        span_texts.append(
            chunk["spans"].to_numpy(dtype=str)
            if "spans" in chunk.columns
            else np.full(len(chunk), "", dtype=str)
        )
        error_types.append(type_cells.codes(chunk["error_types"], "error_types"))
        unified_types.append(type_cells.codes(chunk["unified_types"], "unified_types"))
    fields = {
        name: np.concatenate(parts) if parts else np.empty(0, dtype=str)
        for name, parts in summary_fields.items()
    }
    if len(fields["id"]) and len(np.unique(fields["id"])) != n_summaries:
        raise FormatError("a summary's sentences are not on consecutive rows", file=RECORDS_FILE)
    return _assemble(
        sentence_ids=np.concatenate(ids) if ids else np.empty(0, dtype="S1"),
        owner=np.concatenate(owners) if owners else np.empty(0, dtype=np.int64),
        labels=np.concatenate(labels) if labels else np.empty(0, dtype=np.int8),
        error_types=TypeSets(_joined(error_types), tuple(type_cells.sets)),
        unified_types=TypeSets(_joined(unified_types), tuple(type_cells.sets)),
        summary_ids=fields.pop("id") if len(fields["id"]) else np.empty(0, dtype="S1"),
        coded={name: _coded(fields[name]) for name in ALL_SUMMARY_FIELDS},
        covers=np.concatenate(covers) if covers else np.empty(0, dtype=np.int8),
        spans=_span_codes(np.concatenate(span_texts) if span_texts else np.empty(0, dtype=str)),
        documents=(
            np.unique(
                np.char.add(np.char.add(fields["corpus"], "\x1f"), fields["doc_id"]),
                return_inverse=True,
            )[1].reshape(-1)
            if n_summaries
            else np.empty(0, dtype=np.int64)
        ),
    )


def _span_codes(texts: np.ndarray) -> Coded:
    distinct, codes = np.unique(np.concatenate([[""], texts]), return_inverse=True)
    for text in distinct.tolist():
        if text:
            try:
                json.loads(text)
            except ValueError as error:
                raise FormatError(f"not JSON ({error})", file=RECORDS_FILE, field="spans") from None
    return Coded(codes.reshape(-1)[1:].astype(np.int32), distinct)


def _coded(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    distinct, codes = np.unique(values, return_inverse=True)
    texts = distinct.tolist()
    if any(text.startswith(NEUTRALISER) for text in texts):
        # The writer neutralised spreadsheet formulas (a system named "=x" is written "'=x",
        # formats/writers/encoding.py): the names are restored, on the few distinct values,
        # so they match records.npz's and the database's.
        restored_texts = np.array([restored(text) for text in texts])
        distinct, order = np.unique(restored_texts, return_inverse=True)
        codes = order.reshape(-1)[codes]
    return codes.reshape(-1).astype(np.int32), distinct


def _joined(parts: list[np.ndarray]) -> np.ndarray:
    return np.concatenate(parts) if parts else np.empty(0, dtype=np.int32)


def _assemble(
    *,
    sentence_ids: np.ndarray,
    owner: np.ndarray,
    labels: np.ndarray,
    error_types: TypeSets,
    unified_types: TypeSets,
    summary_ids: np.ndarray,
    coded: dict[str, tuple[np.ndarray, np.ndarray]],
    documents: np.ndarray,
    covers: np.ndarray,
    spans: Coded,
) -> ReleaseRecords:
    """The records from their columns, with what is derived: each summary's label and the
    document it belongs to."""
    n_summaries = len(summary_ids)
    # A summary: inconsistent if any sentence is; consistent if every one is judged so.
    any_bad = np.zeros(n_summaries, dtype=bool)
    np.logical_or.at(any_bad, owner, labels == INCONSISTENT)
    any_unjudged = np.zeros(n_summaries, dtype=bool)
    np.logical_or.at(any_unjudged, owner, labels == UNJUDGED)
    summary_labels = np.where(
        any_bad, INCONSISTENT, np.where(any_unjudged, UNJUDGED, CONSISTENT)
    ).astype(np.int8)
    return ReleaseRecords(
        sentences=SentenceRecords(
            record_id=IdIndex(sentence_ids),
            summary=owner,
            label=labels,
            error_types=error_types,
            unified_types=unified_types,
            covers=covers,
            spans=spans,
        ),
        summaries=SummaryRecords(
            record_id=IdIndex(summary_ids),
            document=documents,
            coded=coded,
            label=summary_labels,
        ),
    )


def read_record_arrays(data: bytes | IO[bytes]) -> ReleaseRecords:
    """Load ``records.npz`` (formats/writers/record_arrays.py); a FormatError names what is
    wrong with a file that is not one."""
    try:
        with np.load(
            io.BytesIO(data) if isinstance(data, bytes) else data, allow_pickle=False
        ) as packed:
            arrays = {name: packed[name] for name in packed.files}
    except (ValueError, OSError, EOFError, zipfile.BadZipFile) as error:
        raise FormatError(f"not a NumPy .npz file ({error})", file=RECORD_ARRAYS_FILE) from None
    needed = [
        "version",
        "sentence_id",
        "sentence_label",
        "sentence_types",
        "sentence_unified_types",
        "type_sets",
        "summary_id",
        "summary_sentences",
        *SUMMARY_FIELDS,
        *(f"{name}_values" for name in SUMMARY_FIELDS),
    ]
    missing = [name for name in needed if name not in arrays]
    if missing:
        raise FormatError(f"missing arrays {', '.join(missing)}", file=RECORD_ARRAYS_FILE)
    if int(arrays["version"]) != FORMAT_VERSION:
        raise FormatError(
            f"is version {int(arrays['version'])}; this site reads version {FORMAT_VERSION}",
            file=RECORD_ARRAYS_FILE,
        )
    counts = arrays["summary_sentences"]
    n = len(arrays["sentence_id"])
    n_summaries = len(arrays["summary_id"])
    per_sentence = ("sentence_label", "sentence_types", "sentence_unified_types")
    if (
        any(len(arrays[name]) != n for name in per_sentence)
        or len(counts) != n_summaries
        or int(counts.sum()) != n
        or (counts < 0).any()
        or any(len(arrays[name]) != n_summaries for name in SUMMARY_FIELDS)
        or any(
            len(arrays[name])
            and not 0 <= arrays[name].min() <= arrays[name].max() < len(arrays[f"{name}_values"])
            for name in SUMMARY_FIELDS
        )
        or any(
            len(arrays[name])
            and not 0 <= arrays[name].min() <= arrays[name].max() < len(arrays["type_sets"])
            for name in ("sentence_types", "sentence_unified_types")
        )
    ):
        raise FormatError("its arrays do not fit together", file=RECORD_ARRAYS_FILE)
    sets = tuple(tuple(json.loads(text)) for text in arrays["type_sets"].tolist())
    coded = {name: (arrays[name], arrays[f"{name}_values"]) for name in SUMMARY_FIELDS}
    for name in OPTIONAL_SUMMARY_FIELDS:
        # A release built before issue 32 has none: every value "".
        if name in arrays and f"{name}_values" in arrays and len(arrays[name]) == n_summaries:
            coded[name] = (arrays[name], arrays[f"{name}_values"])
        else:
            coded[name] = (np.zeros(n_summaries, dtype=np.int32), np.array([""]))
    if "sentence_covers" in arrays and len(arrays["sentence_covers"]) == n:
        covers = arrays["sentence_covers"].astype(np.int8, copy=False)
    else:
        covers = np.full(n, -1, dtype=np.int8)
    if (
        "sentence_spans" in arrays
        and "span_sets" in arrays
        and len(arrays["sentence_spans"]) == n
        and (
            not n
            or 0
            <= arrays["sentence_spans"].min()
            <= arrays["sentence_spans"].max()
            < len(arrays["span_sets"])
        )
    ):
        spans = Coded(arrays["sentence_spans"], arrays["span_sets"])
    else:
        spans = Coded(np.zeros(n, dtype=np.int32), np.array([""]))
    return _assemble(
        sentence_ids=arrays["sentence_id"],
        owner=np.repeat(np.arange(n_summaries, dtype=np.int64), counts),
        labels=arrays["sentence_label"].astype(np.int8, copy=False),
        error_types=TypeSets(arrays["sentence_types"], sets),
        unified_types=TypeSets(arrays["sentence_unified_types"], sets),
        summary_ids=arrays["summary_id"],
        coded=coded,
        documents=_documents(arrays),
        covers=covers,
        spans=spans,
    )


def _documents(arrays: dict[str, np.ndarray]) -> np.ndarray:
    """Each summary's document, a (corpus, doc_id) pair, numbered in the pairs' sorted order
    as records.csv's reader numbers them (the bootstrap draws documents by number: the same
    release gives the same intervals whichever file it was read from)."""
    if not len(arrays["corpus"]):
        return np.empty(0, dtype=np.int64)
    corpus_rank = np.argsort(np.argsort(arrays["corpus_values"]))
    doc_rank = np.argsort(np.argsort(arrays["doc_id_values"]))
    pairs = (
        corpus_rank[arrays["corpus"]].astype(np.int64) * len(doc_rank) + doc_rank[arrays["doc_id"]]
    )
    return np.unique(pairs, return_inverse=True)[1].reshape(-1)
