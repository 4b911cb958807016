"""How well a judge's scores are calibrated, and how far its calls agree with the experts
beyond chance (docs/models-in-the-loop.md, "Judges"). Pure: numpy only.

- **Reliability diagram**: the scores (read as the probability that a record is
  *consistent*, so they must lie in [0, 1]) are cut into ``n_bins`` equal-width bins; per bin,
  the mean score and the observed share of consistent records. A record goes to the bin whose
  upper edge is the first at or above its score (a score equal to an inner edge belongs to the
  lower bin; 0 to the first, 1 to the last), the rule of scikit-learn's
  ``calibration_curve(strategy="uniform")``, so the non-empty bins are its points.
- **ECE** (expected calibration error, Naeini et al. 2015; Guo et al. 2017): the record-weighted
  mean of ``|observed - mean score|`` over the bins.
- **Cohen's kappa** of two binary codings from their 2x2 table: ``(p_o - p_e) / (1 - p_e)``;
  ``nan`` when ``p_e`` is 1 (both gave one and the same value to every record).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from annotations.evaluator_scores.errors import EvaluatorScoreError

N_BINS = 10


@dataclass(frozen=True, slots=True)
class ReliabilityBin:
    lower: float
    upper: float
    records: int
    mean_score: float | None  # None for an empty bin
    observed: float | None  # the share of consistent records; None for an empty bin


@dataclass(frozen=True, slots=True)
class Reliability:
    ece: float
    bins: tuple[ReliabilityBin, ...]


def reliability(scores: np.ndarray, consistent: np.ndarray, n_bins: int = N_BINS) -> Reliability:
    """The reliability diagram and ECE of ``scores`` against the gold ``consistent``
    (booleans)."""
    scores = np.asarray(scores, dtype=np.float64)
    gold = np.asarray(consistent, dtype=bool)
    if len(scores) != len(gold):
        raise EvaluatorScoreError("needs one gold label per score")
    if not len(scores):
        raise EvaluatorScoreError("no record to measure calibration on")
    if n_bins < 1:
        raise EvaluatorScoreError("needs at least one bin")
    if np.isnan(scores).any() or scores.min() < 0 or scores.max() > 1:
        raise EvaluatorScoreError("scores must be probabilities in [0, 1] to measure calibration")
    edges = np.linspace(0.0, 1.0, n_bins + 1)
    which = np.searchsorted(edges[1:-1], scores, side="left")
    counts = np.bincount(which, minlength=n_bins)
    score_sums = np.bincount(which, weights=scores, minlength=n_bins)
    hits = np.bincount(which, weights=gold.astype(np.float64), minlength=n_bins)
    filled = counts > 0
    mean = np.divide(score_sums, counts, out=np.zeros(n_bins), where=filled)
    observed = np.divide(hits, counts, out=np.zeros(n_bins), where=filled)
    ece = float(np.sum(counts * np.abs(observed - mean)) / len(scores))
    bins = tuple(
        ReliabilityBin(
            lower=float(edges[b]),
            upper=float(edges[b + 1]),
            records=int(counts[b]),
            mean_score=float(mean[b]) if filled[b] else None,
            observed=float(observed[b]) if filled[b] else None,
        )
        for b in range(n_bins)
    )
    return Reliability(ece=ece, bins=bins)


def binary_kappa(tp: int, fp: int, fn: int, tn: int) -> float:
    """Cohen's kappa of a judge's calls against the gold, from their confusion counts."""
    n = tp + fp + fn + tn
    if n == 0:
        return float("nan")
    observed = (tp + tn) / n
    expected = ((tp + fp) * (tp + fn) + (fn + tn) * (fp + tn)) / (n * n)
    if expected >= 1.0:
        return float("nan")
    return (observed - expected) / (1.0 - expected)
