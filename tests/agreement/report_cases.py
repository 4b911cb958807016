"""A constructed round whose whole agreement recompute (``round_report`` and
``competence_section``, what the automatic recompute stores) is kept in
``fixtures/agreement/round_report_golden.json``, written by the report before it was
vectorised (docs/performance.md, 2026-11-27): every path of the report, on a few hundred
items per question, so a faster report is checked to give the same figures and notes.

    .venv/bin/python -m tests.agreement.report_cases   # rewrite the fixture (see below)

Rewrite the fixture only when a figure is meant to change, and say why in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from annotations.agreement.competence import competence_section
from annotations.agreement.report import QuestionInput, SpanQuestionInput, round_report

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "agreement" / "round_report_golden.json"
TARGETS = {"sentences": 0.6, "relevance": 0.9, "pair_nominal": 0.1, "types": 0.5}


def _noisy(
    rng: np.random.Generator,
    truth: np.ndarray,
    values: list[Any],
    *,
    raters: int,
    accuracy: float,
    missing: float,
) -> list[list[Any]]:
    """Each rater gives the item's true value with ``accuracy``, else a random value; None
    with probability ``missing``."""
    rows = []
    for _ in range(raters):
        right = rng.random(len(truth)) < accuracy
        other = rng.integers(0, len(values), len(truth))
        gone = rng.random(len(truth)) < missing
        rows.append(
            [
                None if g else values[t if r else o]
                for t, r, o, g in zip(truth.tolist(), right, other.tolist(), gone, strict=True)
            ]
        )
    return rows


def constructed_round(seed: int = 7) -> list[QuestionInput | SpanQuestionInput]:
    rng = np.random.default_rng(seed)
    n_items = 600
    units = [i // 12 for i in range(n_items)]  # 50 units of 12 items: clustered intervals
    names = {u: f"document {u} \u00b7 topic" for u in range(n_items // 12)}
    three = ["ann", "bea", "cyd"]
    labels = ["consistent", "inconsistent"]
    truth = (rng.random(n_items) < 0.2).astype(int)
    sentences = _noisy(rng, truth, labels, raters=3, accuracy=0.85, missing=0.15)
    # A few items nobody or only one rater labelled: left out of every figure.
    for item in range(0, 30, 3):
        sentences[0][item] = sentences[1][item] = None
    complete = _noisy(rng, truth, [False, True], raters=3, accuracy=0.9, missing=0.0)
    pair = _noisy(rng, truth, labels, raters=2, accuracy=0.8, missing=0.1)
    relevance_truth = rng.integers(0, 5, n_items // 4)
    relevance = _noisy(rng, relevance_truth, [1, 2, 3, 4, 5], raters=3, accuracy=0.6, missing=0.1)
    binned = [[None if v is None else int(v >= 3) for v in row] for row in relevance]
    pair_relevance = relevance[:2]
    four = _noisy(
        rng, truth, ["main", "marginal", "irrelevant"], raters=4, accuracy=0.5, missing=0.1
    )
    inferred = _noisy(rng, truth, ["x", "y", "z"], raters=3, accuracy=0.7, missing=0.2)
    types_pool = ["extrinsic", "misreferencing", "opinion", "reasoning"]
    types: list[list[Any]] = []
    for row in sentences:
        typed: list[Any] = []
        for value in row:
            if value != "inconsistent":
                typed.append(None)
                continue
            size = 1 + int(rng.random() < 0.3)
            picked = rng.choice(len(types_pool), size=size, replace=False)
            typed.append(frozenset(types_pool[int(k)] for k in picked))
        types.append(typed)
    scores = [
        [
            None if rng.random() < 0.1 else float(np.round(t * 0.5 + rng.normal(0, 0.2), 3))
            for t in truth
        ]
        for _ in range(3)
    ]
    span_units: list[dict[str, list[Any]]] = []
    span_units_of: list[int] = []
    for item in range(120):
        start = int(rng.integers(2, 40))
        span_units.append(
            {
                rater: [(start + int(rng.integers(-2, 3)), start + 10 + int(rng.integers(-2, 3)))]
                for rater in three[: 2 + item % 2]
            }
        )
        span_units_of.append(item // 6)
    summary_units = [i // 3 for i in range(n_items // 4)]
    return [
        QuestionInput(
            "sentences",
            "Sentences",
            "nominal",
            three,
            sentences,
            categories=labels,
            units=units,
            unit_names=names,
        ),
        QuestionInput(
            "complete_flags",
            "Complete flags",
            "nominal",
            three,
            complete,
            categories=[False, True],
            category_names={False: "a summary", True: "not a summary"},
            units=units,
            unit_names=names,
        ),
        QuestionInput(
            "pair_nominal",
            "Two raters",
            "nominal",
            three[:2],
            pair,
            categories=labels,
            units=units,
            unit_names=names,
        ),
        QuestionInput(
            "relevance",
            "Relevance",
            "ordinal",
            three,
            relevance,
            categories=[1, 2, 3, 4, 5],
            units=summary_units,
            unit_names=names,
        ),
        QuestionInput(
            "relevance_binned",
            "Relevance binned",
            "nominal",
            three,
            binned,
            categories=[0, 1],
            category_names={0: "1\u20132", 1: "3\u20135"},
            units=summary_units,
            unit_names=names,
        ),
        QuestionInput(
            "pair_ordinal",
            "Two raters, ordinal",
            "ordinal",
            three[:2],
            pair_relevance,
            categories=[1, 2, 3, 4, 5],
            units=summary_units,
            unit_names=names,
        ),
        QuestionInput(
            "four_raters",
            "Four raters, ties",
            "nominal",
            [*three, "dee"],
            four,
            categories=["main", "marginal", "irrelevant"],
            units=list(range(n_items)),
            unit_names=None,
        ),
        QuestionInput("inferred", "Categories seen", "nominal", three, inferred),
        # Units named by tuples, as a (dialogue, topic) pair would be.
        QuestionInput(
            "tuple_units",
            "Units named by tuples",
            "nominal",
            three,
            sentences,
            categories=labels,
            units=[(u // 5, f"topic {u % 5}") for u in units],
            unit_names={(u // 5, f"topic {u % 5}"): f"dialogue {u // 5}" for u in set(units)},
        ),
        # Weighted kappas over the labels each pair uses: the first two say 7 where the
        # third says 6, so a pair of the first two has no 6 between its 4 and 7.
        QuestionInput(
            "ordinal_inferred",
            "Ordinal, categories seen",
            "ordinal",
            three,
            [
                *([7 if v == 5 else v for v in row] for row in relevance[:2]),
                [6 if v == 5 else v for v in relevance[2]],
            ],
            units=summary_units,
        ),
        QuestionInput("types", "Error types", "set", three, types, units=units, unit_names=names),
        QuestionInput("scores", "Scores", "interval", three, scores, units=units),
        QuestionInput(
            "all_same_three",
            "Everyone agrees (three)",
            "nominal",
            three,
            [["consistent"] * 40] * 3,
            categories=labels,
        ),
        QuestionInput(
            "all_same_two",
            "Everyone agrees (two)",
            "nominal",
            three[:2],
            [[1] * 40] * 2,
            categories=[0, 1],
            category_names={0: "1\u20132", 1: "3\u20135"},
        ),
        QuestionInput(
            "one_rater",
            "One rater",
            "nominal",
            three[:1],
            [["consistent"] * 10],
            categories=labels,
        ),
        QuestionInput(
            "no_overlap",
            "No overlap",
            "nominal",
            three[:2],
            [
                ["consistent", None, "inconsistent", None],
                [None, "consistent", None, "inconsistent"],
            ],
            categories=labels,
        ),
        SpanQuestionInput(
            "spans",
            "Error spans (overlap)",
            three,
            "overlap",
            span_units,
            by_type={"extrinsic": span_units[:60]},
            units_of=span_units_of,
        ),
    ]


def recompute(questions: list[QuestionInput | SpanQuestionInput]) -> dict[str, Any]:
    """What the automatic recompute stores, as JSON would store it."""
    results = {
        "questions": round_report(questions, targets=TARGETS),
        "competence": competence_section(questions),
    }
    return json.loads(json.dumps(results))


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(recompute(constructed_round()), indent=1) + "\n")
    sys.stdout.write(f"wrote {GOLDEN}\n")
