"""Percentile bootstrap intervals, with every resample evaluated in one matrix product.

Resampling ``N`` units with replacement draws unit multiplicities from
``Multinomial(N, (1/N, ..., 1/N))``. Summing multiplicities over the units that share a
pattern gives pattern multiplicities distributed exactly ``Multinomial(N, c / N)``, where
``c`` holds the pattern counts (the multinomial is closed under merging cells). The
coefficients here depend on a resample only through those multiplicities (they are sums of
per-unit statistics), so drawing ``B x P`` pattern multiplicities directly is the same
bootstrap as drawing ``B x N`` unit indices, not an approximation, at a cost set by the number
of distinct patterns ``P`` instead of the number of units.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from annotations.agreement.errors import AgreementError
from annotations.agreement.sufficient_statistics import UnitStatistic, unit_statistic

# Resample weights are drawn in blocks of at most this many cells to bound memory.
_BLOCK_CELLS = 4_000_000
# Draw unit indices instead of pattern multiplicities when there are fewer than this many
# units per pattern (the multinomial costs one binomial draw per pattern and resample).
_DRAW_UNITS_BELOW = 8


@dataclass(frozen=True, eq=False)
class BootstrapResult:
    """A point estimate with its percentile bootstrap interval.

    ``n_undefined`` resamples had an undefined coefficient (e.g. every resampled unit in one
    category) and are left out of the percentiles. With ``return_replicates=True``:
    ``replicates`` holds the ``n_resamples`` values (``nan`` where undefined),
    ``resample_counts[b, p]`` how often pattern ``p`` occurs in resample ``b``, and
    ``pattern_units[p]`` the input index of one unit with pattern ``p``, so resample ``b`` is
    the data of units ``np.repeat(pattern_units, resample_counts[b])``.
    """

    coefficient: str
    estimate: float
    low: float
    high: float
    confidence: float
    n_resamples: int
    n_undefined: int
    n_units: int
    n_patterns: int
    seed: int | None
    replicates: np.ndarray | None = field(default=None, repr=False)
    resample_counts: np.ndarray | None = field(default=None, repr=False)
    pattern_units: np.ndarray | None = field(default=None, repr=False)
    # The standard deviation of the defined replicates (the bootstrap standard error), ``nan``
    # with fewer than two; what ``projection.units_needed`` scales.
    standard_error: float = float("nan")
    # Set by the cluster bootstrap: how many clusters (dialogue-topic units) were resampled;
    # ``resample_counts`` then counts clusters, ``pattern_units`` holds one cluster label per
    # cluster pattern.
    n_clusters: int | None = None


def bootstrap_ci(
    coefficient: Callable[..., float],
    *args: Any,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int | None = 0,
    return_replicates: bool = False,
    **kwargs: Any,
) -> BootstrapResult:
    """Percentile bootstrap interval of ``coefficient(*args, **kwargs)``, resampling units.

    ``coefficient`` is one of ``krippendorff_alpha``, ``masi_alpha``, ``cohen_kappa``,
    ``fleiss_kappa`` or ``percent_agreement``, called with its usual arguments, e.g.
    ``bootstrap_ci(krippendorff_alpha, data, level="ordinal", seed=7)``.

    Units are what the coefficient is computed over: columns of a raters x units matrix,
    items of a Cohen pair, rows of a Fleiss count matrix. Units that do not enter the
    coefficient (fewer than two labels; an item one coder skipped) are left out before
    resampling, so each resample has as many informative units as the data. The interval is
    the ``(1 - confidence) / 2`` and ``(1 + confidence) / 2`` quantiles of the resampled
    coefficients; the same ``seed`` gives the same interval.

    ``estimate`` is computed from the same sufficient statistics and equals the coefficient
    function's value up to rounding. Raises the coefficient's ``AgreementError`` when it is
    undefined on the data.
    """
    statistic = unit_statistic(coefficient, *args, **kwargs)
    return bootstrap_statistic(
        statistic,
        n_resamples=n_resamples,
        confidence=confidence,
        seed=seed,
        return_replicates=return_replicates,
    )


def bootstrap_statistic(
    statistic: UnitStatistic,
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int | None = 0,
    return_replicates: bool = False,
) -> BootstrapResult:
    """:func:`bootstrap_ci` for a prepared :class:`UnitStatistic`."""
    _check_resampling(n_resamples, confidence)
    rng = np.random.default_rng(seed)
    weights = resample_pattern_counts(statistic.counts, n_resamples, rng)
    replicates = np.concatenate([statistic.evaluate(block) for block in weights])
    return _result(
        statistic,
        replicates,
        confidence=confidence,
        n_resamples=n_resamples,
        seed=seed,
        resample_counts=np.concatenate(weights) if return_replicates else None,
        pattern_units=statistic.units if return_replicates else None,
    )


def _check_resampling(n_resamples: Any, confidence: float) -> None:
    if not isinstance(n_resamples, int | np.integer) or n_resamples < 1:
        raise AgreementError(f"n_resamples must be a positive integer, got {n_resamples!r}")
    if not 0 < confidence < 1:
        raise AgreementError(f"confidence must be between 0 and 1, got {confidence!r}")


def _result(
    statistic: UnitStatistic,
    replicates: np.ndarray,
    *,
    confidence: float,
    n_resamples: int,
    seed: int | None,
    resample_counts: np.ndarray | None,
    pattern_units: np.ndarray | None,
    n_clusters: int | None = None,
) -> BootstrapResult:
    defined = replicates[np.isfinite(replicates)]
    if len(defined):
        low, high = np.quantile(defined, [(1 - confidence) / 2, (1 + confidence) / 2])
    else:
        low = high = np.nan
    keep = resample_counts is not None
    return BootstrapResult(
        coefficient=statistic.coefficient,
        estimate=statistic.estimate(),
        low=float(low),
        high=float(high),
        confidence=confidence,
        n_resamples=int(n_resamples),
        n_undefined=int(len(replicates) - len(defined)),
        n_units=statistic.n_units,
        n_patterns=statistic.n_patterns,
        seed=seed,
        replicates=replicates if keep else None,
        resample_counts=resample_counts,
        pattern_units=pattern_units,
        standard_error=float(np.std(defined, ddof=1)) if len(defined) > 1 else float("nan"),
        n_clusters=n_clusters,
    )


def cluster_bootstrap_ci(
    coefficient: Callable[..., float],
    *args: Any,
    clusters: Any,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int | None = 0,
    return_replicates: bool = False,
    **kwargs: Any,
) -> BootstrapResult:
    """:func:`bootstrap_ci` resampling *clusters* of units instead of units.

    ``clusters[i]`` names the cluster of the coefficient's unit ``i`` (a column of a ratings
    matrix, an item of a Cohen pair, a row of Fleiss counts): for a round, the (dialogue,
    topic) work unit a sentence or summary belongs to. Items of one work unit are judged
    together by the same people in one sitting, so they are not independent; drawing whole
    work units with replacement keeps that dependence inside every resample (the cluster, or
    block, bootstrap; Davison and Hinkley 1997, sec. 3.8), where drawing items would
    understate the variance. Clusters none of whose units enter the coefficient are left out
    before resampling.
    """
    statistic = unit_statistic(coefficient, *args, **kwargs)
    return cluster_bootstrap_statistic(
        statistic,
        clusters,
        n_resamples=n_resamples,
        confidence=confidence,
        seed=seed,
        return_replicates=return_replicates,
    )


def cluster_bootstrap_statistic(
    statistic: UnitStatistic,
    clusters: Any,
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int | None = 0,
    return_replicates: bool = False,
) -> BootstrapResult:
    """:func:`cluster_bootstrap_ci` for a prepared :class:`UnitStatistic`.

    The coefficient is ``f(sum over units of s(unit))``, so a cluster contributes the sum of
    its units' statistics: summing them per cluster first turns the clusters into the units
    of an ordinary resample (``Multinomial(C, 1/C, ...)`` over ``C`` clusters), evaluated for
    every resample with one matrix product as in :func:`bootstrap_statistic`. With
    ``return_replicates=True``, ``resample_counts[b, c]`` is how often cluster ``c`` (label
    ``pattern_units[c]``) was drawn in resample ``b``.
    """
    _check_resampling(n_resamples, confidence)
    if statistic.kept is None or statistic.pattern_of is None:
        raise AgreementError(f"{statistic.coefficient} does not record its units' patterns")
    labels = np.asarray(clusters, dtype=object)
    if labels.ndim != 1:
        raise AgreementError("clusters must be one label per unit")
    if len(statistic.kept) and int(statistic.kept.max()) >= len(labels):
        raise AgreementError(
            f"clusters names {len(labels)} units but the data have more; give one per unit"
        )
    names, cluster_index = _cluster_codes(labels[statistic.kept])
    order = np.argsort(cluster_index, kind="stable")
    starts = np.searchsorted(cluster_index[order], np.arange(len(names)))
    unit_stats = statistic.stats[statistic.pattern_of[order]]
    cluster_stats = (
        np.add.reduceat(unit_stats, starts, axis=0)
        if len(names)
        else np.zeros((0, statistic.stats.shape[1]))
    )
    per_cluster = UnitStatistic(
        statistic.coefficient,
        cluster_stats,
        np.ones(len(names), dtype=np.int64),
        np.arange(len(names)),
        statistic.finalize,
    )
    weights = cluster_resample_counts(len(names), n_resamples, seed)
    replicates = np.concatenate([per_cluster.evaluate(block) for block in weights])
    keep = return_replicates
    result = _result(
        per_cluster,
        replicates,
        confidence=confidence,
        n_resamples=n_resamples,
        seed=seed,
        resample_counts=np.concatenate(weights).astype(np.int64) if keep else None,
        pattern_units=names if keep else None,
        n_clusters=len(names),
    )
    # Units and patterns are still those of the data, not of the clusters.
    return replace(result, n_units=statistic.n_units, n_patterns=statistic.n_patterns)


# The cluster draws of recent (clusters, resamples, seed), kept while they hold at most this
# many cells (each count in the smallest unsigned type that holds it: 8 MB for 4,000 units).
_CLUSTER_DRAWS_CELLS = 16_000_000
_cluster_draws: OrderedDict[tuple[int, int, int], tuple[np.ndarray, ...]] = OrderedDict()
_cluster_draws_lock = threading.Lock()


def cluster_resample_counts(
    n_clusters: int, n_resamples: int, seed: int | None
) -> tuple[np.ndarray, ...]:
    """``resample_pattern_counts(np.ones(n_clusters), n_resamples, np.random.default_rng(seed))``,
    the same numbers, drawn once per (clusters, resamples, seed) and then reused.

    The draws of a cluster bootstrap depend on nothing but those three (every cluster is one
    pattern of multiplicity one), and a round's report bootstraps several coefficients over
    the same units with one seed: seven draws of 4,000 x 1,000 counts on a 100,000-sentence
    round, identical, which cost a fifth of the recompute. The blocks are read-only; they may
    be of a narrower integer type than ``resample_pattern_counts``'s (same values)."""
    if seed is None or not isinstance(seed, int | np.integer):
        ones = np.ones(n_clusters, dtype=np.int64)
        return tuple(resample_pattern_counts(ones, n_resamples, np.random.default_rng(seed)))
    key = (int(n_clusters), int(n_resamples), int(seed))
    with _cluster_draws_lock:
        cached = _cluster_draws.get(key)
        if cached is not None:
            _cluster_draws.move_to_end(key)
            return cached
    ones = np.ones(n_clusters, dtype=np.int64)
    blocks = resample_pattern_counts(ones, n_resamples, np.random.default_rng(seed))
    narrow = np.min_scalar_type(max(n_clusters, 1))  # a count is at most n_clusters
    kept = []
    for block in blocks:
        block = block.astype(narrow) if narrow.kind == "u" else block
        block.flags.writeable = False
        kept.append(block)
    drawn = tuple(kept)
    with _cluster_draws_lock:
        _cluster_draws[key] = drawn
        _cluster_draws.move_to_end(key)
        while len(_cluster_draws) > 1 and _cached_cells() > _CLUSTER_DRAWS_CELLS:
            _cluster_draws.popitem(last=False)
    return drawn


def cluster_draws_clear() -> None:
    """Forget the kept cluster draws (a benchmark's cold start; tests)."""
    with _cluster_draws_lock:
        _cluster_draws.clear()


def _cached_cells() -> int:
    return sum(block.size for blocks in _cluster_draws.values() for block in blocks)


def _cluster_codes(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct cluster labels and each unit's index among them (numbers: sorted, by
    ``np.unique``; other labels: in first-seen order)."""
    if len(labels) and all(isinstance(label, int | np.integer) for label in labels[:1000]):
        try:
            numeric = labels.astype(np.int64)
        except (TypeError, ValueError, OverflowError):
            numeric = None
        if numeric is not None and (numeric == labels).all():
            names, codes = np.unique(numeric, return_inverse=True)
            return names.astype(object), codes.reshape(-1).astype(np.int64)
    index: dict[Any, int] = {}
    codes = np.fromiter(
        (index.setdefault(label, len(index)) for label in labels.tolist()),
        dtype=np.int64,
        count=len(labels),
    )
    names = np.empty(len(index), dtype=object)
    for label, position in index.items():
        names[position] = label
    return names, codes


def resample_pattern_counts(
    counts: np.ndarray, n_resamples: int, rng: np.random.Generator
) -> list[np.ndarray]:
    """Pattern multiplicities of ``n_resamples`` bootstrap resamples, in row blocks.

    Each row is ``Multinomial(N, counts / N)`` with ``N = counts.sum()``: the multiplicities of
    the patterns when ``N`` units are drawn with replacement.
    """
    counts = np.asarray(counts, dtype=np.int64)
    total = int(counts.sum())
    if total <= _DRAW_UNITS_BELOW * len(counts):
        return _resample_by_drawing_units(counts, total, n_resamples, rng)
    probabilities = counts / total
    block = max(1, _BLOCK_CELLS // max(len(counts), 1))
    blocks = []
    for start in range(0, n_resamples, block):
        size = min(block, n_resamples - start)
        blocks.append(rng.multinomial(total, probabilities, size=size))
    return blocks


def _resample_by_drawing_units(
    counts: np.ndarray, total: int, n_resamples: int, rng: np.random.Generator
) -> list[np.ndarray]:
    """The same multiplicities, drawn as ``total`` unit indices per resample and counted per
    pattern: cheaper than the multinomial (one binomial draw per pattern) when almost every
    unit has a pattern of its own, as span counts do."""
    index_type = np.int32 if total * n_resamples < 2**31 else np.int64
    pattern_of_unit = np.repeat(np.arange(len(counts), dtype=index_type), counts)
    # Clusters are one pattern each: a drawn unit is its own pattern (no look-up needed).
    one_each = bool((counts == 1).all())
    # Blocks of ~1M draws: the counts being incremented stay in cache.
    block = max(1, 1_000_000 // total)
    blocks = []
    for start in range(0, n_resamples, block):
        size = min(block, n_resamples - start)
        units = rng.integers(0, total, size=(size, total), dtype=index_type)
        drawn: np.ndarray = units if one_each else pattern_of_unit[units]
        # Counted row by row: each row's counts stay in cache (twice as fast as one bincount
        # of the whole block with an offset per row, for the same counts).
        counted = np.empty((size, len(counts)), dtype=np.int64)
        for row, indices in enumerate(drawn):
            counted[row] = np.bincount(indices, minlength=len(counts))
        blocks.append(counted)
    return blocks
