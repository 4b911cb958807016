"""The selection design and its weighted estimates (annotations/evaluator_scores/selection.py):
exact inclusion probabilities, a hand-computed Horvitz-Thompson case, an exact enumeration
of the systematic design, and a simulation where the evaluator's uncertainty goes with the
errors: the weighted rates hit the corpus truth, the unweighted one does not."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from annotations.evaluator_scores.selection import (
    SelectionError,
    allocate,
    draw,
    ht_total,
    record_disagreement,
    record_uncertainty,
    stratum_probabilities,
    systematic_draw,
    unit_priority,
    weighted_rate,
)


def test_record_measures_read_as_documented():
    assert record_disagreement([True, False]) == 1.0
    assert record_disagreement([True, True, True]) == 0.0
    assert record_disagreement([True, False, False, False]) == 0.5
    assert record_disagreement([True]) is None
    assert record_uncertainty(0.5) == 1.0
    assert record_uncertainty(1.0) == 0.0
    assert record_uncertainty(0.0) == 0.0
    assert record_uncertainty(0.75) == pytest.approx(0.5)
    assert unit_priority([1.0, 0.0], [0.5], {"disagreement": 1, "uncertainty": 1}) == 0.5
    with pytest.raises(SelectionError):
        unit_priority([1.0], [], {"disagreement": 0, "uncertainty": 0})


def test_allocation_is_proportional_and_sums_to_the_count():
    assert allocate({"A": 60, "B": 30, "C": 10}, 10) == {"A": 6, "B": 3, "C": 1}
    shares = allocate({"A": 5, "B": 5, "C": 5}, 7)
    assert sum(shares.values()) == 7
    assert max(shares.values()) - min(shares.values()) <= 1
    with pytest.raises(SelectionError):
        allocate({"A": 2}, 3)


def test_probabilities_sum_to_n_respect_the_reserve_floor_and_cap_at_one():
    priorities = [0.0, 0.0, 0.1, 0.2, 5.0, 9.0]
    pi = stratum_probabilities(priorities, 3, reserve=0.2)
    assert pi.sum() == pytest.approx(3)
    assert np.all(pi <= 1)
    assert np.all(pi >= 3 * 0.2 / 6 - 1e-12)
    # The two big priorities would exceed 1 uncapped; they are certain, the rest share one.
    assert pi[4] == pi[5] == 1.0
    assert pi[:4].sum() == pytest.approx(1.0)
    # Order of the uncapped ones follows the priority.
    assert pi[0] == pi[1] < pi[2] < pi[3]


def test_systematic_draw_has_fixed_size_and_the_stated_inclusion_probabilities():
    pi = stratum_probabilities([0.0, 0.3, 0.9, 0.1, 2.0, 0.0, 0.4, 0.6], 3, reserve=0.2)
    rng = np.random.default_rng(7)
    draws = 40_000
    hits = np.zeros(pi.size)
    for _ in range(draws):
        chosen = systematic_draw(pi, rng)
        assert chosen.size == 3
        assert len(set(chosen.tolist())) == 3
        hits[chosen] += 1
    # Binomial standard error of each frequency, a 4.5-sigma band.
    band = 4.5 * np.sqrt(pi * (1 - pi) / draws) + 1e-9
    assert np.all(np.abs(hits / draws - pi) <= band), (hits / draws, pi)


def test_horvitz_thompson_matches_a_hand_computed_case():
    # y = 10, 20, 30 sampled with pi = 0.2, 0.5, 1: 10/0.2 + 20/0.5 + 30/1 = 50 + 40 + 30.
    assert ht_total([10, 20, 30], [0.2, 0.5, 1.0]) == 120.0
    rate = weighted_rate([1, 2, 0], [4, 4, 2], [0.2, 0.5, 1.0], population_sentences=50)
    # errors 1/0.2 + 2/0.5 = 9; sentences 4/0.2 + 4/0.5 + 2/1 = 30.
    assert rate.ht_errors == pytest.approx(9.0)
    assert rate.ht_sentences == pytest.approx(30.0)
    assert rate.ht_rate == pytest.approx(9 / 50)
    assert rate.hajek_rate == pytest.approx(9 / 30)
    assert rate.unweighted == pytest.approx(3 / 10)
    # Linearised SE: residuals y - R x = 1 - 1.2, 2 - 1.2, 0 - 0.6; the certain unit adds 0.
    by_hand = np.sqrt((0.8 / 0.04) * 0.04 + (0.5 / 0.25) * 0.64) / 30
    assert rate.hajek_se == pytest.approx(by_hand)
    with pytest.raises(SelectionError):
        ht_total([1], [0.0])


def test_the_systematic_design_is_exactly_unbiased_by_enumeration():
    """Every order of 4 units and every start: the exact expectation of the HT total equals
    the population total, and each unit's exact inclusion probability its pi."""
    y = np.array([3.0, 0.0, 7.0, 1.0])
    pi = stratum_probabilities([0.1, 0.0, 0.8, 0.3], 2, reserve=0.25)
    expected_total, inclusion = 0.0, np.zeros(4)
    orders = list(itertools.permutations(range(4)))
    for order in orders:
        cumulated = np.cumsum(pi[list(order)])
        cumulated[-1] = 2
        # The sample changes only where a start crosses a fractional cumulated value.
        cuts = sorted({0.0, 1.0, *(float(c % 1) for c in cumulated)})
        for low, high in itertools.pairwise(cuts):
            if high - low < 1e-12:  # a cut repeated within float error
                continue
            start = (low + high) / 2
            picked = [order[i] for i in np.searchsorted(cumulated, start + np.arange(2), "right")]
            weight = (high - low) / len(orders)
            expected_total += weight * sum(y[i] / pi[i] for i in picked)
            inclusion[picked] += weight
    assert expected_total == pytest.approx(y.sum())
    assert inclusion == pytest.approx(pi)


def _corpus(rng: np.random.Generator, units: int = 1500):
    """Two systems, one per unit (so strata); per unit 2-6 sentences. The evaluator's score is
    near the threshold where a sentence is wrong, far from it where it is right, so the
    uncertainty priority goes with the errors."""
    systems = rng.choice(["A", "B"], size=units, p=[0.6, 0.4])
    sentences = rng.integers(2, 7, size=units)
    base = np.where(systems == "A", 0.08, 0.2)
    # Some units are hard: many errors there, and the evaluator hesitates on them.
    hard = rng.random(units) < 0.2
    error_rate = np.where(hard, 0.6, base)
    errors = rng.binomial(sentences, error_rate)
    uncertainty = np.clip(np.where(hard, 0.8, 0.15) + rng.normal(0, 0.1, units), 0, 1)
    return systems, sentences, errors, uncertainty


def test_weighted_rates_are_unbiased_where_uncertainty_goes_with_errors_and_raw_ones_not():
    systems, sentences, errors, uncertainty = _corpus(np.random.default_rng(2024))
    truth = {s: errors[systems == s].sum() / sentences[systems == s].sum() for s in "AB"}
    population = {s: int(sentences[systems == s].sum()) for s in "AB"}
    estimates: dict[str, dict[str, list[float]]] = {
        s: {"ht": [], "hajek": [], "raw": []} for s in "AB"
    }
    covered = {s: 0 for s in "AB"}
    repeats = 600
    for seed in range(repeats):
        drawn = draw(uncertainty.tolist(), systems.tolist(), count=150, reserve=0.2, seed=seed)
        chosen = np.asarray(drawn.chosen)
        pi = np.asarray(drawn.probabilities)
        for s in "AB":
            mine = chosen[systems[chosen] == s]
            rate = weighted_rate(
                errors[mine], sentences[mine], pi[mine], population_sentences=population[s]
            )
            estimates[s]["ht"].append(rate.ht_rate)
            estimates[s]["hajek"].append(rate.hajek_rate)
            estimates[s]["raw"].append(rate.unweighted)
            assert rate.hajek_se is not None
            covered[s] += abs(rate.hajek_rate - truth[s]) <= 1.96 * rate.hajek_se
    for s in "AB":
        for name in ("ht", "hajek"):
            values = np.asarray(estimates[s][name])
            mc_error = values.std(ddof=1) / np.sqrt(repeats)
            # Unbiased: the mean of 600 draws is within 4 Monte Carlo errors and 0.005.
            assert abs(values.mean() - truth[s]) <= min(4 * mc_error, 0.005), (s, name)
        raw = np.asarray(estimates[s]["raw"])
        # The selected units are the hard ones: their raw rate overstates the corpus's.
        assert raw.mean() - truth[s] > 0.05, (s, raw.mean(), truth[s])
        assert raw.mean() - truth[s] > 20 * raw.std(ddof=1) / np.sqrt(repeats)
        # The approximate interval covers at least its nominal share (it errs wide).
        assert covered[s] / repeats >= 0.93


def test_the_same_seed_draws_the_same_units_and_another_seed_others():
    priorities = [float(i % 7) for i in range(200)]
    strata = ["A" if i % 3 else "B" for i in range(200)]
    first = draw(priorities, strata, count=30, reserve=0.2, seed=5)
    assert first == draw(priorities, strata, count=30, reserve=0.2, seed=5)
    assert first.chosen != draw(priorities, strata, count=30, reserve=0.2, seed=6).chosen
    assert len(first.chosen) == 30
    assert sum(first.probabilities) == pytest.approx(30)
    # Stratified: B holds a third of the units and gets a third of the sample.
    assert sum(strata[i] == "B" for i in first.chosen) == first.allocation["B"] == 10
