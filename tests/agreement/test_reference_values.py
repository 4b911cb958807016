"""Every coefficient against published worked examples (fixtures/agreement/*.json).

Published values are rounded to three or four decimals and are checked to that precision;
the exact fractions we derived from the same tables are checked to 1e-12.
"""

from __future__ import annotations

import numpy as np
import pytest

from annotations.agreement import (
    LEVELS,
    bootstrap_ci,
    category_counts,
    cohen_kappa,
    confusion_matrix,
    fleiss_kappa,
    krippendorff_alpha,
    masi_alpha,
    masi_distance,
    per_label_fleiss,
    percent_agreement,
    span_f1,
)
from tests.agreement.reference_data import exact, expand_table, load, ratings_from_counts

ROUNDED = 5e-4  # half a unit in the third decimal
EXACT = 1e-12


class TestFleissWikipedia:
    case = load("fleiss_wikipedia_14_raters")

    def test_kappa_matches_the_published_value(self) -> None:
        kappa = fleiss_kappa(self.case["counts"])
        assert kappa == pytest.approx(self.case["published"]["kappa"], abs=ROUNDED)
        assert kappa == pytest.approx(exact(self.case["derived_exact"]["kappa"]), abs=EXACT)

    def test_mean_pairwise_agreement_is_p_bar(self) -> None:
        # percent agreement is the mean over units of agreeing rater pairs: Fleiss' P-bar
        observed = percent_agreement(ratings_from_counts(self.case["counts"]))
        assert observed == pytest.approx(self.case["published"]["P_bar"], abs=ROUNDED)
        assert observed == pytest.approx(exact(self.case["derived_exact"]["P_bar"]), abs=EXACT)


class TestFleiss1971:
    case = load("fleiss_1971_diagnoses")

    def test_kappa_matches_the_paper(self) -> None:
        kappa = fleiss_kappa(self.case["counts"])
        assert kappa == pytest.approx(self.case["published"]["kappa"], abs=ROUNDED)
        assert kappa == pytest.approx(exact(self.case["derived_exact"]["kappa"]), abs=EXACT)

    def test_counts_follow_from_the_ratings(self) -> None:
        raters_by_units = np.array(self.case["ratings_by_patient"]).T
        counts = category_counts(raters_by_units, categories=[1, 2, 3, 4, 5])
        assert counts.counts.tolist() == self.case["counts"]
        assert counts.counts.sum(axis=0).tolist() == self.case["column_totals"]

    def test_per_label_fleiss_gives_the_category_kappas(self) -> None:
        names = self.case["categories"]
        sets = [
            [{names[rating - 1]} for rating in rater]
            for rater in np.array(self.case["ratings_by_patient"]).T.tolist()
        ]
        kappas = per_label_fleiss(sets, labels=names)
        published = self.case["published"]["category_kappa"]
        derived = self.case["derived_exact"]["category_kappa"]
        for name, rounded, fraction in zip(names, published, derived, strict=True):
            assert kappas[name] == pytest.approx(rounded, abs=ROUNDED)
            assert kappas[name] == pytest.approx(exact(fraction), abs=EXACT)

    def test_observed_agreement(self) -> None:
        raters_by_units = np.array(self.case["ratings_by_patient"]).T
        observed = percent_agreement(raters_by_units)
        assert observed == pytest.approx(exact(self.case["derived_exact"]["P_bar"]), abs=EXACT)


@pytest.mark.parametrize("example", load("artstein_poesio_2008")["examples"])
class TestArtsteinPoesio:
    def test_cohen_kappa(self, example: dict) -> None:
        first, second = expand_table(example["table"], example["categories"])
        assert cohen_kappa(first, second) == pytest.approx(exact(example["cohen_kappa"]), abs=EXACT)
        assert cohen_kappa(second, first) == pytest.approx(exact(example["cohen_kappa"]), abs=EXACT)

    def test_observed_agreement(self, example: dict) -> None:
        first, second = expand_table(example["table"], example["categories"])
        assert percent_agreement([first, second]) == pytest.approx(
            exact(example["observed_agreement"]), abs=EXACT
        )

    def test_alpha_nominal(self, example: dict) -> None:
        first, second = expand_table(example["table"], example["categories"])
        alpha = krippendorff_alpha([first, second], level="nominal")
        assert alpha == pytest.approx(exact(example["alpha_nominal"]), abs=EXACT)
        # alpha differs from Scott's pi only by the small-sample correction (n - 1) / n
        pi = exact(example["scott_pi"])
        n = 2 * len(first)
        assert 1 - alpha == pytest.approx((1 - pi) * (n - 1) / n, abs=EXACT)

    def test_confusion_matrix_reproduces_the_table(self, example: dict) -> None:
        first, second = expand_table(example["table"], example["categories"])
        matrix = confusion_matrix(first, second, labels=example["categories"])
        assert matrix.labels == tuple(example["categories"])
        assert matrix.counts.tolist() == example["table"]
        assert matrix.n_missing == 0


def test_three_category_example_is_kappa_0_8013_not_0_7995() -> None:
    # The issue quoted kappa ~ 0.7995 for this table; that figure is Scott's pi.
    example = load("artstein_poesio_2008")["examples"][1]
    first, second = expand_table(example["table"], example["categories"])
    assert cohen_kappa(first, second) == pytest.approx(0.8013, abs=5e-5)
    assert exact(example["scott_pi"]) == pytest.approx(0.7995, abs=5e-5)


@pytest.mark.parametrize("case", load("cohen_weighted_reference_software")["cases"])
def test_weighted_kappa_matches_sas_and_irr(case: dict) -> None:
    if "table" in case:
        first, second = expand_table(case["table"], [0, 1, 2])
    else:
        first, second = case["rater_a"], case["rater_b"]
    tolerance = 0.5 * 10 ** -case["decimals"]
    for weights, expected in case["kappa"].items():
        value = cohen_kappa(first, second, weights=None if weights == "unweighted" else weights)
        assert value == pytest.approx(expected, abs=tolerance), weights


class TestKrippendorff2011:
    case = load("krippendorff_2011")

    def test_binary_two_observers(self) -> None:
        data = self.case["binary_two_observers"]
        alpha = krippendorff_alpha(data["reliability_data"], level="nominal")
        assert alpha == pytest.approx(data["published"]["nominal"], abs=ROUNDED)
        assert alpha == pytest.approx(exact(data["derived_exact"]["nominal"]), abs=EXACT)

    @pytest.mark.parametrize("level", LEVELS)
    def test_four_observers_with_missing_values(self, level: str) -> None:
        data = self.case["four_observers_missing"]
        alpha = krippendorff_alpha(data["reliability_data"], level=level)
        assert alpha == pytest.approx(data["published"][level], abs=ROUNDED)
        assert alpha == pytest.approx(exact(data["derived_exact"][level]), abs=EXACT)

    @pytest.mark.parametrize("level", LEVELS)
    def test_bootstrap_estimate_from_sufficient_statistics(self, level: str) -> None:
        data = self.case["four_observers_missing"]
        result = bootstrap_ci(
            krippendorff_alpha, data["reliability_data"], level=level, n_resamples=50
        )
        assert result.estimate == pytest.approx(exact(data["derived_exact"][level]), abs=EXACT)
        assert result.n_units == 11  # unit 12 has one value

    @pytest.mark.parametrize("level", ["nominal", "ordinal"])
    def test_named_ordered_categories(self, level: str) -> None:
        data = self.case["four_observers_missing"]
        names = ["very low", "low", "mid", "high", "very high"]
        named = [
            [None if v is None else names[v - 1] for v in row] for row in data["reliability_data"]
        ]
        alpha = krippendorff_alpha(named, level=level, categories=names)
        assert alpha == pytest.approx(exact(data["derived_exact"][level]), abs=EXACT)


class TestMasi:
    case = load("masi_pairs")

    @pytest.mark.parametrize("pair", load("masi_pairs")["distances"], ids=lambda p: p["why"])
    def test_distance(self, pair: dict) -> None:
        assert masi_distance(pair["a"], pair["b"]) == pytest.approx(exact(pair["distance"]))
        assert masi_distance(pair["b"], pair["a"]) == pytest.approx(exact(pair["distance"]))

    def test_alpha(self) -> None:
        example = self.case["alpha_example"]
        data = [[set(labels) for labels in rater] for rater in example["data"]]
        assert masi_alpha(data) == pytest.approx(exact(example["alpha"]), abs=EXACT)
        estimate = bootstrap_ci(masi_alpha, data, n_resamples=10).estimate
        assert estimate == pytest.approx(exact(example["alpha"]), abs=EXACT)


@pytest.mark.parametrize("case", load("span_f1_cases")["cases"], ids=lambda c: c["name"])
@pytest.mark.parametrize("mode", ["exact", "overlap", "token"])
def test_span_f1(case: dict, mode: str) -> None:
    a = [tuple(span) for span in case["a"]]
    b = [tuple(span) for span in case["b"]]
    assert span_f1(a, b, mode=mode) == pytest.approx(exact(case[mode]), abs=EXACT)
    assert span_f1(b, a, mode=mode) == pytest.approx(exact(case[mode]), abs=EXACT)
