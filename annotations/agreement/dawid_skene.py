"""Dawid and Skene's (1979) latent-class model: each rater's confusion matrix and each item's
posterior label distribution, by EM; pure numpy (docs/agreement.md, "Competence").

Model: an item's true label ``z`` is drawn from the class priors ``pi``; rater ``r`` then gives
label ``l`` with probability ``theta[r, z, l]`` (row ``z`` of their confusion matrix), every
rater independently given ``z``. EM starts from the soft majority vote (each item's share of
votes per label, as crowd-kit does), so the classes keep the meaning of the labels, and
alternates

- M-step: ``theta[r, k, l] ∝ Σ_i T[i, k] [rater r said l on i]`` (floored at 1e-10 before
  normalising, so a label never seen keeps a tiny probability), ``pi[k] = mean_i T[i, k]``;
- E-step: ``T[i, k] ∝ pi[k] Π_r theta[r, k, label_ri]`` over the raters who labelled ``i``,

until no parameter moves by more than ``tol``. It runs on the distinct label patterns
(``label_patterns``), and on many resamples at once: ``weights`` is ``(B, P)`` and every array
carries a leading resample axis, so the bootstrap over items costs one batched EM.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from annotations.agreement.errors import AgreementError
from annotations.agreement.label_patterns import (
    LabelPatterns,
    entropy_bits,
    label_patterns,
    multinomial_weights,
)

EPS = 1e-10
MAX_ITER = 200
# Reports print four decimals: a step that moves no parameter by 1e-5 changes none of them.
TOL = 1e-5
# Resamples for the competence intervals, each warm-started at the full fit and run for at
# most BOOTSTRAP_MAX_ITER steps: a resample's optimum is close to the full fit's, and on the
# 100,000-sentence benchmark round 20 steps and 50 gave intervals equal to 1e-4 (five-class
# relevance, topic category, sentence consistency) at 40-75% of the cost.
N_RESAMPLES = 200
BOOTSTRAP_MAX_ITER = 20


@dataclass(frozen=True, eq=False)
class DawidSkeneResult:
    """A fitted model. ``confusion[r, k, l]``: the probability that rater ``r`` says class
    ``l`` of an item whose true class is ``k`` (rows sum to 1); ``priors[k]``: the share of
    items of class ``k``; ``posteriors[i, k]``: item ``i``'s probability of class ``k`` (a row
    of ``nan`` for an item nobody labelled); ``accuracy[r]``: the probability that rater
    ``r``'s label is the true one, ``Σ_k priors[k] confusion[r, k, k]``. With ``n_resamples``:
    ``accuracy_ci`` and ``recall_ci`` (``(raters, 2)`` and ``(raters, classes, 2)``) are 95%
    percentile intervals of the accuracy and of each diagonal cell over bootstrap resamples
    of the items (or of the clusters, when given)."""

    classes: tuple[Any, ...]
    priors: np.ndarray
    confusion: np.ndarray
    posteriors: np.ndarray
    accuracy: np.ndarray
    log_likelihood: float
    n_iter: int
    converged: bool
    n_items: int
    n_labels: np.ndarray  # per rater
    patterns: LabelPatterns
    pattern_posteriors: np.ndarray
    accuracy_ci: np.ndarray | None = None
    recall_ci: np.ndarray | None = None
    n_resamples: int = 0

    def entropy(self) -> np.ndarray:
        """Each item's posterior entropy in bits (``nan`` for an unlabelled item)."""
        return entropy_bits(self.posteriors)


@dataclass(frozen=True, eq=False)
class _Fit:
    priors: np.ndarray  # (B, K)
    confusion: np.ndarray  # (B, R, K, K)
    posteriors: np.ndarray  # (B, P, K)
    log_likelihood: np.ndarray  # (B,)
    n_iter: int
    converged: bool


def _m_step(
    flat_hot: np.ndarray, weights: np.ndarray, posteriors: np.ndarray, n_raters: int
) -> tuple[np.ndarray, np.ndarray]:
    """Priors ``(B, K)`` and confusion matrices ``(B, R, K, K)`` from the posteriors.
    ``flat_hot`` is the one-hot ``(P, R * K)``: the counts are one matrix product."""
    weighted = weights[..., None] * posteriors  # (B, P, K)
    priors = weighted.sum(axis=1) / weights.sum(axis=1, keepdims=True)
    n_classes = posteriors.shape[-1]
    counts = np.matmul(weighted.transpose(0, 2, 1), flat_hot)  # (B, K, R * K)
    counts = counts.reshape(counts.shape[0], n_classes, n_raters, n_classes).transpose(0, 2, 1, 3)
    counts = np.maximum(counts, EPS)
    confusion = counts / counts.sum(axis=-1, keepdims=True)
    return np.maximum(priors, EPS), confusion


def _e_step(
    flat_hot: np.ndarray, priors: np.ndarray, confusion: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Posteriors ``(B, P, K)`` and each pattern's log marginal likelihood ``(B, P)``:
    ``log T[b, p, k] = log pi[b, k] + Σ_{r, l} hot[p, r, l] log theta[b, r, k, l]``, one
    matrix product (a rater who gave no label contributes a row of zeros)."""
    n_batch, n_raters, n_classes, _ = confusion.shape
    log_confusion = (
        np.log(confusion).transpose(0, 1, 3, 2).reshape(n_batch, n_raters * n_classes, n_classes)
    )
    log = np.matmul(flat_hot, log_confusion) + np.log(priors)[:, None, :]  # (B, P, K)
    top = log.max(axis=-1, keepdims=True)
    scaled = np.exp(log - top)
    total = scaled.sum(axis=-1, keepdims=True)
    return scaled / total, (np.log(total) + top)[..., 0]


def _em(
    patterns: LabelPatterns,
    weights: np.ndarray,
    start: np.ndarray,
    *,
    max_iter: int,
    tol: float,
) -> _Fit:
    n_raters = patterns.n_raters
    flat_hot = patterns.one_hot().reshape(patterns.codes.shape[0], -1)
    posteriors = start
    priors, confusion = _m_step(flat_hot, weights, posteriors, n_raters)
    converged = False
    n_iter = 0
    for n_iter in range(1, max_iter + 1):  # noqa: B007 - n_iter is reported
        posteriors, _ = _e_step(flat_hot, priors, confusion)
        new_priors, new_confusion = _m_step(flat_hot, weights, posteriors, n_raters)
        moved = max(
            float(np.abs(new_priors - priors).max()),
            float(np.abs(new_confusion - confusion).max()),
        )
        priors, confusion = new_priors, new_confusion
        if moved < tol:
            converged = True
            break
    posteriors, pattern_log = _e_step(flat_hot, priors, confusion)
    return _Fit(
        priors, confusion, posteriors, (weights * pattern_log).sum(axis=1), n_iter, converged
    )


def soft_majority(patterns: LabelPatterns) -> np.ndarray:
    """Each pattern's share of votes per class ``(P, K)``: crowd-kit's start for EM."""
    votes = patterns.one_hot().sum(axis=1)
    return np.asarray(votes / votes.sum(axis=1, keepdims=True))


def dawid_skene(
    ratings: Any,
    *,
    categories: Sequence[Any] | None = None,
    patterns: LabelPatterns | None = None,
    max_iter: int = MAX_ITER,
    tol: float = TOL,
    n_resamples: int = 0,
    seed: int = 0,
    clusters: Sequence[Any] | None = None,
    confidence: float = 0.95,
) -> DawidSkeneResult:
    """Fit Dawid-Skene to a ``(raters, items)`` matrix of labels (``None`` = no label).

    ``n_resamples`` > 0 adds percentile intervals for each rater's accuracy and per-class
    recall, resampling items with replacement (``seed``-ed), or whole clusters when
    ``clusters`` gives each item's cluster (the sentences of one dialogue and topic are not
    independent). Raises ``AgreementError`` with fewer than two raters, no label, or one
    possible class."""
    # ``patterns``: the ratings already reduced (by label_patterns), to fit both models
    # without encoding the labels twice.
    patterns = patterns or label_patterns(ratings, categories=categories)
    if patterns.n_raters < 2:
        raise AgreementError(
            "Dawid-Skene needs at least two raters: with one, nothing tells their errors apart"
            " from the truth"
        )
    start = soft_majority(patterns)[None]
    weights = patterns.counts[None]
    fit = _em(patterns, weights, start, max_iter=max_iter, tol=tol)
    priors, confusion = fit.priors[0], fit.confusion[0]
    accuracy = np.einsum("k,rkk->r", priors, confusion)
    item_posteriors = np.full((patterns.item_pattern.shape[0], patterns.n_classes), np.nan)
    labelled = patterns.item_pattern >= 0
    item_posteriors[labelled] = fit.posteriors[0][patterns.item_pattern[labelled]]
    n_labels = ((patterns.codes >= 0) * patterns.counts[:, None]).sum(axis=0)
    accuracy_ci = recall_ci = None
    if n_resamples > 0:
        rng = np.random.default_rng(seed)
        draws = (
            multinomial_weights(patterns.counts, n_resamples, rng)
            if clusters is None
            else cluster_weights(patterns, clusters, n_resamples, rng)
        )
        # Warm start at the full fit: a resample's optimum is near it, so few steps are needed
        # and the classes cannot swap meaning between resamples.
        resampled = _em(
            patterns,
            draws,
            np.broadcast_to(fit.posteriors, (n_resamples, *fit.posteriors.shape[1:])).copy(),
            max_iter=min(max_iter, BOOTSTRAP_MAX_ITER),
            tol=tol,
        )
        tails = [(1 - confidence) / 2 * 100, (1 + confidence) / 2 * 100]
        # A rater absent from a resample has no labels there: their row is the floor's
        # uniform guess; such resamples are left out of that rater's interval.
        present = np.einsum("bp,pr->br", draws, (patterns.codes >= 0).astype(float)) > 0
        boot_accuracy = np.einsum("bk,brkk->br", resampled.priors, resampled.confusion)
        boot_recall = np.einsum("brkk->brk", resampled.confusion)
        accuracy_ci = np.stack(
            [_percentiles(boot_accuracy[present[:, r], r], tails) for r in range(patterns.n_raters)]
        )
        recall_ci = np.stack(
            [
                np.stack(
                    [
                        _percentiles(boot_recall[present[:, r], r, k], tails)
                        for k in range(patterns.n_classes)
                    ]
                )
                for r in range(patterns.n_raters)
            ]
        )
    return DawidSkeneResult(
        classes=patterns.classes,
        priors=priors,
        confusion=confusion,
        posteriors=item_posteriors,
        accuracy=accuracy,
        log_likelihood=float(fit.log_likelihood[0]),
        n_iter=fit.n_iter,
        converged=fit.converged,
        n_items=int(labelled.sum()),
        n_labels=n_labels,
        patterns=patterns,
        pattern_posteriors=fit.posteriors[0],
        accuracy_ci=accuracy_ci,
        recall_ci=recall_ci,
        n_resamples=n_resamples,
    )


def _percentiles(values: np.ndarray, tails: list[float]) -> np.ndarray:
    if values.size == 0:
        return np.array([np.nan, np.nan])
    return np.asarray(np.percentile(values, tails))


def cluster_weights(
    patterns: LabelPatterns, clusters: Sequence[Any], n_resamples: int, rng: np.random.Generator
) -> np.ndarray:
    """``(B, P)`` pattern multiplicities of resamples that draw whole clusters with
    replacement: each cluster drawn adds the counts of its items' patterns."""
    if len(clusters) != patterns.item_pattern.shape[0]:
        raise AgreementError(
            f"clusters has {len(clusters)} entries for {patterns.item_pattern.shape[0]} items;"
            " give one cluster per item"
        )
    _, cluster_of = np.unique(np.asarray([str(c) for c in clusters]), return_inverse=True)
    labelled = patterns.item_pattern >= 0
    n_clusters = int(cluster_of.max()) + 1
    per_cluster = np.zeros((n_clusters, patterns.codes.shape[0]))
    np.add.at(per_cluster, (cluster_of[labelled], patterns.item_pattern[labelled]), 1.0)
    drawn = rng.multinomial(n_clusters, np.full(n_clusters, 1 / n_clusters), size=n_resamples)
    return np.asarray(drawn @ per_cluster, dtype=np.float64)
