"""Shares (a count over a count) with bootstrap intervals resampling documents: the figures
beyond the binary ones (docs/evaluation.md, "Beyond balanced accuracy") are each a ratio of
per-document sums (matched spans over spans, correct key-fact decisions over decisions, ...),
so, as for the leaderboard, all of them are one matrix product per block of resamples.
Pure: numpy only."""

from __future__ import annotations

from typing import Any

import numpy as np

from annotations.evaluator_scores.resampling import interval, resampled_sums


def per_document(documents: np.ndarray, n_documents: int, weights: np.ndarray) -> np.ndarray:
    """``weights`` (one per unit) summed per document."""
    return np.bincount(
        np.asarray(documents, dtype=np.int64),
        weights=np.asarray(weights, dtype=np.float64),
        minlength=n_documents,
    )


def clean(x: float) -> float | None:
    return None if np.isnan(x) else round(float(x), 6)


def ratio_figures(
    numerators: np.ndarray,
    denominators: np.ndarray,
    *,
    n_resamples: int,
    confidence: float,
    seed: int,
) -> list[dict[str, float | None]]:
    """Per column of the (documents x k) matrices: sum(numerator) / sum(denominator), with
    its percentile interval over resamples of documents; ``null`` where the denominator is 0
    (in a resample: that resample is left out)."""
    numerators = np.atleast_2d(np.asarray(numerators, dtype=np.float64).T).T
    denominators = np.atleast_2d(np.asarray(denominators, dtype=np.float64).T).T
    k = numerators.shape[1]
    if not len(numerators) or not k:
        return [{"value": None, "low": None, "high": None} for _ in range(k)]
    both = np.concatenate([numerators, denominators], axis=1)
    totals = both.sum(axis=0)
    sums = resampled_sums(both, n_resamples=n_resamples, seed=seed)
    with np.errstate(divide="ignore", invalid="ignore"):
        point = np.where(totals[k:] > 0, totals[:k] / totals[k:], np.nan)
        replicates = np.where(sums[:, k:] > 0, sums[:, :k] / sums[:, k:], np.nan)
    low, high = interval(replicates, confidence)
    return [
        {"value": clean(point[c]), "low": clean(low[c]), "high": clean(high[c])} for c in range(k)
    ]


def f1_figures(
    counts: np.ndarray, *, n_resamples: int, confidence: float, seed: int
) -> list[dict[str, Any]]:
    """Micro-averaged F1 per column group from per-document counts (documents x 4k): for each
    group, (matched gold, gold, matched predicted, predicted): recall = matched gold / gold,
    precision = matched predicted / predicted, F1 their harmonic mean (for exact matching,
    matched gold = matched predicted, and F1 = 2 TP / (gold + predicted)). F1 is 0 when
    nothing matched and undefined (null) when neither side has a span."""
    counts = np.asarray(counts, dtype=np.float64)
    k = counts.shape[1] // 4
    totals = counts.sum(axis=0)
    sums = resampled_sums(counts, n_resamples=n_resamples, seed=seed)

    def f1(values: np.ndarray) -> np.ndarray:
        matched_gold, gold, matched_predicted, predicted = (values[..., i::4] for i in range(4))
        with np.errstate(divide="ignore", invalid="ignore"):
            recall = np.where(gold > 0, matched_gold / gold, 0.0)
            precision = np.where(predicted > 0, matched_predicted / predicted, 0.0)
            score = np.where(
                precision + recall > 0, 2 * precision * recall / (precision + recall), 0.0
            )
        return np.where((gold + predicted) > 0, score, np.nan)

    point = f1(totals)
    low, high = interval(f1(sums), confidence)
    return [
        {
            "value": clean(point[c]),
            "low": clean(low[c]),
            "high": clean(high[c]),
        }
        for c in range(k)
    ]
