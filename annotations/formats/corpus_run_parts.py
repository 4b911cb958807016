"""A corpus run's predictions as stored: arrays in parts, not a row per record (issue 31,
docs/models-in-the-loop.md, "Corpus runs"). Pure: numpy, no Django.

A run is a million records written at once and never changed (a correction is a new
version). As one database row per record, inserting them cost PostgreSQL 5-7 s of CPU for the
bench's 1,001,169 records (a heap and four indexes), whatever the upload did: the 200,000
records/s the issue asks for was out of reach by that alone. Its readers never needed rows:
the Judges page and the choice of units read whole runs, and an assisted unit reads one
unit's handful of records. So a run is kept as ``RunRecords`` sorted by summary, cut at
summary boundaries into parts of about ``PART_RECORDS`` records (1,024: an LLM judge explains
every record, so a part's extras are ~200 kB of JSON a reveal parses); each part is a row
(``CorpusRunPart``) holding its arrays' bytes and the range of summary ids it covers, so
that a unit's records are one indexed lookup and a small decode away.

A part's bytes, all little-endian, ``n`` records each: the summary ids (int64), the sentence
ids (int64; ``SUMMARY_LEVEL`` for a summary's own verdict), the scores (float64, ``nan``: none),
the label codes (int8, ``corpus_predictions``' codes) and the abstain flags (uint8). The few
records with an explanation, error types, spans or evidence carry them in the part's
``extras``: JSON, by position in the part.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from annotations.formats.corpus_predictions import (
    CONSISTENT,
    INCONSISTENT,
    LABEL_TEXT,
    NO_LABEL,
    CorpusPredictions,
)

PART_RECORDS = 1024
SUMMARY_LEVEL = -1
_LAYOUT = (("summary", "<i8"), ("sentence", "<i8"), ("scores", "<f8"))
_SMALL = (("labels", "<i1"), ("abstain", "<u1"))
RECORD_BYTES = 8 + 8 + 8 + 1 + 1


@dataclass(frozen=True, slots=True)
class Extra:
    """What a record may say beside its verdict."""

    explanation: str = ""
    error_types: tuple[str, ...] = ()
    spans: tuple[tuple[int, int], ...] = ()
    evidence: tuple[int, ...] = ()

    def as_json(self) -> list[Any]:
        return [
            self.explanation,
            list(self.error_types),
            [list(span) for span in self.spans],
            list(self.evidence),
        ]

    @classmethod
    def from_json(cls, value: list[Any]) -> Extra:
        explanation, types, spans, evidence = value
        return cls(
            str(explanation),
            tuple(str(t) for t in types),
            tuple((int(s), int(e)) for s, e in spans),
            tuple(int(t) for t in evidence),
        )


def _ints() -> np.ndarray:
    return np.empty(0, dtype=np.int64)


@dataclass(frozen=True, slots=True)
class RunRecords:
    """Records of a run, by position: ``summary`` and ``sentence`` ids (``SUMMARY_LEVEL`` for a
    summary's own verdict), ``scores`` (nan: none), ``labels`` (label codes), ``abstain``;
    ``extras`` by position, only where a record has one."""

    summary: np.ndarray = field(default_factory=_ints)
    sentence: np.ndarray = field(default_factory=_ints)
    scores: np.ndarray = field(default_factory=lambda: np.empty(0))
    labels: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int8))
    abstain: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=bool))
    extras: Mapping[int, Extra] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.summary)

    def take(self, positions: np.ndarray) -> RunRecords:
        """The records at ``positions`` (indices, in that order)."""
        positions = np.asarray(positions, dtype=np.int64)
        extras: dict[int, Extra] = {}
        if self.extras:
            for new, old in enumerate(positions.tolist()):
                if old in self.extras:
                    extras[new] = self.extras[old]
        return RunRecords(
            self.summary[positions],
            self.sentence[positions],
            self.scores[positions],
            self.labels[positions],
            self.abstain[positions],
            extras,
        )

    def verdict(self, at: int) -> dict[str, Any]:
        """The record at ``at`` as what it says: ``label`` (None when it gave none), ``score``
        (None when none), ``abstain`` and its extras, as JSON values."""
        extra = self.extras.get(at, Extra())
        score = float(self.scores[at])
        return {
            "label": LABEL_TEXT.get(int(self.labels[at])),
            "score": None if score != score else score,
            "abstain": bool(self.abstain[at]),
            "explanation": extra.explanation,
            "error_types": list(extra.error_types),
            "spans": [list(span) for span in extra.spans],
            "evidence": list(extra.evidence),
        }

    def of_summaries(self, summaries: Iterable[int]) -> RunRecords:
        wanted = np.fromiter(summaries, dtype=np.int64)
        return self.take(np.flatnonzero(np.isin(self.summary, wanted)))

    @classmethod
    def joined(cls, parts: list[RunRecords]) -> RunRecords:
        if not parts:
            return cls()
        if len(parts) == 1:
            return parts[0]
        return cls(
            np.concatenate([p.summary for p in parts]),
            np.concatenate([p.sentence for p in parts]),
            np.concatenate([p.scores for p in parts]),
            np.concatenate([p.labels for p in parts]),
            np.concatenate([p.abstain for p in parts]),
            JoinedExtras([p.extras for p in parts], [len(p) for p in parts]),
        )


def sorted_records(records: RunRecords) -> RunRecords:
    """By summary, a summary's own verdict before its sentences', sentences by id."""
    order = np.lexsort((records.sentence, records.summary))
    if np.array_equal(order, np.arange(len(order))):
        return records
    return records.take(order)


def checked_records(predictions: CorpusPredictions) -> RunRecords:
    """A checked file's records, sorted for storing."""
    corpus = predictions.records
    given = predictions.given
    is_sentence = given < corpus.sentences
    extras: dict[int, Extra] = {}
    named = (
        predictions.explanations.keys()
        | predictions.error_types.keys()
        | predictions.spans.keys()
        | predictions.evidence.keys()
    )
    if named:
        position = {int(slot): at for at, slot in enumerate(given.tolist()) if slot in named}
        for slot, at in position.items():
            extras[at] = Extra(
                predictions.explanations.get(slot, ""),
                tuple(predictions.error_types.get(slot, ())),
                tuple(predictions.spans.get(slot, ())),
                tuple(predictions.evidence.get(slot, ())),
            )
    return sorted_records(
        RunRecords(
            summary=np.asarray(corpus.summary[given], dtype=np.int64),
            sentence=np.where(is_sentence, corpus.keys[given], SUMMARY_LEVEL).astype(np.int64),
            scores=np.asarray(predictions.scores, dtype=np.float64),
            labels=np.asarray(predictions.labels, dtype=np.int8),
            abstain=np.asarray(predictions.abstain, dtype=bool),
            extras=extras,
        )
    )


@dataclass(frozen=True, slots=True)
class Part:
    number: int
    first_summary: int
    last_summary: int
    records: int
    arrays: bytes
    extras: dict[str, list[Any]]


def _cuts(summary: np.ndarray, size: int) -> list[int]:
    """Where parts end: after about ``size`` records each, never inside a summary's."""
    starts = np.flatnonzero(np.r_[True, summary[1:] != summary[:-1]])
    cuts: list[int] = []
    end = 0
    while end < len(summary):
        at = int(np.searchsorted(starts, end + size))
        end = int(starts[at]) if at < len(starts) else len(summary)
        cuts.append(end)
    return cuts


def parts_of(records: RunRecords, size: int = PART_RECORDS) -> Iterator[Part]:
    """``records`` (sorted by ``sorted_records``) as the parts stored."""
    start = 0
    for number, end in enumerate(_cuts(records.summary, size)):
        chunk = slice(start, end)
        arrays = b"".join(
            np.ascontiguousarray(values[chunk], dtype=dtype).tobytes()
            for values, dtype in (
                (records.summary, "<i8"),
                (records.sentence, "<i8"),
                (records.scores, "<f8"),
                (records.labels, "<i1"),
                (records.abstain, "<u1"),
            )
        )
        extras = {
            str(at - start): extra.as_json()
            for at, extra in records.extras.items()
            if start <= at < end
        }
        yield Part(
            number,
            int(records.summary[start]),
            int(records.summary[end - 1]),
            end - start,
            arrays,
            extras,
        )
        start = end


class PartExtras(Mapping[int, Extra]):
    """A part's stored extras ({position as text: JSON list}) read as ``Extra`` only when one
    is asked for: a reveal reads a part for one unit's few records."""

    def __init__(self, stored: Mapping[str, Any]) -> None:
        self._stored = stored

    def __getitem__(self, at: int) -> Extra:
        return Extra.from_json(self._stored[str(at)])

    def __contains__(self, at: object) -> bool:
        return str(at) in self._stored

    def __iter__(self) -> Iterator[int]:
        return (int(at) for at in self._stored)

    def __len__(self) -> int:
        return len(self._stored)


class JoinedExtras(Mapping[int, Extra]):
    """The extras of records joined one after another: each part's own, positions shifted
    (read from its part only when asked for)."""

    def __init__(self, extras: list[Mapping[int, Extra]], sizes: list[int]) -> None:
        self._extras = extras
        self._starts = np.cumsum([0, *sizes])[:-1].tolist()

    def _find(self, at: int) -> tuple[Mapping[int, Extra], int] | None:
        which = bisect.bisect_right(self._starts, at) - 1
        if which < 0:
            return None
        return self._extras[which], at - self._starts[which]

    def __getitem__(self, at: int) -> Extra:
        found = self._find(at)
        if found is None:
            raise KeyError(at)
        return found[0][found[1]]

    def __contains__(self, at: object) -> bool:
        found = self._find(at) if isinstance(at, int) else None
        return found is not None and found[1] in found[0]

    def __iter__(self) -> Iterator[int]:
        for start, extras in zip(self._starts, self._extras, strict=True):
            yield from (start + at for at in extras)

    def __len__(self) -> int:
        return sum(len(extras) for extras in self._extras)


def part_records(
    count: int, arrays: bytes | memoryview, extras: Mapping[str, Any] | None = None
) -> RunRecords:
    """A stored part back as records (views of ``arrays``, read-only); without ``extras``
    (what the Judges page and the choice of units read) none."""
    if len(arrays) != count * RECORD_BYTES:
        raise ValueError(f"a part of {count} records has {len(arrays)} bytes")
    columns: dict[str, np.ndarray] = {}
    offset = 0
    for name, dtype in _LAYOUT + _SMALL:
        columns[name] = np.frombuffer(arrays, dtype=dtype, count=count, offset=offset)
        offset += columns[name].nbytes
    return RunRecords(
        summary=columns["summary"].astype(np.int64, copy=False),
        sentence=columns["sentence"].astype(np.int64, copy=False),
        scores=columns["scores"].astype(np.float64, copy=False),
        labels=columns["labels"].astype(np.int8, copy=False),
        abstain=columns["abstain"].astype(bool),
        extras=PartExtras(extras) if extras else {},
    )


def records_from_rows(rows: Iterable[tuple[Any, ...]]) -> RunRecords:
    """Records from (summary id, sentence id or None, label text, score or None, abstain,
    Extra or None) tuples, in any order: what a test or a data migration has at hand."""
    codes = {"": NO_LABEL, "consistent": CONSISTENT, "inconsistent": INCONSISTENT}
    summary: list[int] = []
    sentence: list[int] = []
    scores: list[float] = []
    labels: list[int] = []
    abstain: list[bool] = []
    extras: dict[int, Extra] = {}
    for at, (summary_id, sentence_id, label, score, declined, extra) in enumerate(rows):
        summary.append(int(summary_id))
        sentence.append(SUMMARY_LEVEL if sentence_id is None else int(sentence_id))
        scores.append(np.nan if score is None else float(score))
        labels.append(codes[label or ""])
        abstain.append(bool(declined))
        if extra is not None and extra != Extra():
            extras[at] = extra
    return sorted_records(
        RunRecords(
            np.asarray(summary, dtype=np.int64),
            np.asarray(sentence, dtype=np.int64),
            np.asarray(scores, dtype=np.float64),
            np.asarray(labels, dtype=np.int8),
            np.asarray(abstain, dtype=bool),
            extras,
        )
    )
