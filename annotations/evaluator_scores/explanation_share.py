"""The share of an evaluator's explanations that linguists judged to name the same error as
the human explanation (TofuEval Appendix H), with a bootstrap interval by document like
every other figure of the leaderboard. Pure: numpy only."""

from __future__ import annotations

import numpy as np

from annotations.evaluator_scores.resampling import interval, resampled_sums


def same_share(
    same: np.ndarray,
    document: np.ndarray,
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> dict[str, float | int | None]:
    """``same``: one bool per verdict (a linguist's, on one explanation); ``document``: the
    verdict's document code. The share, its interval, and how many verdicts it rests on."""
    n = len(same)
    if n == 0:
        return {"value": None, "low": None, "high": None, "n": 0}
    _, codes = np.unique(document, return_inverse=True)
    per_document = np.zeros((codes.max() + 1, 2))
    np.add.at(per_document, codes, np.column_stack([same.astype(float), np.ones(n)]))
    sums = resampled_sums(per_document, n_resamples=n_resamples, seed=seed)
    with np.errstate(invalid="ignore", divide="ignore"):
        replicates = sums[:, 0] / sums[:, 1]
    low, high = interval(replicates[:, None], confidence)
    return {
        "value": round(float(same.mean()), 4),
        "low": round(float(low[0]), 4),
        "high": round(float(high[0]), 4),
        "n": n,
    }
