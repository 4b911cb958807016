"""What each function accepts, what counts as missing, and what a person is told otherwise."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from annotations.agreement import (
    AgreementError,
    category_counts,
    cohen_kappa,
    confusion_matrix,
    fleiss_kappa,
    krippendorff_alpha,
    masi_alpha,
    per_label_fleiss,
    percent_agreement,
    span_f1,
)


def test_agreement_error_is_a_value_error() -> None:
    assert issubclass(AgreementError, ValueError)


class TestMissingValues:
    def test_none_and_nan_are_missing_everywhere(self) -> None:
        a = ["x", "y", None, "x", math.nan, "y"]
        b = ["x", "y", "x", None, "y", "x"]
        assert cohen_kappa(a, b) == cohen_kappa(["x", "y", "y"], ["x", "y", "x"])
        matrix = confusion_matrix(a, b)
        assert matrix.n_missing == 3
        assert matrix.counts.sum() == 3

    def test_numpy_nan_matrix_equals_list_of_none(self) -> None:
        as_list = [[1, 2, None, 3], [1, 2, 2, None], [None, 2, 2, 3]]
        as_array = np.array([[np.nan if v is None else v for v in row] for row in as_list])
        for level in ("nominal", "ordinal", "interval"):
            assert krippendorff_alpha(as_list, level=level) == krippendorff_alpha(
                as_array, level=level
            )
        assert percent_agreement(as_list) == percent_agreement(as_array)

    def test_percent_agreement_weighs_units_equally(self) -> None:
        # unit 1: 3 raters, 1 of 3 pairs agree; unit 2: 2 raters agree; unit 3: one label only
        data = [["a", "b", "c"], ["a", "b", None], ["b", None, None]]
        assert percent_agreement(data) == pytest.approx((1 / 3 + 1) / 2)


class TestLabels:
    def test_numbers_and_their_strings_are_different_labels(self) -> None:
        matrix = confusion_matrix([1, "1", 1], [1, 1, "1"])
        assert len(matrix.labels) == 2
        assert np.trace(matrix.counts) == 1

    def test_booleans_and_strings(self) -> None:
        assert cohen_kappa([True, False, True, True], [True, False, False, True]) == pytest.approx(
            cohen_kappa([1, 0, 1, 1], [1, 0, 0, 1])
        )
        assert confusion_matrix(["b", "a"], ["a", "a"]).labels == ("a", "b")

    def test_explicit_categories_must_cover_the_labels(self) -> None:
        with pytest.raises(AgreementError, match=r"label 'maybe' .* not among the given"):
            krippendorff_alpha(
                [["yes", "maybe"], ["no", "yes"]], level="nominal", categories=["yes", "no"]
            )
        with pytest.raises(AgreementError, match="duplicates"):
            krippendorff_alpha([[1, 2], [2, 1]], level="ordinal", categories=[1, 2, 2])

    def test_ordered_levels_need_numbers_or_an_order(self) -> None:
        data = [["low", "high", "mid"], ["low", "mid", "mid"]]
        with pytest.raises(AgreementError, match=r"categories=\[\.\.\.\] listing every label"):
            krippendorff_alpha(data, level="ordinal")
        alpha = krippendorff_alpha(data, level="ordinal", categories=["low", "mid", "high"])
        assert alpha == pytest.approx(krippendorff_alpha([[0, 2, 1], [0, 1, 1]], level="ordinal"))
        # explicit non-numeric categories are equally spaced for interval
        assert krippendorff_alpha(
            data, level="interval", categories=["low", "mid", "high"]
        ) == pytest.approx(krippendorff_alpha([[0, 2, 1], [0, 1, 1]], level="interval"))


class TestDegenerateInput:
    def test_cohen(self) -> None:
        with pytest.raises(AgreementError, match="3 and 2 labels"):
            cohen_kappa(["a", "b", "a"], ["a", "b"])
        with pytest.raises(AgreementError, match="no item has a label from both coders"):
            cohen_kappa(["a", None], [None, "b"])
        with pytest.raises(AgreementError, match="every item the label 'a'"):
            cohen_kappa(["a", "a", None], ["a", "a", "b"])
        with pytest.raises(AgreementError, match="weights must be None, 'linear' or 'quadratic'"):
            cohen_kappa([1, 2], [1, 2], weights="squared")

    def test_fleiss(self) -> None:
        with pytest.raises(AgreementError, match=r"item 0 has 3, items \[1\] differ"):
            fleiss_kappa([[1, 2], [1, 1]])
        with pytest.raises(AgreementError, match="needs >= 2"):
            fleiss_kappa([[1, 0], [0, 1]])
        with pytest.raises(AgreementError, match="non-negative whole numbers"):
            fleiss_kappa([[1.5, 0.5], [1, 1]])
        with pytest.raises(AgreementError, match="every rating is in category column 1"):
            fleiss_kappa([[0, 3], [0, 3]])
        with pytest.raises(AgreementError, match="items x categories matrix"):
            fleiss_kappa([1, 2, 3])

    def test_category_counts_feed_fleiss_after_dropping_incomplete_units(self) -> None:
        counts = category_counts([["a", "b", None], ["a", "a", "b"], ["b", "a", "b"]])
        with pytest.raises(AgreementError, match="same number of raters"):
            fleiss_kappa(counts.counts)
        assert counts.complete(3).shape == (2, 2)
        assert math.isfinite(fleiss_kappa(counts.complete(3)))

    def test_alpha(self) -> None:
        with pytest.raises(AgreementError, match="level must be one of"):
            krippendorff_alpha([[1, 2], [1, 2]], level="binary")
        with pytest.raises(AgreementError, match="no unit has labels from two or more raters"):
            krippendorff_alpha([[1, None], [None, 2]], level="nominal")
        with pytest.raises(AgreementError, match="every pairable label is 'yes'"):
            krippendorff_alpha([["yes", "yes", "no"], ["yes", "yes", None]], level="nominal")
        with pytest.raises(AgreementError, match=r"different numbers of units .* \[3, 2\]"):
            krippendorff_alpha([[1, 2, 3], [1, 2]], level="nominal")
        with pytest.raises(AgreementError, match="2-D"):
            krippendorff_alpha(np.array([1, 2, 3]), level="nominal")

    def test_percent_agreement(self) -> None:
        with pytest.raises(AgreementError, match="no pair of labels"):
            percent_agreement([["a", None], [None, "b"]])

    def test_masi(self) -> None:
        with pytest.raises(AgreementError, match=r"rater 1, unit 0: expected a set of labels"):
            masi_alpha([[{"a"}, {"b"}], ["a", {"b"}]])
        with pytest.raises(AgreementError, match=re.escape("every pairable label is {'a'}")):
            masi_alpha([[{"a"}, {"a"}], [{"a"}, ["a"]]])

    def test_per_label_fleiss(self) -> None:
        with pytest.raises(AgreementError, match="no unit has an answer from all 2 raters"):
            per_label_fleiss([[{"a"}, None], [None, {"b"}]])
        with pytest.raises(AgreementError, match="label 'a':"):
            per_label_fleiss([[{"a"}, {"a", "b"}], [{"a"}, {"a"}]])

    def test_span_f1(self) -> None:
        with pytest.raises(AgreementError, match="mode must be one of"):
            span_f1([], [], mode="fuzzy")
        with pytest.raises(AgreementError, match=r"a\[0\] = \(5, 5\)"):
            span_f1([(5, 5)], [], mode="exact")
        with pytest.raises(AgreementError, match="must be integers"):
            span_f1([], [(0.5, 2)], mode="token")  # type: ignore[list-item]
        with pytest.raises(AgreementError, match="not a \\(start, end\\) pair"):
            span_f1([(1, 2, 3)], [], mode="overlap")  # type: ignore[list-item]


def test_masi_alpha_on_singletons_equals_nominal_alpha() -> None:
    data = [["a", "b", None, "c", "a"], ["a", "c", "b", "c", None], ["b", "b", "b", None, "a"]]
    sets = [[None if x is None else {x} for x in row] for row in data]
    assert masi_alpha(sets) == pytest.approx(krippendorff_alpha(data, level="nominal"))


def test_percent_agreement_on_label_sets_counts_only_pairs_who_both_answered() -> None:
    from annotations.agreement.percent import pairwise_percent_agreement

    a, b = frozenset({"A"}), frozenset({"B"})
    # Rows are raters, columns units. Unit 0: the first rater gave no set, the other two
    # agree (1 agreeing pair of 1). Unit 1: A, A, B (1 of 3). Unit 2: one set, no pair.
    sets = [
        [None, a, None],
        [a, a, b],
        [a, b, None],
    ]
    value, units = pairwise_percent_agreement(sets)
    assert units == 2
    assert value == pytest.approx((1 + 1 / 3) / 2)


def test_the_error_type_report_uses_the_documented_percent_agreement() -> None:
    from annotations.agreement.report import QuestionInput, question_report

    a, b = frozenset({"A"}), frozenset({"B"})
    question = QuestionInput(
        "error_types",
        "Error types",
        "set",
        ["r1", "r2", "r3"],
        [[None, a, a], [a, a, b], [a, b, None]],
    )
    report = question_report(question, target=None)
    # Before, every unit compared each rater with r1, so unit 0 (r1 gave no set) counted as a
    # disagreement and units were all-or-nothing: 0 of 3.
    assert report["n_units"] == 3
    assert report["percent_agreement"] == pytest.approx((1 + 1 / 3 + 0) / 3, abs=1e-3)
