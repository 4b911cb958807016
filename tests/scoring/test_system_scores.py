"""Per-system means and bootstrap intervals: hand-computed tables, the rules for undefined
scores, seeding, and a property test against a naive per-summary loop."""

from __future__ import annotations

import random
from collections import defaultdict

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from annotations.agreement.bootstrap import resample_pattern_counts
from annotations.scoring import (
    METRICS,
    ScoringError,
    system_rng,
    system_scores,
    system_scores_coded,
)


def test_a_hand_computed_table() -> None:
    # model-a: faithfulness 3/4, 1, undefined, 1/2 -> mean 0.75 over n = 3;
    # completeness 2/5 and 4/5 (two undefined) -> 0.6 over n = 2.
    # model-b: one summary, faithfulness 1/3, no completeness at all.
    table = system_scores(
        ["model-a", "model-b", "model-a", "model-a", "model-a"],
        {
            "faithfulness": [0.75, 1 / 3, 1.0, None, 0.5],
            "completeness": [0.4, None, None, 0.8, None],
        },
    )
    assert table.metrics == ("faithfulness", "completeness")
    a, b = table.systems
    assert (a.system, a.summaries, b.system, b.summaries) == ("model-a", 4, "model-b", 1)
    assert a.scores["faithfulness"].mean == pytest.approx(0.75)
    assert a.scores["faithfulness"].n == 3
    assert 0.5 <= a.scores["faithfulness"].low <= 0.75 <= a.scores["faithfulness"].high <= 1.0
    assert a.scores["completeness"].mean == pytest.approx(0.6)
    assert a.scores["completeness"].n == 2
    # One summary: every resample is that summary, the interval is the value itself.
    only = b.scores["faithfulness"]
    assert (only.mean, only.low, only.high, only.n) == (1 / 3, 1 / 3, 1 / 3, 1)
    nothing = b.scores["completeness"]
    assert (nothing.mean, nothing.low, nothing.high, nothing.n) == (None, None, None, 0)


def test_the_interval_of_two_summaries_scoring_zero_and_one() -> None:
    # Resampled means are 0, 1/2, 1 with probabilities 1/4, 1/2, 1/4: the 2.5 % and 97.5 %
    # quantiles are 0 and 1.
    score = system_scores(["s", "s"], {"acu_score": [0.0, 1.0]}).systems[0].scores["acu_score"]
    assert (score.mean, score.low, score.high, score.n) == (0.5, 0.0, 1.0, 2)


def test_as_dict_is_plain_json() -> None:
    table = system_scores(["s", "s", "t"], {"faithfulness": [0.5, 1.0, None]}, seed=3)
    as_dict = table.as_dict()
    assert as_dict["metrics"] == ["faithfulness"]
    assert (as_dict["confidence"], as_dict["n_resamples"], as_dict["seed"]) == (0.95, 1000, 3)
    assert as_dict["systems"][1] == {
        "system": "t",
        "summaries": 1,
        "faithfulness": {"mean": None, "low": None, "high": None, "n": 0},
    }


def test_the_same_seed_gives_the_same_table_and_another_seed_another() -> None:
    rng = np.random.default_rng(5)
    systems = rng.choice(["a", "b", "c"], 300)
    scores = {"faithfulness": rng.integers(0, 5, 300) / 4}
    first = system_scores(systems, scores, seed=7)
    assert system_scores(systems, scores, seed=7) == first
    assert system_scores(systems, scores, seed=8) != first


def test_an_interval_depends_only_on_its_system_and_not_on_order() -> None:
    rng = np.random.default_rng(11)
    systems = list(rng.choice(["a", "b"], 200))
    values = list(rng.integers(0, 6, 200) / 5)
    both = system_scores(systems, {"conciseness": values})
    alone = system_scores(
        [s for s in systems if s == "a"],
        {"conciseness": [v for s, v in zip(systems, values, strict=True) if s == "a"]},
    )
    assert both.systems[0] == alone.systems[0]
    order = list(range(200))
    random.Random(2).shuffle(order)
    shuffled = system_scores(
        [systems[i] for i in order], {"conciseness": [values[i] for i in order]}
    )
    assert shuffled == both


def test_bad_input_is_refused() -> None:
    with pytest.raises(ScoringError, match="between 0 and 1"):
        system_scores(["a"], {"faithfulness": [1.5]})
    with pytest.raises(ScoringError, match="2 scores for 1 summaries"):
        system_scores(["a"], {"faithfulness": [1.0, 0.5]})
    with pytest.raises(ScoringError, match="unknown metric"):
        system_scores(["a"], {"rouge": [1.0]})
    with pytest.raises(ScoringError, match="confidence"):
        system_scores(["a"], {"faithfulness": [1.0]}, confidence=95)
    with pytest.raises(ScoringError, match="n_resamples"):
        system_scores(["a"], {"faithfulness": [1.0]}, n_resamples=0)
    with pytest.raises(ScoringError, match="codes"):
        system_scores_coded([0, 2], ["a", "b"], {"faithfulness": [1.0, 0.0]})


def test_many_distinct_values_take_the_sparse_path() -> None:
    rng = np.random.default_rng(3)
    systems = rng.integers(0, 40, 2000)
    values = rng.random(2000)  # 2,000 distinct values x 40 systems
    table = system_scores_coded(systems, [f"m{i:02}" for i in range(40)], {"faithfulness": values})
    for row in table.systems:
        mine = values[systems == int(row.system[1:])]
        assert row.scores["faithfulness"].mean == pytest.approx(mine.mean())
        assert row.scores["faithfulness"].n == len(mine)


# --- against a naive per-summary loop -------------------------------------------------------


def naive_table(
    systems: list[str], scores: dict[str, list[float | None]], *, n_resamples: int, seed: int
) -> dict[tuple[str, str], tuple[float | None, float | None, float | None, int]]:
    """Per (system, metric), looping over summaries in Python: the mean of the defined
    scores, and the bootstrap quantiles of resamples built summary by summary from the same
    generator's multiplicities."""
    result = {}
    for metric, values in scores.items():
        by_system: dict[str, list[float]] = defaultdict(list)
        for system, value in zip(systems, values, strict=True):
            if value is not None:
                by_system[system].append(value)
        for system in set(systems):
            mine = by_system.get(system, [])
            if not mine:
                result[system, metric] = (None, None, None, 0)
                continue
            mean = sum(mine) / len(mine)
            distinct = sorted(set(mine))
            if len(distinct) == 1:
                result[system, metric] = (mean, distinct[0], distinct[0], len(mine))
                continue
            counts = np.array([mine.count(v) for v in distinct])
            blocks = resample_pattern_counts(counts, n_resamples, system_rng(seed, metric, system))
            replicates = []
            for block in blocks:
                for multiplicities in block:
                    resample = [
                        value
                        for value, times in zip(distinct, multiplicities, strict=True)
                        for _ in range(times)
                    ]
                    replicates.append(sum(resample) / len(resample))
            low, high = np.quantile(replicates, [0.025, 0.975])
            result[system, metric] = (mean, float(low), float(high), len(mine))
    return result


fractions = st.one_of(
    st.none(),
    st.tuples(st.integers(1, 6), st.integers(0, 6)).map(lambda t: min(t[1], t[0]) / t[0]),
)


@settings(max_examples=40, deadline=None)
@given(
    data=st.lists(
        st.tuples(
            st.sampled_from(["A", "B", "C", "long system name"]),
            st.tuples(fractions, fractions, fractions, fractions),
        ),
        min_size=1,
        max_size=60,
    ),
    seed=st.integers(0, 2**32),
)
def test_the_table_equals_a_naive_per_summary_loop(
    data: list[tuple[str, tuple[float | None, ...]]], seed: int
) -> None:
    systems = [system for system, _ in data]
    scores = {metric: [values[k] for _, values in data] for k, metric in enumerate(METRICS)}
    table = system_scores(systems, scores, n_resamples=200, seed=seed)
    naive = naive_table(systems, scores, n_resamples=200, seed=seed)
    assert [row.system for row in table.systems] == sorted(set(systems))
    for row in table.systems:
        assert row.summaries == systems.count(row.system)
        for metric in METRICS:
            got = row.scores[metric]
            mean, low, high, n = naive[row.system, metric]
            assert got.n == n
            if n == 0:
                assert (got.mean, got.low, got.high) == (None, None, None)
                continue
            assert got.mean == pytest.approx(mean, abs=1e-12)
            assert got.low == pytest.approx(low, abs=1e-12)
            assert got.high == pytest.approx(high, abs=1e-12)
            assert 0.0 <= got.low <= got.high <= 1.0


def test_the_interval_matches_a_naive_index_bootstrap() -> None:
    # Drawing 200 summary indices per resample (the textbook bootstrap) from another
    # generator: the same distribution of means, so nearly the same interval.
    rng = np.random.default_rng(2026)
    values = rng.integers(0, 8, 200) / 7
    ours = system_scores(["x"] * 200, {"faithfulness": values}, n_resamples=4000)
    score = ours.systems[0].scores["faithfulness"]
    means = [values[rng.integers(0, 200, 200)].mean() for _ in range(4000)]
    low, high = np.quantile(means, [0.025, 0.975])
    assert score.low == pytest.approx(low, abs=0.01)
    assert score.high == pytest.approx(high, abs=0.01)
    assert score.mean == pytest.approx(values.mean())
