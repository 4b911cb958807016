"""Span agreement benchmark: error-span and evidence F1 of a synthetic round, with intervals.

    python bench/bench_span_agreement.py [--sentences 100000] [--raters 3] [--resamples 1000]

Synthesizes ``--sentences`` flagged summary sentences, each with one or two "true" error
spans that every annotator marks with probability 0.8, their ends moved by up to two
characters, and one to three cited turns per annotator; then times
``span_agreement`` in each mode (exact, overlap, character) and ``evidence_agreement``, each
with ``--resamples`` bootstrap resamples. Two timings per measure: from the per-sentence
mappings a caller builds (``span_agreement(units)``), and the part after them (the counts and
the bootstrap, from a prepared ``SpanTable``). Target: < 2 s per measure for 100,000
sentences x 3 annotators with 1,000 resamples. Prints figures; exits 0.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

sys.path[:0] = [str(Path(__file__).resolve().parent.parent)]

from annotations.agreement.span_agreement import (  # noqa: E402
    SpanTable,
    evidence_agreement,
    span_agreement,
)

TARGET_SECONDS = 2.0


def synthesize(sentences: int, raters: int, seed: int) -> tuple[list[dict], list[dict]]:
    rng = np.random.default_rng(seed)
    names = [f"annotator{number}" for number in range(1, raters + 1)]
    span_units, evidence_units = [], []
    for _ in range(sentences):
        starts = np.sort(rng.choice(30, size=int(rng.integers(1, 3)), replace=False)) * 4
        truth = [(int(s), int(s + rng.integers(3, 12))) for s in starts]
        unit, cited = {}, {}
        for name in names:
            spans = []
            for start, end in truth:
                if rng.random() < 0.8:
                    moved = (
                        max(0, start + int(rng.integers(-2, 3))),
                        end + int(rng.integers(-2, 3)),
                    )
                    if moved[0] < moved[1]:
                        spans.append(moved)
            unit[name] = spans
            cited[name] = [
                int(t) for t in rng.choice(25, size=int(rng.integers(1, 4)), replace=False)
            ]
        span_units.append(unit)
        evidence_units.append(cited)
    return span_units, evidence_units


def timed(function, *args, **kwargs):  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=100_000)
    parser.add_argument("--raters", type=int, default=3)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"span agreement benchmark: Python {platform.python_version()}, numpy {np.__version__},"
        f" {os.cpu_count()} CPUs; {args.sentences} flagged sentences x {args.raters} annotators,"
        f" {args.resamples} resamples"
    )
    span_units, evidence_units = synthesize(args.sentences, args.raters, args.seed)
    _, table_seconds = timed(SpanTable.from_units, span_units)
    print(f"{'measure':<22} {'value':>7} {'95% CI':>17} {'total s':>8} {'after table s':>14}")
    worst = 0.0
    for mode in ("exact", "overlap", "character"):
        result, seconds = timed(span_agreement, span_units, mode=mode, n_resamples=args.resamples)
        worst = max(worst, seconds)
        low, high = result.ci
        print(
            f"{'span F1 (' + mode + ')':<22} {result.value:>7.4f} {f'{low:.4f}-{high:.4f}':>17}"
            f" {seconds:>8.2f} {seconds - table_seconds:>14.2f}"
        )
    result, seconds = timed(evidence_agreement, evidence_units, n_resamples=args.resamples)
    worst = max(worst, seconds)
    low, high = result.ci
    print(
        f"{'evidence F1 (turns)':<22} {result.value:>7.4f} {f'{low:.4f}-{high:.4f}':>17}"
        f" {seconds:>8.2f}"
    )
    print(f"building the span table from the mappings: {table_seconds:.2f} s")
    verdict = "met" if worst < TARGET_SECONDS else "NOT met"
    print(f"slowest measure {worst:.2f} s; target < {TARGET_SECONDS:.0f} s per measure: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
