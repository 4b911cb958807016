"""Assisted against unassisted rounds on the same sentences, hand-computed (no database).

Case one, one rater per round on ten shared sentences (and one only the assisted round has):
with hints I I I I C C C C C C, without I I I C C C C C C C. Shares inconsistent 4/10 and
3/10; one sentence differs; p_o = 0.9, p_e = 0.6 * 0.7 + 0.4 * 0.3 = 0.54, so kappa =
0.36 / 0.46 = 18/23.

Case two, two raters per round on four sentences, with ties:
    s1: a I, b I -> I      c I, d C -> tie
    s2: a C, b C -> C      c C, d C -> C
    s3: a I, b I -> I      c I, d I -> I
    s4: a C, b I -> tie    c C, d C -> C
Only s2 and s3 have a majority in both; they agree. Each round's own kappa is 0.5 (p_o 3/4,
p_e 1/2 for both pairs).
"""

from __future__ import annotations

import pytest

from annotations.agreement.assistance import (
    ConditionLabels,
    compare_conditions,
    condition_evidence,
)

C, INC = "consistent", "inconsistent"


def one_rater(labels: str, rater: str = "x") -> ConditionLabels:
    return ConditionLabels(
        {f"s{n}": {rater: INC if mark == "I" else C} for n, mark in enumerate(labels, 1)}
    )


def test_one_rater_per_round_gives_the_hand_computed_figures() -> None:
    section = compare_conditions(one_rater("IIIICCCCCCI"), one_rater("IIICCCCCCC"))

    assert section["n_sentences"] == 10  # s11 was labelled with hints only
    assert section["n_compared"] == 10
    assert section["small_n"] is True
    with_hints, without = section["conditions"]
    assert (with_hints["hints"], without["hints"]) == (True, False)
    assert (with_hints["n_labels"], with_hints["n_inconsistent"]) == (10, 4)
    assert with_hints["share_inconsistent"] == 0.4
    assert without["share_inconsistent"] == 0.3
    assert section["differ"]["value"] == pytest.approx(0.1)
    low, high = section["differ"]["ci"]
    assert 0 <= low <= 0.1 <= high
    assert section["kappa"]["name"] == "Cohen's kappa"
    assert section["kappa"]["value"] == pytest.approx(18 / 23, abs=1e-4)
    low, high = section["kappa"]["ci"]
    assert low <= section["kappa"]["value"] <= high
    # Rows with hints, columns without: the one change went from inconsistent to consistent.
    assert section["confusion"] == {"labels": [C, INC], "counts": [[6, 0], [1, 3]]}
    # One rater: no agreement within a round to report, and the note says why.
    assert with_hints["agreement"] is None
    assert with_hints["agreement_note"] == "Fewer than two raters labelled the same units."
    assert section["evidence"] is None  # no evidence asked


def test_ties_are_left_out_of_the_comparison_but_not_of_the_distribution() -> None:
    assisted = ConditionLabels(
        {
            "s1": {"a": INC, "b": INC},
            "s2": {"a": C, "b": C},
            "s3": {"a": INC, "b": INC},
            "s4": {"a": C, "b": INC},
        }
    )
    unassisted = ConditionLabels(
        {
            "s1": {"c": INC, "d": C},
            "s2": {"c": C, "d": C},
            "s3": {"c": INC, "d": INC},
            "s4": {"c": C, "d": C},
        }
    )
    section = compare_conditions(assisted, unassisted)

    assert (section["n_sentences"], section["n_compared"]) == (4, 2)
    with_hints, without = section["conditions"]
    assert with_hints["share_inconsistent"] == 5 / 8
    assert without["share_inconsistent"] == 3 / 8
    assert section["differ"]["value"] == 0
    assert section["kappa"]["value"] == 1
    for condition in (with_hints, without):
        assert condition["n_raters"] == 2
        assert condition["agreement"]["name"] == "Cohen's kappa"
        assert condition["agreement"]["value"] == 0.5
        assert condition["agreement_n_units"] == 4


def test_kappa_is_undefined_when_both_rounds_use_one_label_and_the_note_says_so() -> None:
    section = compare_conditions(one_rater("CCC"), one_rater("CCC"))
    assert section["differ"]["value"] == 0
    assert section["kappa"] is None
    assert "every compared sentence is consistent in both" in section["note"]


def test_rounds_without_shared_sentences_have_nothing_to_compare() -> None:
    section = compare_conditions(one_rater("II"), ConditionLabels({"other": {"y": C}}))
    assert section["n_sentences"] == 0
    assert section["differ"] is None
    assert section["conditions"][0]["share_inconsistent"] is None
    assert section["note"] == "No sentence has labels in both rounds yet."


def test_a_rounds_evidence_is_the_turns_at_least_half_of_its_flaggers_cite() -> None:
    assert condition_evidence({"a": [1], "b": [1, 2], "c": [3]}) == [1]
    assert condition_evidence({"a": [1, 2], "b": [2]}) == [1, 2]
    assert condition_evidence({"a": []}) == []


def test_evidence_is_compared_on_the_sentences_both_rounds_label_inconsistent() -> None:
    # s1: inconsistent in both; with hints {1, 2} (a or b), without {2, 3}: F1 = 2*1/4.
    # s2: inconsistent in both, identical turns: counts 2/2. s3: consistent without hints.
    # Micro-averaged: (2 + 2) / (4 + 2) = 2/3.
    assisted = ConditionLabels(
        {"s1": {"a": INC, "b": INC}, "s2": {"a": INC, "b": INC}, "s3": {"a": INC, "b": INC}},
        {
            "s1": {"a": [1, 2], "b": [2]},
            "s2": {"a": [5], "b": [5]},
            "s3": {"a": [0], "b": [0]},
        },
    )
    unassisted = ConditionLabels(
        {"s1": {"c": INC, "d": INC}, "s2": {"c": INC, "d": INC}, "s3": {"c": C, "d": C}},
        {"s1": {"c": [2], "d": [2, 3]}, "s2": {"c": [5], "d": []}},
    )
    evidence = compare_conditions(assisted, unassisted)["evidence"]
    assert evidence["name"] == "turn F1"
    assert evidence["n_units"] == 2
    assert evidence["value"] == pytest.approx(2 / 3, abs=1e-4)
    low, high = evidence["ci"]
    assert low <= evidence["value"] <= high
