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

from collections.abc import Callable
from dataclasses import dataclass, field
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
    if not isinstance(n_resamples, int | np.integer) or n_resamples < 1:
        raise AgreementError(f"n_resamples must be a positive integer, got {n_resamples!r}")
    if not 0 < confidence < 1:
        raise AgreementError(f"confidence must be between 0 and 1, got {confidence!r}")
    rng = np.random.default_rng(seed)
    weights = resample_pattern_counts(statistic.counts, n_resamples, rng)
    replicates = np.concatenate([statistic.evaluate(block) for block in weights])
    defined = replicates[np.isfinite(replicates)]
    if len(defined):
        low, high = np.quantile(defined, [(1 - confidence) / 2, (1 + confidence) / 2])
    else:
        low = high = np.nan
    keep = return_replicates
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
        resample_counts=np.concatenate(weights) if keep else None,
        pattern_units=statistic.units if keep else None,
    )


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
    # Blocks of ~1M draws: the counts being incremented stay in cache.
    block = max(1, 1_000_000 // total)
    blocks = []
    for start in range(0, n_resamples, block):
        size = min(block, n_resamples - start)
        drawn = pattern_of_unit[rng.integers(0, total, size=(size, total), dtype=index_type)]
        drawn += (np.arange(size, dtype=index_type) * len(counts))[:, np.newaxis]
        blocks.append(
            np.bincount(drawn.ravel(), minlength=size * len(counts)).reshape(size, len(counts))
        )
    return blocks
