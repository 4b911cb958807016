"""An evaluator's predictions for a release, read and checked against its ``records.csv``
(docs/evaluation.md, "Uploading a run"). Pure: no Django.

A file is CSV (a header row) or JSONL (one object per line), one prediction per record:

- ``record_id`` (required): a sentence's record id (the LLM-AggreFact export's ``id``) or a
  summary's (its ``summary_id``); one file may hold both levels;
- ``score`` *or* ``label`` (one of the two for every row, the same for the whole file): a
  score is a finite number, **higher meaning more consistent** (as factuality metrics such as
  SummaC, AlignScore or MiniCheck report the probability that the text is supported); a label
  is ``1``/``consistent`` or ``0``/``inconsistent`` (LLM-AggreFact's 1 = supported);
- ``explanation`` (optional): the evaluator's reason, a string;
- ``error_types`` (optional): the predicted types, a JSON list of strings (in CSV, a cell
  holding that JSON text).

Other columns are ignored. Refused, with file, line and field, and nothing kept: an unknown
or duplicated id, a missing value or one of the wrong type, a non-finite score, and a level
that misses some of the release's judged records (a run is scored on all of them, dev and
test, since its threshold is tuned on dev and applied to test).
"""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import pandas as pd

from annotations.formats.errors import FormatError, describe
from annotations.formats.release_records import UNJUDGED, IdIndex, ReleaseRecords, as_id_bytes
from annotations.formats.strict_json import StrictJSONError, loads

Kind = Literal["score", "label"]
LABEL_VALUES: dict[Any, float] = {
    1: 1.0,
    0: 0.0,
    "1": 1.0,
    "0": 0.0,
    "consistent": 1.0,
    "inconsistent": 0.0,
}
ALLOWED_LABELS = "1 or consistent, 0 or inconsistent"
MAX_MISSING_SHOWN = 3


@dataclass(slots=True)
class Predictions:
    """One run's values aligned to the release's records (``nan`` where none was given):
    scores as given, labels as 1.0 consistent / 0.0 inconsistent."""

    kind: Kind
    sentence_values: np.ndarray
    summary_values: np.ndarray
    # By record index, only where given (most runs have no explanations).
    sentence_explanations: dict[int, str] = field(default_factory=dict)
    sentence_types: dict[int, tuple[str, ...]] = field(default_factory=dict)
    summary_explanations: dict[int, str] = field(default_factory=dict)

    @property
    def sentences(self) -> int:
        return int(np.count_nonzero(~np.isnan(self.sentence_values)))

    @property
    def summaries(self) -> int:
        return int(np.count_nonzero(~np.isnan(self.summary_values)))


@dataclass(slots=True)
class _Columns:
    """The file's rows as columns, with each row's line number."""

    lines: np.ndarray
    record_id: list[Any]
    value: list[Any]
    kind: Kind
    explanation: list[Any] | None
    error_types: list[Any] | None


def _is_jsonl(data: bytes, file: str) -> bool:
    name = file.lower()
    if name.endswith((".jsonl", ".json", ".ndjson")):
        return True
    if name.endswith((".csv", ".tsv")):
        return False
    return data.lstrip()[:1] == b"{"


def _kind(has_score: bool, has_label: bool, file: str) -> Kind:
    if has_score and has_label:
        raise FormatError(
            "has both score and label: a run is scores or labels (upload the other as its own run)",
            file=file,
        )
    if not has_score and not has_label:
        raise FormatError("needs a score or a label field", file=file)
    return "score" if has_score else "label"


def _jsonl_columns(data: bytes, file: str) -> _Columns:
    rows: list[tuple[int, dict[str, Any]]] = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        try:
            row = loads(raw)
        except StrictJSONError as error:
            raise FormatError(str(error), file=file, line=number) from None
        if not isinstance(row, dict):
            raise FormatError(f"expected an object, got {describe(row)}", file=file, line=number)
        rows.append((number, row))
    kind = _kind(
        any("score" in row for _, row in rows), any("label" in row for _, row in rows), file
    )
    return _Columns(
        lines=np.fromiter((number for number, _ in rows), dtype=np.int64, count=len(rows)),
        record_id=[row.get("record_id") for _, row in rows],
        value=[row.get(kind) for _, row in rows],
        kind=kind,
        explanation=[row.get("explanation") for _, row in rows]
        if any("explanation" in row for _, row in rows)
        else None,
        error_types=[row.get("error_types") for _, row in rows]
        if any("error_types" in row for _, row in rows)
        else None,
    )


def _csv_line_numbers(data: bytes, count: int) -> np.ndarray:
    """Each data row's first physical line (a quoted cell may span lines)."""
    reader = csv.reader(io.StringIO(data.decode("utf-8-sig")))
    starts = []
    line = 1
    for _ in reader:
        starts.append(line)
        line = reader.line_num + 1
    return np.asarray(starts[1 : count + 1], dtype=np.int64)


def _csv_columns(data: bytes, file: str) -> _Columns:
    try:
        frame = pd.read_csv(
            io.BytesIO(data),
            dtype=str,
            keep_default_na=False,
            na_filter=False,
            encoding="utf-8-sig",
            engine="c",
        )
    except (pd.errors.ParserError, UnicodeDecodeError, pd.errors.EmptyDataError) as error:
        raise FormatError(f"not a CSV file the reader understands ({error})", file=file) from None
    if "record_id" not in frame.columns:
        raise FormatError(
            f"needs a record_id column; the header has {', '.join(map(str, frame.columns))}",
            file=file,
            line=1,
        )
    kind = _kind("score" in frame.columns, "label" in frame.columns, file)
    # Physical line numbers: row + 1, unless a quoted cell spans lines (rare).
    spans_lines = any(frame[column].str.contains("\n", regex=False).any() for column in frame)
    lines = (
        _csv_line_numbers(data, len(frame))
        if spans_lines
        else np.arange(2, len(frame) + 2, dtype=np.int64)
    )
    values: list[Any] = frame[kind].tolist()
    if kind == "score":
        numbers = pd.to_numeric(frame[kind].str.strip(), errors="coerce").to_numpy(dtype=float)
        bad = np.flatnonzero(np.isnan(numbers) & (frame[kind].str.strip().str.lower() != "nan"))
        if len(bad):
            row = int(bad[0])
            shown = values[row]
            raise FormatError(
                "is empty; every row needs a score"
                if shown.strip() == ""
                else f"{describe(shown)} is not a number",
                file=file,
                line=int(lines[row]),
                field="score",
            )
        values = numbers.tolist()
    types: list[Any] | None = None
    if "error_types" in frame.columns:
        types = []
        for row, cell in enumerate(frame["error_types"].tolist()):
            if cell.strip() == "":
                types.append(None)
                continue
            try:
                types.append(json.loads(cell))
            except ValueError:
                raise FormatError(
                    f'{describe(cell)} is not a JSON list of type names, e.g. ["Extrinsic'
                    ' Information"]',
                    file=file,
                    line=int(lines[row]),
                    field="error_types",
                ) from None
    return _Columns(
        lines=lines,
        record_id=frame["record_id"].tolist(),
        value=values,
        kind=kind,
        explanation=[cell or None for cell in frame["explanation"].tolist()]
        if "explanation" in frame.columns
        else None,
        error_types=types,
    )


def _values(columns: _Columns, file: str) -> np.ndarray:
    out = np.empty(len(columns.value), dtype=np.float64)
    for row, value in enumerate(columns.value):
        line = int(columns.lines[row])
        if columns.kind == "score":
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise FormatError(
                    "is missing" if value is None else f"{describe(value)} is not a number",
                    file=file,
                    line=line,
                    field="score",
                )
            if not math.isfinite(value):
                raise FormatError(
                    f"{value} is not a finite number", file=file, line=line, field="score"
                )
            out[row] = value
        else:
            key = value.strip().lower() if isinstance(value, str) else value
            if isinstance(key, bool) or key not in LABEL_VALUES:
                raise FormatError(
                    f"{'is missing' if value is None else describe(value)}: a label is"
                    f" {ALLOWED_LABELS}",
                    file=file,
                    line=line,
                    field="label",
                )
            out[row] = LABEL_VALUES[key]
    return out


def _positions(columns: _Columns, records: ReleaseRecords, file: str) -> np.ndarray:
    """Each row's record: its sentence index, or ``-(summary index) - 1`` for a summary."""
    # No release id is longer than this: a longer one is unknown, and is refused before the
    # ids are packed into fixed-width arrays (one 10,000-character id would widen them all).
    longest = max(
        records.sentences.record_id.ids.itemsize, records.summaries.record_id.ids.itemsize
    )
    for row, value in enumerate(columns.record_id):
        if not isinstance(value, str) or not value.strip():
            raise FormatError(
                "is missing" if value in (None, "") else f"{describe(value)} is not a string",
                file=file,
                line=int(columns.lines[row]),
                field="record_id",
            )
        if len(value) > longest:
            raise FormatError(
                f"{describe(value)} is not a record of this release (its ids have at most"
                f" {longest} characters)",
                file=file,
                line=int(columns.lines[row]),
                field="record_id",
            )
    ids = as_id_bytes(columns.record_id)
    sentence = records.sentences.record_id.find(ids)
    summary = records.summaries.record_id.find(ids)
    unknown = np.flatnonzero((sentence < 0) & (summary < 0))
    if len(unknown):
        row = int(unknown[0])
        raise FormatError(
            f"{columns.record_id[row]!r} is not a record of this release (use the `id` or"
            f" `summary_id` of its LLM-AggreFact export, or `record_id` of its records.csv);"
            f" {len(unknown)} unknown in all",
            file=file,
            line=int(columns.lines[row]),
            field="record_id",
        )
    positions = np.where(sentence >= 0, sentence, -summary - 1)
    order = np.argsort(positions, kind="stable")
    repeated = np.flatnonzero(positions[order][1:] == positions[order][:-1])
    if len(repeated):
        first, again = int(order[repeated[0]]), int(order[repeated[0] + 1])
        raise FormatError(
            f"{columns.record_id[again]!r} is given again (first on line"
            f" {int(columns.lines[first])}): one prediction per record",
            file=file,
            line=int(columns.lines[again]),
            field="record_id",
        )
    return positions


def _missing(given: np.ndarray, ids: IdIndex, labels: np.ndarray, level: str, file: str) -> None:
    if not given.any():
        return
    lacking = np.flatnonzero(~given & (labels != UNJUDGED))
    if len(lacking):
        shown = ", ".join(repr(ids.text(int(i))) for i in lacking[:MAX_MISSING_SHOWN])
        raise FormatError(
            f"misses {len(lacking)} of the release's {int((labels != UNJUDGED).sum())} judged"
            f" {level} records (e.g. {shown}): a run predicts every one, dev and test",
            file=file,
            field="record_id",
        )


def read_predictions(data: bytes, *, file: str, records: ReleaseRecords) -> Predictions:
    """Parse and check one run's file; a FormatError names the first problem."""
    if not data.strip():
        raise FormatError("is empty: no predictions", file=file)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FormatError(
            f"is not UTF-8 ({error.reason} at byte {error.start})", file=file
        ) from None
    columns = _jsonl_columns(data, file) if _is_jsonl(data, file) else _csv_columns(data, file)
    if not columns.record_id:
        raise FormatError("has a header but no predictions", file=file)
    values = _values(columns, file)
    positions = _positions(columns, records, file)
    is_sentence = positions >= 0
    sentence_values = np.full(len(records.sentences), np.nan)
    sentence_values[positions[is_sentence]] = values[is_sentence]
    summary_values = np.full(len(records.summaries), np.nan)
    summary_values[-positions[~is_sentence] - 1] = values[~is_sentence]
    _missing(
        ~np.isnan(sentence_values),
        records.sentences.record_id,
        records.sentences.label,
        "sentence",
        file,
    )
    _missing(
        ~np.isnan(summary_values),
        records.summaries.record_id,
        records.summaries.label,
        "summary",
        file,
    )
    predictions = Predictions(columns.kind, sentence_values, summary_values)
    for row, text in enumerate(columns.explanation or []):
        if text is None or text == "":
            continue
        line = int(columns.lines[row])
        if not isinstance(text, str):
            raise FormatError(
                f"{describe(text)} is not a string", file=file, line=line, field="explanation"
            )
        if "\x00" in text:
            raise FormatError("holds a NUL character", file=file, line=line, field="explanation")
        position = int(positions[row])
        if position >= 0:
            predictions.sentence_explanations[position] = text
        else:
            predictions.summary_explanations[-position - 1] = text
    for row, chosen in enumerate(columns.error_types or []):
        if chosen is None:
            continue
        if not isinstance(chosen, list) or not all(isinstance(t, str) for t in chosen):
            raise FormatError(
                f"{describe(chosen)} is not a list of type names",
                file=file,
                line=int(columns.lines[row]),
                field="error_types",
            )
        if positions[row] >= 0 and chosen:
            predictions.sentence_types[int(positions[row])] = tuple(chosen)
    return predictions


def pack_predictions(predictions: Predictions) -> bytes:
    """A run as the ``.npz`` the site stores: arrays only, no pickled objects, so it is read
    back with ``allow_pickle=False``."""
    explained = sorted(predictions.sentence_explanations)
    summary_explained = sorted(predictions.summary_explanations)
    typed = sorted(predictions.sentence_types)
    stream = io.BytesIO()
    np.savez(
        stream,
        kind=np.array(predictions.kind),
        sentence_values=predictions.sentence_values,
        summary_values=predictions.summary_values,
        explained=np.array(explained, dtype=np.int64),
        explanations=np.array([predictions.sentence_explanations[i] for i in explained], dtype=str),
        summary_explained=np.array(summary_explained, dtype=np.int64),
        summary_explanations=np.array(
            [predictions.summary_explanations[i] for i in summary_explained], dtype=str
        ),
        typed=np.array(typed, dtype=np.int64),
        types=np.array([json.dumps(predictions.sentence_types[i]) for i in typed], dtype=str),
    )
    return stream.getvalue()


def unpack_predictions(data: bytes) -> Predictions:
    arrays = np.load(io.BytesIO(data), allow_pickle=False)
    return Predictions(
        kind="score" if str(arrays["kind"]) == "score" else "label",
        sentence_values=arrays["sentence_values"],
        summary_values=arrays["summary_values"],
        sentence_explanations=dict(
            zip(arrays["explained"].tolist(), arrays["explanations"].tolist(), strict=True)
        ),
        summary_explanations=dict(
            zip(
                arrays["summary_explained"].tolist(),
                arrays["summary_explanations"].tolist(),
                strict=True,
            )
        ),
        sentence_types={
            index: tuple(json.loads(chosen))
            for index, chosen in zip(
                arrays["typed"].tolist(), arrays["types"].tolist(), strict=True
            )
        },
    )
