"""Properties every coefficient must have, checked on generated data with Hypothesis."""

from __future__ import annotations

import math
from typing import Any

import krippendorff
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from annotations.agreement import (
    LEVELS,
    AgreementError,
    bootstrap_ci,
    cohen_kappa,
    fleiss_kappa,
    krippendorff_alpha,
    masi_alpha,
    per_label_fleiss,
    percent_agreement,
    span_f1,
)
from annotations.agreement.label_sets import encode_label_sets
from annotations.agreement.masi import masi_distance_matrix, matrix_metric

FAST = settings(max_examples=60, deadline=None)

labels = st.sampled_from(["a", "b", "c", "d"])
# One cell in five missing: with half missing, two thirds of the drawn codings had too few
# paired items to define a coefficient and Hypothesis gave up on some seeds (filter_too_much).
maybe_labels = st.sampled_from(["a", "b", "c", "d", None])


@st.composite
def two_codings(draw: st.DrawFn, missing: bool = True) -> tuple[list[Any], list[Any]]:
    n = draw(st.integers(2, 40))
    element = maybe_labels if missing else labels
    return draw(st.lists(element, min_size=n, max_size=n)), draw(
        st.lists(element, min_size=n, max_size=n)
    )


@st.composite
def rating_matrices(
    draw: st.DrawFn, values: st.SearchStrategy, raters: int | None = None, missing: bool = True
) -> list[list[Any]]:
    n_raters = raters or draw(st.integers(2, 4))
    n_units = draw(st.integers(2, 30))
    cell = st.one_of(st.none(), values) if missing else values
    return [draw(st.lists(cell, min_size=n_units, max_size=n_units)) for _ in range(n_raters)]


def defined(function: Any, *args: Any, **kwargs: Any) -> float:
    """The coefficient, or skip the example if it is undefined on the drawn data."""
    try:
        return function(*args, **kwargs)
    except AgreementError:
        assume(False)
        raise


@FAST
@given(codings=two_codings(), weights=st.sampled_from([None, "linear", "quadratic"]))
def test_cohen_is_symmetric(codings: tuple[list[Any], list[Any]], weights: str | None) -> None:
    a, b = codings
    if weights is not None:  # weights need ordered labels: the same codings as numbers
        rank = {"a": 1, "b": 2, "c": 3, "d": 4, None: None}
        a, b = [rank[x] for x in a], [rank[x] for x in b]
    value = defined(cohen_kappa, a, b, weights=weights)
    assert cohen_kappa(b, a, weights=weights) == pytest.approx(value, abs=1e-12)


spans = st.lists(
    st.tuples(st.integers(0, 50), st.integers(1, 20)).map(lambda t: (t[0], t[0] + t[1])),
    max_size=6,
)


@FAST
@given(a=spans, b=spans, mode=st.sampled_from(["exact", "overlap", "token"]))
def test_span_f1_is_symmetric_and_bounded(
    a: list[tuple[int, int]], b: list[tuple[int, int]], mode: str
) -> None:
    value = span_f1(a, b, mode=mode)
    assert value == pytest.approx(span_f1(b, a, mode=mode), abs=1e-12)
    assert 0.0 <= value <= 1.0
    assert span_f1(a, a, mode=mode) == 1.0


@FAST
@given(codings=two_codings(missing=False), weights=st.sampled_from([None, "linear", "quadratic"]))
def test_perfect_agreement_gives_one(
    codings: tuple[list[Any], list[Any]], weights: str | None
) -> None:
    a, _ = codings
    assume(len(set(a)) >= 2)
    order = ["a", "b", "c", "d"]
    assert cohen_kappa(a, a, weights=weights, labels=order) == pytest.approx(1.0)
    assert percent_agreement([a, a, a]) == 1.0
    for level in ("nominal", "ordinal"):
        assert krippendorff_alpha([a, a], level=level, categories=order) == pytest.approx(1.0)
    counts = [[3 if label == category else 0 for category in order] for label in a]
    assert fleiss_kappa(counts) == pytest.approx(1.0)
    assert masi_alpha([[{x} for x in a], [{x} for x in a]]) == pytest.approx(1.0)


@FAST
@given(data=rating_matrices(values=st.integers(1, 5)), level=st.sampled_from(LEVELS))
def test_alpha_is_one_when_every_rater_agrees(data: list[list[Any]], level: str) -> None:
    # copy the first non-missing label of each unit to every rater who labelled it
    agreed = [list(row) for row in data]
    for unit in range(len(data[0])):
        first = next((row[unit] for row in data if row[unit] is not None), None)
        for row in agreed:
            if row[unit] is not None:
                row[unit] = first
    assert defined(krippendorff_alpha, agreed, level=level) == pytest.approx(1.0)


@FAST
@given(codings=two_codings(), permutation=st.permutations(["a", "b", "c", "d"]))
def test_renaming_categories_does_not_change_nominal_coefficients(
    codings: tuple[list[Any], list[Any]], permutation: list[str]
) -> None:
    a, b = codings
    rename = dict(zip(["a", "b", "c", "d"], [f"new-{x}" for x in permutation], strict=True))

    def renamed(values: list[Any]) -> list[Any]:
        return [None if x is None else rename[x] for x in values]

    kappa = defined(cohen_kappa, a, b)
    assert cohen_kappa(renamed(a), renamed(b)) == pytest.approx(kappa, abs=1e-12)
    alpha = krippendorff_alpha([a, b], level="nominal")
    assert krippendorff_alpha([renamed(a), renamed(b)], level="nominal") == pytest.approx(
        alpha, abs=1e-12
    )
    assert percent_agreement([renamed(a), renamed(b)]) == pytest.approx(
        percent_agreement([a, b]), abs=1e-12
    )
    sets = [[None if x is None else {x} for x in row] for row in (a, b)]
    renamed_sets = [[None if x is None else {rename[x]} for x in row] for row in (a, b)]
    assert masi_alpha(renamed_sets) == pytest.approx(masi_alpha(sets), abs=1e-12)


@FAST
@given(
    counts=st.lists(
        # three raters per item spread over three categories
        st.integers(0, 3).flatmap(lambda x: st.integers(0, 3 - x).map(lambda y: [x, y, 3 - x - y])),
        min_size=2,
        max_size=25,
    ),
    permutation=st.permutations([0, 1, 2]),
)
def test_fleiss_does_not_depend_on_column_order(
    counts: list[list[int]], permutation: list[int]
) -> None:
    kappa = defined(fleiss_kappa, counts)
    permuted = [[row[j] for j in permutation] for row in counts]
    assert fleiss_kappa(permuted) == pytest.approx(kappa, abs=1e-12)


@FAST
@given(data=rating_matrices(values=st.integers(1, 3), raters=3, missing=False))
def test_per_label_fleiss_on_singletons_is_binary_fleiss(data: list[list[int]]) -> None:
    sets = [[{value} for value in row] for row in data]
    try:
        kappas = per_label_fleiss(sets)
    except AgreementError:
        assume(False)
        raise
    for label, kappa in kappas.items():
        has = np.array([[value == label for value in row] for row in data]).sum(axis=0)
        assert kappa == pytest.approx(fleiss_kappa(np.column_stack((3 - has, has))), abs=1e-12)


@FAST
@given(data=rating_matrices(values=st.integers(1, 5)), level=st.sampled_from(LEVELS))
def test_sufficient_statistics_reproduce_the_krippendorff_package(
    data: list[list[Any]], level: str
) -> None:
    alpha = defined(krippendorff_alpha, data, level=level)
    estimate = bootstrap_ci(krippendorff_alpha, data, level=level, n_resamples=1).estimate
    assert estimate == pytest.approx(alpha, abs=1e-9)


label_sets = st.one_of(st.none(), st.frozensets(st.sampled_from(["x", "y", "z"]), max_size=3))


@FAST
@given(
    data=st.integers(2, 25).flatmap(
        lambda n: st.lists(st.lists(label_sets, min_size=n, max_size=n), min_size=2, max_size=4)
    )
)
def test_masi_alpha_matches_the_krippendorff_package(data: list[list[Any]]) -> None:
    # masi_alpha sums coincidences itself; the package, given the MASI distances, must agree
    alpha = defined(masi_alpha, data)
    coded = encode_label_sets(data)
    reliability = np.where(coded.codes < 0, np.nan, coded.codes.astype(float))
    expected = krippendorff.alpha(
        reliability_data=reliability,
        value_domain=np.arange(float(len(coded.sets))),
        level_of_measurement=matrix_metric(masi_distance_matrix(coded.sets)),
    )
    assert alpha == pytest.approx(expected, abs=1e-9)


@st.composite
def informative_ratings(draw: st.DrawFn) -> np.ndarray:
    """Three raters who mostly agree with a latent truth, 30-80 units, some missing."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    n_units = draw(st.integers(30, 80))
    accuracy = draw(st.floats(0.3, 0.95))
    truth = rng.integers(0, 3, n_units)
    noise = rng.integers(0, 3, (3, n_units))
    ratings = np.where(rng.random((3, n_units)) < accuracy, truth, noise).astype(float)
    ratings[rng.random((3, n_units)) < 0.1] = np.nan
    return ratings


@settings(max_examples=40, deadline=None)
@given(
    ratings=informative_ratings(),
    seed=st.integers(0, 1000),
    coefficient=st.sampled_from(["alpha", "percent", "cohen"]),
)
def test_bootstrap_interval_contains_estimate_and_is_reproducible(
    ratings: np.ndarray, seed: int, coefficient: str
) -> None:
    if coefficient == "alpha":
        call: tuple[Any, ...] = (krippendorff_alpha, ratings)
        options: dict[str, Any] = {"level": "nominal"}
    elif coefficient == "percent":
        call, options = (percent_agreement, ratings), {}
    else:
        call, options = (cohen_kappa, ratings[0], ratings[1]), {}
    try:
        first = bootstrap_ci(*call, seed=seed, n_resamples=500, **options)
    except AgreementError:
        assume(False)
        raise
    assume(first.high > first.low)  # a constant statistic has a degenerate interval
    assert first.low <= first.estimate <= first.high
    again = bootstrap_ci(*call, seed=seed, n_resamples=500, **options)
    assert (again.low, again.high) == (first.low, first.high)
    assert math.isfinite(first.low)
