"""Turning raters' labels into integer codes.

Every coefficient works on integer category codes: a ``(raters, units)`` matrix with ``-1``
where a rater gave no label. Labels may be strings, numbers or booleans; ``None`` and float
``nan`` mean "missing". Ordered levels (ordinal, interval, weighted kappa) need either numeric
labels, which are ordered by value, or an explicit ordered ``categories`` list.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any

import numpy as np

from annotations.agreement.errors import AgreementError

MISSING_CODE = -1


def is_missing(value: Any) -> bool:
    """``None`` and float ``nan`` (Python or numpy) mark a unit a rater did not label."""
    if value is None:
        return True
    return isinstance(value, float | np.floating) and math.isnan(value)


@dataclass(frozen=True)
class CodedRatings:
    """Ratings as integer codes.

    ``codes[r, u]`` is the index into ``categories`` of rater ``r``'s label for unit ``u``, or
    ``MISSING_CODE``. ``numeric`` tells whether every category is a number (so interval
    distances can use the values); ``explicit`` whether the caller fixed the categories.
    """

    codes: np.ndarray
    categories: tuple[Any, ...]
    numeric: bool
    explicit: bool

    @property
    def n_categories(self) -> int:
        return len(self.categories)

    def interval_values(self) -> np.ndarray:
        """Values for interval/ratio distances: the numbers themselves, else positions.

        Non-numeric categories reach here only when the caller gave them explicitly in order;
        they are then taken as equally spaced (0, 1, 2, ...).
        """
        if self.numeric:
            return np.asarray(self.categories, dtype=np.float64)
        return np.arange(self.n_categories, dtype=np.float64)


class LabelMatrix(list[list[Any]]):
    """A ``(raters, units)`` matrix of labels: a list of per-rater lists, as any matrix given
    to the report, that may also hold its labels as codes into a table of values.

    ``codes[r, u]`` (an integer array) indexes ``values`` for rater ``r``'s label of unit
    ``u``, ``-1`` for None; the rows are then ``values[codes]`` (a round's selector builds
    its matrices so). Readers that know the class (the report, the latent-class models, the
    inputs hash) work from the codes, encoding each value of the table once instead of each of
    300,000 cells, for the same figures; any other reader sees the lists. ``codes`` is None
    when only the rows are held."""

    def __init__(
        self,
        rows: list[list[Any]],
        codes: np.ndarray | None = None,
        values: Sequence[Any] | None = None,
    ) -> None:
        super().__init__(rows)
        if (codes is None) != (values is None):
            raise AgreementError("a label matrix holds codes and their values, or neither")
        self.codes = codes
        self.values = list(values) if values is not None else None

    @classmethod
    def from_codes(cls, codes: np.ndarray, values: Sequence[Any]) -> LabelMatrix:
        """The matrix of ``codes`` (``-1``: None) into ``values``, its rows built from them."""
        return cls(value_table(values)[codes].tolist(), codes, values)

    @property
    def coded(self) -> bool:
        return self.codes is not None

    def cells(self) -> np.ndarray:
        """The labels as a ``(raters, units)`` object array (what ``rating_matrix`` makes of
        the rows)."""
        if self.codes is None or self.values is None:
            return rating_matrix(self)
        return value_table(self.values)[self.codes]

    def used_codes(self, codes: np.ndarray | None = None) -> np.ndarray:
        """The codes into ``values`` that occur in ``codes`` (default: the whole matrix's),
        ascending; ``-1`` (None) is not among them."""
        codes = self.codes if codes is None else codes
        if codes is None or self.values is None:
            raise AgreementError("this label matrix holds no codes")
        counts = np.bincount(codes.ravel() + 1, minlength=len(self.values) + 1)
        return np.flatnonzero(counts[1:])


def value_table(values: Sequence[Any]) -> np.ndarray:
    """``values`` and a last None, as an object array: ``table[codes]`` reads ``-1`` as None."""
    table = np.empty(len(values) + 1, dtype=object)
    for position, value in enumerate(values):  # one by one: a tuple stays one value
        table[position] = value
    table[-1] = None
    return table


def rating_matrix(data: Any, *, what: str = "ratings") -> np.ndarray:
    """A ``(raters, units)`` array from a 2-D array or a sequence of per-rater sequences.

    Lists are stored as ``dtype=object`` so that numbers and strings are never coerced into
    each other (``np.asarray([[1, "a"]])`` would silently turn ``1`` into ``"1"``).
    """
    if isinstance(data, np.ndarray):
        if data.ndim != 2:
            raise AgreementError(
                f"{what} must be a 2-D (raters x units) array, got shape {data.shape}"
            )
        return data
    try:
        rows = [list(row) for row in data]
    except TypeError as exc:
        raise AgreementError(
            f"{what} must be a sequence of per-rater label sequences (raters x units)"
        ) from exc
    if not rows:
        raise AgreementError(f"{what} has no raters")
    lengths = [len(row) for row in rows]
    if len(set(lengths)) > 1:
        raise AgreementError(
            f"raters have different numbers of units in {what}: {lengths}; every rater needs "
            "one entry per unit, with None (or nan) where the rater gave no label"
        )
    matrix = np.empty((len(rows), lengths[0]), dtype=object)
    for index, row in enumerate(rows):
        # fromiter keeps each label as one object, even a tuple or a set
        matrix[index, :] = np.fromiter(row, dtype=object, count=len(row))
    return matrix


def encode_ratings(
    data: Any,
    *,
    categories: Sequence[Any] | None = None,
    ordered: bool = False,
    what: str = "ratings",
) -> CodedRatings:
    """Encode a ``(raters, units)`` matrix of labels.

    Without ``categories`` the categories are the distinct labels seen, sorted (numbers by
    value). ``ordered=True`` demands a meaningful order: numeric labels or explicit
    ``categories``. With ``categories`` every label must be one of them; their order is kept.
    """
    if isinstance(data, CodedRatings):
        return _already_coded(data, categories, ordered=ordered, what=what)
    matrix = rating_matrix(data, what=what)
    explicit = _checked_categories(categories)
    if matrix.dtype.kind in "biuf":
        return _encode_numeric(matrix, explicit)
    flat = matrix.ravel().tolist()
    try:
        # The distinct labels first (a C-speed pass): every check and code below then looks
        # at a handful of values, not at each of the 300,000 cells of a large round, where
        # checking cell by cell took seconds (docs/performance.md, 2026-11-27).
        distinct = list(dict.fromkeys(flat))
    except TypeError:
        distinct = None  # an unhashable label: the cell-by-cell path names it
    if distinct is not None:
        coded = _encode_distinct(flat, distinct, matrix.shape, explicit, ordered, what)
        if coded is not None:
            return coded
    present = [value for value in flat if not is_missing(value)]
    if all(_is_number(value) for value in present):
        numeric = np.array([np.nan if is_missing(v) else v for v in flat], dtype=np.float64)
        return _encode_numeric(numeric.reshape(matrix.shape), explicit)
    if explicit is None:
        if ordered:
            raise _unordered(next(v for v in present if not _is_number(v)), what)
        explicit_categories = _sorted_or_first_seen(present)
    else:
        explicit_categories = explicit
    return _encode_objects(
        flat, matrix.shape, explicit_categories, explicit=explicit is not None, what=what
    )


def _already_coded(
    coded: CodedRatings, categories: Sequence[Any] | None, *, ordered: bool, what: str
) -> CodedRatings:
    """Ratings encoded once and handed to several coefficients (the round report does)."""
    if categories is not None and tuple(categories) != coded.categories:
        raise AgreementError(
            f"{what} are coded over the categories {list(coded.categories)}, not over the"
            f" given {list(categories)}"
        )
    if ordered and not coded.numeric and not coded.explicit:
        raise _unordered(coded.categories[0], what)
    return coded


def _unordered(example: Any, what: str) -> AgreementError:
    return AgreementError(
        f"this level needs ordered labels, but {what} contains non-numeric labels such "
        f"as {example!r}; pass categories=[...] listing every label from lowest to "
        "highest, or use numeric labels"
    )


def _encode_distinct(
    flat: list[Any],
    distinct: list[Any],
    shape: tuple[int, ...],
    explicit: tuple[Any, ...] | None,
    ordered: bool,
    what: str,
) -> CodedRatings | None:
    """``encode_ratings`` from the distinct labels (first seen first) and one lookup per cell;
    None where a label is not among ``explicit`` (the cell-by-cell path then names it)."""
    present = [value for value in distinct if not is_missing(value)]
    lookup: dict[Any, int]
    if all(_is_number(value) for value in present):
        # As the cell-by-cell path: floats (nan for missing) through _encode_numeric.
        lookup = {value: position for position, value in enumerate(present)}
        values = np.array([*present, np.nan], dtype=np.float64)
        index = np.fromiter(map(lookup.get, flat, repeat(-1)), dtype=np.int64, count=len(flat))
        return _encode_numeric(values[index].reshape(shape), explicit)
    if explicit is None:
        if ordered:
            raise _unordered(next(v for v in present if not _is_number(v)), what)
        categories = _sorted_or_first_seen(present)
    else:
        categories = explicit
    lookup = {value: position for position, value in enumerate(categories)}
    if any(value not in lookup for value in present):
        return None
    # map with the dict's own look-up runs in C (a generator costs ten times as much).
    codes = np.fromiter(
        map(lookup.get, flat, repeat(MISSING_CODE)), dtype=np.int64, count=len(flat)
    )
    numeric = all(_is_number(value) for value in categories)
    plain = tuple(value.item() if isinstance(value, np.generic) else value for value in categories)
    return CodedRatings(codes.reshape(shape), plain, numeric=numeric, explicit=explicit is not None)


def _checked_categories(categories: Sequence[Any] | None) -> tuple[Any, ...] | None:
    if categories is None:
        return None
    result = tuple(categories)
    if any(is_missing(value) for value in result):
        raise AgreementError("categories must not contain None or nan (they mean 'missing')")
    if len(set(result)) != len(result):
        raise AgreementError(f"categories contain duplicates: {list(result)}")
    return result


def labels_seen(data: Any) -> tuple[Any, ...]:
    """The categories ``encode_ratings`` infers for ``data`` without ``categories`` (sorted,
    else first seen), as the labels themselves: integer labels stay integers where the
    numeric encoding would give floats, so a report names them as they were given."""
    flat = rating_matrix(data).ravel().tolist()
    try:
        distinct = dict.fromkeys(flat)
    except TypeError:
        return encode_ratings(data).categories  # raises, naming the unhashable label
    return _sorted_or_first_seen([value for value in distinct if not is_missing(value)])


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Number)


def _sorted_or_first_seen(values: list[Any]) -> tuple[Any, ...]:
    distinct = list(dict.fromkeys(values))
    try:
        return tuple(sorted(distinct))
    except TypeError:
        # Labels of mixed types have no natural order; nominal coefficients do not need one.
        return tuple(distinct)


def _encode_numeric(matrix: np.ndarray, explicit: tuple[Any, ...] | None) -> CodedRatings:
    values = matrix.astype(np.float64, copy=False)
    missing = np.isnan(values)
    present = values[~missing]
    distinct, inverse = np.unique(present, return_inverse=True)
    codes = np.full(values.shape, MISSING_CODE, dtype=np.int64)
    if explicit is None:
        codes[~missing] = inverse
        categories = tuple(distinct.tolist())
        return CodedRatings(codes, categories, numeric=True, explicit=False)
    index = {value: position for position, value in enumerate(explicit)}
    unknown = [value for value in distinct.tolist() if value not in index]
    if unknown:
        raise AgreementError(
            f"labels {unknown[:5]} are not among the given categories {list(explicit)}"
        )
    mapping = np.array([index[value] for value in distinct.tolist()], dtype=np.int64)
    codes[~missing] = mapping[inverse]
    numeric = all(_is_number(value) for value in explicit)
    return CodedRatings(codes, explicit, numeric=numeric, explicit=True)


def _encode_objects(
    flat: list[Any],
    shape: tuple[int, ...],
    categories: tuple[Any, ...],
    *,
    explicit: bool,
    what: str,
) -> CodedRatings:
    index = {value: position for position, value in enumerate(categories)}
    codes = np.empty(len(flat), dtype=np.int64)
    for position, value in enumerate(flat):
        if is_missing(value):
            codes[position] = MISSING_CODE
            continue
        try:
            codes[position] = index[value]
        except KeyError:
            raise AgreementError(
                f"label {value!r} in {what} is not among the given categories {list(categories)}"
            ) from None
        except TypeError:
            raise AgreementError(
                f"label {value!r} in {what} is not hashable; labels must be strings or numbers"
            ) from None
    numeric = all(_is_number(value) for value in categories)
    # numpy scalars (from object arrays built from numpy arrays) read better as Python values
    plain = tuple(value.item() if isinstance(value, np.generic) else value for value in categories)
    return CodedRatings(codes.reshape(shape), plain, numeric=numeric, explicit=explicit)
