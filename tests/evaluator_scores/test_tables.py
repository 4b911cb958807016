"""The leaderboard tables say whether two evaluators could be tested against each other."""

from __future__ import annotations

import csv
import io
from io import StringIO
from typing import Any

import numpy as np

from annotations.evaluator_scores.leaderboard import MIN_TEST_DOCUMENTS
from annotations.evaluator_scores.tables import leaderboard_csv, leaderboard_latex
from tests.evaluator_scores.test_figures import two_evaluators_on


def rows(level: dict[str, Any]) -> list[dict[str, str]]:
    return list(csv.DictReader(StringIO(leaderboard_csv(level))))


def test_with_one_document_the_tables_say_there_are_not_enough_documents_to_test() -> None:
    level = two_evaluators_on(1)
    best, other = rows(level)
    assert (best["evaluator"], best["p_value_vs_best"], best["test_vs_best"]) == ("right", "", "")
    assert (other["evaluator"], other["p_value_vs_best"]) == ("wrong", "")
    assert other["test_vs_best"] == "not enough documents to test"
    latex = leaderboard_latex(level, caption="Sentence-level figures.")
    assert (
        r"\caption{Sentence-level figures. Differences between evaluators: not enough documents"
        rf" to test: 1 document measured, a paired test needs at least {MIN_TEST_DOCUMENTS}.}}"
    ) in latex
    assert r"\dagger" not in latex


def test_with_enough_documents_the_tables_give_the_test_against_the_best() -> None:
    level = two_evaluators_on(MIN_TEST_DOCUMENTS)
    (comparison,) = level["comparisons"]
    best, other = rows(level)
    assert best["test_vs_best"] == ""
    assert float(other["p_value_vs_best"]) == comparison["p_value"] < 0.05
    assert other["test_vs_best"] == "different at the 5% level"
    latex = leaderboard_latex(level, caption="Figures.")
    assert "\nwrong$^\\dagger$ & " in latex
    assert "\nright & " in latex
    assert r"$^\dagger$: differs from the best-ranked evaluator at the 5\% level" in latex


def beyond_report() -> dict:
    """A report with every analysis filled, from the pure figures."""
    from annotations.evaluator_scores.beyond import span_scores, success_ratio
    from annotations.evaluator_scores.correlations import ScoredSummaries, correlation_table
    from annotations.evaluator_scores.leaderboard import LevelRecords, RunValues
    from annotations.evaluator_scores.strata import stratum_thresholds

    rng = np.random.default_rng(0)
    human = rng.random(40)
    summaries = ScoredSummaries(human=human, document=np.arange(40) // 4, system=np.arange(40) % 4)
    correlations = correlation_table(
        summaries, {"=cmd|calc": human + rng.random(40), "Good_1": human}, n_resamples=50
    )
    for entry in correlations["evaluators"].values():
        entry.update(summaries=40, documents=10, systems=4)
    records = LevelRecords(
        inconsistent=human < 0.3,
        document=np.arange(40) // 4,
        split=np.where(np.arange(40) % 2, "dev", "test").astype(object),
    )
    return {
        "correlations": {"faithfulness": correlations, "completeness": None},
        "strata": {
            "sentence": stratum_thresholds(
                records,
                {"Good_1": RunValues("score", human)},
                {"system_category": np.array(["SOTA", "OLD"] * 20)},
                n_resamples=50,
            )
        },
        "spans": {
            "Good_1": span_scores(
                [[(0, 4, "Logical Error")], []],
                [[[0, 4, "Logical Error"]], [[1, 2]]],
                np.array([0, 1]),
                2,
                n_resamples=50,
                confidence=0.95,
                seed=0,
            )
        },
        "success": {"Good_1": {"sentence": success_ratio(10, 1), "summary": success_ratio(0, 0)}},
    }


def test_each_analysis_csv_holds_the_reports_figures_with_names_neutralised() -> None:
    from annotations.evaluator_scores.beyond_tables import ANALYSES, analysis_csv

    report = beyond_report()
    rows = list(csv.DictReader(io.StringIO(analysis_csv(report, "correlations"))))
    assert len(rows) == 4  # two evaluators x (summary, system) level
    by = {(row["evaluator"], row["level"]): row for row in rows}
    # A formula-like evaluator name cannot run in a spreadsheet.
    assert ("'=cmd|calc", "system") in by
    good = report["correlations"]["faithfulness"]["evaluators"]["Good_1"]
    assert float(by[("Good_1", "summary")]["pearson"]) == good["summary_level"]["pearson"]["value"]
    assert float(by[("Good_1", "system")]["kendall_low"]) == good["system_level"]["kendall"]["low"]
    strata = list(csv.DictReader(io.StringIO(analysis_csv(report, "strata"))))
    assert {row["stratum"] for row in strata} == {"SOTA", "OLD"}
    assert all(row["grouping"] == "Summarizer category" for row in strata)
    spans = list(csv.DictReader(io.StringIO(analysis_csv(report, "spans"))))
    assert [(row["category"], row["exact_f1"]) for row in spans] == [
        ("all", "0.666667"),  # 1 exact match, 1 gold span, 2 predicted: 2 / 3
        ("Logical Error", "1.0"),
    ]
    facts = list(csv.DictReader(io.StringIO(analysis_csv(report, "facts"))))
    assert facts[0]["success_sentence"] == "0.9"
    assert facts[0]["key_fact_accuracy"] == ""
    for analysis in ANALYSES:
        assert analysis_csv({}, analysis).count("\n") == 1  # the header alone


def test_each_analysis_is_a_booktabs_table_with_names_escaped() -> None:
    from annotations.evaluator_scores.beyond_tables import analysis_latex

    latex = analysis_latex(beyond_report(), "correlations")
    assert "\\toprule" in latex
    assert "\\bottomrule" in latex
    assert r"Good\_1 & summary" in latex
    assert "\\label{tab:evaluators-correlations}" in latex
    assert r"95\% bootstrap intervals" in latex
