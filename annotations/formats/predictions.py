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

import codecs
import io
import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from annotations.formats.errors import FormatError
from annotations.formats.key_fact_matches import (
    KeyFactMatches,
    empty_matches,
    matches_from_json,
    matches_from_stored,
)
from annotations.formats.prediction_rows import EXTRA_FIELDS, Chunk, Kind, RunFile, run_file
from annotations.formats.release_records import UNJUDGED, IdIndex, ReleaseRecords

MAX_MISSING_SHOWN = 3
# The level whose records each structured field belongs to.
EXTRA_LEVEL = {"spans": "sentence", "key_facts": "summary", "acus": "summary"}


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
    # Records the evaluator abstained on (``abstain`` in place of a value): their value is a
    # placeholder that flags nothing (a label: consistent; a score: the run's highest).
    sentence_abstained: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    summary_abstained: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    # The optional structured outputs (prediction_rows.EXTRA_FIELDS): spans per sentence and
    # ACUs per summary, by record index, as their canonical JSON text; key-fact matches per
    # summary as arrays (key_fact_matches.py), since every summary of a FineSurE-style run
    # has them and they are scored in bulk.
    sentence_spans: dict[int, str] = field(default_factory=dict)
    summary_key_facts: KeyFactMatches = field(default_factory=empty_matches)
    summary_acus: dict[int, str] = field(default_factory=dict)

    @property
    def sentences(self) -> int:
        return int(np.count_nonzero(~np.isnan(self.sentence_values)))

    @property
    def summaries(self) -> int:
        return int(np.count_nonzero(~np.isnan(self.summary_values)))


def _positions(run: RunFile, chunk: Chunk, records: ReleaseRecords) -> np.ndarray:
    """Each row's record: its sentence index, or ``-(summary index) - 1`` for a summary."""
    sentence = records.sentences.record_id.find(chunk.ids)
    summary = records.summaries.record_id.find(chunk.ids)
    unknown = np.flatnonzero((sentence < 0) & (summary < 0))
    if len(unknown):
        row = int(unknown[0])
        shown = bytes(chunk.ids[row]).decode("utf-8", "replace")
        raise run.error(
            f"{shown!r} is not a record of this release (use the `id` or `summary_id` of its"
            f" LLM-AggreFact export, or `record_id` of its records.csv); {len(unknown)} unknown"
            f" up to line {run.line(chunk.start + len(chunk.ids) - 1)}",
            chunk.start + row,
            "record_id",
        )
    return np.where(sentence >= 0, sentence, -summary - 1)


class _Placed:
    """A run's rows placed into the release's records as their chunks arrive: one slot per
    record (the sentences, then the summaries) holding its value and the row that gave it,
    so a repeated record is caught across chunks without keeping the rows."""

    def __init__(self, run: RunFile, records: ReleaseRecords) -> None:
        self.run = run
        self.records = records
        self.sentences = len(records.sentences)
        slots = self.sentences + len(records.summaries)
        self.row_of = np.full(slots, -1, dtype=np.int64)
        self.values = np.full(slots, np.nan)
        self.explanations: dict[int, str] = {}
        self.error_types: dict[int, tuple[str, ...]] = {}
        self.abstained: list[np.ndarray] = []
        self.extras: dict[str, dict[int, str]] = {name: {} for name in EXTRA_FIELDS}

    def add(self, chunk: Chunk) -> None:
        positions = _positions(self.run, chunk, self.records)
        slots = np.where(positions >= 0, positions, self.sentences - positions - 1)
        rows = chunk.start + np.arange(len(slots), dtype=np.int64)
        repeats: list[tuple[int, int]] = []  # (again, first) as the file's rows
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
                f"{self._text(int(slots[again - chunk.start]))!r} is given again (first on line"
                f" {self.run.line(first)}): one prediction per record",
                again,
                "record_id",
            )
        self.row_of[slots] = rows
        self.values[slots] = chunk.values
        for row, text in chunk.explanations:
            self.explanations[int(slots[row - chunk.start])] = text
        for row, chosen in chunk.error_types:
            self.error_types[int(slots[row - chunk.start])] = chosen
        if chunk.abstained:
            self.abstained.append(slots[np.asarray(chunk.abstained) - chunk.start])
        for name, given in chunk.extras.items():
            for row, text in given:
                slot = int(slots[row - chunk.start])
                level = "sentence" if slot < self.sentences else "summary"
                if level != EXTRA_LEVEL[name]:
                    raise self.run.error(
                        f"is given for a {level} record; {name} belong to"
                        f" {EXTRA_LEVEL[name]} records (their record_id)",
                        row,
                        name,
                    )
                self.extras[name][slot] = text

    def _text(self, slot: int) -> str:
        if slot < self.sentences:
            return self.records.sentences.record_id.text(slot)
        return self.records.summaries.record_id.text(slot - self.sentences)

    def predictions(self) -> Predictions:
        """The run, once every chunk is placed and no judged record is missing."""
        given = self.row_of >= 0
        file = self.run.file
        if not given.any():
            raise FormatError("has a header but no predictions", file=file)
        n = self.sentences
        sentences, summaries = self.records.sentences, self.records.summaries
        _missing(given[:n], sentences.record_id, sentences.label, "sentence", file)
        _missing(given[n:], summaries.record_id, summaries.label, "summary", file)
        abstained = (
            np.unique(np.concatenate(self.abstained))
            if self.abstained
            else np.empty(0, dtype=np.int64)
        )
        if len(abstained):
            # A placeholder that flags nothing at any threshold the run's own values give.
            answered = np.ones(len(self.values), dtype=bool)
            answered[abstained] = False
            known = self.values[answered & given]
            self.values[abstained] = (
                1.0 if self.run.kind == "label" or not len(known) else float(known.max())
            )
        return Predictions(
            self.run.kind,
            self.values[:n],
            self.values[n:],
            sentence_abstained=abstained[abstained < n],
            summary_abstained=abstained[abstained >= n] - n,
            sentence_spans=self.extras["spans"],
            summary_key_facts=matches_from_json(
                {s - n: t for s, t in self.extras["key_facts"].items()}
            ),
            summary_acus={s - n: t for s, t in self.extras["acus"].items()},
            sentence_explanations={s: t for s, t in self.explanations.items() if s < n},
            # Types are predicted for sentences only (a summary's are its sentences').
            sentence_types={s: t for s, t in self.error_types.items() if s < n},
            summary_explanations={s - n: t for s, t in self.explanations.items() if s >= n},
        )


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


def _refuse_non_utf8(data: bytes, file: str) -> None:
    """Check the bytes decode, a block at a time (decoding a large file at once would hold a
    copy of it as text)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(data)
    block = 1 << 20
    for start in range(0, len(data), block):
        try:
            decoder.decode(view[start : start + block], final=start + block >= len(data))
        except UnicodeDecodeError as error:
            raise FormatError(
                f"is not UTF-8 ({error.reason} at byte {start + error.start})", file=file
            ) from None


def read_predictions(data: bytes, *, file: str, records: ReleaseRecords) -> Predictions:
    """Parse and check one run's file, a chunk of rows at a time (prediction_rows.py); a
    FormatError names the first problem."""
    if not data or data.isspace():
        raise FormatError("is empty: no predictions", file=file)
    _refuse_non_utf8(data, file)
    run = run_file(
        data,
        file=file,
        longest_id=max(
            records.sentences.record_id.ids.itemsize, records.summaries.record_id.ids.itemsize
        ),
    )
    placed = _Placed(run, records)
    for chunk in run.chunks():
        placed.add(chunk)
    return placed.predictions()


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
        sentence_abstained=np.asarray(predictions.sentence_abstained, dtype=np.int64),
        summary_abstained=np.asarray(predictions.summary_abstained, dtype=np.int64),
        **_packed_texts("spans", predictions.sentence_spans),  # type: ignore[arg-type]
        **predictions.summary_key_facts.stored(),  # type: ignore[arg-type]
        **_packed_texts("acus", predictions.summary_acus),  # type: ignore[arg-type]
    )
    return stream.getvalue()


def _packed_texts(name: str, texts: dict[int, str]) -> dict[str, np.ndarray]:
    at = sorted(texts)
    return {
        f"{name}_at": np.array(at, dtype=np.int64),
        f"{name}_json": np.array([texts[i] for i in at], dtype=str),
    }


def _unpacked_texts(arrays: Any, name: str) -> dict[int, str]:
    """A stored run's structured outputs (none in a run stored before issue 32)."""
    if f"{name}_at" not in arrays.files:
        return {}
    return dict(zip(arrays[f"{name}_at"].tolist(), arrays[f"{name}_json"].tolist(), strict=True))


def _optional(arrays: Any, name: str) -> np.ndarray:
    return arrays[name] if name in arrays.files else np.empty(0, dtype=np.int64)


def unpack_predictions(data: bytes) -> Predictions:
    arrays = np.load(io.BytesIO(data), allow_pickle=False)
    return Predictions(
        sentence_abstained=_optional(arrays, "sentence_abstained"),
        summary_abstained=_optional(arrays, "summary_abstained"),
        sentence_spans=_unpacked_texts(arrays, "spans"),
        summary_key_facts=matches_from_stored(arrays),
        summary_acus=_unpacked_texts(arrays, "acus"),
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
