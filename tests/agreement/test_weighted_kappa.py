"""Weighted Cohen's kappa against an independent, deliberately plain implementation.

The engine uses the disagreement form ``1 - sum(w p) / sum(w e)``; the reference below uses
agreement weights and ``(p_o - p_e) / (1 - p_e)`` with Python loops (Cohen 1968), so the two
share no code and no algebraic route.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from annotations.agreement import AgreementError, cohen_kappa


def plain_weighted_kappa(a: list[Any], b: list[Any], categories: list[Any], weights: str) -> float:
    k = len(categories)
    position = {category: index for index, category in enumerate(categories)}
    n = len(a)
    table = [[0] * k for _ in range(k)]
    for x, y in zip(a, b, strict=True):
        table[position[x]][position[y]] += 1
    rows = [sum(table[i]) for i in range(k)]
    cols = [sum(table[i][j] for i in range(k)) for j in range(k)]

    def agreement_weight(i: int, j: int) -> float:
        if weights == "none":
            return 1.0 if i == j else 0.0
        if weights == "linear":
            return 1 - abs(i - j) / (k - 1)
        return 1 - ((i - j) / (k - 1)) ** 2

    observed = sum(agreement_weight(i, j) * table[i][j] for i in range(k) for j in range(k)) / n
    expected = (
        sum(agreement_weight(i, j) * rows[i] * cols[j] for i in range(k) for j in range(k)) / n**2
    )
    return (observed - expected) / (1 - expected)


CATEGORIES = [1, 2, 3, 4, 5]
pairs = st.lists(
    st.tuples(st.sampled_from(CATEGORIES), st.sampled_from(CATEGORIES)), min_size=2, max_size=60
)


@settings(max_examples=150, deadline=None)
@given(pairs=pairs, weights=st.sampled_from(["none", "linear", "quadratic"]))
def test_matches_plain_implementation(pairs: list[tuple[int, int]], weights: str) -> None:
    a = [x for x, _ in pairs]
    b = [y for _, y in pairs]
    try:
        value = cohen_kappa(a, b, weights=None if weights == "none" else weights, labels=CATEGORIES)
    except AgreementError:
        assume(False)
    assert value == pytest.approx(plain_weighted_kappa(a, b, CATEGORIES, weights), abs=1e-12)


def test_ordered_string_labels_need_their_order() -> None:
    a = ["low", "mid", "high", "mid"]
    b = ["low", "high", "high", "low"]
    with pytest.raises(AgreementError, match="lowest to highest"):
        cohen_kappa(a, b, weights="linear")
    order = ["low", "mid", "high"]
    numeric = {"low": 0, "mid": 1, "high": 2}
    assert cohen_kappa(a, b, weights="linear", labels=order) == pytest.approx(
        cohen_kappa([numeric[x] for x in a], [numeric[x] for x in b], weights="linear")
    )
