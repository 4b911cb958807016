"""Krippendorff's alpha from coincidences, for many resamples at once.

Krippendorff (2011) builds alpha from the coincidence matrix ``o``: each unit ``u`` with
``m_u >= 2`` values adds ``(n_uc * n_uk - [c == k] * n_uc) / (m_u - 1)`` to ``o[c, k]``, where
``n_uc`` is the number of its values in category ``c``. With ``n_c`` the row sums of ``o``
(pairable values per category), ``n`` their total and ``delta`` a distance with a zero
diagonal,

    alpha = 1 - (n - 1) * sum(o * delta) / sum_{c,k} n_c * n_k * delta[c, k].

For nominal, interval, ratio and MASI distances ``delta`` is fixed, so a unit is summarised by
``sum(o_u * delta)`` and its pairable counts ``n_u``: ``V + 1`` numbers. The ordinal distance
depends on the marginals ``n_c`` themselves, so there a unit is summarised by its whole
``o_u`` (``V * V`` numbers). In both cases the statistics of a resample are a plain sum over
its units, so a matrix product gives the totals of every resample at once and the functions
below turn totals into alphas row by row.
"""

from __future__ import annotations

import numpy as np


def pairable_counts(value_counts: np.ndarray) -> np.ndarray:
    """Value counts with the rows of units that have fewer than two values zeroed."""
    value_counts = np.asarray(value_counts)
    pairable = value_counts.sum(axis=1) >= 2
    return value_counts * pairable[:, np.newaxis]


def nominal_distance(n_categories: int) -> np.ndarray:
    return 1.0 - np.eye(n_categories)


def interval_distance(values: np.ndarray) -> np.ndarray:
    values = np.asarray(values, dtype=np.float64)
    return (values[:, np.newaxis] - values[np.newaxis, :]) ** 2


def ratio_distance(values: np.ndarray) -> np.ndarray:
    values = np.asarray(values, dtype=np.float64)
    difference = values[:, np.newaxis] - values[np.newaxis, :]
    total = values[:, np.newaxis] + values[np.newaxis, :]
    # Krippendorff's ratio distance is 0 for the pair (0, 0), as in the krippendorff package.
    ratio = np.divide(difference, total, out=np.zeros_like(difference), where=total != 0)
    return ratio**2


def fixed_distance_statistics(value_counts: np.ndarray, delta: np.ndarray) -> np.ndarray:
    """Per-unit ``[sum(o_u * delta), n_u1, ..., n_uV]`` for a fixed distance ``delta``."""
    counts = pairable_counts(value_counts).astype(np.float64)
    raters = counts.sum(axis=1)
    # sum_ck n_uc n_uk delta_ck; the -[c == k] n_uc term vanishes because delta_cc = 0
    weighted = ((counts @ delta) * counts).sum(axis=1)
    observed = np.divide(weighted, raters - 1, out=np.zeros_like(weighted), where=raters >= 2)
    return np.column_stack((observed, counts))


def fixed_distance_alpha(totals: np.ndarray, delta: np.ndarray) -> np.ndarray:
    """Alpha for each row of summed :func:`fixed_distance_statistics`; ``nan`` if undefined."""
    totals = np.atleast_2d(totals)
    observed = totals[:, 0]
    marginals = totals[:, 1:]
    n = marginals.sum(axis=1)
    expected = ((marginals @ delta) * marginals).sum(axis=1)
    return _alpha(observed, expected, n)


def coincidence_statistics(value_counts: np.ndarray) -> np.ndarray:
    """Per-unit coincidence matrices ``o_u``, flattened to ``V * V`` columns."""
    counts = pairable_counts(value_counts).astype(np.float64)
    n_categories = counts.shape[1]
    raters = counts.sum(axis=1)
    products = counts[:, :, np.newaxis] * counts[:, np.newaxis, :]
    products[:, np.arange(n_categories), np.arange(n_categories)] -= counts
    scale = np.divide(1.0, raters - 1, out=np.zeros_like(raters), where=raters >= 2)
    return (products * scale[:, np.newaxis, np.newaxis]).reshape(len(counts), -1)


def ordinal_alpha(totals: np.ndarray, n_categories: int) -> np.ndarray:
    """Ordinal alpha for each row of summed :func:`coincidence_statistics`.

    Krippendorff's ordinal distance between categories ``c <= k`` is
    ``(sum_{g=c..k} n_g - (n_c + n_k) / 2) ** 2``, which equals ``(mid_k - mid_c) ** 2`` with
    the mid-rank ``mid_c = cumsum(n)_c - n_c / 2``; it is recomputed from each row's marginals.
    """
    totals = np.atleast_2d(totals)
    coincidences = totals.reshape(len(totals), n_categories, n_categories)
    marginals = coincidences.sum(axis=2)
    n = marginals.sum(axis=1)
    mid = np.cumsum(marginals, axis=1) - marginals / 2
    delta = (mid[:, :, np.newaxis] - mid[:, np.newaxis, :]) ** 2
    observed = (coincidences * delta).sum(axis=(1, 2))
    expected = np.einsum("bc,bck,bk->b", marginals, delta, marginals)
    return _alpha(observed, expected, n)


def _alpha(observed: np.ndarray, expected: np.ndarray, n: np.ndarray) -> np.ndarray:
    defined = expected > 0
    alpha = np.full(observed.shape, np.nan)
    alpha[defined] = 1.0 - (n[defined] - 1) * observed[defined] / expected[defined]
    return alpha
