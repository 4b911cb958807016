"""Span and evidence agreement over a round, against hand-computed values."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from annotations.agreement import AgreementError
from annotations.agreement.span_agreement import evidence_agreement, span_agreement
from annotations.agreement.spans import checked_spans, f1_from_counts, pair_counts

MODE = {"exact": "exact", "overlap": "overlap", "character": "token"}

# The worked example: four spans against five, one identical.
FOUR = [(0, 10), (20, 30), (40, 52), (60, 67)]
FIVE = [(0, 10), (22, 35), (45, 50), (70, 80), (90, 100)]


@pytest.mark.parametrize(
    ("mode", "expected"),
    [("exact", Fraction(2, 9)), ("overlap", Fraction(2, 3)), ("character", Fraction(46, 87))],
)
def test_the_four_against_five_example(mode: str, expected: Fraction) -> None:
    result = span_agreement([{"ana": FOUR, "ben": FIVE}], mode=mode, n_resamples=50)
    assert result.value == pytest.approx(float(expected))
    (pair,) = result.pairwise
    assert (pair.a, pair.b, pair.n_units) == ("ana", "ben", 1)
    assert pair.value == pytest.approx(float(expected))


def test_counts_are_summed_over_sentences_before_dividing() -> None:
    units = [
        {"ana": [(0, 5)], "ben": [(0, 5)]},  # exact counts (2 shared, 2 marked)
        {"ana": [(0, 3), (5, 8)], "ben": [(10, 12)]},  # (0 shared, 3 marked)
    ]
    # Micro: 2 / 5; the mean of the sentences' F1 would be (1 + 0) / 2.
    assert span_agreement(units, mode="exact", n_resamples=10).value == pytest.approx(2 / 5)
    # Characters: 10 shared of 5 + 5 + 6 + 2 covered.
    assert span_agreement(units, mode="character", n_resamples=10).value == pytest.approx(10 / 18)


def test_only_sentences_both_flagged_count_and_pairs_are_averaged() -> None:
    units = [
        {"ana": [(0, 4)], "ben": [(0, 4)], "cem": [(0, 2)]},
        {"ana": [(0, 4)], "ben": [(1, 4)]},  # cem did not flag this sentence
        {"cem": [(0, 9)]},  # one annotator: no pair, not a unit of agreement
    ]
    result = span_agreement(units, mode="exact", n_resamples=10)
    by_pair = {(p.a, p.b): p for p in result.pairwise}
    assert by_pair["ana", "ben"].value == pytest.approx(2 / 4)
    assert by_pair["ana", "ben"].n_units == 2
    assert by_pair["ana", "cem"].value == 0
    assert by_pair["ana", "cem"].n_units == 1
    assert by_pair["ben", "cem"].value == 0
    assert result.n_units == 2
    assert result.value == pytest.approx((0.5 + 0 + 0) / 3)


def test_a_pair_that_marked_nothing_is_left_out_of_the_mean() -> None:
    units = [{"ana": [], "ben": [], "cem": [(0, 3)]}, {"ana": [(0, 3)], "ben": [(0, 3)]}]
    result = span_agreement(units, mode="exact", n_resamples=10)
    by_pair = {(p.a, p.b): p.value for p in result.pairwise}
    assert by_pair["ana", "ben"] == 1
    assert by_pair["ana", "cem"] == 0
    assert by_pair["ben", "cem"] == 0
    empty = span_agreement([{"ana": [], "ben": []}], mode="overlap", n_resamples=10)
    assert math.isnan(empty.value)
    assert math.isnan(empty.pairwise[0].value)


def test_the_interval_is_seeded_and_brackets_the_estimate() -> None:
    units = [
        {"ana": [(0, 5)], "ben": [(0, 5)]},
        {"ana": [(0, 5)], "ben": [(1, 5)]},
        {"ana": [(2, 9)], "ben": [(2, 9), (12, 14)]},
        {"ana": [(0, 4)], "ben": [(6, 8)]},
    ] * 10
    first = span_agreement(units, mode="overlap", seed=3)
    again = span_agreement(units, mode="overlap", seed=3)
    assert first.ci == again.ci
    low, high = first.ci
    assert low <= first.value <= high
    assert low < high
    same = span_agreement([{"ana": [(0, 5)], "ben": [(0, 5)]}] * 20, mode="exact")
    assert same.value == 1
    assert same.ci == (1.0, 1.0)


def test_evidence_agreement_compares_the_turns_cited() -> None:
    units = [{"ana": [1, 2], "ben": [2, 3]}, {"ana": [4], "ben": [4, 4]}]
    # Shared turns 1 + 1 of 2 + 2 + 1 + 1 cited.
    assert evidence_agreement(units, n_resamples=10).value == pytest.approx(2 * 2 / 6)


def test_invalid_input_is_named() -> None:
    with pytest.raises(AgreementError, match="mode must be one of"):
        span_agreement([], mode="token")
    with pytest.raises(AgreementError, match=r"unit 0, annotator 'ben'.*0 <= start < end"):
        span_agreement([{"ana": [(0, 2)], "ben": [(3, 3)]}], mode="exact")


@pytest.mark.parametrize("mode", ["exact", "overlap", "character"])
def test_the_array_computation_equals_summing_each_sentences_counts(mode: str) -> None:
    """Random rounds: every pair's value equals F1 of its per-sentence ``span_f1`` counts
    (spans.pair_counts) summed over the sentences both flagged."""
    rng = random.Random(11)
    names = ["ana", "ben", "cem"]
    for _ in range(20):
        units = []
        for _ in range(rng.randint(1, 12)):
            unit = {}
            for name in rng.sample(names, rng.randint(1, 3)):
                spans = []
                for _ in range(rng.randint(0, 4)):
                    start = rng.randint(0, 30)
                    spans.append((start, start + rng.randint(1, 8)))
                unit[name] = spans
            units.append(unit)
        result = span_agreement(units, mode=mode, n_resamples=5)
        for pair in result.pairwise:
            width = 4 if mode == "overlap" else 2
            sums = [0] * width
            for unit in units:
                if pair.a in unit and pair.b in unit:
                    counts = pair_counts(
                        checked_spans(unit[pair.a]), checked_spans(unit[pair.b]), MODE[mode]
                    )
                    sums = [s + c for s, c in zip(sums, counts, strict=True)]
            expected = f1_from_counts(sums, MODE[mode])
            if math.isnan(expected):
                assert math.isnan(pair.value)
            else:
                assert pair.value == pytest.approx(expected), (units, pair)
