"""MASI distance and Krippendorff's alpha over set-valued labels (Passonneau 2006)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from annotations.agreement.alpha import check_pairable
from annotations.agreement.coincidence import fixed_distance_alpha, fixed_distance_statistics
from annotations.agreement.label_sets import CodedSets, encode_label_sets
from annotations.agreement.patterns import distinct_rows, label_multisets, unit_value_counts


def masi_distance(a: Iterable[Any], b: Iterable[Any]) -> float:
    """MASI distance ``1 - J * M`` between two label sets (Passonneau 2006).

    ``J`` is the Jaccard coefficient ``|A & B| / |A | B|`` and ``M`` the monotonicity weight:
    1 if the sets are equal, 2/3 if one contains the other, 1/3 if they overlap otherwise,
    0 if disjoint. Two empty sets are equal (distance 0). Exact thirds are used; NLTK's
    ``masi_distance`` rounds them to 0.67 and 0.33.
    """
    first, second = frozenset(a), frozenset(b)
    if first == second:
        return 0.0
    common = len(first & second)
    if common == 0:
        return 1.0
    jaccard = common / len(first | second)
    monotonicity = 2 / 3 if (first <= second or second <= first) else 1 / 3
    return 1.0 - jaccard * monotonicity


def masi_distance_matrix(sets: tuple[frozenset[Any], ...]) -> np.ndarray:
    size = len(sets)
    delta = np.zeros((size, size))
    for i in range(size):
        for j in range(i + 1, size):
            delta[i, j] = delta[j, i] = masi_distance(sets[i], sets[j])
    return delta


def prepare_masi(data: Any) -> tuple[CodedSets, np.ndarray]:
    """Coded sets and their per-unit value counts, checked to give a defined alpha."""
    coded = encode_label_sets(data)
    counts = unit_value_counts(coded.codes, len(coded.sets))
    check_pairable(counts, coded.describe)
    return coded, counts


def masi_alpha(data: Any) -> float:
    """Krippendorff's alpha with the MASI distance, for set-valued labels.

    ``data`` is ``(raters, units)``; each entry a set of labels (e.g. the error types a
    linguist gave a sentence), an empty set for "no label", or ``None`` when the rater gave no
    answer for the unit. Each distinct set is one value of the variable; distances between
    values are MASI distances.

    Missing data: as for ``krippendorff_alpha``: ``None`` entries are skipped and units with
    fewer than two answers do not count.

    Raises ``AgreementError`` when no unit has two answers or every answer is the same set.

    Computed from coincidences (``coincidence.fixed_distance_alpha``), not by the
    ``krippendorff`` package: with one value per distinct set there can be a hundred values,
    and the package materialises a units x values x values array (over 1 GB for 15,000
    sentences and 92 sets). Tests check both agree.
    """
    coded, counts = prepare_masi(data)
    delta = masi_distance_matrix(coded.sets)
    # units with equal label multisets contribute equally: sum over the distinct ones
    patterns = distinct_rows(label_multisets(coded.codes))
    totals = patterns.counts @ fixed_distance_statistics(counts[patterns.first], delta)
    return float(fixed_distance_alpha(totals, delta)[0])


def matrix_metric(delta: np.ndarray) -> Callable[..., np.ndarray]:
    """A ``krippendorff`` distance callable that looks distances up by category index (for
    checking :func:`masi_alpha` against the package)."""

    def metric(
        v1: np.ndarray,
        v2: np.ndarray,
        i1: np.ndarray,
        i2: np.ndarray,
        n_v: np.ndarray,
        dtype: Any = np.float64,
    ) -> np.ndarray:
        return delta[i1, i2].astype(dtype)

    return metric
