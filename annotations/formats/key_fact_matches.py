"""A run's key-fact matches (FineSurE; docs/evaluation.md "Uploading a run") as flat arrays,
the way a run's ``.npz`` keeps them. Pure: numpy only.

A row of a run may give, for a summary, one entry per key fact of its topic: ``true`` /
``false`` (covered or not) or the list of the summary's sentence numbers (1-based) stating
it (``[]``: not covered). Kept as JSON text per summary, scoring 10 runs over 200,000
summaries spent ~20 s of CPU decoding and walking them in Python (docs/performance.md,
2026-11-27); as arrays it is a few vectorised passes. The layout is CSR, twice nested::

    summaries         the summaries given (record indices, ascending)
    fact_offsets      summary k's facts are facts[fact_offsets[k]:fact_offsets[k + 1]]
    covered, listed   per fact: the model calls it covered; it gave sentence numbers
    sentence_offsets  fact f's numbers are sentences[sentence_offsets[f]:...[f + 1]]
    sentences         the sentence numbers, as given (clipped to int32: a larger number
                      names no sentence of any summary, as the number given did not)

A run stored before these arrays holds the JSON texts (``key_facts_at``,
``key_facts_json``); ``from_stored`` converts them on read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

PREFIX = "key_facts"
ARRAYS = ("summaries", "fact_offsets", "covered", "listed", "sentence_offsets", "sentences")
# Sentence numbers past this name no sentence (no summary has that many); int32 holds them.
LARGEST_NUMBER = np.iinfo(np.int32).max


@dataclass(frozen=True, slots=True)
class KeyFactMatches:
    summaries: np.ndarray  # int64
    fact_offsets: np.ndarray  # int64, len(summaries) + 1
    covered: np.ndarray  # bool per fact
    listed: np.ndarray  # bool per fact
    sentence_offsets: np.ndarray  # int64, facts + 1
    sentences: np.ndarray  # int32

    def __len__(self) -> int:
        return len(self.summaries)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KeyFactMatches):
            return NotImplemented
        return all(np.array_equal(getattr(self, name), getattr(other, name)) for name in ARRAYS)

    @property
    def fact_counts(self) -> np.ndarray:
        return np.diff(self.fact_offsets)

    def entries(self, summary: int) -> list[bool | list[int]]:
        """One summary's matches as they were given (for display and tests)."""
        k = int(np.searchsorted(self.summaries, summary))
        if k == len(self.summaries) or self.summaries[k] != summary:
            raise KeyError(summary)
        out: list[bool | list[int]] = []
        for f in range(int(self.fact_offsets[k]), int(self.fact_offsets[k + 1])):
            if self.listed[f]:
                start, end = self.sentence_offsets[f], self.sentence_offsets[f + 1]
                out.append(self.sentences[start:end].tolist())
            else:
                out.append(bool(self.covered[f]))
        return out

    def stored(self) -> dict[str, np.ndarray]:
        """The arrays under their names in a run's ``.npz``."""
        return {f"{PREFIX}_{name}": getattr(self, name) for name in ARRAYS}


def empty_matches() -> KeyFactMatches:
    return KeyFactMatches(
        summaries=np.empty(0, dtype=np.int64),
        fact_offsets=np.zeros(1, dtype=np.int64),
        covered=np.empty(0, dtype=bool),
        listed=np.empty(0, dtype=bool),
        sentence_offsets=np.zeros(1, dtype=np.int64),
        sentences=np.empty(0, dtype=np.int32),
    )


def matches_from_json(texts: dict[int, str]) -> KeyFactMatches:
    """The matches of a run as read (``prediction_rows`` checked each text: a JSON list of
    booleans and lists of positive integers), by summary index."""
    if not texts:
        return empty_matches()
    at = sorted(texts)
    # One JSON array of them all, parsed at once (a parse per summary costs ~8x more).
    decoded: list[list[Any]] = json.loads("[" + ",".join(texts[i] for i in at) + "]")
    flat = [entry for entries in decoded for entry in entries]
    listed = np.fromiter((type(entry) is list for entry in flat), dtype=bool, count=len(flat))
    covered = np.fromiter(
        (len(entry) > 0 if type(entry) is list else entry for entry in flat),
        dtype=bool,
        count=len(flat),
    )
    numbers = [entry for entry in flat if type(entry) is list]
    counts = np.zeros(len(flat), dtype=np.int64)
    counts[listed] = [len(entry) for entry in numbers]
    sentences = np.fromiter(
        (min(n, LARGEST_NUMBER) for entry in numbers for n in entry),
        dtype=np.int32,
        count=int(counts.sum()),
    )
    return KeyFactMatches(
        summaries=np.asarray(at, dtype=np.int64),
        fact_offsets=_offsets(np.fromiter(map(len, decoded), dtype=np.int64, count=len(at))),
        covered=covered,
        listed=listed,
        sentence_offsets=_offsets(counts),
        sentences=sentences,
    )


def matches_from_stored(arrays: Any) -> KeyFactMatches:
    """A stored run's matches (``np.load`` of its ``.npz``): the arrays, or for a run stored
    before them, its JSON texts converted; none in a run stored before issue 32."""
    if f"{PREFIX}_fact_offsets" in arrays.files:
        return KeyFactMatches(**{name: arrays[f"{PREFIX}_{name}"] for name in ARRAYS})
    if f"{PREFIX}_at" in arrays.files:
        return matches_from_json(
            dict(
                zip(
                    arrays[f"{PREFIX}_at"].tolist(),
                    arrays[f"{PREFIX}_json"].tolist(),
                    strict=True,
                )
            )
        )
    return empty_matches()


def _offsets(counts: np.ndarray) -> np.ndarray:
    out = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=out[1:])
    return out
