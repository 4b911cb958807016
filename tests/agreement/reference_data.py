"""Loading the published reference cases in fixtures/agreement/."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "agreement"


@cache
def load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text())


def exact(value: str) -> float:
    """A derived value stored as an exact fraction, e.g. "113/152"."""
    return float(Fraction(value))


def expand_table(table: list[list[int]], categories: list[Any]) -> tuple[list[Any], list[Any]]:
    """The two codings behind a confusion table (rows: first coder, columns: second)."""
    first: list[Any] = []
    second: list[Any] = []
    for row_category, row in zip(categories, table, strict=True):
        for column_category, count in zip(categories, row, strict=True):
            first += [row_category] * count
            second += [column_category] * count
    return first, second


def ratings_from_counts(counts: list[list[int]]) -> list[list[int]]:
    """A raters x units matrix with the given per-unit category counts.

    Which rater gave which label is arbitrary: only the counts matter to Fleiss-type data.
    """
    per_unit = [
        [category for category, count in enumerate(row) for _ in range(count)] for row in counts
    ]
    return [list(column) for column in zip(*per_unit, strict=True)]
