"""Coefficients as functions of summed per-unit statistics.

Each coefficient here is ``f(sum over units of s(unit))`` for a small vector ``s``: per-unit
coincidence contributions for Krippendorff's alpha, the one-hot label pair for Cohen's kappa,
category counts and their squares for Fleiss' kappa, the share of agreeing pairs for percent
agreement. Units with equal patterns have equal ``s``, so the data reduce to distinct patterns
``p`` with multiplicities ``c_p`` and statistics ``S[p]``; any reweighting of the units (a
bootstrap resample) is a weight vector ``w`` over patterns, and the coefficient is
``f(w @ S)``. A ``(B, P)`` weight matrix gives ``B`` coefficients with one matrix product.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from annotations.agreement.alpha import krippendorff_alpha, prepare_alpha
from annotations.agreement.cohen import (
    check_weights,
    cohen_kappa,
    disagreement_weights,
    encode_pairs,
    kappa_from_tables,
)
from annotations.agreement.coincidence import (
    coincidence_statistics,
    fixed_distance_alpha,
    fixed_distance_statistics,
    ordinal_alpha,
)
from annotations.agreement.errors import AgreementError
from annotations.agreement.fleiss import (
    fleiss_from_totals,
    fleiss_kappa,
    fleiss_statistics,
    validate_counts,
)
from annotations.agreement.labels import encode_ratings
from annotations.agreement.masi import masi_alpha, masi_distance_matrix, prepare_masi
from annotations.agreement.patterns import distinct_rows, label_multisets, unit_value_counts
from annotations.agreement.percent import (
    percent_agreement,
    percent_agreement_statistics,
    percent_from_totals,
)

Finalize = Callable[[np.ndarray], np.ndarray]


@dataclass(frozen=True)
class UnitStatistic:
    """A coefficient reduced to distinct unit patterns.

    ``stats[p]`` is the statistic of pattern ``p``, ``counts[p]`` how many units have it,
    ``units[p]`` the index of one of them in the input (so a resample can be rebuilt as real
    data), and ``finalize`` maps summed statistics ``(B, K)`` to ``B`` coefficient values,
    ``nan`` where the coefficient is undefined. Only units that contribute to the coefficient
    are kept (for alpha, units with two or more values; for Cohen, items both coders labelled).
    """

    coefficient: str
    stats: np.ndarray
    counts: np.ndarray
    units: np.ndarray
    finalize: Finalize
    # The input index of every kept unit and its pattern: what the cluster bootstrap needs to
    # sum patterns per cluster (``bootstrap.cluster_bootstrap_statistic``).
    kept: np.ndarray | None = None
    pattern_of: np.ndarray | None = None

    @property
    def n_units(self) -> int:
        return int(self.counts.sum())

    @property
    def n_patterns(self) -> int:
        return len(self.counts)

    def evaluate(self, weights: np.ndarray) -> np.ndarray:
        """The coefficient for each row of a ``(B, patterns)`` matrix of unit multiplicities."""
        return self.finalize(np.asarray(weights, dtype=np.float64) @ self.stats)

    def estimate(self) -> float:
        return float(self.evaluate(self.counts[np.newaxis, :])[0])


def _from_units(
    coefficient: str,
    keys: np.ndarray,
    keep: np.ndarray,
    unit_values: np.ndarray,
    statistics: Callable[[np.ndarray], np.ndarray],
    finalize: Finalize,
) -> UnitStatistic:
    """Group the kept units by ``keys`` rows; ``statistics`` sees one ``unit_values`` row per
    group. Keys may be more compact than the values (a unit's sorted labels instead of its
    counts over every category), as long as equal keys mean equal values."""
    kept = np.flatnonzero(keep)
    distinct = distinct_rows(keys[kept])
    representatives = kept[distinct.first]
    return UnitStatistic(
        coefficient,
        np.asarray(statistics(unit_values[representatives]), dtype=np.float64),
        distinct.counts,
        representatives,
        finalize,
        kept,
        distinct.inverse,
    )


def alpha_statistic(
    data: Any, *, level: str, categories: Sequence[Any] | None = None
) -> UnitStatistic:
    prepared = prepare_alpha(data, level=level, categories=categories)
    delta = prepared.fixed_distance()
    name = f"Krippendorff's alpha ({level})"
    if delta is None:
        n_categories = prepared.coded.n_categories
        return _from_units(
            name,
            label_multisets(prepared.coded.codes),
            prepared.pairable,
            prepared.value_counts,
            coincidence_statistics,
            partial(ordinal_alpha, n_categories=n_categories),
        )
    return _from_units(
        name,
        label_multisets(prepared.coded.codes),
        prepared.pairable,
        prepared.value_counts,
        partial(fixed_distance_statistics, delta=delta),
        partial(fixed_distance_alpha, delta=delta),
    )


def masi_alpha_statistic(data: Any) -> UnitStatistic:
    coded, counts = prepare_masi(data)
    delta = masi_distance_matrix(coded.sets)
    return _from_units(
        "Krippendorff's alpha (MASI)",
        label_multisets(coded.codes),
        counts.sum(axis=1) >= 2,
        counts,
        partial(fixed_distance_statistics, delta=delta),
        partial(fixed_distance_alpha, delta=delta),
    )


def cohen_statistic(
    a: Sequence[Any],
    b: Sequence[Any],
    *,
    weights: str | None = None,
    labels: Sequence[Any] | None = None,
) -> UnitStatistic:
    check_weights(weights)
    pairs = encode_pairs(a, b, labels=labels, ordered=weights is not None)
    size = pairs.coded.n_categories
    pair_codes = np.zeros((len(a), 1), dtype=np.int64)
    pair_codes[pairs.items, 0] = pairs.a * size + pairs.b
    keep = np.zeros(len(a), dtype=bool)
    keep[pairs.items] = True
    disagreement = disagreement_weights(size, weights)

    def one_hot(rows: np.ndarray) -> np.ndarray:
        table = np.zeros((len(rows), size * size))
        table[np.arange(len(rows)), rows[:, 0]] = 1.0
        return table

    def finalize(totals: np.ndarray) -> np.ndarray:
        return kappa_from_tables(totals.reshape(len(totals), size, size), disagreement)

    label = "Cohen's kappa" if weights is None else f"Cohen's kappa ({weights})"
    return _from_units(label, pair_codes, keep, pair_codes, one_hot, finalize)


def fleiss_statistic(counts: Any) -> UnitStatistic:
    matrix = validate_counts(counts)
    return _from_units(
        "Fleiss' kappa",
        matrix,
        np.ones(len(matrix), dtype=bool),
        matrix,
        fleiss_statistics,
        fleiss_from_totals,
    )


def percent_agreement_statistic(
    data: Any, *, categories: Sequence[Any] | None = None
) -> UnitStatistic:
    coded = encode_ratings(data, categories=categories)
    counts = unit_value_counts(coded.codes, coded.n_categories)
    return _from_units(
        "percent agreement",
        label_multisets(coded.codes),
        counts.sum(axis=1) >= 2,
        counts,
        percent_agreement_statistics,
        percent_from_totals,
    )


BUILDERS: dict[Callable[..., float], Callable[..., UnitStatistic]] = {
    krippendorff_alpha: alpha_statistic,
    masi_alpha: masi_alpha_statistic,
    cohen_kappa: cohen_statistic,
    fleiss_kappa: fleiss_statistic,
    percent_agreement: percent_agreement_statistic,
}


def unit_statistic(coefficient: Callable[..., float], *args: Any, **kwargs: Any) -> UnitStatistic:
    """The :class:`UnitStatistic` of ``coefficient(*args, **kwargs)``, checked to be defined.

    Raises the coefficient's own ``AgreementError`` when it is undefined on the data.
    """
    try:
        builder = BUILDERS[coefficient]
    except (KeyError, TypeError):
        names = ", ".join(function.__name__ for function in BUILDERS)
        raise AgreementError(
            f"no resampling support for {getattr(coefficient, '__name__', coefficient)!r}; "
            f"supported coefficients: {names}"
        ) from None
    statistic = builder(*args, **kwargs)
    if statistic.n_units == 0 or np.isnan(statistic.estimate()):
        coefficient(*args, **kwargs)  # raises the coefficient's own, specific error
        raise AgreementError(f"{statistic.coefficient} is undefined on this data")
    return statistic
