"""An evaluator's predictions on a project's corpus (a corpus run, issue 31), read and checked
against the corpus's record ids (docs/models-in-the-loop.md, "Corpus runs"). Pure: no Django.

A file is CSV (a header row) or JSONL (one object per line), one row per record, read
``CHUNK_ROWS`` rows at a time by the release runs' readers (``prediction_rows.py``), whose
line numbering and error style it shares:

- ``record_id`` (required): a sentence's or a summary's corpus-level record id, the one a
  release of the project would print (``formats/writers/rows.py``, ``record_id``);
- ``label`` and/or ``score``: a label is ``1``/``consistent`` or ``0``/``inconsistent``; a
  score a finite number, higher meaning more consistent. A row may give either or both;
- ``abstain``: ``true`` (CSV: ``true``/``1``/``yes``), or the label ``abstain``, for a record the
  model declined: such a row has neither label nor score, and is counted, not refused;
- ``explanation`` (a string), ``error_types`` (a list of the project taxonomy's type codes or
  names), ``spans`` (a list of ``[start, end]`` character offsets in the sentence, sentence
  records only) and ``evidence`` (a list of the dialogue's turn positions, 0-based); in CSV a
  list is a cell holding its JSON.

Unlike a release run, a corpus run need not cover every record. Refused as a whole, naming
file, line and field: an unknown or repeated record id, a row with neither verdict nor
abstain, one that abstains and gives a verdict, a value of the wrong type, a non-finite
score, an error type the taxonomy does not have, a span outside its sentence, a turn the
dialogue does not have.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from annotations.formats.errors import FormatError, describe
from annotations.formats.prediction_rows import (
    LABEL_VALUES,
    Chunk,
    CsvRun,
    JsonlRun,
    RunFile,
)
from annotations.formats.predictions import _refuse_non_utf8
from annotations.formats.release_records import IdIndex
from annotations.formats.writers.record_arrays import as_id_bytes

# Label codes per slot: what the row said.
NO_LABEL, INCONSISTENT, CONSISTENT, ABSTAIN = -1, 0, 1, 2
LABEL_TEXT = {INCONSISTENT: "inconsistent", CONSISTENT: "consistent"}
ALLOWED = "1 or consistent, 0 or inconsistent, or abstain"
TRUE_WORDS = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}
RECORD_ID_LENGTH = 20  # rows.record_id: 20 hex characters
MAX_LIST = 1000  # spans, evidence turns or types in one row
# A JSONL row with only these is read by the column (CorpusJsonlRun._plain_chunk).
PLAIN_FIELDS = {"record_id", "label", "score", "abstain"}


def _no_labels() -> np.ndarray:
    return np.empty(0, dtype=np.int8)


def _no_flags() -> np.ndarray:
    return np.empty(0, dtype=bool)


@dataclass(slots=True)
class CorpusChunk(Chunk):
    """A chunk of a corpus run: ``values`` are the scores (``nan`` where none), ``labels``
    the label codes above, ``abstain`` the rows that abstained."""

    labels: np.ndarray = field(default_factory=_no_labels)
    abstain: np.ndarray = field(default_factory=_no_flags)
    spans: list[tuple[int, tuple[tuple[int, int], ...]]] = field(default_factory=list)
    evidence: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class CorpusRecords:
    """The corpus's records, one slot each: its sentences (slots ``0..sentences-1``), then its
    summaries. ``keys`` are the database rows they stand for (sentence pk, or summary pk for a
    summary slot), ``summary`` each slot's summary pk, ``lengths`` a sentence's characters (0
    for a summary) and ``turns`` the turns of its document's dialogue."""

    ids: IdIndex
    sentences: int
    keys: np.ndarray
    summary: np.ndarray
    lengths: np.ndarray
    turns: np.ndarray

    def __len__(self) -> int:
        return len(self.keys)


class _Checks(RunFile):
    """What both readers of a corpus run share: the taxonomy, the lists' checks."""

    types: Mapping[str, str]

    def _check_ids(self, ids: pd.Series, start: int) -> np.ndarray:
        for bad, message in (
            (ids.str.strip() == "", "is missing"),
            (ids.str.contains("\x00", regex=False), "holds a NUL character"),
            (ids.str.len() > self.longest_id, ""),
        ):
            where = np.flatnonzero(bad.to_numpy(dtype=bool))
            if len(where):
                row = int(where[0])
                raise self.error(
                    message
                    or f"{describe(ids.iat[row])} is not a record of this project's corpus (its"
                    f" ids have {self.longest_id} characters)",
                    start + row,
                    "record_id",
                )
        return _id_bytes(ids)

    def _check_types(
        self, chosen: object, row: int, into: list[tuple[int, tuple[str, ...]]]
    ) -> None:
        if chosen is None:
            return
        if not isinstance(chosen, list) or not all(isinstance(t, str) for t in chosen):
            raise self.error(f"{describe(chosen)} is not a list of type names", row, "error_types")
        codes = []
        for given in chosen:
            code = self.types.get(given)
            if code is None:
                known = ", ".join(sorted(set(self.types.values()))) or "none"
                raise self.error(
                    f"{describe(given)} is not an error type of the project's taxonomy (its"
                    f" codes: {known}; a type's name is accepted too)",
                    row,
                    "error_types",
                )
            if code not in codes:
                codes.append(code)
        if codes:
            into.append((row, tuple(codes)))

    def _check_spans(
        self, given: object, row: int, into: list[tuple[int, tuple[tuple[int, int], ...]]]
    ) -> None:
        if given is None:
            return
        if not isinstance(given, list) or len(given) > MAX_LIST:
            raise self.error(
                f"{describe(given)} is not a list of [start, end] offsets (at most {MAX_LIST})",
                row,
                "spans",
            )
        spans = []
        for span in given:
            if not (
                isinstance(span, list)
                and len(span) == 2
                and all(isinstance(o, int) and not isinstance(o, bool) for o in span)
                and 0 <= span[0] < span[1]
            ):
                raise self.error(
                    f"{describe(span)} is not a span: [start, end] with 0 <= start < end",
                    row,
                    "spans",
                )
            spans.append((int(span[0]), int(span[1])))
        if spans:
            into.append((row, tuple(spans)))

    def _check_evidence(
        self, given: object, row: int, into: list[tuple[int, tuple[int, ...]]]
    ) -> None:
        if given is None:
            return
        if (
            not isinstance(given, list)
            or len(given) > MAX_LIST
            or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in given)
        ):
            raise self.error(
                f"{describe(given)} is not a list of turn positions (whole numbers from 0)",
                row,
                "evidence",
            )
        if given:
            into.append((row, tuple(dict.fromkeys(int(t) for t in given))))

    def _check_verdicts(self, chunk: CorpusChunk) -> None:
        """Each row abstains, or gives a label or a score, never both at once."""
        scored = ~np.isnan(chunk.values)
        labelled = chunk.labels != NO_LABEL
        said_abstain = chunk.labels == ABSTAIN
        abstain = chunk.abstain | said_abstain
        mixed = np.flatnonzero(abstain & (scored | (labelled & ~said_abstain)))
        empty = np.flatnonzero(~abstain & ~scored & ~labelled)
        for rows, message, name in (
            (
                mixed,
                "abstains and gives a verdict: an abstaining record has neither label nor score",
                "abstain",
            ),
            (empty, 'needs a label or a score (or "abstain": true)', "label"),
        ):
            if len(rows):
                raise self.error(message, chunk.start + int(rows[0]), name)
        infinite = np.flatnonzero(np.isinf(chunk.values))
        if len(infinite):
            row = int(infinite[0])
            raise self.error(
                f"{float(chunk.values[row])} is not a finite number", chunk.start + row, "score"
            )
        chunk.abstain = abstain
        chunk.labels = np.where(said_abstain, NO_LABEL, chunk.labels).astype(np.int8)


def _arrow(cells: pd.Series) -> Any | None:
    """The pyarrow array behind a column of pandas' arrow-backed strings (pandas' default
    when pyarrow is installed), else None: the fast paths below are taken only then."""
    if not isinstance(cells.array, pd.arrays.ArrowStringArray):
        return None
    import pyarrow as pa

    column = pa.array(cells.array)  # no copy: the same buffers
    return (
        column if pa.types.is_large_string(column.type) or pa.types.is_string(column.type) else None
    )


def _id_bytes(ids: pd.Series) -> np.ndarray:
    """The ids as fixed-width bytes. When every id has RECORD_ID_LENGTH bytes (as every
    known one does) they are the column's own buffer, read in place: 25,000 ids in 0.2 ms,
    against 35 ms encoding each string (1.4 s of a million-row upload)."""
    column = _arrow(ids)
    if column is not None and len(column) and column.null_count == 0:
        import pyarrow.compute as pc

        lengths = pc.min_max(pc.binary_length(column))
        if lengths["min"].as_py() == lengths["max"].as_py() == RECORD_ID_LENGTH:
            wide = pa_offsets_dtype(column)
            offsets = np.frombuffer(column.buffers()[1], dtype=wide)[column.offset :]
            first, last = int(offsets[0]), int(offsets[len(column)])
            data = np.frombuffer(column.buffers()[2], dtype=np.uint8)[first:last]
            return data.view(f"S{RECORD_ID_LENGTH}").copy()
    return as_id_bytes(ids.tolist())


def pa_offsets_dtype(column: Any) -> type[np.signedinteger[Any]]:
    import pyarrow as pa

    return np.int64 if pa.types.is_large_string(column.type) else np.int32


def _scores(cells: pd.Series) -> np.ndarray:
    """Stripped score cells as floats, ``nan`` where empty or not a number (the caller
    names the first such non-empty cell). pyarrow's parser when it accepts the whole column
    (0.1 s a million, against 1.7 s for ``pd.to_numeric``); pandas' otherwise, so a value
    either reads the same or is refused the same way."""
    column = _arrow(cells)
    if column is not None:
        import pyarrow as pa
        import pyarrow.compute as pc

        try:
            empty = pc.equal(column, "")
            parsed = pc.cast(pc.if_else(empty, None, column), pa.float64())
            return parsed.to_numpy(zero_copy_only=False)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            pass
    return pd.to_numeric(cells, errors="coerce").to_numpy(dtype=float)


def _list_cell(run: _Checks, cell: str, row: int, name: str, example: str) -> object:
    try:
        return json.loads(cell)
    except ValueError:
        raise run.error(f"{describe(cell)} is not a JSON list, e.g. {example}", row, name) from None


class CorpusCsvRun(_Checks, CsvRun):
    def __init__(self, data: bytes, *, file: str, types: Mapping[str, str]) -> None:
        CsvRun.__init__(self, data, file=file, longest_id=RECORD_ID_LENGTH)
        self.types = types

    def _header(self, columns: list[str]) -> None:
        if "record_id" not in columns:
            raise FormatError(
                f"needs a record_id column; the header has {', '.join(columns)}",
                file=self.file,
                line=1,
            )
        if not {"label", "score", "abstain"} & set(columns):
            raise FormatError(
                "needs a label or a score column (or both; abstain marks declined records)",
                file=self.file,
                line=1,
            )

    def _chunk(self, frame: pd.DataFrame, start: int) -> Chunk:
        n = len(frame)
        scores = np.full(n, np.nan)
        if "score" in frame.columns:
            cells = frame["score"].str.strip()
            given = (cells != "").to_numpy()
            scores = _scores(cells)
            bad = np.flatnonzero(given & np.isnan(scores))
            if len(bad):
                row = int(bad[0])
                raise self.error(
                    f"{describe(frame['score'].iat[row])} is not a number", start + row, "score"
                )
        labels = np.full(n, NO_LABEL, dtype=np.int8)
        if "label" in frame.columns:
            cells = frame["label"].str.strip().str.lower()
            coded = cells.map({**LABEL_VALUES, "abstain": float(ABSTAIN)}).to_numpy(dtype=float)
            bad = np.flatnonzero(np.isnan(coded) & (cells != "").to_numpy())
            if len(bad):
                row = int(bad[0])
                raise self.error(
                    f"{describe(frame['label'].iat[row])}: a label is {ALLOWED}",
                    start + row,
                    "label",
                )
            labels = np.where(np.isnan(coded), NO_LABEL, coded).astype(np.int8)
        abstain = np.zeros(n, dtype=bool)
        if "abstain" in frame.columns:
            cells = frame["abstain"].str.strip().str.lower()
            words = cells.map(TRUE_WORDS)
            bad = np.flatnonzero((words.isna() & (cells != "")).to_numpy())
            if len(bad):
                row = int(bad[0])
                raise self.error(
                    f"{describe(frame['abstain'].iat[row])}: abstain is true or false (or 1, 0,"
                    " yes, no, empty)",
                    start + row,
                    "abstain",
                )
            abstain = words.fillna(False).to_numpy(dtype=bool)
        chunk = CorpusChunk(
            start,
            self._check_ids(frame["record_id"], start),
            scores,
            labels=labels,
            abstain=abstain,
        )
        self._check_verdicts(chunk)
        first = frame.index[0] if n else 0
        if "explanation" in frame.columns:
            given = frame["explanation"]
            for row, text in given[given != ""].items():
                self._check_explanation(text, start + int(row) - first, chunk.explanations)
        for name, example in (
            ("error_types", '["extrinsic"]'),
            ("spans", "[[0, 12]]"),
            ("evidence", "[0, 3]"),
        ):
            if name not in frame.columns:
                continue
            given = frame[name]
            for row, cell in given[given.str.strip() != ""].items():
                at = start + int(row) - first
                value = _list_cell(self, cell, at, name, example)
                if name == "error_types":
                    self._check_types(value, at, chunk.error_types)
                elif name == "spans":
                    self._check_spans(value, at, chunk.spans)
                else:
                    self._check_evidence(value, at, chunk.evidence)
        return chunk


class CorpusJsonlRun(_Checks, JsonlRun):
    def __init__(self, data: bytes, *, file: str, types: Mapping[str, str]) -> None:
        JsonlRun.__init__(self, data, file=file, longest_id=RECORD_ID_LENGTH)
        self.types = types

    def _chunk(self, rows: list[dict[str, Any]], start: int) -> Chunk:
        chunk = self._plain_chunk(rows, start)
        return chunk if chunk is not None else self._checked_chunk(rows, start)

    def _plain_chunk(self, rows: list[dict[str, Any]], start: int) -> CorpusChunk | None:
        """A chunk whose rows hold only ``record_id``, ``label``, ``score`` and ``abstain``,
        each of a type ``_checked_chunk`` takes as it is, read a column at a time (the
        distinct labels looked up once, not each row's): 0.5 s a million rows against 2.5 s
        row by row. None for any other chunk, which ``_checked_chunk`` reads (and refuses,
        naming the row) exactly as before; what this accepts, it stores the same way."""
        if not rows or not set().union(*rows) <= PLAIN_FIELDS:
            return None
        ids = [row.get("record_id") for row in rows]
        scores = [row.get("score") for row in rows]
        labels = [row.get("label") for row in rows]
        declined = [row.get("abstain") for row in rows]
        if (
            set(map(type, ids)) != {str}
            or not set(map(type, scores)) <= {float, int, type(None)}
            or not set(map(type, labels)) <= {str, int, type(None)}
            or not set(map(type, declined)) <= {bool, type(None)}
        ):
            return None
        codes: dict[Any, int] = {}
        for label in set(labels):
            key = label.strip().lower() if isinstance(label, str) else label
            if label is None:
                codes[label] = NO_LABEL
            elif key == "abstain":
                codes[label] = ABSTAIN
            elif key in LABEL_VALUES:
                codes[label] = int(LABEL_VALUES[key])
            else:
                return None
        try:
            values = np.array([math.nan if v is None else v for v in scores], dtype=float)
        except OverflowError:
            return None
        chunk = CorpusChunk(
            start,
            self._check_ids(pd.Series(ids, dtype=object), start),
            values,
            labels=np.fromiter((codes[label] for label in labels), np.int8, len(labels)),
            abstain=np.fromiter((flag is True for flag in declined), bool, len(declined)),
        )
        self._check_verdicts(chunk)
        return chunk

    def _checked_chunk(self, rows: list[dict[str, Any]], start: int) -> CorpusChunk:
        ids = []
        for offset, row in enumerate(rows):
            value = row.get("record_id")
            if not isinstance(value, str):
                raise self.error(
                    "is missing" if value is None else f"{describe(value)} is not a string",
                    start + offset,
                    "record_id",
                )
            ids.append(value)
        n = len(rows)
        scores = np.full(n, np.nan)
        labels = np.full(n, NO_LABEL, dtype=np.int8)
        abstain = np.zeros(n, dtype=bool)
        for offset, row in enumerate(rows):
            at = start + offset
            score = row.get("score")
            if score is not None:
                if isinstance(score, bool) or not isinstance(score, int | float):
                    raise self.error(f"{describe(score)} is not a number", at, "score")
                try:
                    scores[offset] = float(score)
                except OverflowError:
                    scores[offset] = math.inf
            label = row.get("label")
            if label is not None:
                key = label.strip().lower() if isinstance(label, str) else label
                if key == "abstain":
                    labels[offset] = ABSTAIN
                elif isinstance(key, bool) or key not in LABEL_VALUES:
                    raise self.error(f"{describe(label)}: a label is {ALLOWED}", at, "label")
                else:
                    labels[offset] = int(LABEL_VALUES[key])
            declined = row.get("abstain")
            if declined is not None:
                if not isinstance(declined, bool):
                    raise self.error(f"{describe(declined)} is not true or false", at, "abstain")
                abstain[offset] = declined
        chunk = CorpusChunk(
            start,
            self._check_ids(pd.Series(ids, dtype=object), start),
            scores,
            labels=labels,
            abstain=abstain,
        )
        self._check_verdicts(chunk)
        for offset, row in enumerate(rows):
            at = start + offset
            if len(row) > 2:  # record_id and one verdict: nothing more to check
                self._check_explanation(row.get("explanation"), at, chunk.explanations)
                self._check_types(row.get("error_types"), at, chunk.error_types)
                self._check_spans(row.get("spans"), at, chunk.spans)
                self._check_evidence(row.get("evidence"), at, chunk.evidence)
        return chunk


@dataclass(slots=True)
class CorpusPredictions:
    """A checked run, by slot of ``CorpusRecords``: ``given`` the slots it names (in slot
    order), and per given slot its score (``nan``: none), label code and abstain flag; the
    extras by slot, only where given."""

    records: CorpusRecords
    given: np.ndarray
    scores: np.ndarray
    labels: np.ndarray
    abstain: np.ndarray
    explanations: dict[int, str]
    error_types: dict[int, tuple[str, ...]]
    spans: dict[int, tuple[tuple[int, int], ...]]
    evidence: dict[int, tuple[int, ...]]

    @property
    def sentences(self) -> int:
        return int(np.count_nonzero(self.given < self.records.sentences))

    @property
    def summaries(self) -> int:
        return len(self.given) - self.sentences

    @property
    def abstained(self) -> int:
        return int(np.count_nonzero(self.abstain))

    @property
    def has_scores(self) -> bool:
        return bool((~np.isnan(self.scores)).any())

    @property
    def has_labels(self) -> bool:
        return bool((self.labels != NO_LABEL).any())


class _Placed:
    """Rows placed into the corpus's slots as their chunks arrive (one int64 per slot: the
    row that named it), so a repeated record is caught across chunks."""

    def __init__(self, run: RunFile, records: CorpusRecords) -> None:
        self.run = run
        self.records = records
        slots = len(records)
        self.row_of = np.full(slots, -1, dtype=np.int64)
        self.scores = np.full(slots, np.nan)
        self.labels = np.full(slots, NO_LABEL, dtype=np.int8)
        self.abstain = np.zeros(slots, dtype=bool)
        self.explanations: dict[int, str] = {}
        self.error_types: dict[int, tuple[str, ...]] = {}
        self.spans: dict[int, tuple[tuple[int, int], ...]] = {}
        self.evidence: dict[int, tuple[int, ...]] = {}

    def add(self, chunk: CorpusChunk) -> None:
        slots = self.records.ids.find(chunk.ids)
        unknown = np.flatnonzero(slots < 0)
        if len(unknown):
            row = int(unknown[0])
            shown = bytes(chunk.ids[row]).decode("utf-8", "replace")
            raise self.run.error(
                f"{shown!r} is not a record of this project's corpus (use a sentence's or a"
                " summary's record id, as a release of the project prints them); "
                f"{len(unknown)} unknown up to line"
                f" {self.run.line(chunk.start + len(chunk.ids) - 1)}",
                chunk.start + row,
                "record_id",
            )
        rows = chunk.start + np.arange(len(slots), dtype=np.int64)
        repeats: list[tuple[int, int]] = []
        order = np.argsort(slots, kind="stable")
        within = np.flatnonzero(slots[order][1:] == slots[order][:-1])
        if len(within):
            repeats.append((int(rows[order[within[0] + 1]]), int(rows[order[within[0]]])))
        earlier = np.flatnonzero(self.row_of[slots] >= 0)
        if len(earlier):
            repeats.append((int(rows[earlier[0]]), int(self.row_of[slots[earlier[0]]])))
        if repeats:
            again, first = min(repeats)
            raise self.run.error(
                f"{self.records.ids.text(int(slots[again - chunk.start]))!r} is given again"
                f" (first on line {self.run.line(first)}): one prediction per record",
                again,
                "record_id",
            )
        sentences = self.records.sentences
        for row, spans in chunk.spans:
            slot = int(slots[row - chunk.start])
            if slot >= sentences:
                raise self.run.error(
                    "spans are offsets in a sentence; this is a summary's record", row, "spans"
                )
            length = int(self.records.lengths[slot])
            outside = [s for s in spans if s[1] > length]
            if outside:
                raise self.run.error(
                    f"[{outside[0][0]}, {outside[0][1]}] ends past the sentence's {length}"
                    " characters",
                    row,
                    "spans",
                )
            self.spans[slot] = spans
        for row, turns in chunk.evidence:
            slot = int(slots[row - chunk.start])
            count = int(self.records.turns[slot])
            if max(turns) >= count:
                raise self.run.error(
                    f"turn {max(turns)} is not in the dialogue, which has {count} turns"
                    " (numbered from 0)",
                    row,
                    "evidence",
                )
            self.evidence[slot] = turns
        self.row_of[slots] = rows
        self.scores[slots] = chunk.values
        self.labels[slots] = chunk.labels
        self.abstain[slots] = chunk.abstain
        for row, text in chunk.explanations:
            self.explanations[int(slots[row - chunk.start])] = text
        for row, chosen in chunk.error_types:
            self.error_types[int(slots[row - chunk.start])] = chosen

    def predictions(self) -> CorpusPredictions:
        given = np.flatnonzero(self.row_of >= 0)
        if not len(given):
            raise FormatError("has a header but no predictions", file=self.run.file)
        if self.abstain[given].all():
            raise FormatError(
                f"abstains on every one of its {len(given)} records: no verdict to store",
                file=self.run.file,
                field="abstain",
            )
        return CorpusPredictions(
            self.records,
            given,
            self.scores[given],
            self.labels[given],
            self.abstain[given],
            self.explanations,
            self.error_types,
            self.spans,
            self.evidence,
        )


def corpus_run_file(data: bytes, *, file: str, types: Mapping[str, str]) -> _Checks:
    """The reader for ``data``: JSONL by its name or its first character, else CSV."""
    name = file.lower()
    if name.endswith((".jsonl", ".json", ".ndjson")):
        jsonl = True
    elif name.endswith((".csv", ".tsv")):
        jsonl = False
    else:
        jsonl = data.lstrip()[:1] == b"{"
    if jsonl:
        return CorpusJsonlRun(data, file=file, types=types)
    return CorpusCsvRun(data, file=file, types=types)


def chunks_of(run: RunFile) -> Iterator[CorpusChunk]:
    for chunk in run.chunks():
        assert isinstance(chunk, CorpusChunk)
        yield chunk


def read_corpus_predictions(
    data: bytes, *, file: str, records: CorpusRecords, types: Mapping[str, str]
) -> CorpusPredictions:
    """Parse and check one corpus run's file, a chunk of rows at a time; ``types`` maps each
    accepted error type spelling (code or name) to its code. A FormatError names the first
    problem."""
    if not data or data.isspace():
        raise FormatError("is empty: no predictions", file=file)
    _refuse_non_utf8(data, file)
    run = corpus_run_file(data, file=file, types=types)
    placed = _Placed(run, records)
    for chunk in chunks_of(run):
        placed.add(chunk)
    return placed.predictions()
