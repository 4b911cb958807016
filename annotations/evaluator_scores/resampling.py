"""The bootstrap by document: resample documents with replacement (their records together,
since the sentences of one summary, and the summaries of one dialogue, are not independent)
and sum per-document counts over each resample.

Every figure here is a function of counts summed over records, so a resample is a vector of
document multiplicities ``w`` and its sums are ``w @ C`` for the per-document count matrix
``C`` (documents x columns). All the figures of all the evaluators then cost one matrix
product per block of resamples; the same resamples serve every evaluator, which is what a
paired comparison needs.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from functools import lru_cache

import numpy as np

# Resample weights are drawn in blocks of at most this many cells (4 bytes each).
BLOCK_CELLS = 8_000_000
# float32 sums integers exactly below 2**24; beyond, the products are taken in float64.
EXACT_FLOAT32 = 2**24


def document_weights(n_documents: int, n_resamples: int, seed: int) -> Iterator[np.ndarray]:
    """Blocks of resamples: rows are resamples, columns documents, each row the number of
    times each document is drawn in ``n_documents`` draws with replacement."""
    rng = np.random.default_rng(seed)
    rows = max(1, BLOCK_CELLS // max(n_documents, 1))
    for start in range(0, n_resamples, rows):
        block = min(rows, n_resamples - start)
        draws = rng.integers(0, n_documents, size=(block, n_documents))
        weights = np.empty((block, n_documents), dtype=np.float32)
        # A bincount per row stays in cache: 3x faster than one over the offset block.
        for row in range(block):
            weights[row] = np.bincount(draws[row], minlength=n_documents)
        yield weights


# The weights of one (documents, resamples, seed) are kept when they are this small or
# smaller, since a leaderboard draws the same ones for each level and for self-agreement.
KEEP_CELLS = 16_000_000


@lru_cache(maxsize=2)
def _kept_weights(n_documents: int, n_resamples: int, seed: int) -> tuple[np.ndarray, ...]:
    return tuple(document_weights(n_documents, n_resamples, seed))


def _weights(n_documents: int, n_resamples: int, seed: int) -> Iterator[np.ndarray]:
    if n_documents * n_resamples <= KEEP_CELLS:
        return iter(_kept_weights(n_documents, n_resamples, seed))
    return document_weights(n_documents, n_resamples, seed)


def resampled_sums(per_document: np.ndarray, *, n_resamples: int, seed: int) -> np.ndarray:
    """``per_document`` (documents x columns) summed over each resample (resamples x
    columns)."""
    n_documents, columns = per_document.shape
    exact = float(np.abs(per_document).sum(axis=0).max(initial=0)) * 4 < EXACT_FLOAT32
    matrix = per_document.astype(np.float32 if exact else np.float64)
    out = np.empty((n_resamples, columns), dtype=np.float64)
    start = 0
    for weights in _weights(n_documents, n_resamples, seed):
        block = len(weights)
        out[start : start + block] = weights.astype(matrix.dtype, copy=False) @ matrix
        start += block
    return out


def interval(replicates: np.ndarray, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    """Percentile bounds over the first axis, ignoring undefined (nan) replicates."""
    tail = (1 - confidence) / 2 * 100
    replicates = np.asarray(replicates, dtype=np.float64)
    if replicates.ndim == 1:
        low, high = interval(replicates[:, None], confidence)
        return low[0], high[0]
    # nanpercentile goes column by column wherever a nan is (a leaderboard has thousands of
    # columns): the columns without one are taken together by percentile, which agrees.
    undefined = np.isnan(replicates).any(axis=0)
    if not undefined.any():
        bounds = np.percentile(replicates, [tail, 100 - tail], axis=0)
        return bounds[0], bounds[1]
    low = np.empty(replicates.shape[1:])
    high = np.empty(replicates.shape[1:])
    clean = ~undefined
    if clean.any():
        bounds = np.percentile(replicates[:, clean], [tail, 100 - tail], axis=0)
        low[clean], high[clean] = bounds[0], bounds[1]
    # nanpercentile warns on an all-nan column (a figure undefined in every resample).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        bounds = np.nanpercentile(replicates[:, undefined], [tail, 100 - tail], axis=0)
    low[undefined], high[undefined] = bounds[0], bounds[1]
    return low, high
