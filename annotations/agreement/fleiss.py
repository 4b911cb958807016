"""Fleiss' kappa for a constant number of raters per item."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from annotations.agreement.errors import AgreementError
from annotations.agreement.labels import encode_ratings
from annotations.agreement.patterns import unit_value_counts


@dataclass(frozen=True)
class CategoryCounts:
    """``counts[u, c]``: how many raters put unit ``u`` in ``categories[c]``."""

    counts: np.ndarray
    categories: tuple[Any, ...]

    def complete(self, n_raters: int) -> np.ndarray:
        """The rows of units that all ``n_raters`` raters labelled (what Fleiss needs)."""
        return self.counts[self.counts.sum(axis=1) == n_raters]


def category_counts(data: Any, *, categories: Sequence[Any] | None = None) -> CategoryCounts:
    """Items x categories counts from a ``(raters, units)`` label matrix.

    Missing labels (``None``/``nan``) are simply not counted, so rows of partly labelled units
    sum to fewer raters; keep only complete rows (``CategoryCounts.complete``) for Fleiss.
    """
    coded = encode_ratings(data, categories=categories)
    return CategoryCounts(unit_value_counts(coded.codes, coded.n_categories), coded.categories)


def validate_counts(counts: Any) -> np.ndarray:
    """A checked ``(items, categories)`` integer matrix with a constant row sum >= 2."""
    matrix = np.asarray(counts)
    if matrix.ndim != 2 or matrix.shape[0] == 0 or matrix.shape[1] == 0:
        raise AgreementError(
            f"counts must be a non-empty items x categories matrix, got shape {matrix.shape}"
        )
    if matrix.dtype.kind not in "biuf" or not np.all(np.isfinite(matrix)):
        raise AgreementError("counts must be finite numbers of raters")
    if np.any(matrix < 0) or np.any(matrix != np.round(matrix)):
        raise AgreementError("counts must be non-negative whole numbers of raters")
    matrix = matrix.astype(np.int64)
    raters = matrix.sum(axis=1)
    if np.any(raters != raters[0]):
        odd = np.flatnonzero(raters != raters[0])[:5].tolist()
        raise AgreementError(
            f"Fleiss' kappa needs the same number of raters for every item: item 0 has "
            f"{raters[0]}, items {odd} differ; drop incomplete items or use Krippendorff's "
            "alpha, which allows missing ratings"
        )
    if raters[0] < 2:
        raise AgreementError(f"each item has {raters[0]} rating(s); Fleiss' kappa needs >= 2")
    return matrix


def fleiss_statistics(matrix: np.ndarray) -> np.ndarray:
    """Per-item ``[1, sum_j n_ij ** 2, n_i1, ..., n_ik]``: everything kappa sums over items."""
    matrix = np.asarray(matrix, dtype=np.float64)
    ones = np.ones((len(matrix), 1))
    return np.hstack((ones, (matrix**2).sum(axis=1, keepdims=True), matrix))


def fleiss_from_totals(totals: np.ndarray) -> np.ndarray:
    """Kappa for each row of summed :func:`fleiss_statistics`; ``nan`` where undefined.

    ``P_bar = (sum_ij n_ij**2 / N - m) / (m (m - 1))``, ``p_j = sum_i n_ij / (N m)``,
    ``P_e = sum_j p_j**2``, ``kappa = (P_bar - P_e) / (1 - P_e)`` (Fleiss 1971).
    """
    totals = np.atleast_2d(totals)
    items = totals[:, 0]
    squares = totals[:, 1]
    per_category = totals[:, 2:]
    ratings = per_category.sum(axis=1)
    raters = ratings / items
    observed = (squares / items - raters) / (raters * (raters - 1))
    shares = per_category / ratings[:, np.newaxis]
    expected = (shares**2).sum(axis=1)
    kappa = np.full(len(totals), np.nan)
    # 1 - P_e is a sum of products of shares; guard against it being (numerically) zero
    defined = (1.0 - expected) > 1e-12
    kappa[defined] = (observed[defined] - expected[defined]) / (1.0 - expected[defined])
    return kappa


def fleiss_kappa(counts: Any) -> float:
    """Fleiss' (1971) kappa of an items x categories count matrix.

    ``counts[i, j]`` is the number of raters who put item ``i`` in category ``j``; every item
    must have the same number (>= 2) of raters, though not necessarily the same raters.

    Missing data: none allowed; an item rated by fewer raters must be dropped first (see
    ``category_counts(...).complete(m)``), or use Krippendorff's alpha.

    Raises ``AgreementError`` on a malformed matrix, unequal numbers of raters, or when every
    rating falls in one category (kappa is then 0/0).
    """
    matrix = validate_counts(counts)
    kappa = fleiss_from_totals(fleiss_statistics(matrix).sum(axis=0))[0]
    if np.isnan(kappa):
        column = int(np.argmax(matrix.sum(axis=0)))
        raise AgreementError(
            f"Fleiss' kappa cannot be computed: every rating is in category column {column}, "
            "so there is no disagreement to expect by chance and nothing to compare against"
        )
    return float(kappa)
