"""Raw (percent) agreement: the share of agreeing rater pairs, averaged over units."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from annotations.agreement.errors import AgreementError
from annotations.agreement.label_sets import CodedSets
from annotations.agreement.labels import encode_ratings, is_missing
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


def pairwise_percent_agreement(data: Sequence[Sequence[Any]] | CodedSets) -> tuple[float, int]:
    """Percent agreement of a ``(raters, units)`` matrix of any hashable values (label sets
    included), with the same definition as :func:`percent_agreement`: per unit, the share of
    rater pairs *both of whom answered* that gave equal values; then the mean over the units
    with at least one such pair. ``None`` is no answer.

    Returns ``(agreement, units used)``; raises ``AgreementError`` when no unit has a pair.
    """
    codes: np.ndarray | None
    if isinstance(data, CodedSets):
        n_units, codes = data.codes.shape[1], data.codes
    else:
        n_units, codes = len(data[0]) if data else 0, _value_codes(data)
    if codes is not None:
        shares = _pair_shares(codes)
        if not shares:
            raise AgreementError(
                f"no unit has answers from two or more raters ({n_units} units): there is no"
                " pair of answers to compare"
            )
        return sum(shares) / len(shares), len(shares)
    rows = data if not isinstance(data, CodedSets) else []
    shares = []
    for unit in range(n_units):
        values = [row[unit] for row in rows if row[unit] is not None]
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


def _value_codes(data: Sequence[Sequence[Any]]) -> np.ndarray | None:
    """``(raters, units)`` codes of equal values (-1 for None), by one C-speed look-up per
    value; None when a value is unhashable or the rows differ in length (the loop then
    compares values as they are)."""
    rows = [list(row) for row in data]
    if not rows or len({len(row) for row in rows}) > 1:
        return None
    try:
        index = {
            value: code for code, value in enumerate(dict.fromkeys(v for r in rows for v in r))
        }
    except TypeError:
        return None
    if any(is_missing(value) for value in index if value is not None):
        return None  # nan equals nothing, not even itself: only the loop says so
    index[None] = -1
    return np.array([np.fromiter(map(index.__getitem__, row), np.int64, len(row)) for row in rows])


def _pair_shares(codes: np.ndarray) -> list[float]:
    """Per unit with two or more answers, the share of agreeing pairs of answers, as the loop
    computes it (integers divided in Python, units in order)."""
    answered = codes >= 0
    answers = answered.sum(axis=0)
    agreeing = np.zeros(codes.shape[1], dtype=np.int64)
    for i in range(len(codes)):
        for j in range(i + 1, len(codes)):
            agreeing += answered[i] & answered[j] & (codes[i] == codes[j])
    pairs = answers * (answers - 1) // 2
    kept = np.flatnonzero(answers >= 2)
    return [a / p for a, p in zip(agreeing[kept].tolist(), pairs[kept].tolist(), strict=True)]
