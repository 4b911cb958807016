"""Krippendorff's alpha for nominal, ordinal, interval and ratio data."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

import krippendorff
import numpy as np

from annotations.agreement.coincidence import (
    interval_distance,
    nominal_distance,
    ratio_distance,
)
from annotations.agreement.errors import AgreementError
from annotations.agreement.labels import CodedRatings, encode_ratings
from annotations.agreement.patterns import unit_value_counts

Level = Literal["nominal", "ordinal", "interval", "ratio"]
LEVELS: tuple[Level, ...] = ("nominal", "ordinal", "interval", "ratio")


@dataclass(frozen=True)
class AlphaData:
    """Validated alpha input: per-unit value counts and what the level needs."""

    coded: CodedRatings
    value_counts: np.ndarray
    level: str

    @property
    def pairable(self) -> np.ndarray:
        return self.value_counts.sum(axis=1) >= 2

    def value_domain(self) -> np.ndarray:
        """What the krippendorff package gets as ``value_domain``.

        Interval and ratio distances use the values; nominal and ordinal ones only the order
        of the categories, so positions suffice.
        """
        if self.level in ("interval", "ratio"):
            return self.coded.interval_values()
        return np.arange(self.coded.n_categories)

    def fixed_distance(self) -> np.ndarray | None:
        """The distance matrix, or ``None`` for ordinal, whose distances depend on the data."""
        if self.level == "nominal":
            return nominal_distance(self.coded.n_categories)
        if self.level == "interval":
            return interval_distance(self.coded.interval_values())
        if self.level == "ratio":
            return ratio_distance(self.coded.interval_values())
        return None


def prepare_alpha(data: Any, *, level: str, categories: Sequence[Any] | None = None) -> AlphaData:
    if level not in LEVELS:
        raise AgreementError(f"level must be one of {', '.join(LEVELS)}; got {level!r}")
    # ordered=True rejects non-numeric labels unless `categories` gives their order
    coded = encode_ratings(data, categories=categories, ordered=level != "nominal")
    counts = unit_value_counts(coded.codes, coded.n_categories)
    check_pairable(counts, lambda code: repr(coded.categories[code]))
    return AlphaData(coded, counts, level)


def check_pairable(value_counts: np.ndarray, describe: Callable[[int], str]) -> None:
    """Raise unless some unit has two values and the pairable values vary.

    ``describe`` turns a category code into the text shown in the message.
    """
    pairable = value_counts.sum(axis=1) >= 2
    if not pairable.any():
        raise AgreementError(
            f"no unit has labels from two or more raters ({len(value_counts)} units): alpha "
            "has no pairable values; check that the data is raters x units and that the "
            "raters labelled some units in common"
        )
    used = np.flatnonzero(value_counts[pairable].sum(axis=0))
    if len(used) < 2:
        raise AgreementError(
            f"every pairable label is {describe(int(used[0]))}: alpha cannot be computed when "
            "the data shows one category only, since then no disagreement is expected by "
            "chance and there is nothing to compare against"
        )


def krippendorff_alpha(data: Any, *, level: str, categories: Sequence[Any] | None = None) -> float:
    """Krippendorff's alpha of a ``(raters, units)`` label matrix.

    ``level`` is ``"nominal"``, ``"ordinal"``, ``"interval"`` or ``"ratio"`` and is required:
    the level is a property of the question, not a default. Ordinal needs numeric labels or
    ``categories`` in order; interval and ratio need numeric labels (explicit non-numeric
    ``categories`` are taken as equally spaced).

    Missing data: ``None``/``nan`` entries are skipped. A unit counts only if at least two
    raters labelled it; its values are weighted by ``1 / (m_u - 1)`` as in Krippendorff (2011),
    so units with more raters do not dominate.

    Raises ``AgreementError`` if no unit has two labels, or if the pairable labels are all the
    same category (alpha is then 0/0).

    Computed by the ``krippendorff`` package from per-unit value counts, always passing the
    level.
    """
    prepared = prepare_alpha(data, level=level, categories=categories)
    return float(
        krippendorff.alpha(
            value_counts=prepared.value_counts[prepared.pairable],
            value_domain=prepared.value_domain(),
            level_of_measurement=cast(Level, level),
        )
    )
