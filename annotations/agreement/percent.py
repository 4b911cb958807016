"""Raw (percent) agreement: the share of agreeing rater pairs, averaged over units."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from annotations.agreement.errors import AgreementError
from annotations.agreement.labels import encode_ratings
from annotations.agreement.patterns import unit_value_counts


def percent_agreement_statistics(value_counts: np.ndarray) -> np.ndarray:
    """Per-unit ``[share of agreeing pairs, 1]`` for units with two or more labels, else 0s."""
    counts = np.asarray(value_counts, dtype=np.float64)
    raters = counts.sum(axis=1)
    pairable = raters >= 2
    agreeing = (counts * (counts - 1)).sum(axis=1)
    pairs = raters * (raters - 1)
    share = np.divide(agreeing, pairs, out=np.zeros_like(agreeing), where=pairable)
    return np.column_stack((share, pairable.astype(np.float64)))


def percent_from_totals(totals: np.ndarray) -> np.ndarray:
    totals = np.atleast_2d(totals)
    units = totals[:, 1]
    return np.divide(totals[:, 0], units, out=np.full(len(totals), np.nan), where=units > 0)


def percent_agreement(data: Any, *, categories: Sequence[Any] | None = None) -> float:
    """Observed agreement of a ``(raters, units)`` label matrix, between 0 and 1.

    For each unit, the share of rater pairs that gave the same label; then the mean over
    units. With two coders this is the share of items on which they agree. Not corrected for
    chance: report it next to a kappa or alpha, not instead of one.

    Missing data: ``None``/``nan`` entries are skipped; a unit counts if at least two raters
    labelled it, and every such unit weighs the same whatever its number of raters.

    Raises ``AgreementError`` when no unit has two labels.
    """
    coded = encode_ratings(data, categories=categories)
    counts = unit_value_counts(coded.codes, coded.n_categories)
    totals = percent_agreement_statistics(counts).sum(axis=0)
    if totals[1] == 0:
        raise AgreementError(
            f"no unit has labels from two or more raters ({counts.shape[0]} units): there is "
            "no pair of labels to compare"
        )
    return float(percent_from_totals(totals)[0])


def pairwise_percent_agreement(data: Sequence[Sequence[Any]]) -> tuple[float, int]:
    """Percent agreement of a ``(raters, units)`` matrix of any hashable values (label sets
    included), with the same definition as :func:`percent_agreement`: per unit, the share of
    rater pairs *both of whom answered* that gave equal values; then the mean over the units
    with at least one such pair. ``None`` is no answer.

    Returns ``(agreement, units used)``; raises ``AgreementError`` when no unit has a pair.
    """
    n_units = len(data[0]) if data else 0
    shares: list[float] = []
    for unit in range(n_units):
        values = [row[unit] for row in data if row[unit] is not None]
        if len(values) < 2:
            continue
        pairs = len(values) * (len(values) - 1) // 2
        agreeing = sum(
            values[i] == values[j] for i in range(len(values)) for j in range(i + 1, len(values))
        )
        shares.append(agreeing / pairs)
    if not shares:
        raise AgreementError(
            f"no unit has answers from two or more raters ({n_units} units): there is no pair"
            " of answers to compare"
        )
    return sum(shares) / len(shares), len(shares)
