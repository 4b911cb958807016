"""An evaluator's agreement with itself across runs (TofuEval runs each LLM three times):
Cohen's kappa for two runs, Fleiss' kappa for three or more, over its binary calls
(inconsistent or not; a score at the threshold its run was tuned to), with a bootstrap
interval by document.

Both coefficients are functions of sums over records — for two runs the 2x2 table, for
several the per-record squares of Fleiss — so a resample is a matrix product as in
``resampling.py``. The point values equal ``annotations.agreement``'s (the tests check).
"""

from __future__ import annotations

import numpy as np

from annotations.evaluator_scores.errors import EvaluatorScoreError
from annotations.evaluator_scores.resampling import interval, resampled_sums


def _cohen(both: np.ndarray, first: np.ndarray, second: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Binary Cohen's kappa from the counts: both flagged, first flagged, second flagged."""
    with np.errstate(divide="ignore", invalid="ignore"):
        neither = n - first - second + both
        observed = (both + neither) / n
        expected = (first * second + (n - first) * (n - second)) / (n * n)
        return np.where(expected < 1, (observed - expected) / (1 - expected), np.nan)


def _fleiss(flags: np.ndarray, squares: np.ndarray, items: np.ndarray, raters: int) -> np.ndarray:
    """Binary Fleiss' kappa from sums over items of the flag count and of the squared
    category counts."""
    with np.errstate(divide="ignore", invalid="ignore"):
        observed = (squares / items - raters) / (raters * (raters - 1))
        share = flags / (items * raters)
        expected = share**2 + (1 - share) ** 2
        return np.where(expected < 1, (observed - expected) / (1 - expected), np.nan)


def self_agreement(
    calls: list[np.ndarray],
    document: np.ndarray,
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> dict[str, object]:
    """``calls``: each run's booleans (flagged inconsistent), aligned over the same records."""
    runs = len(calls)
    if runs < 2:
        raise EvaluatorScoreError("self-agreement needs at least two runs of the evaluator")
    matrix = np.stack([np.asarray(c, dtype=bool) for c in calls], axis=1)
    documents = np.unique(np.asarray(document), return_inverse=True)[1]
    n_documents = int(documents.max()) + 1

    def per_document(values: np.ndarray) -> np.ndarray:
        return np.bincount(documents, weights=values, minlength=n_documents)

    ones = np.ones(len(matrix))
    flagged = matrix.sum(axis=1).astype(np.float64)
    if runs == 2:
        columns = [matrix[:, 0] & matrix[:, 1], matrix[:, 0], matrix[:, 1], ones]
        name = "cohen_kappa"
    else:
        columns = [flagged, flagged**2 + (runs - flagged) ** 2, ones]
        name = "fleiss_kappa"

    def coefficient(sums: list[np.ndarray]) -> np.ndarray:
        if runs == 2:
            return _cohen(sums[0], sums[1], sums[2], sums[3])
        return _fleiss(sums[0], sums[1], sums[2], raters=runs)

    counts = np.stack([per_document(np.asarray(c, dtype=np.float64)) for c in columns], axis=1)
    totals = counts.sum(axis=0)
    sums = resampled_sums(counts, n_resamples=n_resamples, seed=seed)
    value = float(coefficient(list(totals)))
    replicates = coefficient([sums[:, i] for i in range(sums.shape[1])])
    low, high = interval(replicates, confidence)

    def clean(x: float) -> float | None:
        return None if np.isnan(x) else round(float(x), 6)

    return {
        "coefficient": name,
        "runs": runs,
        "records": len(matrix),
        "value": clean(value),
        "low": clean(float(low)),
        "high": clean(float(high)),
    }
