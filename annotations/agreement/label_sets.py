"""Set-valued labels (several error types per sentence) as codes over distinct sets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from annotations.agreement.errors import AgreementError
from annotations.agreement.labels import MISSING_CODE, is_missing, rating_matrix


@dataclass(frozen=True)
class CodedSets:
    """``codes[r, u]`` indexes ``sets`` (the distinct label sets seen), or is missing."""

    codes: np.ndarray
    sets: tuple[frozenset[Any], ...]

    def describe(self, code: int) -> str:
        labels = sorted(self.sets[code], key=repr)
        return "{" + ", ".join(repr(label) for label in labels) + "}"


def encode_label_sets(data: Any) -> CodedSets:
    """Encode a ``(raters, units)`` matrix whose entries are collections of labels.

    Each entry is a set (or list/tuple) of labels; ``None``/``nan`` means the rater gave no
    answer for the unit. An empty set is an answer: "none of the labels". A bare string is
    rejected rather than split into characters.
    """
    if isinstance(data, CodedSets):
        return data  # encoded once for several figures (the round report does)
    matrix = rating_matrix(data, what="label sets")
    fast = _frozensets_only(matrix)
    if fast is not None:
        return fast
    index: dict[frozenset[Any], int] = {}
    codes: list[int] = []
    for position, value in enumerate(matrix.ravel().tolist()):
        # the common cases first: no answer, or a frozenset already seen
        if value is None:
            codes.append(MISSING_CODE)
            continue
        code = index.get(value) if type(value) is frozenset else None
        if code is None:
            if is_missing(value):
                codes.append(MISSING_CODE)
                continue
            code = index.setdefault(_as_label_set(value, position, matrix.shape[1]), len(index))
        codes.append(code)
    # Number the sets in a stable order (by size, then labels) so results do not depend on
    # which unit happened to come first.
    ordered = sorted(index, key=_set_order)
    renumber = np.empty(len(index) + 1, dtype=np.int64)
    renumber[-1] = MISSING_CODE  # code -1 indexes the last slot
    for new, labels in enumerate(ordered):
        renumber[index[labels]] = new
    raw = np.asarray(codes, dtype=np.int64).reshape(matrix.shape)
    return CodedSets(renumber[raw], tuple(ordered))


def _set_order(labels: frozenset[Any]) -> tuple[int, list[str]]:
    return len(labels), sorted(map(repr, labels))


def _frozensets_only(matrix: np.ndarray) -> CodedSets | None:
    """The codes of a matrix of frozensets and None (what the selectors hand over) from its
    distinct values, one C-speed look-up per cell; None when any value is something else
    (the cell-by-cell path then checks and names it)."""
    flat = matrix.ravel().tolist()
    try:
        distinct = dict.fromkeys(flat)
    except TypeError:  # a list or set of labels: the cell-by-cell path converts it
        return None
    if any(value is not None and type(value) is not frozenset for value in distinct):
        return None
    ordered = sorted((value for value in distinct if value is not None), key=_set_order)
    index: dict[Any, int] = {labels: code for code, labels in enumerate(ordered)}
    index[None] = MISSING_CODE
    codes = np.fromiter(map(index.__getitem__, flat), dtype=np.int64, count=len(flat))
    return CodedSets(codes.reshape(matrix.shape), tuple(ordered))


def _as_label_set(value: Any, position: int, n_units: int) -> frozenset[Any]:
    where = f"rater {position // n_units}, unit {position % n_units}"
    if isinstance(value, str | bytes):
        raise AgreementError(
            f"{where}: expected a set of labels, got the string {value!r}; "
            f"write {{{value!r}}} for a single label"
        )
    try:
        return frozenset(value)
    except TypeError:
        raise AgreementError(
            f"{where}: expected a set of labels (or None for no answer), got {value!r}"
        ) from None
