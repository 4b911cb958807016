"""The report's figures over pairs of raters, from integer codes (annotations.agreement.report).

Each question's labels are encoded once (``labels.encode_ratings``); the pairwise and
vs-majority kappas, the summed confusion matrix and the confusion pairs are then tables of
codes counted with ``np.bincount``. Looping over the items in Python took most of the 8 s a
100,000-sentence round's report took (docs/performance.md, 2026-11-27).

``present`` is a ``(raters, items)`` mask of the cells that hold a label (not ``None``): the
counts of items a figure reports (``n_units``) are over those, as a reader counts them, while
a coefficient leaves out any cell whose code is missing (a float ``nan`` label).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from annotations.agreement.cohen import disagreement_weights, kappa_from_tables
from annotations.agreement.labels import MISSING_CODE, CodedRatings


def kappa_of_codes(
    a: np.ndarray, b: np.ndarray, n_categories: int, *, weights: str | None, compact: bool
) -> float | None:
    """Cohen's kappa of two code vectors, None where ``cohen_kappa`` raises (no item coded by
    both, or one category only). ``compact``: the categories are those the two codings use
    (as ``cohen_kappa`` infers them when not given), in the codes' order."""
    if compact:
        used = np.unique(np.concatenate((a[a != MISSING_CODE], b[b != MISSING_CODE])))
        position = np.full(n_categories, MISSING_CODE, dtype=np.int64)
        position[used] = np.arange(len(used))
        a = np.where(a != MISSING_CODE, position[a], MISSING_CODE)
        b = np.where(b != MISSING_CODE, position[b], MISSING_CODE)
        n_categories = len(used)
    both = (a != MISSING_CODE) & (b != MISSING_CODE)
    if not both.any():
        return None
    table = np.bincount(
        a[both] * n_categories + b[both], minlength=n_categories * n_categories
    ).reshape(n_categories, n_categories)
    kappa = kappa_from_tables(table[np.newaxis], disagreement_weights(n_categories, weights))[0]
    return None if np.isnan(kappa) else float(kappa)


@dataclass(frozen=True)
class PairFigure:
    value: float | None
    n_units: int
    agreement: float | None = None


def pairwise_kappas(
    coded: CodedRatings, present: np.ndarray, *, weights: str | None, compact: bool
) -> list[PairFigure]:
    """Cohen's kappa of every pair of raters (in ``itertools.combinations`` order) over the
    items both labelled."""
    codes = coded.codes
    figures = []
    for i, j in itertools.combinations(range(len(codes)), 2):
        shared = present[i] & present[j]
        n = int(shared.sum())
        value = (
            kappa_of_codes(
                codes[i, shared],
                codes[j, shared],
                coded.n_categories,
                weights=weights,
                compact=compact,
            )
            if n
            else None
        )
        figures.append(PairFigure(value, n))
    return figures


def majority_codes(codes: np.ndarray, n_categories: int) -> np.ndarray:
    """Per item, the code most raters of ``codes`` gave, or missing where none did or the most
    frequent codes tie (as ``report.majority_label``)."""
    n_items, width = codes.shape[1], max(n_categories, 1)
    given = codes != MISSING_CODE
    items = np.broadcast_to(np.arange(n_items), codes.shape)
    # counts[c, i]: how many gave code c to item i. Categories x items, so each reduction
    # below runs along a few long rows (items x categories took twice as long).
    counts = np.bincount(codes[given] * n_items + items[given], minlength=width * n_items)
    counts = counts.reshape(width, n_items)
    top = counts.max(axis=0)
    unique = (counts == top).sum(axis=0) == 1
    return np.where(unique & (top > 0), counts.argmax(axis=0), MISSING_CODE)


def vs_majority_kappas(
    coded: CodedRatings, present: np.ndarray, *, weights: str | None, compact: bool
) -> list[PairFigure]:
    """Each rater against the majority of the others, over the items where the rater gave a
    label and the others have a majority: Cohen's kappa and the share of equal labels."""
    codes = coded.codes
    figures = []
    for i in range(len(codes)):
        majority = majority_codes(np.delete(codes, i, axis=0), coded.n_categories)
        compared = present[i] & (majority != MISSING_CODE)
        n = int(compared.sum())
        own, others = codes[i, compared], majority[compared]
        value = (
            kappa_of_codes(own, others, coded.n_categories, weights=weights, compact=compact)
            if n
            else None
        )
        agreement = float((own == others).sum()) / n if n else None
        figures.append(PairFigure(value, n, agreement))
    return figures


def pair_tables(codes: np.ndarray, n_categories: int) -> np.ndarray:
    """The ``(k, k)`` confusion table of every pair of raters (rows: the first rater of the
    pair), summed."""
    total = np.zeros(n_categories * n_categories, dtype=np.int64)
    for i, j in itertools.combinations(range(len(codes)), 2):
        both = (codes[i] != MISSING_CODE) & (codes[j] != MISSING_CODE)
        total += np.bincount(
            codes[i, both] * n_categories + codes[j, both], minlength=n_categories**2
        )
    return total.reshape(n_categories, n_categories)


def summed_confusion(
    coded: CodedRatings,
    categories: Sequence[Any] | None,
    names: Mapping[Any, str] | None,
) -> dict[str, Any] | None:
    """The report's ``confusion``: every pair of raters' confusion matrix, summed, over the
    given categories in their order, else the labels used ordered by how they read."""
    if categories:
        order = list(range(coded.n_categories))
    else:
        order = sorted(range(coded.n_categories), key=lambda code: str(coded.categories[code]))
    if not order:
        return None
    table = pair_tables(coded.codes, coded.n_categories)[np.ix_(order, order)]
    names = names or {}
    labels = [coded.categories[code] for code in order]
    return {
        "labels": [names.get(label, str(label)) for label in labels],
        "counts": table.astype(int).tolist(),
    }


def confusion_pairs(
    coded: CodedRatings,
    clusters: Sequence[Any] | None,
    names: Mapping[Any, str] | None,
    unit_names: Mapping[Any, str] | None,
    *,
    ordered_by_categories: bool,
    top: int,
    units_per_pair: int,
) -> list[dict[str, Any]]:
    """The ``top`` most frequent unordered pairs of different labels given to one item by two
    raters, each with how often it occurs and the work units where it does (the first
    ``units_per_pair``, most affected first). A pair is written lower label first: by the
    categories' order when they were given (``ordered_by_categories``), else by how they read."""
    k = coded.n_categories
    categories = coded.categories
    if ordered_by_categories:
        rank = np.arange(k)
    else:
        rank = np.empty(k, dtype=np.int64)
        rank[sorted(range(k), key=lambda code: str(categories[code]))] = np.arange(k)
    codes = coded.codes
    keys_per_pair = []
    for i, j in itertools.combinations(range(len(codes)), 2):
        a, b = codes[i], codes[j]
        differ = (a != MISSING_CODE) & (b != MISSING_CODE) & (a != b)
        first = np.where(rank[a] < rank[b], a, b)
        second = np.where(rank[a] < rank[b], b, a)
        pair_code = np.full(len(a), MISSING_CODE, dtype=np.int64)
        pair_code[differ] = first[differ] * k + second[differ]
        keys_per_pair.append(pair_code)
    if not keys_per_pair:
        return []
    keys = np.stack(keys_per_pair)  # (rater pairs, items)
    counts = np.bincount(keys[keys != MISSING_CODE], minlength=k * k)
    found = [
        ((categories[int(key) // k], categories[int(key) % k]), int(key), int(counts[key]))
        for key in np.flatnonzero(counts)
    ]
    found.sort(key=lambda entry: (-entry[2], str(entry[0])))
    unit_of, unit_labels = _unit_codes(clusters, codes.shape[1])
    names = names or {}
    unit_names = unit_names or {}
    listed = []
    for (a, b), key, count in found[:top]:
        where: list[tuple[Any, int]] = []
        if unit_of is not None:
            items = np.nonzero(keys == key)[1]  # one entry per rater pair that disagrees so
            per_unit = np.bincount(unit_of[items], minlength=len(unit_labels))
            where = [(unit_labels[u], int(per_unit[u])) for u in np.flatnonzero(per_unit)]
            where.sort(key=lambda entry: (-entry[1], str(entry[0])))
        listed.append(
            {
                "a": names.get(a, str(a)),
                "b": names.get(b, str(b)),
                "count": count,
                "n_units": len(where),
                "units": [
                    {"id": unit, "name": unit_names.get(unit, str(unit)), "count": n}
                    for unit, n in where[:units_per_pair]
                ],
            }
        )
    return listed


def _unit_codes(
    clusters: Sequence[Any] | None, n_items: int
) -> tuple[np.ndarray | None, list[Any]]:
    """Each item's index among the distinct units (first seen first), and the units."""
    if clusters is None:
        return None, []
    units = list(dict.fromkeys(clusters))
    index = {unit: position for position, unit in enumerate(units)}
    codes = np.fromiter(map(index.__getitem__, clusters), dtype=np.int64, count=n_items)
    return codes, units
