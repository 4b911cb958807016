"""The scores of a release: ``scores.csv`` (one row per summary) and ``system_scores.csv``
(one row per system), described in docs/formats/scores.md.

``scores.csv``, UTF-8 without BOM, quoted only where needed, ``\\n`` after every row::

    corpus,doc_id,topic,system,summary_id,faithfulness,completeness,conciseness,acu_score,split

- ``summary_id``: the summary's external id (the system's name when it has none, as in the
  native JSONL);
- the four scores are ``SummaryRow``'s properties (rows.py; the same rules as
  ``annotations.scoring.summary``), each a share in [0, 1] written as Python writes the float
  (shortest round-trip form, e.g. ``0.75``, ``1.0``, ``0.6666666666666666``), or an **empty
  cell** when undefined;
- ``split``: ``dev``, ``test`` or ``none``, as in the other files of the release.

``system_scores.csv``, one row per system in name order::

    system,summaries,faithfulness,faithfulness_low,faithfulness_high,faithfulness_n,...

with the same four columns for completeness, conciseness and acu_score: the mean of the
defined per-summary scores, the bootstrap interval's bounds (``annotations.scoring.systems``)
and ``n``, the summaries whose score is defined; mean and bounds are empty when ``n`` is 0.

The per-summary writer is a push writer (``ScoresWriter.write(row)``), so a release can fill
it from rows that are streaming past into another format; ``write_scores`` is the usual
pull form. Either can hand each row's scores to a ``ScoreCollector``, which keeps them as
compact arrays (a system code and four floats per summary) for the per-system table.
No Django here.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from typing import BinaryIO

import numpy as np

from annotations.formats.writers.encoding import CsvValue, csv_fields
from annotations.formats.writers.rows import SummaryRow
from annotations.scoring import METRICS, ScoreTable, system_scores_coded

COLUMNS = [
    "corpus",
    "doc_id",
    "topic",
    "system",
    "summary_id",
    *METRICS,
    "split",
]
SYSTEM_COLUMNS = [
    "system",
    "summaries",
    *(
        column
        for metric in METRICS
        for column in (metric, f"{metric}_low", f"{metric}_high", f"{metric}_n")
    ),
]


def row_scores(summary: SummaryRow) -> tuple[float | None, ...]:
    """The summary's scores in ``METRICS`` order."""
    return (summary.faithfulness, summary.completeness, summary.conciseness, summary.acu_score)


class ScoreCollector:
    """Every summary's system and scores, kept for the per-system table: a system code
    (``array('l')``) and one float per metric (``nan`` = undefined), ~40 bytes a summary."""

    def __init__(self) -> None:
        self._codes: dict[str, int] = {}
        self._system = array("l")
        self._values = array("d")  # METRICS-many per summary, in order

    def __len__(self) -> int:
        return len(self._system)

    def add(self, system: str, scores: tuple[float | None, ...]) -> None:
        code = self._codes.get(system)
        if code is None:
            code = self._codes[system] = len(self._codes)
        if len(scores) != len(METRICS):
            raise ValueError(f"{len(scores)} scores for {len(METRICS)} metrics")
        self._system.append(code)
        self._values.extend([_NAN if value is None else value for value in scores])

    def table(
        self, *, n_resamples: int = 1000, confidence: float = 0.95, seed: int = 0
    ) -> ScoreTable:
        """The per-system means and intervals of everything added so far."""
        values = np.frombuffer(self._values, dtype=np.float64).reshape(-1, len(METRICS))
        return system_scores_coded(
            np.frombuffer(self._system, dtype=np.dtype(f"i{self._system.itemsize}")),
            list(self._codes),
            {metric: values[:, k] for k, metric in enumerate(METRICS)},
            n_resamples=n_resamples,
            confidence=confidence,
            seed=seed,
        )


class ScoresWriter:
    """Writes ``scores.csv`` to ``stream`` one summary at a time; ``records`` counts rows."""

    def __init__(self, stream: BinaryIO, *, collector: ScoreCollector | None = None) -> None:
        self._stream = stream
        self._collector = collector
        self.records = 0
        # The line up to the topic, quoted once per unit (its summaries come together).
        self._unit: tuple[str, str, str] | None = None
        self._head = ""
        stream.write((csv_fields(COLUMNS) + "\n").encode("utf-8"))

    def write(self, summary: SummaryRow) -> None:
        scores = row_scores(summary)
        unit = (summary.corpus, summary.doc_id, summary.topic)
        if unit != self._unit:
            self._unit = unit
            self._head = csv_fields(unit) + ","
        line = csv_fields(
            [
                summary.system,
                summary.external_id,
                # Numbers as numbers: the CSV writer neutralises text, never a number.
                *["" if value is None else value for value in scores],
                summary.split,
            ]
        )
        self._stream.write((self._head + line + "\n").encode("utf-8"))
        if self._collector is not None:
            self._collector.add(summary.system, scores)
        self.records += 1


def write_scores(
    stream: BinaryIO, summaries: Iterable[SummaryRow], *, collector: ScoreCollector | None = None
) -> int:
    """Write the header and one row per summary; returns the number of rows (header
    excluded)."""
    writer = ScoresWriter(stream, collector=collector)
    for summary in summaries:
        writer.write(summary)
    return writer.records


def write_system_scores(stream: BinaryIO, table: ScoreTable) -> int:
    """Write ``system_scores.csv``: the header and one row per system; returns the rows."""
    stream.write((csv_fields(SYSTEM_COLUMNS) + "\n").encode("utf-8"))
    for system in table.systems:
        cells: list[CsvValue] = [system.system, system.summaries]
        for metric in METRICS:
            score = system.scores.get(metric)
            if score is None:
                cells += ["", "", "", 0]
            else:
                cells += [_number(score.mean), _number(score.low), _number(score.high), score.n]
        stream.write((csv_fields(cells) + "\n").encode("utf-8"))
    return len(table.systems)


def _number(value: float | None) -> CsvValue:
    return "" if value is None else float(value)


_NAN = float("nan")
