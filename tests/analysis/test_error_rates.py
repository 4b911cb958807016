"""Error rates per summarizer on constructed data whose every figure is worked out by hand,
and the bootstrap's interval against the delta-method standard error of a ratio."""

from __future__ import annotations

import math

import numpy as np
import pytest

from annotations.analysis import ErrorRateInput, error_rates, topic_type_of
from annotations.analysis.error_rates import NO_TYPE, TOPIC_TYPES
from annotations.evaluator_scores.type_sets import TypeSets

NAN = float("nan")


def build(
    summaries: list[dict[str, object]],
) -> ErrorRateInput:
    """``summaries``: each {unit, system, corpus, category, labels, types, relevance,
    completeness, conciseness}."""

    def coded(values: list[str]) -> tuple[np.ndarray, np.ndarray]:
        distinct, codes = np.unique(np.array(values), return_inverse=True)
        return codes.reshape(-1), distinct

    owner: list[int] = []
    labels: list[int] = []
    types: list[tuple[str, ...]] = []
    for index, summary in enumerate(summaries):
        for label, chosen in zip(summary["labels"], summary["types"], strict=True):  # type: ignore[call-overload]
            owner.append(index)
            labels.append(label)
            types.append(chosen)
    kinds = [topic_type_of(str(s["category"])) for s in summaries]
    return ErrorRateInput(
        unit=np.array([s["unit"] for s in summaries]),
        system=coded([str(s["system"]) for s in summaries]),
        corpus=coded([str(s["corpus"]) for s in summaries]),
        topic_type=(np.array([TOPIC_TYPES.index(k) for k in kinds]), np.array(TOPIC_TYPES)),
        relevance=np.array([s.get("relevance", NAN) for s in summaries], dtype=float),
        completeness=np.array([s.get("completeness", NAN) for s in summaries], dtype=float),
        conciseness=np.array([s.get("conciseness", NAN) for s in summaries], dtype=float),
        sentence_summary=np.array(owner, dtype=np.int64),
        sentence_label=np.array(labels, dtype=np.int8),
        sentence_types=TypeSets.of(types),
    )


# Unit 0 is a main topic, unit 1 an irrelevant one (counted as marginal, as TofuEval does).
SMALL = [
    # A on the main topic: 1 of 2 sentences inconsistent (type X).
    dict(
        unit=0,
        system="A",
        corpus="c",
        category="main",
        labels=[1, 0],
        types=[("X",), ()],
        relevance=4,
        completeness=0.5,
        conciseness=1.0,
    ),
    # B on the main topic: all 3 consistent.
    dict(
        unit=0,
        system="B",
        corpus="c",
        category="main",
        labels=[0, 0, 0],
        types=[(), (), ()],
        relevance=5,
        conciseness=0.0,
    ),
    # A on the marginal topic: 2 inconsistent (X and Y; no type), one not judged.
    dict(
        unit=1,
        system="A",
        corpus="c",
        category="irrelevant",
        labels=[1, 1, -1],
        types=[("X", "Y"), (), ()],
    ),
    # B on the marginal topic: one consistent, one not judged: the summary's gold unknown.
    dict(
        unit=1,
        system="B",
        corpus="c",
        category="irrelevant",
        labels=[0, -1],
        types=[(), ()],
        relevance=2,
    ),
]


def rows_by_key(table: object) -> dict[tuple[str, str, str], object]:
    return {(r.system, r.corpus, r.topic_type): r for r in table.rows}  # type: ignore[attr-defined]


def value(row: object, metric: str) -> tuple[float | None, int]:
    estimate = row.metrics[metric]  # type: ignore[attr-defined]
    return estimate.value, estimate.n


def test_every_figure_is_the_hand_computed_ratio() -> None:
    rows = rows_by_key(error_rates(build(SMALL), n_resamples=50, seed=1))
    a_main, a_marginal, a_all = (
        rows["A", "c", "main"],
        rows["A", "c", "marginal"],
        rows["A", "c", "all"],
    )
    assert value(a_main, "sentence_inconsistency") == (0.5, 2)
    assert value(a_main, "summary_inconsistency") == (1.0, 1)
    assert value(a_main, "relevance") == (4.0, 1)
    assert value(a_main, "completeness") == (0.5, 1)
    assert value(a_main, "conciseness") == (1.0, 1)
    assert value(a_marginal, "sentence_inconsistency") == (1.0, 2)
    assert value(a_marginal, "relevance") == (None, 0)
    assert value(a_all, "sentence_inconsistency") == (0.75, 4)
    assert value(a_all, "summary_inconsistency") == (1.0, 2)
    b_main, b_marginal, b_all = (
        rows["B", "c", "main"],
        rows["B", "c", "marginal"],
        rows["B", "c", "all"],
    )
    assert value(b_main, "sentence_inconsistency") == (0.0, 3)
    assert value(b_main, "summary_inconsistency") == (0.0, 1)
    assert value(b_marginal, "sentence_inconsistency") == (0.0, 1)
    assert value(b_marginal, "summary_inconsistency") == (None, 0)
    assert value(b_all, "relevance") == (3.5, 2)
    assert value(b_all, "conciseness") == (0.0, 1)
    assert (b_all.summaries, b_all.units, a_main.units) == (2, 2, 1)


def test_the_error_type_shares_are_over_the_inconsistent_sentences() -> None:
    table = error_rates(build(SMALL), n_resamples=0)
    assert table.error_types == ("X", "Y", NO_TYPE)
    rows = rows_by_key(table)

    def shares(row: object) -> dict[str, tuple[int, float | None]]:
        return {t.type: (t.count, t.share.value) for t in row.types}  # type: ignore[attr-defined]

    assert rows["A", "c", "main"].inconsistent_sentences == 1
    assert shares(rows["A", "c", "main"]) == {"X": (1, 1.0), "Y": (0, 0.0), NO_TYPE: (0, 0.0)}
    assert shares(rows["A", "c", "marginal"]) == {"X": (1, 0.5), "Y": (1, 0.5), NO_TYPE: (1, 0.5)}
    assert shares(rows["A", "c", "all"]) == {"X": (2, 2 / 3), "Y": (1, 1 / 3), NO_TYPE: (1, 1 / 3)}
    # B has no inconsistent sentence: no share is defined.
    assert shares(rows["B", "c", "all"]) == {"X": (0, None), "Y": (0, None), NO_TYPE: (0, None)}


def test_without_resamples_there_are_no_intervals() -> None:
    row = rows_by_key(error_rates(build(SMALL), n_resamples=0))["A", "c", "all"]
    assert row.metrics["sentence_inconsistency"].low is None


def test_a_stratum_of_one_unit_has_its_value_as_interval() -> None:
    row = rows_by_key(error_rates(build(SMALL), n_resamples=200))["A", "c", "main"]
    estimate = row.metrics["sentence_inconsistency"]
    assert (estimate.low, estimate.high) == (0.5, 0.5)


def test_irrelevant_counts_as_marginal_and_no_category_stands_apart() -> None:
    assert [topic_type_of(c) for c in ("main", "marginal", "irrelevant", "")] == [
        "main",
        "marginal",
        "marginal",
        "uncategorised",
    ]


def test_corpora_get_an_all_row_and_a_corpus_rows_do_not_depend_on_the_other() -> None:
    rng = np.random.default_rng(3)
    many = [
        dict(
            unit=u,
            system=s,
            corpus="c",
            category="main",
            labels=rng.integers(0, 2, 4).tolist(),
            types=[()] * 4,
        )
        for u in range(30)
        for s in ("A", "B")
    ]
    other = [
        dict(
            unit=100 + u, system="A", corpus="d", category="marginal", labels=[1, 0], types=[(), ()]
        )
        for u in range(5)
    ]
    alone = rows_by_key(error_rates(build(many), n_resamples=300, seed=5))
    both = rows_by_key(error_rates(build(many + other), n_resamples=300, seed=5))
    assert alone["A", "c", "main"] == both["A", "c", "main"]
    assert ("A", "all", "all") in both
    assert ("B", "all", "main") in both
    assert both["A", "all", "all"].summaries == 35
    # Seeded: the same call gives the same intervals.
    again = rows_by_key(error_rates(build(many + other), n_resamples=300, seed=5))
    assert again["A", "all", "all"] == both["A", "all", "all"]


def test_the_interval_matches_the_delta_method_for_a_clustered_ratio() -> None:
    """400 units of one system; the sentence rate is a ratio of unit sums, whose standard
    error by the delta method is sqrt(sum (b_u - r n_u)^2) / sum n_u. The percentile
    interval's half-width is about 1.96 of it."""
    rng = np.random.default_rng(11)
    summaries = []
    for u in range(400):
        k = int(rng.integers(1, 8))
        p = rng.uniform(0.0, 0.6)
        summaries.append(
            dict(
                unit=u,
                system="A",
                corpus="c",
                category="main",
                labels=(rng.random(k) < p).astype(int).tolist(),
                types=[()] * k,
            )
        )
    bad = np.array([sum(s["labels"]) for s in summaries], dtype=float)  # type: ignore[arg-type]
    n = np.array([len(s["labels"]) for s in summaries], dtype=float)  # type: ignore[arg-type]
    ratio = bad.sum() / n.sum()
    se = math.sqrt(((bad - ratio * n) ** 2).sum()) / n.sum()
    estimate = rows_by_key(error_rates(build(summaries), n_resamples=2000, seed=2))[
        "A", "c", "main"
    ].metrics["sentence_inconsistency"]
    assert estimate.value == pytest.approx(ratio)
    assert (estimate.high - estimate.low) / 2 == pytest.approx(1.96 * se, rel=0.12)


def test_a_release_without_a_judged_summary_has_no_rows_and_still_writes() -> None:
    """What a release of a project that asked no consistency question reaches: no records."""
    import io

    from annotations.analysis.inputs import SummaryExtras, analysis_input
    from annotations.analysis.tables import analysis_files
    from annotations.formats.release_records import read_record_arrays
    from annotations.formats.writers.record_arrays import RecordArraysWriter

    packed = io.BytesIO()
    RecordArraysWriter().finish(packed)
    table = error_rates(
        analysis_input(read_record_arrays(packed.getvalue()), SummaryExtras().extras())
    )
    assert table.rows == ()
    assert analysis_files(table)["analysis/error_rates.csv"].startswith("system,corpus,")
