"""What an agreement report says beside its numbers: categories in words, a warning for a
handful of units, and why a coefficient could not be computed, in plain words."""

from __future__ import annotations

from annotations.agreement.report import SMALL_N, QuestionInput, question_report


def test_categories_are_named_in_words_in_the_confusion_matrix() -> None:
    report = question_report(
        QuestionInput(
            "relevance_binned",
            "Relevance binned",
            "nominal",
            ["a", "b"],
            [[0, 1, 1, 0] * 10, [0, 1, 0, 0] * 10],
            categories=[0, 1],
            category_names={0: "1\u20132", 1: "3\u20135"},
        ),
        target=None,
    )
    assert report["confusion"]["labels"] == ["1\u20132", "3\u20135"]
    assert report["small_n"] is False


def test_a_handful_of_units_is_flagged_and_an_undefined_coefficient_explained() -> None:
    report = question_report(
        QuestionInput(
            "not_a_summary",
            "Not a summary",
            "nominal",
            ["a", "b"],
            [[False, False, False], [False, False, False]],
            categories=[False, True],
            category_names={False: "a summary", True: "not a summary"},
        ),
        target=0.6,
    )
    assert report["n_units"] == 3 < SMALL_N
    assert report["small_n"] is True
    assert report["coefficient"] is None
    assert "expected disagreement is 0" not in report["note"]
    assert "no disagreement to expect by chance" in report["note"]
    assert report["confusion"]["labels"] == ["a summary", "not a summary"]


def test_a_binned_scale_note_names_the_bin_not_its_code() -> None:
    """Everyone rated relevance 3 to 5: the note names that bin, never its internal code 1."""
    for raters in (["a", "b"], ["a", "b", "c"]):  # Cohen's kappa, then Fleiss'
        report = question_report(
            QuestionInput(
                "relevance_binned",
                "Relevance binned {1,2} / {3,4,5}",
                "nominal",
                raters,
                [[1, 1, 1, 1]] * len(raters),
                categories=[0, 1],
                category_names={0: "1\u20132", 1: "3\u20135"},
            ),
            target=None,
        )
        assert report["coefficient"] is None
        assert "'3\u20135'" in report["note"], report["note"]
        assert "label 1" not in report["note"]
        assert "column" not in report["note"]
        assert report["confusion"]["labels"] == ["1\u20132", "3\u20135"]
        assert report["confusion"]["counts"][1][1] > 0
