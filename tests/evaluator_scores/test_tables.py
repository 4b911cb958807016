"""The leaderboard tables say whether two evaluators could be tested against each other."""

from __future__ import annotations

import csv
from io import StringIO
from typing import Any

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
