"""ROC AUC of a score for the inconsistent class, with a confidence interval for records
clustered in documents.

AUC is the probability that an inconsistent record scores lower than a consistent one (ties
count half): ``roc_auc_score(inconsistent, -score)``. A bootstrap of a rank statistic costs
a sort per resample, so its interval uses the variance of Obuchowski (1997, "Nonparametric
analysis of clustered ROC curve data", Biometrics 53) instead: DeLong's structural components
summed per document, which accounts for the records of one document not being independent,
as the bootstrap by document does for the other figures. Normal interval, clipped to [0, 1].
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist

import numpy as np


@dataclass(frozen=True, slots=True)
class Auc:
    value: float
    low: float
    high: float


def _below(sorted_values: np.ndarray, values: np.ndarray) -> np.ndarray:
    """For each value: how many of ``sorted_values`` are below it, plus half the ties."""
    left = np.searchsorted(sorted_values, values, side="left")
    right = np.searchsorted(sorted_values, values, side="right")
    return left + (right - left) / 2


def clustered_auc(
    scores: np.ndarray, inconsistent: np.ndarray, document: np.ndarray, *, confidence: float
) -> Auc:
    scores = np.asarray(scores, dtype=np.float64)
    gold = np.asarray(inconsistent, dtype=bool)
    bad, good = scores[gold], scores[~gold]
    m, n = len(bad), len(good)
    if m == 0 or n == 0:
        return Auc(float("nan"), float("nan"), float("nan"))
    # V10: per inconsistent record, the share of consistent ones scoring higher (ties half);
    # V01: per consistent record, the share of inconsistent ones scoring lower.
    v10 = (n - _below(np.sort(good), bad)) / n
    v01 = _below(np.sort(bad), good) / m
    theta = float(v10.mean())
    _, codes = np.unique(np.asarray(document), return_inverse=True)
    k = int(codes.max()) + 1
    bad_codes, good_codes = codes[gold], codes[~gold]
    v10_k = np.bincount(bad_codes, weights=v10, minlength=k)
    v01_k = np.bincount(good_codes, weights=v01, minlength=k)
    m_k = np.bincount(bad_codes, minlength=k)
    n_k = np.bincount(good_codes, minlength=k)
    if k < 2:
        return Auc(theta, float("nan"), float("nan"))
    d10 = v10_k - m_k * theta
    d01 = v01_k - n_k * theta
    scale = k / (k - 1)
    s10 = scale / m * float(d10 @ d10)
    s01 = scale / n * float(d01 @ d01)
    s11 = scale * float(d10 @ d01)
    variance = s10 / m + s01 / n + 2 * s11 / (m * n)
    half = NormalDist().inv_cdf(0.5 + confidence / 2) * float(np.sqrt(max(variance, 0.0)))
    return Auc(theta, max(0.0, theta - half), min(1.0, theta + half))
