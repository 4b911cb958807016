"""The error-type agreement counts a sentence that two or more raters labelled inconsistent
(docs/agreement.md, "Set-valued labels"), and every page of docs/ that states the rule states
that one: docs/api/admin.md once said "both/all labelled inconsistent"."""

from __future__ import annotations

import re
from pathlib import Path

from annotations.agreement.report import QuestionInput, question_report

DOCS = Path(__file__).resolve().parents[2] / "docs"
# Wordings of the unanimity rule the code does not follow.
UNANIMOUS = re.compile(r"both/all|all labell?ed inconsistent|every rater labell?ed it", re.I)


def test_a_sentence_two_of_three_raters_flagged_counts_and_one_flagger_does_not() -> None:
    a, b = frozenset({"EntE"}), frozenset({"PredE"})
    # Rows are raters, columns sentences; None: the rater labelled it consistent.
    # Sentence 0: two of three flagged it; 1: all three; 2: one only.
    report = question_report(
        QuestionInput(
            "error_types",
            "Error types",
            "set",
            ["r1", "r2", "r3"],
            [[a, a, a], [a, b, None], [None, a, None]],
        ),
        target=None,
    )
    assert report["n_units"] == 2


def test_every_docs_page_states_the_two_flaggers_rule() -> None:
    stated = {}
    for page in sorted(DOCS.rglob("*.md")):
        text = " ".join(page.read_text(encoding="utf-8").split())
        assert not UNANIMOUS.search(text), f"{page.relative_to(DOCS)} states a unanimity rule"
        if "`error_types` (MASI alpha" in text or "error-type coefficients" in text:
            stated[page.relative_to(DOCS).as_posix()] = "two or more raters labelled" in text or (
                "at least two** raters labelled it inconsistent" in text
            )
    assert stated == {"agreement.md": True, "api/admin.md": True}
