"""Per-unit category counts and the distinct patterns they form.

Every coefficient here depends on the data only through a sum over units of a per-unit
statistic, and two units with the same pattern (same category counts, or the same pair of
labels) contribute the same statistic. Collapsing the units to their distinct patterns is what
makes the bootstrap cheap: 100,000 binary units rated by three raters have at most a few dozen
patterns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from annotations.agreement.labels import MISSING_CODE

# Mixed-radix keys must stay clear of int64 overflow.
_MAX_KEY = 2**62


def unit_value_counts(codes: np.ndarray, n_categories: int) -> np.ndarray:
    """``(units, categories)`` counts of how many raters gave each category to each unit."""
    n_units = codes.shape[1]
    valid = codes != MISSING_CODE
    unit_index = np.broadcast_to(np.arange(n_units), codes.shape)[valid]
    flat = unit_index * n_categories + codes[valid]
    counts = np.bincount(flat, minlength=n_units * n_categories)
    return counts.reshape(n_units, n_categories)


def label_multisets(codes: np.ndarray) -> np.ndarray:
    """Each unit's labels as a sorted row, ``(units, raters)``, missing first, shifted to >= 0.

    Two units have the same value counts exactly when these rows are equal, and with few
    raters the rows are far narrower than counts over every category.
    """
    return np.sort(codes, axis=0).T - MISSING_CODE


@dataclass(frozen=True)
class DistinctRows:
    """The distinct rows of an integer matrix.

    ``rows[p]`` is pattern ``p``; ``counts[p]`` how many input rows equal it; ``first[p]`` the
    index of the first of them (a representative unit, used to rebuild resampled data in
    tests).
    """

    rows: np.ndarray
    counts: np.ndarray
    first: np.ndarray
    # ``inverse[i]`` is the pattern of input row ``i`` (the cluster bootstrap sums patterns
    # per cluster with it).
    inverse: np.ndarray | None = None


def distinct_rows(matrix: np.ndarray) -> DistinctRows:
    """Group identical rows of a non-negative integer matrix."""
    matrix = np.asarray(matrix, dtype=np.int64)
    if matrix.shape[0] == 0:
        empty = np.zeros(0, dtype=np.int64)
        return DistinctRows(matrix, empty, empty, empty)
    bases = matrix.max(axis=0) + 1
    if math.prod(int(base) for base in bases) < _MAX_KEY:
        # One int64 key per row sorts far faster than np.unique(axis=0) on the rows.
        multipliers = np.cumprod(np.concatenate(([1], bases[:-1]))).astype(np.int64)
        keys = matrix @ multipliers
        _, first, inverse, counts = np.unique(
            keys, return_index=True, return_inverse=True, return_counts=True
        )
    else:
        _, first, inverse, counts = np.unique(
            matrix, axis=0, return_index=True, return_inverse=True, return_counts=True
        )
    return DistinctRows(
        matrix[first],
        counts.astype(np.int64),
        first.astype(np.int64),
        np.asarray(inverse, dtype=np.int64).reshape(-1),
    )
