"""Score benchmark: the per-system score table of a large synthetic release.

    .venv/bin/python bench/bench_scores.py [--summaries 200000] [--systems 20]
                                           [--resamples 1000] [--repeat 3] [--seed 1]
                                           [--rows 200000] [--naive-resamples 20]

Generates, seeded, ``--summaries`` summaries spread over ``--systems`` summarizers of
different quality: 1-8 sentences each (~95 % with every sentence labelled, ~80 % of them
consistent, system-dependent), the topic's 3-12 key facts (~70 % of summaries judged for
completeness), each sentence aligned to a key fact or not (for conciseness), and 0-15 atomic
facts (0: no ACU score) of which ~85 % are supported. Undefined scores are ``None``.

Timed, ``--repeat`` times (the target is held against the slowest run):

1. **per-summary scores** from the counts (``annotations.scoring.shares``, vectorised);
2. **the per-system table** (``annotations.scoring.system_scores``): from the system names
   (a list of strings) and the four arrays of per-summary scores (``nan`` where undefined,
   as ``ScoreCollector`` holds them in a release build), every system's mean
   of each score with its ``--resamples`` percentile bootstrap interval and n. This is the
   figure held against the target: **< 2 s for 200,000 summaries**.

Then, once: what a release pays per summary for ``scores.csv``, ``ScoresWriter`` over
``--rows`` export rows (``SummaryRow`` built untimed, sentences and key facts included)
into memory, with its ``ScoreCollector``; and the naive baseline, a Python loop per summary
and per resample (``--naive-resamples`` resamples per system and metric, extrapolated). The
table's means must equal the naive loop's to 1e-9: the script exits 1 if they do not, and 0
otherwise, whether or not the target is met. No database.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from annotations.formats.writers.rows import (  # noqa: E402  (needs the project root on sys.path)
    AtomicFactRow,
    FactCoverage,
    KeyFactRow,
    SentenceRow,
    SummaryRow,
)
from annotations.formats.writers.scores import ScoreCollector, ScoresWriter  # noqa: E402
from annotations.scoring import METRICS, ScoreTable, shares, system_scores  # noqa: E402

TARGET_SECONDS = 2.0
MAX_MEAN_DIFFERENCE = 1e-9


class Synthetic:
    """Seeded counts per summary: numerators and denominators of the four scores."""

    def __init__(self, summaries: int, systems: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.names = [f"system-{i:02d}" for i in range(systems)]
        code = rng.integers(0, systems, summaries)
        quality = np.linspace(0.65, 0.95, systems)[code]
        self.code = code
        self.sentences = rng.integers(1, 9, summaries)
        self.consistent = rng.binomial(self.sentences, quality)
        self.labelled = rng.random(summaries) < 0.95
        self.key_facts = np.where(rng.random(summaries) < 0.7, rng.integers(3, 13, summaries), 0)
        self.covered = rng.binomial(self.key_facts, quality - 0.15)
        self.aligned = np.where(self.key_facts > 0, rng.binomial(self.sentences, quality - 0.1), 0)
        self.acus = rng.integers(0, 16, summaries)
        self.supported = rng.binomial(self.acus, np.minimum(quality + 0.05, 1.0))
        self.systems = [self.names[c] for c in code]

    def counts(self) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """Per metric, (numerators, denominators); denominator 0 where undefined."""
        return {
            "faithfulness": (
                np.where(self.labelled, self.consistent, 0),
                np.where(self.labelled, self.sentences, 0),
            ),
            "completeness": (self.covered, self.key_facts),
            "conciseness": (self.aligned, np.where(self.key_facts > 0, self.sentences, 0)),
            "acu_score": (self.supported, self.acus),
        }

    def rows(self, limit: int) -> list[SummaryRow]:
        """The same summaries as export rows (the first ``limit``)."""
        result = []
        for i in range(min(limit, len(self.code))):
            n = int(self.sentences[i])
            consistent = int(self.consistent[i])
            aligned = int(self.aligned[i])
            has_facts = bool(self.key_facts[i])
            sentences = tuple(
                SentenceRow(
                    k,
                    f"Sentence {k}.",
                    label=("consistent" if k < consistent else "inconsistent")
                    if self.labelled[i]
                    else None,
                    covers_key_fact=(k < aligned) if has_facts else None,
                )
                for k in range(n)
            )
            facts = int(self.key_facts[i])
            result.append(
                SummaryRow(
                    corpus="bench",
                    doc_id=f"doc-{i // 15}",
                    topic=f"topic {i // 5 % 3}",
                    system=self.systems[i],
                    summary_id=f"s{i}",
                    sentences=sentences,
                    key_facts=(listed := tuple(KeyFactRow(f"fact {k}") for k in range(facts))),
                    key_fact_coverage=tuple(
                        FactCoverage(fact, k < self.covered[i]) for k, fact in enumerate(listed)
                    ),
                    atomic_facts=tuple(
                        AtomicFactRow(f"acu {k}", supported=bool(k < self.supported[i]))
                        for k in range(int(self.acus[i]))
                    ),
                )
            )
        return result


def per_summary_scores(data: Synthetic) -> dict[str, np.ndarray]:
    """Per metric, one float per summary, ``nan`` where undefined."""
    return {metric: shares(top, bottom) for metric, (top, bottom) in data.counts().items()}


def naive(
    systems: list[str], scores: dict[str, list[float | None]], resamples: int, seed: int
) -> tuple[dict[tuple[str, str], tuple[float, int]], float]:
    """Means by a loop per summary, and the seconds of ``resamples`` naive bootstrap
    resamples (indices drawn, means by a loop) per system and metric."""
    rng = np.random.default_rng(seed)
    means = {}
    started = time.perf_counter()
    for metric, values in scores.items():
        by_system: dict[str, list[float]] = defaultdict(list)
        for system, value in zip(systems, values, strict=True):
            if value is not None:
                by_system[system].append(value)
        for system, mine in by_system.items():
            means[system, metric] = (sum(mine) / len(mine), len(mine))
            for _ in range(resamples):
                picks = rng.integers(0, len(mine), len(mine))
                total = 0.0
                for index in picks:
                    total += mine[index]
                _ = total / len(mine)
    return means, time.perf_counter() - started


def print_table(table: ScoreTable, limit: int = 6) -> None:
    header = f"{'system':<12} {'summaries':>9} " + " ".join(
        f"{m + ' [95% CI] n':>34}" for m in METRICS
    )
    print(header)
    print("-" * len(header))
    for row in table.systems[:limit]:
        cells = []
        for metric in METRICS:
            s = row.scores[metric]
            cells.append(
                f"{s.mean:.3f} [{s.low:.3f}, {s.high:.3f}] {s.n:>6}"
                if s.mean is not None
                else f"{'-':>20} {s.n:>6}"
            )
        print(f"{row.system:<12} {row.summaries:>9} " + " ".join(f"{c:>34}" for c in cells))
    if len(table.systems) > limit:
        print(f"... {len(table.systems) - limit} more systems")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--summaries", type=int, default=200_000)
    parser.add_argument("--systems", type=int, default=20)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--naive-resamples", type=int, default=20)
    args = parser.parse_args(argv)

    print(
        f"score benchmark (Python {platform.python_version()}, numpy {np.__version__},"
        f" {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f},"
        f" {time.strftime('%Y-%m-%d')})"
    )
    started = time.perf_counter()
    data = Synthetic(args.summaries, args.systems, args.seed)
    print(
        f"{args.summaries} summaries of {args.systems} systems, {int(data.sentences.sum())}"
        f" sentences (generated in {time.perf_counter() - started:.2f} s, untimed)"
    )

    score_seconds = []
    table_seconds = []
    table = None
    for _ in range(args.repeat):
        started = time.perf_counter()
        scores = per_summary_scores(data)
        score_seconds.append(time.perf_counter() - started)
        started = time.perf_counter()
        table = system_scores(data.systems, scores, n_resamples=args.resamples, seed=args.seed)
        table_seconds.append(time.perf_counter() - started)
    assert table is not None
    for metric in METRICS:
        defined = int(np.count_nonzero(~np.isnan(scores[metric])))
        print(f"  {metric:<13} defined for {defined} summaries")
    print()
    print_table(table)
    print()
    worst = max(table_seconds)
    verdict = "met" if worst < TARGET_SECONDS else "NOT met"
    runs = ", ".join(f"{s:.3f}" for s in table_seconds)
    print(f"per-summary scores from counts (vectorised): {min(score_seconds):.3f} s")
    print(
        f"per-system table, {args.resamples} resamples per system and metric: {runs} s;"
        f" target < {TARGET_SECONDS:.0f} s: {verdict}"
    )

    if args.rows:
        rows = data.rows(args.rows)
        collector = ScoreCollector()
        started = time.perf_counter()
        writer = ScoresWriter(io.BytesIO(), collector=collector)
        for row in rows:
            writer.write(row)
        written = time.perf_counter() - started
        started = time.perf_counter()
        collected = collector.table(n_resamples=args.resamples, seed=args.seed)
        from_rows = time.perf_counter() - started
        print(
            f"scores.csv from {len(rows)} export rows (as a release writes it): {written:.3f} s"
            f" ({len(rows) / written:,.0f} summaries/s); its table {from_rows:.3f} s"
        )
        if (
            len(rows) == args.summaries
            and collected.as_dict()["systems"] != table.as_dict()["systems"]
        ):
            print("the table from the export rows differs from the table", file=sys.stderr)
            return 1

    as_lists = {
        metric: [None if np.isnan(v) else float(v) for v in values]
        for metric, values in scores.items()
    }
    means, naive_seconds = naive(data.systems, as_lists, args.naive_resamples, args.seed)
    extrapolated = naive_seconds / max(args.naive_resamples, 1) * args.resamples
    print(
        f"naive loop ({args.naive_resamples} resamples, extrapolated to {args.resamples}):"
        f" {extrapolated:.1f} s, {extrapolated / worst:,.0f}x the table"
    )
    difference = max(
        abs(row.scores[metric].mean - means[row.system, metric][0])  # type: ignore[operator]
        for row in table.systems
        for metric in METRICS
        if row.scores[metric].n
    )
    counts_agree = all(
        row.scores[metric].n == means.get((row.system, metric), (0, 0))[1]
        for row in table.systems
        for metric in METRICS
    )
    print(f"largest difference from the naive means: {difference:.1e}; n equal: {counts_agree}")
    if difference > MAX_MEAN_DIFFERENCE or not counts_agree:
        print("the table and the naive loop disagree", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
