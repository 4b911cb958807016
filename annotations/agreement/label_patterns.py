"""Items reduced to their distinct label patterns, for the latent-class models
(``dawid_skene``, ``mace``).

Both models see an item only through *who gave which label*: two items with the same pattern
(rater 1 said "consistent", rater 2 said "inconsistent", rater 3 gave nothing) have the same
posterior and add the same counts to every parameter update. So an EM step over ``N`` items is
an EM step over the ``P`` distinct patterns weighted by how many items show each: for a round
of 100,000 sentences labelled by three people ``P`` is at most 27 (3 answers ** 3 raters), and
every step costs microseconds. A bootstrap resample of items is a reweighting of the patterns
(``annotations/agreement/bootstrap.py`` explains why that is exact).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from annotations.agreement.errors import AgreementError
from annotations.agreement.labels import MISSING_CODE, LabelMatrix, encode_ratings


@dataclass(frozen=True, eq=False)
class LabelPatterns:
    """``codes[p, r]``: rater ``r``'s label code in pattern ``p`` (``-1``: no label);
    ``counts[p]``: items with that pattern; ``item_pattern[i]``: item ``i``'s pattern, or
    ``-1`` for an item nobody labelled; ``classes``: the label of each code."""

    codes: np.ndarray
    counts: np.ndarray
    item_pattern: np.ndarray
    classes: tuple[Any, ...]

    @property
    def n_raters(self) -> int:
        return int(self.codes.shape[1])

    @property
    def n_classes(self) -> int:
        return len(self.classes)

    def one_hot(self) -> np.ndarray:
        """``(P, raters, classes)``: 1 where the rater gave that label in the pattern."""
        hot = np.zeros((*self.codes.shape, self.n_classes))
        p, r = np.nonzero(self.codes != MISSING_CODE)
        hot[p, r, self.codes[p, r]] = 1.0
        return hot


def label_patterns(
    ratings: Any, *, categories: Sequence[Any] | None = None, what: str = "ratings"
) -> LabelPatterns:
    """The distinct patterns of a ``(raters, items)`` rating matrix (``None`` = no label).

    Items nobody labelled get pattern ``-1`` and enter no estimate. Raises ``AgreementError``
    when no item has a label or fewer than two classes are possible."""
    fast = _fast_codes(ratings, categories)
    if fast is None:
        coded = encode_ratings(ratings, categories=categories, what=what)
        codes, classes = np.asarray(coded.codes, dtype=np.int64).T, coded.categories
    else:
        codes, classes = fast
    if len(classes) < 2:
        raise AgreementError(
            f"{what} name fewer than two categories ({list(classes)}); a latent-class"
            " model needs at least two possible labels (pass categories=[...] to list them)"
        )
    labelled = (codes != MISSING_CODE).any(axis=1)
    if not labelled.any():
        raise AgreementError(f"{what} contain no label at all")
    patterns, inverse, counts = _unique_rows(codes[labelled], len(classes))
    item_pattern = np.full(codes.shape[0], -1, dtype=np.int64)
    item_pattern[labelled] = inverse
    return LabelPatterns(patterns, counts.astype(np.float64), item_pattern, classes)


def _fast_codes(
    ratings: Any, categories: Sequence[Any] | None
) -> tuple[np.ndarray, tuple[Any, ...]] | None:
    """Items x raters codes of per-rater lists whose labels are all among ``categories`` or
    None, by one dict look-up per label (``encode_ratings`` checks every value for nan and
    costs ~0.3 s per 100,000 labels). None when that does not apply: the general path then
    encodes, and names any bad label."""
    if categories is None or isinstance(ratings, np.ndarray):
        return None
    index: dict[Any, int] = {None: MISSING_CODE}
    for position, category in enumerate(categories):
        if not isinstance(category, str | int) or isinstance(category, bool):
            return None
        index[category] = position
    if isinstance(ratings, LabelMatrix) and ratings.codes is not None:
        return _table_codes(ratings, index, tuple(categories))
    try:
        # map with the dict's own look-up runs in C: ~10 ms per 100,000 labels.
        rows = [np.fromiter(map(index.__getitem__, row), dtype=np.int64) for row in ratings]
    except (KeyError, TypeError):  # an unknown or unhashable label: the general path says which
        return None
    if not rows or len({row.shape[0] for row in rows}) != 1:
        return None
    return np.stack(rows, axis=1), tuple(categories)


def _table_codes(
    ratings: LabelMatrix, index: dict[Any, int], categories: tuple[Any, ...]
) -> tuple[np.ndarray, tuple[Any, ...]] | None:
    """``_fast_codes`` of a matrix held as codes into a table: each value of the table that
    occurs looked up once, not each cell (the same codes)."""
    codes, values = ratings.codes, ratings.values
    if codes is None or values is None or codes.ndim != 2 or not codes.shape[0]:
        return None
    lookup = np.full(len(values) + 1, MISSING_CODE, dtype=np.int64)  # the last: -1, None
    try:
        for position in ratings.used_codes().tolist():
            lookup[position] = index[values[position]]
    except (KeyError, TypeError):  # as a cell's look-up would fail: the general path says why
        return None
    return lookup[codes].T, categories


def _unique_rows(codes: np.ndarray, n_classes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``np.unique(codes, axis=0)`` with inverse and counts; rows packed into one integer
    when they fit (ten times faster than sorting rows)."""
    base = n_classes + 1
    if codes.shape[1] * np.log2(base) < 62:
        powers = base ** np.arange(codes.shape[1], dtype=np.int64)
        keys = (codes + 1) @ powers
        _, first, inverse, counts = np.unique(
            keys, return_index=True, return_inverse=True, return_counts=True
        )
        return codes[first], inverse.reshape(-1), counts
    patterns, inverse, counts = np.unique(codes, axis=0, return_inverse=True, return_counts=True)
    return patterns, inverse.reshape(-1), counts


def entropy_bits(distribution: np.ndarray) -> np.ndarray:
    """Shannon entropy in bits of each row of a probability table (0 log 0 = 0)."""
    p = np.asarray(distribution, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(p > 0, -p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
    return np.asarray(terms.sum(axis=-1))


def multinomial_weights(
    counts: np.ndarray, n_resamples: int, rng: np.random.Generator
) -> np.ndarray:
    """``(B, P)`` pattern multiplicities of ``B`` resamples of the items with replacement:
    ``Multinomial(N, counts / N)`` per resample (the same law as drawing item indices)."""
    total = int(counts.sum())
    return rng.multinomial(total, counts / counts.sum(), size=n_resamples).astype(np.float64)
