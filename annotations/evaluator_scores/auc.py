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


def _structural_components(scores: np.ndarray, gold: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """DeLong's components from one sort: per inconsistent record, the share of consistent
    records scoring higher (ties half); per consistent record, the share of inconsistent
    records scoring lower (ties half). Both in the records' order, masked by ``gold``."""
    order = np.argsort(scores)
    ordered = scores[order]
    bad = gold[order]
    # Tie groups of equal scores: where each starts and ends in the sorted order.
    starts = np.flatnonzero(np.concatenate([[True], ordered[1:] != ordered[:-1]]))
    group = np.cumsum(np.concatenate([[False], ordered[1:] != ordered[:-1]]))
    bad_before = np.concatenate([[0], np.cumsum(bad)])[starts][group]
    good_before = np.concatenate([[0], np.cumsum(~bad)])[starts][group]
    bad_in = np.bincount(group, weights=bad)[group]
    good_in = np.bincount(group, weights=~bad)[group]
    m, n = int(bad.sum()), int((~bad).sum())
    higher_good = (n - good_before - good_in + good_in / 2) / n
    lower_bad = (bad_before + bad_in / 2) / m
    v10 = np.empty(len(scores))
    v01 = np.empty(len(scores))
    v10[order] = higher_good
    v01[order] = lower_bad
    return v10[gold], v01[~gold]


def clustered_auc(
    scores: np.ndarray,
    inconsistent: np.ndarray,
    document: np.ndarray,
    *,
    confidence: float,
    n_documents: int | None = None,
) -> Auc:
    """``document``: any codes, or, with ``n_documents``, codes 0..n_documents-1 already
    (the leaderboard numbers its documents once for all evaluators)."""
    scores = np.asarray(scores, dtype=np.float64)
    gold = np.asarray(inconsistent, dtype=bool)
    m, n = int(gold.sum()), int((~gold).sum())
    if m == 0 or n == 0:
        return Auc(float("nan"), float("nan"), float("nan"))
    v10, v01 = _structural_components(scores, gold)
    theta = float(v10.mean())
    if n_documents is None:
        codes = np.unique(np.asarray(document), return_inverse=True)[1].reshape(-1)
        k = int(codes.max()) + 1
    else:
        codes, k = np.asarray(document), n_documents
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
