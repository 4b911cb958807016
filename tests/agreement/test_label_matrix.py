"""A matrix held as codes into a table of values (``labels.LabelMatrix``, as the round's
selector builds them) gives the report and the competence section exactly what the same
labels as plain lists give: the report then encodes each value of the table once instead of
each cell, and that must change nothing."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from annotations.agreement import label_patterns as label_patterns_module
from annotations.agreement import report as report_module
from annotations.agreement.labels import LabelMatrix
from annotations.agreement.report import QuestionInput, SpanQuestionInput
from tests.agreement.report_cases import constructed_round, recompute


def tabled(rows: list[list[Any]], rng: random.Random) -> LabelMatrix:
    """``rows`` as codes into a shuffled table that also lists unused values, some values
    twice (so one label has two codes) and None (a code that reads as no label, as the
    selector's relevance table has)."""
    first: dict[Any, Any] = {}  # by type and value: 1, 1.0 and True are three labels
    for row in rows:
        for v in row:
            if v is not None:
                first.setdefault(_typed(v), v)
    distinct = list(first.values())
    values: list[Any] = [*distinct, *distinct[:2], None, "never used", 12345]
    rng.shuffle(values)
    codes_of: dict[Any, list[int]] = {}
    for position, value in enumerate(values):
        if value is not None and _typed(value) in first:
            codes_of.setdefault(_typed(value), []).append(position)
    none_at = values.index(None)
    # "never used" and 12345 are never drawn (12345 is no label of any question here).
    assert all(_typed(v) not in first for v in ("never used", 12345))
    codes = np.array(
        [
            [
                rng.choice([-1, none_at]) if v is None else rng.choice(codes_of[_typed(v)])
                for v in row
            ]
            for row in rows
        ],
        dtype=np.int64,
    ).reshape(len(rows), len(rows[0]) if rows else 0)
    matrix = LabelMatrix.from_codes(codes, values)
    assert [list(row) for row in matrix] == [list(row) for row in rows]
    return matrix


def _typed(value: Any) -> Any:
    if isinstance(value, float) and value != value:
        return (float, "nan")
    return (type(value), value)


def as_tabled(
    questions: list[QuestionInput | SpanQuestionInput], seed: int = 1
) -> list[QuestionInput | SpanQuestionInput]:
    rng = random.Random(seed)
    return [
        replace(q, matrix=tabled([list(row) for row in q.matrix], rng))
        if isinstance(q, QuestionInput)
        else q
        for q in questions
    ]


@pytest.fixture
def fast_paths(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often the report and the latent-class models took the table's path."""
    taken = {"report": 0, "competence": 0}
    coded_from_table = report_module._coded_from_table
    table_codes = label_patterns_module._table_codes

    def report_path(*args: Any) -> Any:
        result = coded_from_table(*args)
        taken["report"] += result is not None
        return result

    def competence_path(*args: Any) -> Any:
        result = table_codes(*args)
        taken["competence"] += result is not None
        return result

    monkeypatch.setattr(report_module, "_coded_from_table", report_path)
    monkeypatch.setattr(label_patterns_module, "_table_codes", competence_path)
    return taken


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_constructed_round_from_tables_is_the_round_from_lists(
    seed: int, fast_paths: dict[str, int]
) -> None:
    plain = constructed_round()
    expected = recompute(plain)
    got = recompute(as_tabled(plain, seed))
    assert json.dumps(got, sort_keys=True) == json.dumps(expected, sort_keys=True)
    # Every nominal and ordinal question with two raters or more went through the table
    # (the set and score questions read cells), and the competence of the nominal ones.
    assert fast_paths["report"] >= 10
    assert fast_paths["competence"] >= 5


LABEL_KINDS: list[list[Any]] = [
    ["a", "b", "c"],
    [1, 2, 3, 4, 5],
    [0.5, 1.5, 2.5],
    [False, True],
    [1, 2.0, True],  # numbers of several types: the cells are encoded, as from lists
    ["x", 1],  # mixed: no order
    [1.0, float("nan"), 2.0],  # nan: a missing label to the coefficients
]


def test_random_questions_from_tables_are_the_questions_from_lists() -> None:
    rng = random.Random(33)
    for trial in range(120):
        kind = LABEL_KINDS[trial % len(LABEL_KINDS)]
        raters = rng.randint(2, 4)
        items = rng.randint(3, 40)
        rows = [
            [None if rng.random() < 0.2 else rng.choice(kind) for _ in range(items)]
            for _ in range(raters)
        ]
        level = rng.choice(["nominal", "ordinal"])
        categories: list[Any] | None = None
        if rng.random() < 0.5 and kind in (LABEL_KINDS[0], LABEL_KINDS[1], LABEL_KINDS[3]):
            categories = list(kind) + (["spare"] if isinstance(kind[0], str) else [])
        units = [i // 3 for i in range(items)] if rng.random() < 0.5 else None
        question = QuestionInput(
            "q", "Q", level, [f"r{r}" for r in range(raters)], rows, categories, units=units
        )
        expected = _report(question)
        from_table = replace(question, matrix=tabled(rows, rng))
        assert _report(from_table) == expected, (trial, rows, categories, level)


def _report(question: QuestionInput) -> str:
    try:
        result: Any = recompute([question])
    except Exception as error:  # the same error either way
        result = [type(error).__name__, str(error)]
    return json.dumps(result, sort_keys=True, default=str)


def test_a_label_outside_the_categories_raises_the_cells_error() -> None:
    rows: list[list[Any]] = [["a", "b", "zzz"], ["a", "b", "a"]]
    question = QuestionInput("q", "Q", "nominal", ["r0", "r1"], rows, ["a", "b"])
    expected = _report(question)
    assert "zzz" in expected
    assert _report(replace(question, matrix=tabled(rows, random.Random(1)))) == expected
