"""The report's per-rater figures from codes (annotations/agreement/rater_pairs.py) against the
straightforward computation on the labels themselves."""

from __future__ import annotations

import numpy as np
import pytest

from annotations.agreement.labels import MISSING_CODE
from annotations.agreement.rater_pairs import majority_codes
from annotations.agreement.report import majority_label


@pytest.mark.parametrize(("n_raters", "n_categories"), [(1, 2), (2, 2), (3, 2), (4, 3), (5, 5)])
def test_majority_codes_are_the_majority_label_of_every_item(
    n_raters: int, n_categories: int
) -> None:
    rng = np.random.default_rng(n_raters * 10 + n_categories)
    # Many missing labels and ties, so every branch (no label, a tie, a majority) occurs.
    codes = rng.integers(MISSING_CODE, n_categories, size=(n_raters, 3000))
    expected = [
        majority_label([None if c == MISSING_CODE else c for c in column.tolist()])
        for column in codes.T
    ]
    got = majority_codes(codes, n_categories).tolist()
    assert got == [MISSING_CODE if e is None else e for e in expected]
    assert MISSING_CODE in got
    assert len(set(got)) == n_categories + 1


def test_majority_codes_of_no_items_and_of_one_category() -> None:
    assert majority_codes(np.zeros((3, 0), dtype=np.int64), 2).tolist() == []
    assert majority_codes(np.array([[0, -1], [0, -1]]), 1).tolist() == [0, MISSING_CODE]
