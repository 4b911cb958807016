"""The agreement inputs' hash (selectors/agreement_inputs.py ``inputs_hash``): a stored report
is reused while it is equal, so any label change must change it, and the same labels must
give it again however the selector coded them (its matrices carry codes into a table of
values; other questions are plain lists)."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from annotations.agreement.report import QuestionInput, SpanQuestionInput
from annotations.selectors.agreement_inputs import UnitMatrix, inputs_hash

RATERS = ["ann", "bob", "cat"]


def question(matrix: Any, key: str = "q", raters: list[str] = RATERS) -> QuestionInput:
    return QuestionInput(key, key, "nominal", raters, matrix)


def coded(rows: list[list[Any]], table: list[Any] | None = None) -> UnitMatrix:
    """``rows`` as the selector builds a matrix: codes (-1: None) into ``table`` (by default
    the distinct values in first-seen order; a given table may list unused or repeated
    values, as the binned relevance's does)."""
    values = table if table is not None else list(dict.fromkeys(v for row in rows for v in row))
    values = [v for v in values if v is not None]
    code_of: dict[Any, int] = {}
    for i, value in enumerate(values):
        code_of.setdefault(value, i)
    codes = np.array([[-1 if v is None else code_of[v] for v in row] for row in rows])
    units = list(range(len(rows[0]))) if rows else []
    return UnitMatrix([list(row) for row in rows], units, codes, values)


def key_of(*matrices: Any) -> str:
    return inputs_hash([question(m, key=f"q{i}") for i, m in enumerate(matrices)])


ROWS = [
    ["consistent", "inconsistent", None, "consistent"],
    ["consistent", "consistent", "consistent", None],
    [None, "inconsistent", "consistent", "consistent"],
]


@pytest.mark.parametrize("build", [lambda rows: rows, coded], ids=["lists", "codes"])
def test_every_single_label_change_changes_the_key(build: Any) -> None:
    base = key_of(build(ROWS))
    assert key_of(build([list(row) for row in ROWS])) == base  # same labels, same key
    seen = {base}
    for r, c in itertools.product(range(3), range(4)):
        for other in ("consistent", "inconsistent", None, "unsure"):
            if other == ROWS[r][c]:
                continue
            changed = [list(row) for row in ROWS]
            changed[r][c] = other
            key = key_of(build(changed))
            assert key != base, (r, c, other)
            seen.add(key)
    # Every changed matrix has a key of its own, too.
    assert len(seen) == 1 + 3 * 4 * 3


def test_the_key_is_of_the_values_not_of_their_codes() -> None:
    plain = key_of(ROWS)
    assert key_of(coded(ROWS)) == plain
    # Another order of the table, unused and repeated values: the same labels.
    table = ["unsure", "inconsistent", "consistent", "inconsistent", None]
    assert key_of(coded(ROWS, table)) == plain
    sets: list[list[Any]] = [[frozenset({"b", "a"}), None], [frozenset(), frozenset({"a", "b"})]]
    assert key_of(coded(sets)) == key_of(sets)
    numbers: list[list[Any]] = [[1, 2, None], [2, 2, 1]]
    assert key_of(coded(numbers, [2, 1, 5])) == key_of(numbers)
    flags: list[list[Any]] = [[False, True], [None, False]]
    assert key_of(coded(flags)) == key_of(flags)


def test_labels_json_tells_apart_have_different_keys() -> None:
    keys = {
        key_of([[1, 0]]),
        key_of([[True, 0]]),  # a dict holds 1 and True as one key; the hash does not
        key_of([[True, False]]),
        key_of([[1.0, 0]]),
        key_of([["1", 0]]),
        key_of([[None, 0]]),
        key_of([[frozenset({"a"}), None]]),
        key_of([[frozenset({"a", "b"}), None]]),
        key_of([[frozenset(), None]]),
    }
    assert len(keys) == 9
    # The shape is part of the key: the same cells cut into rows differently.
    assert key_of([["a", "b"], ["c"]]) != key_of([["a"], ["b", "c"]])
    assert key_of([["a", "b", "c"]]) != key_of([["a"], ["b"], ["c"]])
    # So are the question's key and raters, and the questions' order.
    rows = [["a", "b"], ["a", "a"]]
    assert inputs_hash([question(rows, "x")]) != inputs_hash([question(rows, "y")])
    assert inputs_hash([question(rows, raters=["ann", "bob"])]) != inputs_hash(
        [question(rows, raters=["bob", "ann"])]
    )
    assert key_of(rows, [["b"]]) != key_of([["b"]], rows)
    # Cells a dict cannot hold are still hashed, by their JSON.
    assert key_of([[["a"], None]]) != key_of([[["b"], None]])


def test_random_matrices_equal_keys_exactly_when_equal_labels() -> None:
    rng = random.Random(33)
    labels: list[Any] = ["consistent", "inconsistent", None, frozenset({"x"}), frozenset()]
    matrices = []
    for _ in range(300):
        raters, items = rng.randint(1, 3), rng.randint(1, 4)
        matrices.append([[rng.choice(labels) for _ in range(items)] for _ in range(raters)])
    keys = [key_of(m) for m in matrices]
    for m, k in zip(matrices, keys, strict=True):
        assert key_of(coded(m)) == k
        shuffled = list(dict.fromkeys(v for row in m for v in row if v is not None))
        rng.shuffle(shuffled)
        assert key_of(coded(m, [*shuffled, "unused"])) == k
    for (m1, k1), (m2, k2) in itertools.combinations(zip(matrices, keys, strict=True), 2):
        assert (k1 == k2) == (m1 == m2)


def test_span_questions_change_the_key_with_their_spans() -> None:
    def span(units: list[dict[str, list[Any]]]) -> SpanQuestionInput:
        return SpanQuestionInput("span_exact", "Spans", ["ann", "bob"], "exact", units)

    base = span([{"ann": [(0, 4)], "bob": [(0, 4)]}])
    moved = span([{"ann": [(0, 4)], "bob": [(1, 4)]}])
    assert inputs_hash([base]) == inputs_hash([replace(base)])
    assert inputs_hash([base]) != inputs_hash([moved])
