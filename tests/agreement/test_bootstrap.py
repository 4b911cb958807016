"""The vectorised bootstrap: each resample is real resampled data, and the interval behaves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
    span_f1,
)
from annotations.agreement import bootstrap as bootstrap_module

RNG = np.random.default_rng(20261121)
N_UNITS = 60


def correlated_ratings(n_raters: int = 3, categories: int = 4, missing: float = 0.15) -> np.ndarray:
    truth = RNG.integers(1, categories + 1, N_UNITS)
    noise = RNG.integers(1, categories + 1, (n_raters, N_UNITS))
    ratings = np.where(RNG.random((n_raters, N_UNITS)) < 0.7, truth, noise).astype(float)
    ratings[RNG.random(ratings.shape) < missing] = np.nan
    return ratings


RATINGS = correlated_ratings()
LABEL_SETS = [
    [
        None if np.isnan(value) else ({"x"} if value < 3 else {"x", "y"} if value < 4 else {"z"})
        for value in row
    ]
    for row in RATINGS
]
COMPLETE = correlated_ratings(missing=0.0)
FLEISS_COUNTS = np.stack([np.equal(COMPLETE, c).sum(axis=0) for c in (1, 2, 3, 4)], axis=1)


def take_columns(data: Any, units: np.ndarray) -> Any:
    if isinstance(data, np.ndarray):
        return data[:, units]
    return [[row[unit] for unit in units] for row in data]


# (coefficient, positional arguments, keyword arguments, how to resample the arguments)
Case = tuple[Callable[..., float], tuple[Any, ...], dict[str, Any], Callable[..., tuple[Any, ...]]]
CASES: dict[str, Case] = {
    **{
        f"alpha-{level}": (
            krippendorff_alpha,
            (RATINGS,),
            {"level": level},
            lambda units: (take_columns(RATINGS, units),),
        )
        for level in ("nominal", "ordinal", "interval", "ratio")
    },
    "masi-alpha": (masi_alpha, (LABEL_SETS,), {}, lambda units: (take_columns(LABEL_SETS, units),)),
    "percent": (percent_agreement, (RATINGS,), {}, lambda units: (take_columns(RATINGS, units),)),
    **{
        f"cohen-{weights}": (
            cohen_kappa,
            (RATINGS[0], RATINGS[1]),
            {"weights": weights},
            lambda units: (RATINGS[0][units], RATINGS[1][units]),
        )
        for weights in (None, "linear", "quadratic")
    },
    "fleiss": (fleiss_kappa, (FLEISS_COUNTS,), {}, lambda units: (FLEISS_COUNTS[units],)),
}


@pytest.mark.parametrize("name", CASES)
def test_every_replicate_is_the_coefficient_of_its_resampled_data(name: str) -> None:
    coefficient, args, kwargs, resample = CASES[name]
    result = bootstrap_ci(
        coefficient, *args, n_resamples=40, seed=3, return_replicates=True, **kwargs
    )
    assert result.replicates is not None
    assert result.resample_counts is not None
    assert result.pattern_units is not None
    assert (result.resample_counts.sum(axis=1) == result.n_units).all()
    for counts, replicate in zip(result.resample_counts, result.replicates, strict=True):
        units = np.repeat(result.pattern_units, counts)
        try:
            direct = coefficient(*resample(units), **kwargs)
        except AgreementError:
            assert np.isnan(replicate)
            continue
        assert replicate == pytest.approx(direct, abs=1e-9)
    assert result.estimate == pytest.approx(coefficient(*args, **kwargs), abs=1e-9)


def test_interval_matches_a_naive_loop_over_unit_indices() -> None:
    # The naive bootstrap draws unit indices and calls the krippendorff package per resample.
    pairable = np.flatnonzero((~np.isnan(RATINGS)).sum(axis=0) >= 2)
    rng = np.random.default_rng(11)
    naive = [
        krippendorff_alpha(RATINGS[:, rng.choice(pairable, len(pairable))], level="ordinal")
        for _ in range(2000)
    ]
    naive_low, naive_high = np.quantile(naive, [0.025, 0.975])
    fast = bootstrap_ci(krippendorff_alpha, RATINGS, level="ordinal", n_resamples=2000, seed=5)
    assert fast.n_units == len(pairable)
    assert fast.low == pytest.approx(naive_low, abs=0.03)
    assert fast.high == pytest.approx(naive_high, abs=0.03)


def test_same_seed_same_interval_other_seed_other_draws() -> None:
    first = bootstrap_ci(cohen_kappa, RATINGS[0], RATINGS[1], seed=9, return_replicates=True)
    again = bootstrap_ci(cohen_kappa, RATINGS[0], RATINGS[1], seed=9, return_replicates=True)
    other = bootstrap_ci(cohen_kappa, RATINGS[0], RATINGS[1], seed=10, return_replicates=True)
    assert first.replicates is not None
    assert again.replicates is not None
    assert other.replicates is not None
    assert (first.low, first.high) == (again.low, again.high)
    np.testing.assert_array_equal(first.replicates, again.replicates)
    assert not np.array_equal(first.replicates, other.replicates)


def test_drawing_in_blocks_does_not_change_the_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = bootstrap_ci(krippendorff_alpha, RATINGS, level="nominal", return_replicates=True)
    monkeypatch.setattr(bootstrap_module, "_BLOCK_CELLS", 50)
    blocks = bootstrap_ci(krippendorff_alpha, RATINGS, level="nominal", return_replicates=True)
    np.testing.assert_array_equal(whole.replicates, blocks.replicates)


def test_undefined_resamples_are_counted_and_left_out() -> None:
    # 9 items both coders call "x" and one both call "y": a resample without the "y" item has
    # both coders on one category, where kappa is undefined; (9/10)**10 of them, about 35%.
    a = ["x"] * 9 + ["y"]
    result = bootstrap_ci(cohen_kappa, a, a, n_resamples=1000, return_replicates=True)
    assert result.replicates is not None
    assert result.n_undefined == int(np.isnan(result.replicates).sum())
    assert 250 < result.n_undefined < 450
    assert result.low == result.high == result.estimate == 1.0


def test_units_without_two_labels_are_not_resampled() -> None:
    data = [[1, 2, None, 1, 2], [1, 1, 2, None, 2], [None, 2, None, None, 1]]
    result = bootstrap_ci(krippendorff_alpha, data, level="nominal", n_resamples=10)
    assert result.n_units == 3


def test_unsupported_coefficient_and_bad_options_are_explained() -> None:
    with pytest.raises(AgreementError, match="supported coefficients: krippendorff_alpha"):
        bootstrap_ci(span_f1, [(0, 1)], [(0, 1)], mode="exact")
    with pytest.raises(AgreementError, match="n_resamples"):
        bootstrap_ci(percent_agreement, RATINGS, n_resamples=0)
    with pytest.raises(AgreementError, match="confidence"):
        bootstrap_ci(percent_agreement, RATINGS, confidence=95)


def test_undefined_coefficient_raises_its_own_error() -> None:
    with pytest.raises(AgreementError, match="both coders gave every item the label 'x'"):
        bootstrap_ci(cohen_kappa, ["x", "x"], ["x", "x"])
    with pytest.raises(AgreementError, match="one category only"):
        bootstrap_ci(krippendorff_alpha, [[1, 1], [1, 1]], level="interval")


@pytest.mark.parametrize(
    "counts",
    [np.ones(4000, dtype=np.int64), np.array([3, 1, 1, 2, 5, 1, 1] * 300), np.ones(5, dtype=int)],
    ids=["clusters", "patterns", "tiny"],
)
def test_drawn_units_are_counted_per_resample_as_drawn(counts: np.ndarray) -> None:
    # Where units are drawn (few units per pattern), each resample's pattern counts are those
    # of total unit indices drawn in one stream, resample after resample (the blocks and the
    # per-row counting change nothing).
    total = int(counts.sum())
    assert total <= bootstrap_module._DRAW_UNITS_BELOW * len(counts)
    drawn = np.concatenate(
        bootstrap_module.resample_pattern_counts(counts, 700, np.random.default_rng(9))
    )
    units = np.random.default_rng(9).integers(0, total, size=(700, total), dtype=np.int32)
    pattern_of_unit = np.repeat(np.arange(len(counts)), counts)
    expected = np.stack([np.bincount(pattern_of_unit[u], minlength=len(counts)) for u in units])
    assert drawn.dtype == np.int64
    assert np.array_equal(drawn, expected)
