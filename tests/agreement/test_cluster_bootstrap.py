"""The cluster bootstrap (whole dialogue-topic units resampled) and the units-needed projection.

Checked against a naive reference: draw cluster indices with replacement, rebuild the raters x
items matrix from the drawn clusters' columns, call the `krippendorff` package (or the plain
coefficient) on it, once per resample in a loop."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import krippendorff
import numpy as np
import pytest

from annotations.agreement import (
    AgreementError,
    bootstrap_ci,
    cohen_kappa,
    fleiss_kappa,
    krippendorff_alpha,
    masi_alpha,
    percent_agreement,
)
from annotations.agreement.bootstrap import (
    cluster_bootstrap_ci,
    cluster_draws_clear,
    cluster_resample_counts,
    resample_pattern_counts,
)
from annotations.agreement.projection import units_needed

RNG = np.random.default_rng(20261127)


def clustered_ratings(
    n_clusters: int, per_cluster: int, *, n_raters: int = 3, missing: float = 0.1, seed: int = 1
) -> tuple[np.ndarray, np.ndarray]:
    """Binary labels whose agreement varies by cluster (some units are hard for everyone), so
    items of one cluster are correlated, as sentences of one dialogue-topic unit are."""
    rng = np.random.default_rng(seed)
    clusters = np.repeat(np.arange(n_clusters), per_cluster)
    accuracy = rng.uniform(0.5, 1.0, n_clusters)[clusters]
    truth = rng.integers(0, 2, len(clusters))
    correct = rng.random((n_raters, len(clusters))) < accuracy
    ratings = np.where(correct, truth, 1 - truth).astype(float)
    ratings[rng.random(ratings.shape) < missing] = np.nan
    return ratings, clusters


RATINGS, CLUSTERS = clustered_ratings(40, 6)
LABELS = np.array([f"unit-{c % 7}-{c}" for c in CLUSTERS], dtype=object)  # any hashable label
COMPLETE, COMPLETE_CLUSTERS = clustered_ratings(30, 5, missing=0.0, seed=2)
FLEISS_COUNTS = np.stack([np.equal(COMPLETE, c).sum(axis=0) for c in (0, 1)], axis=1)
SETS = [[None if np.isnan(v) else ({"a"} if v else {"a", "b"}) for v in row] for row in RATINGS]

Case = tuple[Callable[..., float], tuple[Any, ...], dict[str, Any], Any, Callable[..., Any]]
CASES: dict[str, Case] = {
    "alpha-nominal": (
        krippendorff_alpha,
        (RATINGS,),
        {"level": "nominal"},
        LABELS,
        lambda cols: (RATINGS[:, cols],),
    ),
    "alpha-ordinal": (
        krippendorff_alpha,
        (RATINGS,),
        {"level": "ordinal"},
        LABELS,
        lambda cols: (RATINGS[:, cols],),
    ),
    "masi": (
        masi_alpha,
        (SETS,),
        {},
        LABELS,
        lambda cols: ([[row[c] for c in cols] for row in SETS],),
    ),
    "percent": (percent_agreement, (RATINGS,), {}, LABELS, lambda cols: (RATINGS[:, cols],)),
    "cohen": (
        cohen_kappa,
        (list(RATINGS[0]), list(RATINGS[1])),
        {},
        LABELS,
        lambda cols: (list(RATINGS[0][cols]), list(RATINGS[1][cols])),
    ),
    "fleiss": (
        fleiss_kappa,
        (FLEISS_COUNTS,),
        {},
        COMPLETE_CLUSTERS,
        lambda cols: (FLEISS_COUNTS[cols],),
    ),
}


def _columns_of(labels: Any, drawn: list[Any], counts: np.ndarray) -> np.ndarray:
    """The item indices of a resample: every item of each drawn cluster, as often as drawn."""
    labels = np.asarray(labels, dtype=object)
    parts = [
        np.flatnonzero(labels == name)
        for name, times in zip(drawn, counts, strict=True)
        for _ in range(int(times))
    ]
    return np.concatenate(parts) if parts else np.zeros(0, dtype=int)


@pytest.mark.parametrize("name", CASES)
def test_every_replicate_is_the_coefficient_of_the_drawn_clusters(name: str) -> None:
    coefficient, args, kwargs, labels, rebuild = CASES[name]
    result = cluster_bootstrap_ci(
        coefficient,
        *args,
        clusters=labels,
        n_resamples=25,
        seed=4,
        return_replicates=True,
        **kwargs,
    )
    assert result.replicates is not None
    assert result.resample_counts is not None
    assert result.pattern_units is not None
    assert result.n_clusters == len(set(np.asarray(labels, dtype=object).tolist()))
    # Each resample draws as many clusters as there are.
    assert (result.resample_counts.sum(axis=1) == result.n_clusters).all()
    for counts, replicate in zip(result.resample_counts, result.replicates, strict=True):
        columns = _columns_of(labels, list(result.pattern_units), counts)
        try:
            direct = coefficient(*rebuild(columns), **kwargs)
        except AgreementError:
            assert np.isnan(replicate)
            continue
        assert replicate == pytest.approx(direct, abs=1e-9)
    assert result.estimate == pytest.approx(coefficient(*args, **kwargs), abs=1e-9)


def test_interval_matches_a_naive_loop_over_cluster_indices() -> None:
    ratings, clusters = clustered_ratings(60, 8, seed=5)
    rng = np.random.default_rng(12)
    members = [np.flatnonzero(clusters == c) for c in range(60)]
    naive = []
    for _ in range(1500):
        drawn = rng.integers(0, 60, 60)
        columns = np.concatenate([members[c] for c in drawn])
        naive.append(
            krippendorff.alpha(reliability_data=ratings[:, columns], level_of_measurement="nominal")
        )
    naive_low, naive_high = np.quantile(naive, [0.025, 0.975])
    fast = cluster_bootstrap_ci(
        krippendorff_alpha, ratings, level="nominal", clusters=clusters, n_resamples=1500, seed=3
    )
    assert fast.low == pytest.approx(naive_low, abs=0.02)
    assert fast.high == pytest.approx(naive_high, abs=0.02)
    assert fast.standard_error == pytest.approx(np.std(naive, ddof=1), rel=0.1)


def test_resampling_items_understates_the_spread_of_clustered_data() -> None:
    # Why the report resamples units: with correlated items the item bootstrap is too narrow.
    ratings, clusters = clustered_ratings(50, 10, seed=8)
    items = bootstrap_ci(krippendorff_alpha, ratings, level="nominal", seed=1)
    units = cluster_bootstrap_ci(
        krippendorff_alpha, ratings, level="nominal", clusters=clusters, seed=1
    )
    assert units.estimate == pytest.approx(items.estimate)
    assert units.standard_error > 1.3 * items.standard_error


def test_one_item_per_cluster_is_the_item_bootstrap() -> None:
    ratings, _ = clustered_ratings(40, 3, seed=9)
    singletons = np.arange(ratings.shape[1])
    items = bootstrap_ci(krippendorff_alpha, ratings, level="nominal", n_resamples=3000, seed=2)
    units = cluster_bootstrap_ci(
        krippendorff_alpha, ratings, level="nominal", clusters=singletons, n_resamples=3000, seed=7
    )
    assert units.n_clusters == items.n_units
    assert units.low == pytest.approx(items.low, abs=0.03)
    assert units.high == pytest.approx(items.high, abs=0.03)


def test_clusters_without_a_pairable_item_are_left_out() -> None:
    ratings = RATINGS.copy()
    ratings[1:, CLUSTERS == 0] = np.nan  # cluster 0: one rater only, nothing to compare
    result = cluster_bootstrap_ci(
        krippendorff_alpha, ratings, level="nominal", clusters=CLUSTERS, seed=1
    )
    assert result.n_clusters == 39


def test_same_seed_same_interval_and_bad_clusters_refused() -> None:
    first = cluster_bootstrap_ci(percent_agreement, RATINGS, clusters=CLUSTERS, seed=5)
    again = cluster_bootstrap_ci(percent_agreement, RATINGS, clusters=CLUSTERS, seed=5)
    assert (first.low, first.high) == (again.low, again.high)
    with pytest.raises(AgreementError, match="one per unit"):
        cluster_bootstrap_ci(percent_agreement, RATINGS, clusters=CLUSTERS[:10])


def test_reused_cluster_draws_are_the_fresh_draws_and_cannot_be_changed() -> None:
    # A report draws a cluster bootstrap's counts once per (clusters, resamples, seed) and
    # reuses them for its other coefficients: the same numbers as drawing them each time.
    cluster_draws_clear()
    fresh = np.concatenate(
        resample_pattern_counts(np.ones(40, dtype=np.int64), 1000, np.random.default_rng(5))
    )
    kept = cluster_resample_counts(40, 1000, 5)
    assert np.array_equal(np.concatenate(kept), fresh)
    assert cluster_resample_counts(40, 1000, 5) is kept  # reused, not drawn again
    with pytest.raises(ValueError, match="read-only"):
        kept[0][0, 0] = 7
    # Another seed, resample count or number of clusters is another draw.
    assert not np.array_equal(np.concatenate(cluster_resample_counts(40, 1000, 6)), fresh)
    assert np.concatenate(cluster_resample_counts(40, 999, 5)).shape == (999, 40)
    assert np.concatenate(cluster_resample_counts(39, 1000, 5)).shape == (1000, 39)


@pytest.mark.parametrize("name", CASES)
def test_intervals_with_reused_draws_equal_those_drawn_afresh(name: str) -> None:
    coefficient, args, kwargs, labels, _ = CASES[name]

    def interval() -> Any:
        return cluster_bootstrap_ci(
            coefficient, *args, clusters=labels, seed=11, return_replicates=True, **kwargs
        )

    cluster_draws_clear()
    drawn = interval()
    # Another coefficient over as many clusters first: its evaluation must not alter the
    # kept draws this one then reuses.
    cluster_bootstrap_ci(percent_agreement, RATINGS, clusters=CLUSTERS, seed=11)
    reused = interval()
    assert drawn.resample_counts is not None
    assert reused.resample_counts is not None
    assert reused.resample_counts.dtype == np.int64
    assert np.array_equal(reused.resample_counts, drawn.resample_counts)
    assert np.array_equal(reused.replicates, drawn.replicates, equal_nan=True)
    assert (reused.low, reused.high, reused.standard_error) == (
        drawn.low,
        drawn.high,
        drawn.standard_error,
    )


# --- projection -------------------------------------------------------------------------


def test_projection_formula() -> None:
    projection = units_needed(0.05, 100, half_width=0.05)
    # z * se = 0.098: about (0.098 / 0.05)^2 = 3.84 times as many units.
    assert projection.current_half_width == pytest.approx(1.959964 * 0.05, rel=1e-6)
    assert projection.units_needed == 385
    assert projection.more_units == 285
    done = units_needed(0.01, 100, half_width=0.05)
    assert (done.units_needed, done.more_units) == (100, 0)
    with pytest.raises(AgreementError, match="no variation"):
        units_needed(0.0, 100)
    with pytest.raises(AgreementError, match="n_units"):
        units_needed(0.1, 0)


def test_projection_is_reached_in_a_simulation() -> None:
    """Measure the bootstrap standard error on 40 clusters, project the clusters needed for a
    half-width of 0.05, then simulate rounds of that size from the same process: the spread of
    kappa across those rounds must give a 95% half-width close to 0.05."""
    ratings, clusters = clustered_ratings(40, 6, n_raters=2, missing=0.0, seed=21)
    pilot = cluster_bootstrap_ci(
        cohen_kappa, list(ratings[0]), list(ratings[1]), clusters=clusters, seed=1
    )
    projection = units_needed(pilot.standard_error, 40, half_width=0.05)
    assert projection.more_units > 0
    needed = projection.units_needed
    values = []
    for seed in range(200):
        sim, _ = clustered_ratings(needed, 6, n_raters=2, missing=0.0, seed=1000 + seed)
        values.append(cohen_kappa(list(sim[0]), list(sim[1])))
    half_width = 1.959964 * float(np.std(values, ddof=1))
    # The pilot's own sampling error moves the projection; 25% covers it at 40 clusters.
    assert half_width == pytest.approx(0.05, rel=0.25)
