"""Per-system means of the per-summary scores, with seeded percentile bootstrap intervals.

A system's score on a metric is the mean of its summaries' scores; summaries whose score is
undefined (``None``/``nan``) are left out of that metric, and ``n`` says how many counted.
The interval resamples the system's summaries with replacement (``n_resamples`` times, each
resample as large as the data) and takes the ``(1 - confidence) / 2`` and
``(1 + confidence) / 2`` quantiles of the resampled means.

**Computed over distinct values, exactly.** A score is a ratio of small counts, so a system's
``n`` scores take few distinct values ``v`` (with multiplicities ``c``). A resample's mean
depends only on how often each value is drawn, and those multiplicities are distributed
``Multinomial(n, c / n)`` (the multinomial is closed under merging cells; see
``annotations/agreement/bootstrap.py``, whose ``resample_pattern_counts`` draws them). So a
``(B, V)`` matrix of multiplicities times ``v`` gives all ``B`` resampled means: the same
bootstrap as drawing ``B x n`` summary indices, at a cost set by the number of distinct
values. The grouping is one ``np.unique`` and one ``np.bincount`` per metric over all
summaries; no Python loop runs per summary.

**Seeds.** Each (metric, system) draws from its own generator, seeded from ``seed``, the
metric's position in ``METRICS`` and a SHA-256 digest of the system's name. So the same
inputs and seed always give the same table, and a system's interval depends only on its own
scores: not on the order of the summaries, nor on which other systems are in the table.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import numpy as np

from annotations.agreement.bootstrap import resample_pattern_counts
from annotations.scoring.errors import ScoringError
from annotations.scoring.summary import METRICS

METHOD = (
    "mean of the per-summary scores (undefined ones left out); percentile bootstrap interval,"
    " resampling the system's summaries with replacement"
)


@dataclass(frozen=True, slots=True)
class MetricScore:
    """One system's mean on one metric, its interval, and the summaries that counted.

    ``mean``, ``low`` and ``high`` are ``None`` when no summary has a defined score
    (``n == 0``). With one summary (or all scores equal) the interval is the mean itself."""

    mean: float | None
    low: float | None
    high: float | None
    n: int

    def as_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "low": self.low, "high": self.high, "n": self.n}


@dataclass(frozen=True, slots=True)
class SystemScores:
    """One system's row of the table: its number of summaries and one score per metric."""

    system: str
    summaries: int
    scores: Mapping[str, MetricScore]

    def as_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "summaries": self.summaries,
            **{metric: score.as_dict() for metric, score in self.scores.items()},
        }


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """Every system's scores, systems sorted by name, with how the intervals were drawn."""

    systems: tuple[SystemScores, ...]
    metrics: tuple[str, ...] = METRICS
    confidence: float = 0.95
    n_resamples: int = 1000
    seed: int = 0
    method: str = field(default=METHOD)

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON values (no ``nan``): what the release's manifest stores."""
        return {
            "metrics": list(self.metrics),
            "confidence": self.confidence,
            "n_resamples": self.n_resamples,
            "seed": self.seed,
            "method": self.method,
            "systems": [system.as_dict() for system in self.systems],
        }


def system_scores(
    systems: Sequence[str] | np.ndarray,
    scores: Mapping[str, Sequence[float | None] | np.ndarray],
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> ScoreTable:
    """The per-system table of ``scores`` (metric -> one score per summary, ``None`` or
    ``nan`` when undefined), ``systems[i]`` naming summary ``i``'s system.

    ``scores`` holds any of ``METRICS`` (in that order in the result); every sequence has one
    value per summary, each in [0, 1]. E.g. ``system_scores(["A", "A", "B"],
    {"faithfulness": [0.75, 1.0, None]})``: A 0.875 (n = 2), B undefined (n = 0)."""
    names, codes = np.unique(np.asarray(systems, dtype=str), return_inverse=True)
    return system_scores_coded(
        codes.reshape(-1),
        [str(name) for name in names],
        scores,
        n_resamples=n_resamples,
        confidence=confidence,
        seed=seed,
    )


def system_scores_coded(
    codes: Sequence[int] | np.ndarray,
    names: Sequence[str],
    scores: Mapping[str, Sequence[float | None] | np.ndarray],
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> ScoreTable:
    """:func:`system_scores` with the systems given as codes into ``names`` (distinct names);
    systems without summaries are left out of the table."""
    if not isinstance(n_resamples, int | np.integer) or n_resamples < 1:
        raise ScoringError(f"n_resamples must be a positive integer, got {n_resamples!r}")
    if not 0 < confidence < 1:
        raise ScoringError(f"confidence must be between 0 and 1, got {confidence!r}")
    if not isinstance(seed, int | np.integer) or seed < 0:
        raise ScoringError(f"seed must be a non-negative integer, got {seed!r}")
    unknown = sorted(set(scores) - set(METRICS))
    if unknown:
        raise ScoringError(f"unknown metric(s) {', '.join(unknown)}; known: {', '.join(METRICS)}")
    if len(set(names)) != len(names):
        raise ScoringError("system names must be distinct")
    code = np.asarray(codes, dtype=np.int64).reshape(-1)
    n_systems = len(names)
    if len(code) and (code.min() < 0 or code.max() >= n_systems):
        raise ScoringError(f"system codes must be between 0 and {n_systems - 1}")
    sizes = np.bincount(code, minlength=n_systems)
    metrics = tuple(metric for metric in METRICS if metric in scores)
    digests = [_name_words(name) for name in names]
    per_metric = {}
    for metric in metrics:
        values = _values(metric, scores[metric], len(code))
        per_metric[metric] = _metric_scores(
            METRICS.index(metric),
            code,
            values,
            n_systems,
            digests,
            n_resamples=int(n_resamples),
            confidence=confidence,
            seed=int(seed),
        )
    order = sorted((name, index) for index, name in enumerate(names) if sizes[index])
    return ScoreTable(
        systems=tuple(
            SystemScores(
                system=name,
                summaries=int(sizes[index]),
                scores={metric: per_metric[metric][index] for metric in metrics},
            )
            for name, index in order
        ),
        metrics=metrics,
        confidence=confidence,
        n_resamples=int(n_resamples),
        seed=int(seed),
    )


def _values(metric: str, given: Sequence[float | None] | np.ndarray, length: int) -> np.ndarray:
    # dtype=float turns None into nan.
    values = np.asarray(given, dtype=float).reshape(-1)
    if len(values) != length:
        raise ScoringError(f"{metric}: {len(values)} scores for {length} summaries")
    defined = values[~np.isnan(values)]
    if len(defined) and (defined.min() < 0 or defined.max() > 1):
        raise ScoringError(f"{metric}: every score must be between 0 and 1 (or undefined)")
    return values


def system_rng(seed: int, metric: str, system: str) -> np.random.Generator:
    """The generator that draws the resamples of ``system`` on ``metric``."""
    return np.random.default_rng(
        np.random.SeedSequence([seed, METRICS.index(metric), *_name_words(system)])
    )


def resampled_means(
    points: np.ndarray, multiplicities: np.ndarray, n_resamples: int, rng: np.random.Generator
) -> np.ndarray:
    """The means of ``n_resamples`` bootstrap resamples of ``multiplicities[k]`` summaries
    scoring ``points[k]`` (distinct values, in increasing order), drawn from ``rng``."""
    n = int(multiplicities.sum())
    blocks = resample_pattern_counts(multiplicities, n_resamples, rng)
    return np.concatenate([block @ points for block in blocks]) / n


def _name_words(name: str) -> list[int]:
    digest = hashlib.sha256(name.encode("utf-8")).digest()
    return [int.from_bytes(digest[i : i + 4], "little") for i in range(0, 16, 4)]


def _metric_scores(
    metric_index: int,
    code: np.ndarray,
    values: np.ndarray,
    n_systems: int,
    digests: list[list[int]],
    *,
    n_resamples: int,
    confidence: float,
    seed: int,
) -> list[MetricScore]:
    """One metric for every system: counts of each (system, distinct value), then each
    system's mean and bootstrap interval from its row of counts."""
    defined = ~np.isnan(values)
    distinct, value_code = np.unique(values[defined], return_inverse=True)
    system_code = code[defined]
    n_values = len(distinct)
    if n_systems * n_values <= max(4 * len(system_code), 1 << 16):
        counts = np.bincount(
            system_code * n_values + value_code.reshape(-1), minlength=n_systems * n_values
        ).reshape(n_systems, n_values)
        rows = [(np.flatnonzero(row), row[row > 0]) for row in counts]
    else:
        # Many distinct values (a continuous score): count the pairs that occur instead of
        # a mostly empty systems x values matrix.
        pairs, pair_counts = np.unique(
            system_code * n_values + value_code.reshape(-1), return_counts=True
        )
        bounds = np.searchsorted(pairs // n_values, np.arange(n_systems + 1))
        rows = [(pairs[a:b] % n_values, pair_counts[a:b]) for a, b in pairwise(bounds)]
    quantiles = [(1 - confidence) / 2, (1 + confidence) / 2]
    result = []
    for system, (columns, multiplicities) in enumerate(rows):
        n = int(multiplicities.sum())
        if n == 0:
            result.append(MetricScore(mean=None, low=None, high=None, n=0))
            continue
        points = distinct[columns]
        mean = float(multiplicities @ points) / n
        if len(points) == 1:
            # Every resample is the same value: no draws needed.
            low = high = float(points[0])
        else:
            rng = np.random.default_rng(
                np.random.SeedSequence([seed, metric_index, *digests[system]])
            )
            replicates = resampled_means(points, multiplicities, n_resamples, rng)
            low, high = (float(q) for q in np.quantile(replicates, quantiles))
        # Floating-point sums can put a value a hair outside [0, 1].
        result.append(MetricScore(mean=_clip(mean), low=_clip(low), high=_clip(high), n=n))
    return result


def _clip(value: float) -> float:
    return min(1.0, max(0.0, value))
