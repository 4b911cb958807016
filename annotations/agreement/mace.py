"""MACE, Multi-Annotator Competence Estimation (Hovy et al. 2013): how often each rater knows
the answer rather than guessing, with a posterior interval; pure numpy (docs/agreement.md,
"Competence").

Model: an item's true label ``T`` is uniform over the ``K`` classes. On each item rater ``r``
knows the answer with probability ``knowing[r]`` and gives ``T``; otherwise they guess, drawing
a label from their own distribution ``strategy[r]``. So
``P(label a | T = t) = (1 - knowing[r]) strategy[r, a] + knowing[r] [a = t]``.

Fitted, as in the authors' code and crowd-kit, by variational Bayes: Beta(0.5, 0.5) priors on
(guessing, knowing) and a symmetric Dirichlet(10) on each strategy; the E-step gives each
item's posterior over ``T`` and the expected number of items each rater knew and guessed; the
variational M-step sets every parameter to ``exp(digamma(counts + prior)) /
exp(digamma(total))``. ``n_restarts`` seeded random starts run side by side (a leading batch
axis, as in ``dawid_skene``) and the one with the highest marginal likelihood is kept.

Competence is read from the variational posterior of ``knowing[r]``:
``Beta(0.5 + E[knew], 0.5 + E[guessed])``; its mean is the figure and its 2.5 and 97.5
percentiles (from seeded draws) the interval, so MACE needs no bootstrap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from annotations.agreement.errors import AgreementError
from annotations.agreement.label_patterns import LabelPatterns, entropy_bits, label_patterns

N_RESTARTS = 10
N_ITER = 50
KNOWING_PRIOR = (0.5, 0.5)  # Beta prior on (guessing, knowing)
STRATEGY_PRIOR = 10.0
DEFAULT_NOISE = 0.5
POSTERIOR_DRAWS = 4000


def digamma(x: np.ndarray) -> np.ndarray:
    """The digamma function for positive ``x`` (numpy has none): shift ``x`` above 6 with
    ``psi(x) = psi(x + 1) - 1/x``, then the asymptotic series; error below 1e-12 there."""
    x = np.asarray(x, dtype=np.float64)
    result = np.zeros_like(x)
    while True:
        small = x < 6
        if not small.any():
            break
        result = np.where(small, result - 1 / np.where(small, x, 1.0), result)
        x = np.where(small, x + 1, x)
    inverse = 1 / x
    square = inverse * inverse
    series = square * (
        1 / 12 - square * (1 / 120 - square * (1 / 252 - square * (1 / 240 - square / 132)))
    )
    return np.asarray(result + np.log(x) - inverse / 2 - series)


def _variational(counts: np.ndarray, prior: np.ndarray | float) -> np.ndarray:
    shifted = counts + prior
    return np.asarray(np.exp(digamma(shifted) - digamma(shifted.sum(axis=-1, keepdims=True))))


@dataclass(frozen=True, eq=False)
class MaceResult:
    """``competence[r]``: the posterior mean probability that rater ``r`` knows the answer;
    ``competence_ci``: its 95% posterior interval ``(raters, 2)``; ``knowing`` and
    ``strategy``: the variational parameters (``knowing`` is crowd-kit's
    ``spamming_[:, 1]``); ``posteriors[i, k]``: item ``i``'s probability of class ``k``."""

    classes: tuple[Any, ...]
    competence: np.ndarray
    competence_ci: np.ndarray
    knowing: np.ndarray
    strategy: np.ndarray
    posteriors: np.ndarray
    expected_known: np.ndarray
    expected_guessed: np.ndarray
    log_marginal_likelihood: float
    n_items: int
    patterns: LabelPatterns
    pattern_posteriors: np.ndarray

    def entropy(self) -> np.ndarray:
        return entropy_bits(self.posteriors)


def _e_step(
    patterns: LabelPatterns,
    hot: np.ndarray,
    spam: np.ndarray,
    strategy: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per restart ``b``: pattern posteriors ``(B, P, K)``, the log marginal likelihood
    ``(B,)``, expected (guessed, knew) counts ``(B, R, 2)`` and expected guessed labels
    ``(B, R, K)``."""
    codes = patterns.codes
    seen = codes >= 0  # (P, R)
    given = np.where(seen, codes, 0)
    n_classes = patterns.n_classes
    # guess[b, p, r] = (1 - knowing) * strategy[given label]; know[b, r] = knowing
    guess = (
        spam[:, None, :, 0]
        * np.take_along_axis(
            strategy[:, None, :, :],
            np.broadcast_to(given[None, :, :, None], (spam.shape[0], *given.shape, 1)),
            axis=-1,
        )[..., 0]
    )
    know = spam[:, None, :, 1]
    # likelihood of each label given T = t: guess + know [label == t]   (B, P, R, K)
    per_label = guess[..., None] + know[..., None] * hot[None]
    per_label = np.where(seen[None, :, :, None], per_label, 1.0)
    log_joint = np.log(per_label).sum(axis=2) - np.log(n_classes)  # (B, P, K)
    top = log_joint.max(axis=-1, keepdims=True)
    scaled = np.exp(log_joint - top)
    marginal = scaled.sum(axis=-1, keepdims=True)
    posteriors = scaled / marginal
    weights = patterns.counts
    log_likelihood = ((np.log(marginal) + top)[..., 0] * weights).sum(axis=1)
    # E[guessed] for (p, r): Σ_t post[t] guess / (guess + know [a = t]);
    # E[knew]: post[a] know / (guess + know)
    guessed = (posteriors[:, :, None, :] * guess[..., None] / per_label).sum(axis=-1)
    knew = (
        np.take_along_axis(
            posteriors, np.broadcast_to(given[None], (spam.shape[0], *given.shape)), axis=-1
        )
        * know
        / (guess + know)
    )
    guessed = np.where(seen[None], guessed, 0.0) * weights[None, :, None]
    knew = np.where(seen[None], knew, 0.0) * weights[None, :, None]
    counts = np.stack([guessed.sum(axis=1), knew.sum(axis=1)], axis=-1)  # (B, R, 2)
    strategy_counts = np.einsum("bpr,prk->brk", guessed, hot)
    return posteriors, log_likelihood, counts, strategy_counts


def mace(
    ratings: Any,
    *,
    categories: Sequence[Any] | None = None,
    patterns: LabelPatterns | None = None,
    n_restarts: int = N_RESTARTS,
    n_iter: int = N_ITER,
    seed: int = 0,
    confidence: float = 0.95,
) -> MaceResult:
    """Fit MACE to a ``(raters, items)`` matrix of labels (``None`` = no label). Raises
    ``AgreementError`` with fewer than two raters, no label, or one possible class."""
    # ``patterns``: the ratings already reduced (by label_patterns), to fit both models
    # without encoding the labels twice.
    patterns = patterns or label_patterns(ratings, categories=categories)
    n_raters, n_classes = patterns.n_raters, patterns.n_classes
    if n_raters < 2:
        raise AgreementError(
            "MACE needs at least two raters: with one, knowing and guessing look alike"
        )
    rng = np.random.default_rng(seed)
    spam = rng.uniform(1, 1 + DEFAULT_NOISE, size=(n_restarts, n_raters, 2))
    spam /= spam.sum(axis=-1, keepdims=True)
    strategy = rng.uniform(1, 1 + DEFAULT_NOISE, size=(n_restarts, n_raters, n_classes))
    strategy /= strategy.sum(axis=-1, keepdims=True)
    hot = patterns.one_hot()
    prior = np.array([KNOWING_PRIOR[0], KNOWING_PRIOR[1]])
    posteriors, log_likelihood, counts, strategy_counts = _e_step(patterns, hot, spam, strategy)
    for _ in range(n_iter):
        spam = _variational(counts, prior)
        strategy = _variational(strategy_counts, STRATEGY_PRIOR)
        posteriors, log_likelihood, counts, strategy_counts = _e_step(patterns, hot, spam, strategy)
    best = int(np.argmax(log_likelihood))
    guessed, known = counts[best, :, 0], counts[best, :, 1]
    a, b = prior[1] + known, prior[0] + guessed
    competence = a / (a + b)
    draws = np.random.default_rng(seed).beta(a, b, size=(POSTERIOR_DRAWS, n_raters))
    tails = [(1 - confidence) / 2 * 100, (1 + confidence) / 2 * 100]
    competence_ci = np.percentile(draws, tails, axis=0).T
    item_posteriors = np.full((patterns.item_pattern.shape[0], n_classes), np.nan)
    labelled = patterns.item_pattern >= 0
    item_posteriors[labelled] = posteriors[best][patterns.item_pattern[labelled]]
    return MaceResult(
        classes=patterns.classes,
        competence=competence,
        competence_ci=competence_ci,
        knowing=spam[best, :, 1],
        strategy=strategy[best],
        posteriors=item_posteriors,
        expected_known=known,
        expected_guessed=guessed,
        log_marginal_likelihood=float(log_likelihood[best]),
        n_items=int(labelled.sum()),
        patterns=patterns,
        pattern_posteriors=posteriors[best],
    )
