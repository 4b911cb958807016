"""An evaluator run's file read as chunks of checked rows (``predictions.py`` joins them to
the release's records). Pure: no Django.

A million-row run is read ``CHUNK_ROWS`` rows at a time, and each chunk is reduced to
arrays (ids as UTF-8 bytes, values as floats) before the next is parsed, so an upload holds
no Python string per row: the whole file's cells never exist at once. The few extras (an
explanation, predicted error types) are kept only for the rows that have them.

Physical line numbers are needed only to name a problem; a CSV's are found then, by reading
the file again up to that row (a quoted cell may span lines).
"""

from __future__ import annotations

import csv
import io
import json
import math
from abc import ABC, abstractmethod
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import pandas as pd

from annotations.formats.errors import FormatError, describe
from annotations.formats.strict_json import StrictJSONError, loads
from annotations.formats.writers.record_arrays import as_id_bytes

Kind = Literal["score", "label"]
LABEL_VALUES: dict[Any, float] = {
    1: 1.0,
    0: 0.0,
    "1": 1.0,
    "0": 0.0,
    "consistent": 1.0,
    "inconsistent": 0.0,
}
ALLOWED_LABELS = "1 or consistent, 0 or inconsistent, or abstain"
# An evaluator that gave no verdict on a record (an LLM that refused, or whose answer could not
# be parsed) says so with this value in place of a score or a label: the record is counted as
# an abstention (the run's success ratio), not refused as missing.
ABSTAIN = "abstain"
# The optional structured fields of a row, each a JSON list (in CSV, a cell holding it):
# gold-comparable outputs of span detectors, key-fact matchers and ACU verifiers.
EXTRA_FIELDS = ("spans", "key_facts", "acus")
# Rows parsed at a time: small enough that the parser's buffers stay small (~20 MB at 25,000
# rows against ~45 MB at 100,000), large enough that per-chunk work is a small share.
CHUNK_ROWS = 25_000


@dataclass(slots=True)
class Chunk:
    """Consecutive rows of a run, checked: ``start`` is the first one's row number (0-based,
    header and blank lines not counted)."""

    start: int
    ids: np.ndarray  # dtype S: each row's record id as UTF-8
    values: np.ndarray  # float64, finite: a score, or a label as 1.0/0.0
    explanations: list[tuple[int, str]] = field(default_factory=list)  # (row, text)
    error_types: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)
    abstained: list[int] = field(default_factory=list)  # rows whose value is ``abstain``
    # field (spans, key_facts, acus) -> (row, the checked value as canonical JSON text)
    extras: dict[str, list[tuple[int, str]]] = field(default_factory=dict)


class RunFile(ABC):
    """One uploaded file: its kind (scores or labels), its chunks, and a row's line."""

    def __init__(self, data: bytes, *, file: str, longest_id: int) -> None:
        self.data = data
        self.file = file
        # No release id is longer: a longer one is unknown, and is refused before the ids
        # are packed into fixed-width arrays (one 10,000-character id would widen them all).
        self.longest_id = longest_id
        self.kind: Kind = "score"

    @abstractmethod
    def chunks(self) -> Iterator[Chunk]:
        """The file's rows, checked, ``CHUNK_ROWS`` at a time."""

    @abstractmethod
    def line(self, row: int) -> int:
        """The physical line data row ``row`` (0-based) starts on."""

    def error(self, message: str, row: int | None = None, field: str | None = None) -> FormatError:
        return FormatError(
            message, file=self.file, line=None if row is None else self.line(row), field=field
        )

    def _check_ids(self, ids: pd.Series, start: int) -> np.ndarray:
        """``ids`` (strings) as bytes, refusing blank ones, NULs and overlong ones."""
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
                    or f"{describe(ids.iat[row])} is not a record of this release (its ids"
                    f" have at most {self.longest_id} characters)",
                    start + row,
                    "record_id",
                )
        return as_id_bytes(ids.tolist())

    def _check_finite(self, values: np.ndarray, start: int) -> np.ndarray:
        bad = np.flatnonzero(~np.isfinite(values))
        if len(bad):
            row = int(bad[0])
            raise self.error(f"{float(values[row])} is not a finite number", start + row, self.kind)
        return values

    def _check_explanation(self, text: object, row: int, into: list[tuple[int, str]]) -> None:
        if text is None or text == "":
            return
        if not isinstance(text, str):
            raise self.error(f"{describe(text)} is not a string", row, "explanation")
        if "\x00" in text:
            raise self.error("holds a NUL character", row, "explanation")
        into.append((row, text))

    def _check_extra(self, name: str, value: object, row: int, into: Chunk) -> None:
        """One of EXTRA_FIELDS, checked and kept as canonical JSON:

        - ``spans``: ``[[start, end], ...]`` or ``[[start, end, "type"], ...]``, offsets in the
          sentence (0 <= start < end);
        - ``key_facts``: one entry per key fact of the topic, in its list's order: ``true`` /
          ``false`` (covered or not) or the list of the summary's sentence numbers (1-based)
          that state it (``[]``: not covered);
        - ``acus``: one verdict per atomic fact of the summary, in order: ``true`` (supported)
          or ``false``.
        """
        if value is None:
            return
        if not isinstance(value, list):
            raise self.error(f"{describe(value)} is not a JSON list", row, name)
        for index, item in enumerate(value):
            if name == "spans":
                ok = (
                    isinstance(item, list)
                    and len(item) in (2, 3)
                    and all(isinstance(x, int) and not isinstance(x, bool) for x in item[:2])
                    and 0 <= item[0] < item[1]
                    and (len(item) == 2 or isinstance(item[2], str))
                )
                wanted = "[start, end] or [start, end, type] with 0 <= start < end"
            elif name == "key_facts":
                ok = isinstance(item, bool) or (
                    isinstance(item, list)
                    and all(isinstance(x, int) and not isinstance(x, bool) and x >= 1 for x in item)
                )
                wanted = "true, false or a list of sentence numbers (1-based)"
            else:
                ok = isinstance(item, bool)
                wanted = "true (supported) or false"
            if not ok:
                raise self.error(f"item {index}: {describe(item)} is not {wanted}", row, name)
        into.extras.setdefault(name, []).append((row, json.dumps(value, ensure_ascii=False)))

    def _check_types(
        self, chosen: object, row: int, into: list[tuple[int, tuple[str, ...]]]
    ) -> None:
        if chosen is None:
            return
        if not isinstance(chosen, list) or not all(isinstance(t, str) for t in chosen):
            raise self.error(f"{describe(chosen)} is not a list of type names", row, "error_types")
        if chosen:
            into.append((row, tuple(chosen)))


def kind_of(has_score: bool, has_label: bool, file: str) -> Kind:
    if has_score and has_label:
        raise FormatError(
            "has both score and label: a run is scores or labels (upload the other as its own run)",
            file=file,
        )
    if not has_score and not has_label:
        raise FormatError("needs a score or a label field", file=file)
    return "score" if has_score else "label"


class CsvRun(RunFile):
    """A CSV with a header row, parsed by pandas' C reader a chunk at a time."""

    def __init__(self, data: bytes, *, file: str, longest_id: int) -> None:
        super().__init__(data, file=file, longest_id=longest_id)
        self._starts: list[int] = []

    def line(self, row: int) -> int:
        """The physical line a data row starts on, read again with the csv module (pandas
        skips blank lines, as this does)."""
        if row >= len(self._starts):
            self._starts = []
            reader = csv.reader(io.StringIO(self.data.decode("utf-8-sig")))
            line = 1
            try:
                for cells in reader:
                    if cells:
                        self._starts.append(line)
                    line = reader.line_num + 1
                    if len(self._starts) > row + 1:
                        break
            except csv.Error:  # e.g. a cell beyond the csv module's size limit: count rows
                pass
        # The first entry is the header's.
        return self._starts[row + 1] if row + 1 < len(self._starts) else row + 2

    def chunks(self) -> Iterator[Chunk]:
        try:
            reader = pd.read_csv(
                io.BytesIO(self.data),
                dtype=str,
                keep_default_na=False,
                na_filter=False,
                encoding="utf-8-sig",
                engine="c",
                chunksize=CHUNK_ROWS,
            )
            start = 0
            for frame in reader:
                if start == 0:
                    self._header(list(map(str, frame.columns)))
                yield self._chunk(frame, start)
                start += len(frame)
        except (pd.errors.ParserError, UnicodeDecodeError, pd.errors.EmptyDataError) as error:
            raise FormatError(
                f"not a CSV file the reader understands ({error})", file=self.file
            ) from None

    def _header(self, columns: list[str]) -> None:
        if "record_id" not in columns:
            raise FormatError(
                f"needs a record_id column; the header has {', '.join(columns)}",
                file=self.file,
                line=1,
            )
        self.kind = kind_of("score" in columns, "label" in columns, self.file)

    def _chunk(self, frame: pd.DataFrame, start: int) -> Chunk:
        cells = frame[self.kind].str.strip()
        abstained = (cells.str.lower() == ABSTAIN).to_numpy()
        # An abstention's value is a placeholder (predictions.py fills it): never parsed.
        cells = cells.where(~abstained, "1")
        if self.kind == "score":
            values = pd.to_numeric(cells, errors="coerce").to_numpy(dtype=float)
            bad = np.flatnonzero(np.isnan(values) & (cells.str.lower() != "nan").to_numpy())
            if len(bad):
                row = int(bad[0])
                shown = frame[self.kind].iat[row]
                raise self.error(
                    "is empty; every row needs a score"
                    if shown.strip() == ""
                    else f"{describe(shown)} is not a number (or abstain)",
                    start + row,
                    "score",
                )
        else:
            values = cells.str.lower().map(LABEL_VALUES).to_numpy(dtype=float)
            bad = np.flatnonzero(np.isnan(values))
            if len(bad):
                row = int(bad[0])
                raise self.error(
                    f"{describe(frame[self.kind].iat[row])}: a label is {ALLOWED_LABELS}",
                    start + row,
                    "label",
                )
        chunk = Chunk(
            start,
            self._check_ids(frame["record_id"], start),
            self._check_finite(values, start),
            abstained=(start + np.flatnonzero(abstained)).tolist(),
        )
        for name in EXTRA_FIELDS:
            if name not in frame.columns:
                continue
            given = frame[name]
            for row, cell in given[given.str.strip() != ""].items():
                at = start + int(row) - frame.index[0]
                try:
                    value = json.loads(cell)
                except ValueError:
                    raise self.error(f"{describe(cell)} is not a JSON list", at, name) from None
                self._check_extra(name, value, at, chunk)
        if "explanation" in frame.columns:
            given = frame["explanation"]
            for row, text in given[given != ""].items():
                self._check_explanation(text, start + int(row) - frame.index[0], chunk.explanations)
        if "error_types" in frame.columns:
            given = frame["error_types"]
            for row, cell in given[given.str.strip() != ""].items():
                at = start + int(row) - frame.index[0]
                try:
                    chosen = json.loads(cell)
                except ValueError:
                    raise self.error(
                        f'{describe(cell)} is not a JSON list of type names, e.g. ["Extrinsic'
                        ' Information"]',
                        at,
                        "error_types",
                    ) from None
                self._check_types(chosen, at, chunk.error_types)
        return chunk


class JsonlRun(RunFile):
    """One JSON object per line; each line parsed strictly (no NaN, no duplicate keys)."""

    def __init__(self, data: bytes, *, file: str, longest_id: int) -> None:
        super().__init__(data, file=file, longest_id=longest_id)
        self._lines = array("q")
        self._kind: Kind | None = None

    def line(self, row: int) -> int:
        return self._lines[row]

    def chunks(self) -> Iterator[Chunk]:
        """Each line is cut from the file as it is reached: splitting the whole file first held
        a bytes object per line, ~110 MB for a million, and a corpus run's upload peaked at
        514 MB."""
        data = self.data
        rows: list[dict[str, Any]] = []
        position, number, end = 0, 0, len(data)
        while position <= end:
            newline = data.find(b"\n", position)
            if newline < 0:
                newline = end
            raw = data[position:newline]
            position = newline + 1
            number += 1
            if not raw.strip():
                continue
            try:
                row = loads(raw)
            except StrictJSONError as error:
                raise FormatError(str(error), file=self.file, line=number) from None
            if not isinstance(row, dict):
                raise FormatError(
                    f"expected an object, got {describe(row)}", file=self.file, line=number
                )
            self._lines.append(number)
            rows.append(row)
            if len(rows) == CHUNK_ROWS:
                yield self._chunk(rows, len(self._lines) - len(rows))
                rows = []
        if rows or not self._lines:
            yield self._chunk(rows, len(self._lines) - len(rows))

    def _chunk(self, rows: list[dict[str, Any]], start: int) -> Chunk:
        has_score = any("score" in row for row in rows)
        has_label = any("label" in row for row in rows)
        if self._kind is None:
            if rows:
                self._kind = self.kind = kind_of(has_score, has_label, self.file)
        elif (has_score and has_label) or (has_score if self._kind == "label" else has_label):
            kind_of(True, True, self.file)
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
        values = np.empty(len(rows), dtype=np.float64)
        abstained = []
        for offset, row in enumerate(rows):
            given = row.get(self.kind)
            if isinstance(given, str) and given.strip().lower() == ABSTAIN:
                abstained.append(start + offset)
                values[offset] = 1.0  # a placeholder, filled by predictions.py
                continue
            values[offset] = self._value(given, start + offset)
        chunk = Chunk(
            start,
            self._check_ids(pd.Series(ids, dtype=object), start),
            self._check_finite(values, start),
            abstained=abstained,
        )
        for offset, row in enumerate(rows):
            self._check_explanation(row.get("explanation"), start + offset, chunk.explanations)
            self._check_types(row.get("error_types"), start + offset, chunk.error_types)
            for name in EXTRA_FIELDS:
                self._check_extra(name, row.get(name), start + offset, chunk)
        return chunk

    def _value(self, value: object, row: int) -> float:
        if self.kind == "score":
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise self.error(
                    "is missing"
                    if value is None
                    else f"{describe(value)} is not a number (or abstain)",
                    row,
                    "score",
                )
            try:
                return float(value)
            except OverflowError:  # an integer beyond any float: refused as not finite
                return math.inf
        key = value.strip().lower() if isinstance(value, str) else value
        if isinstance(key, bool) or key not in LABEL_VALUES:
            raise self.error(
                f"{'is missing' if value is None else describe(value)}: a label is"
                f" {ALLOWED_LABELS}",
                row,
                "label",
            )
        return LABEL_VALUES[key]


def run_file(data: bytes, *, file: str, longest_id: int) -> RunFile:
    """The reader for ``data``: JSONL by its name or its first character, else CSV."""
    name = file.lower()
    if name.endswith((".jsonl", ".json", ".ndjson")):
        jsonl = True
    elif name.endswith((".csv", ".tsv")):
        jsonl = False
    else:
        jsonl = data.lstrip()[:1] == b"{"
    return (JsonlRun if jsonl else CsvRun)(data, file=file, longest_id=longest_id)
