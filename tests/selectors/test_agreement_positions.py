"""The selector's key look-up (selectors/agreement_inputs.py ``_positions``): a table indexed
by key where the keys are dense, a binary search where they are not; the same answer either
way, absent keys included."""

from __future__ import annotations

import numpy as np
import pytest

from annotations.selectors.agreement_inputs import _positions


def by_binary_search(
    pk: np.ndarray, order: np.ndarray, wanted: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The straightforward look-up (the selector's before the table)."""
    sorted_pk = pk[order]
    at = np.minimum(np.searchsorted(sorted_pk, wanted), len(pk) - 1)
    return order[at], sorted_pk[at] == wanted


@pytest.mark.parametrize("spread", [1, 3, 50, 10**6], ids=["consecutive", "dense", "sparse", "far"])
def test_positions_equal_a_binary_search(spread: int) -> None:
    rng = np.random.default_rng(spread)
    for _ in range(40):
        n = int(rng.integers(1, 300))
        pk = rng.choice(n * spread + 1, size=n, replace=False) + 10**5 + 1
        order = np.argsort(pk, kind="stable")
        wanted = np.concatenate(
            [
                rng.choice(pk, size=400),  # present
                rng.integers(pk.min() - 20, pk.max() + 20, size=200),  # mostly absent
                [pk.min() - 1, pk.max() + 1, 0, -7],  # outside the keys' range
            ]
        ).astype(np.int64)
        rng.shuffle(wanted)
        at, found = _positions(pk, order, wanted)
        expected_at, expected_found = by_binary_search(pk, order, wanted)
        assert np.array_equal(found, expected_found)
        assert np.array_equal(at, expected_at)
        assert np.array_equal(pk[at[found]], wanted[found])
        assert found.any()
        assert not found.all()


def test_positions_of_no_keys_and_no_wanted() -> None:
    at, found = _positions(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.arange(3))
    assert at.tolist() == [0, 0, 0]
    assert found.tolist() == [False, False, False]
    pk = np.array([5, 3, 4])
    at, found = _positions(pk, np.argsort(pk), np.zeros(0, dtype=np.int64))
    assert at.tolist() == []
    assert found.tolist() == []
