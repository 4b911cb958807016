"""Choosing units to annotate by what evaluators find hard, without biasing the estimates
(docs/models-in-the-loop.md, "Choosing what to annotate").

**Priority.** Each unit gets a priority in [0, 1] from the corpus runs' verdicts on its
records (a sentence or a whole summary):

- *disagreement*: per record with verdicts from two runs or more, ``2 * min(p, 1 - p)``, p
  the share of runs calling it inconsistent (0 when all agree, 1 at an even split); a score
  counts as inconsistent below its threshold (0.5: scores are higher for more consistent
  text, docs/evaluation.md);
- *uncertainty*: per record and scoring run, ``1 - |score - t| / max(t, 1 - t)`` (1 at the
  threshold t, 0 at 0 or 1), averaged over the runs;
- *mix*: ``(a * disagreement + b * uncertainty) / (a + b)`` with stated weights.

A unit's priority is the mean over its records that have the measure (0 without any).

**Design.** Strata are the units' summarizer sets (the systems whose summaries a unit holds),
so each system keeps its share of the corpus: the count is allocated to strata in proportion
to their sizes (largest remainders). Within a stratum of N units drawing n, unit i's size is
``reserve / N + (1 - reserve) * p_i / sum(p)`` (uniform when every priority is 0) and its
first-order inclusion probability ``pi_i = n * size_i``, capped at 1 with the excess spread
over the others in proportion to their sizes. So every unit has ``pi_i >= n * reserve / N``:
the reserve share is drawn as if uniformly, and nothing in the frame has probability 0 (which
would make any weighted estimate biased). Units are then drawn by randomised systematic PPS
(Goodman and Kish 1950: a seeded random order, one uniform start, points one apart along the
cumulated ``pi``): a fixed sample of exactly n whose first-order inclusion probabilities are
exactly ``pi``.

**Estimates** (``weighted_rate``): for a per-system error rate, each labelled unit i brings
y_i inconsistent sentences of the system out of x_i. The Horvitz-Thompson totals are
``sum(y_i / pi_i)`` and ``sum(x_i / pi_i)``; the HT rate divides the first by the frame's known
sentence count X, the Hajek rate by the second (a ratio: approximately unbiased, usually of
smaller variance). The unweighted ``sum(y) / sum(x)`` estimates the rate of the *selected*
units and is reported only to show the difference.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

STRATEGIES = ("disagreement", "uncertainty", "mix")
THRESHOLD = 0.5


class SelectionError(ValueError):
    pass


def record_disagreement(inconsistent_votes: Sequence[bool]) -> float | None:
    """2 min(p, 1 - p) over the runs' verdicts on one record; None with fewer than two."""
    if len(inconsistent_votes) < 2:
        return None
    p = sum(inconsistent_votes) / len(inconsistent_votes)
    return 2.0 * min(p, 1.0 - p)


def record_uncertainty(score: float, threshold: float = THRESHOLD) -> float:
    """1 at the threshold, falling linearly to 0 at the far end of [0, 1]."""
    distance = abs(min(max(score, 0.0), 1.0) - threshold)
    return max(0.0, 1.0 - distance / max(threshold, 1.0 - threshold))


def unit_priority(
    disagreements: Sequence[float], uncertainties: Sequence[float], weights: Mapping[str, float]
) -> float:
    """The mix of the mean record disagreement and mean record uncertainty (0 for a measure
    the unit has no record for). ``weights`` maps "disagreement"/"uncertainty" to a weight."""
    a, b = weights.get("disagreement", 0.0), weights.get("uncertainty", 0.0)
    if a + b <= 0:
        raise SelectionError("the weights must not all be 0")
    d = sum(disagreements) / len(disagreements) if disagreements else 0.0
    u = sum(uncertainties) / len(uncertainties) if uncertainties else 0.0
    return (a * d + b * u) / (a + b)


def allocate(sizes: Mapping[Hashable, int], n: int) -> dict[Hashable, int]:
    """n split over strata in proportion to their sizes, by largest remainders (ties by key
    order), never more than a stratum holds."""
    total = sum(sizes.values())
    if not 0 <= n <= total:
        raise SelectionError(f"a sample of 0 to {total} units, not {n}")
    keys = sorted(sizes, key=repr)
    quotas = {k: n * sizes[k] / total for k in keys} if total else {k: 0.0 for k in keys}
    shares = {k: min(math.floor(quotas[k]), sizes[k]) for k in keys}
    for k in sorted(keys, key=lambda k: -(quotas[k] - math.floor(quotas[k]))):
        if sum(shares.values()) >= n:
            break
        if shares[k] < sizes[k]:
            shares[k] += 1
    # Rounding can leave a remainder when full strata refused theirs: give it to any room.
    for k in keys:
        while sum(shares.values()) < n and shares[k] < sizes[k]:
            shares[k] += 1
    return shares


def stratum_probabilities(priorities: Sequence[float], n: int, reserve: float) -> np.ndarray:
    """First-order inclusion probabilities of one stratum's units, summing to n, each at least
    ``n * reserve / N`` (before capping at 1, which only raises the others)."""
    if not 0 < reserve <= 1:
        raise SelectionError(f"the reserve share is in (0, 1], not {reserve}")
    p = np.asarray(priorities, dtype=float)
    if p.size == 0 or n == 0:
        return np.zeros(p.size)
    if np.any(p < 0) or not np.all(np.isfinite(p)):
        raise SelectionError("priorities are finite and at least 0")
    size = np.full(p.size, 1.0 / p.size)
    if p.sum() > 0:
        size = reserve * size + (1.0 - reserve) * p / p.sum()
    pi = np.zeros(p.size)
    capped = np.zeros(p.size, dtype=bool)
    while True:
        free = ~capped
        room = n - capped.sum()
        pi[free] = room * size[free] / size[free].sum()
        pi[capped] = 1.0
        over = free & (pi >= 1.0)
        if not over.any():
            return pi
        capped |= over


def systematic_draw(pi: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Indices drawn by randomised systematic PPS: exactly round(sum(pi)) units, unit i with
    probability pi[i]."""
    n = round(float(pi.sum()))
    if n == 0:
        return np.zeros(0, dtype=int)
    order = rng.permutation(pi.size)
    cumulated = np.cumsum(pi[order])
    cumulated[-1] = n  # float error must not lose the last point
    points = rng.random() + np.arange(n)
    # A start within float error of 1 can put the last point on n itself: it is the last unit's.
    positions = np.minimum(np.searchsorted(cumulated, points, side="right"), pi.size - 1)
    picked = order[positions]
    return np.sort(picked)


@dataclass(frozen=True, slots=True)
class Drawn:
    """The sample: chosen unit positions (into the frame), and every frame unit's pi."""

    chosen: list[int]
    probabilities: list[float]
    allocation: dict[Hashable, int]


def draw(
    priorities: Sequence[float],
    strata: Sequence[Hashable],
    *,
    count: int,
    reserve: float,
    seed: int,
) -> Drawn:
    """The seeded stratified draw (module docstring). Same inputs and seed, same sample."""
    if len(priorities) != len(strata):
        raise SelectionError("one stratum per unit")
    members: dict[Hashable, list[int]] = {}
    for index, stratum in enumerate(strata):
        members.setdefault(stratum, []).append(index)
    allocation = allocate({k: len(v) for k, v in members.items()}, count)
    rng = np.random.default_rng(seed)
    pi = np.zeros(len(priorities))
    chosen: list[int] = []
    for stratum in sorted(members, key=repr):
        indices = np.asarray(members[stratum])
        probabilities = stratum_probabilities(
            [priorities[i] for i in indices], allocation[stratum], reserve
        )
        pi[indices] = probabilities
        chosen.extend(int(i) for i in indices[systematic_draw(probabilities, rng)])
    return Drawn(sorted(chosen), [float(v) for v in pi], allocation)


@dataclass(frozen=True, slots=True)
class WeightedRate:
    """One system's error rate from a weighted sample (module docstring)."""

    units: int
    sentences: int
    errors: int
    unweighted: float | None
    ht_errors: float
    ht_sentences: float
    ht_rate: float | None
    hajek_rate: float | None
    hajek_se: float | None

    def as_dict(self) -> dict[str, float | int | None]:
        return {
            "units": self.units,
            "sentences": self.sentences,
            "errors": self.errors,
            "unweighted": self.unweighted,
            "ht_errors": self.ht_errors,
            "ht_sentences": self.ht_sentences,
            "ht_rate": self.ht_rate,
            "hajek_rate": self.hajek_rate,
            "hajek_se": self.hajek_se,
        }


def ht_total(values: Sequence[float] | np.ndarray, pi: Sequence[float] | np.ndarray) -> float:
    """The Horvitz-Thompson estimate of a population total from the sampled values."""
    p = np.asarray(pi, dtype=float)
    if np.any(p <= 0) or np.any(p > 1):
        raise SelectionError("inclusion probabilities are in (0, 1]")
    return float(np.sum(np.asarray(values, dtype=float) / p))


def weighted_rate(
    errors: Sequence[int],
    sentences: Sequence[int],
    pi: Sequence[float],
    *,
    population_sentences: int | None = None,
) -> WeightedRate:
    """Per sampled unit: its inconsistent sentences, its sentences, and its pi.

    ``hajek_se`` is the linearisation standard error under the Poisson-sampling approximation,
    ``sqrt(sum((1 - pi) / pi^2 * (y - R x)^2)) / X_hat``: it ignores the fixed sample size's
    small gain, so it errs on the wide side."""
    y, x, p = (np.asarray(v, dtype=float) for v in (errors, sentences, pi))
    ht_y, ht_x = ht_total(y, p), ht_total(x, p)
    hajek = ht_y / ht_x if ht_x > 0 else None
    se = None
    if hajek is not None:
        residual = y - hajek * x
        se = float(math.sqrt(float(np.sum((1 - p) / p**2 * residual**2)))) / ht_x
    return WeightedRate(
        units=int(y.size),
        sentences=int(x.sum()),
        errors=int(y.sum()),
        unweighted=float(y.sum() / x.sum()) if x.sum() > 0 else None,
        ht_errors=ht_y,
        ht_sentences=ht_x,
        ht_rate=ht_y / population_sentences if population_sentences and y.size else None,
        hajek_rate=hajek,
        hajek_se=se,
    )
