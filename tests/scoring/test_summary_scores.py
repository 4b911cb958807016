"""Per-summary scores against hand-computed units, and the export rows' properties agreeing
with the pure functions."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from annotations.formats.writers.rows import (
    AtomicFactRow,
    FactCoverage,
    KeyFactRow,
    SentenceRow,
    SummaryRow,
)
from annotations.scoring import ScoringError, share, shares, summary_scores

C, X = "consistent", "inconsistent"


def test_a_summary_with_three_of_four_consistent_sentences_and_two_of_five_key_facts() -> None:
    # Sentences 1, 2 and 4 consistent, 3 not; key facts 1 and 4 of 5 stated; only
    # sentence 2 expresses a key fact; 5 of 6 atomic facts supported.
    scores = summary_scores(
        sentences_consistent=[True, True, False, True],
        key_facts_covered=[True, False, False, True, False],
        sentences_aligned=[False, True, False, False],
        atomic_facts_supported=[True, True, False, True, True, True],
    )
    assert scores.faithfulness == 0.75
    assert scores.completeness == 0.4
    assert scores.conciseness == 0.25
    assert scores.acu_score == 5 / 6
    assert scores.as_tuple() == (0.75, 0.4, 0.25, 5 / 6)


def test_undefined_scores_are_none() -> None:
    # No key facts, an unjudged alignment, no atomic facts.
    scores = summary_scores(
        sentences_consistent=[True, True],
        key_facts_covered=[],
        sentences_aligned=[True, None],
    )
    assert scores.faithfulness == 1.0
    assert scores.completeness is None
    assert scores.conciseness is None
    assert scores.acu_score is None
    assert share([]) is None
    assert share([True, None, False]) is None
    assert share([False, False]) == 0.0


def test_the_vectorised_shares() -> None:
    result = shares([3, 2, 0, 0], [4, 5, 3, 0])
    assert result[:3].tolist() == [0.75, 0.4, 0.0]
    assert math.isnan(result[3])
    with pytest.raises(ScoringError):
        shares([5], [4])
    with pytest.raises(ScoringError):
        shares([-1], [4])
    with pytest.raises(ScoringError):
        shares([1, 2], [4])


def sentence(position: int, label: str | None, covers: bool | None) -> SentenceRow:
    return SentenceRow(position, f"Sentence {position}.", label=label, covers_key_fact=covers)


def test_the_export_rows_give_the_same_scores() -> None:
    row = SummaryRow(
        corpus="mediasum",
        doc_id="NPR-1",
        topic="budget",
        system="model-a",
        sentences=(
            sentence(0, C, False),
            sentence(1, C, True),
            sentence(2, X, False),
            sentence(3, C, False),
        ),
        key_facts=tuple(KeyFactRow(f"fact {k}") for k in range(5)),
        key_fact_coverage=tuple(
            FactCoverage(KeyFactRow(f"fact {k}"), value)
            for k, value in enumerate((True, False, False, True, False))
        ),
        atomic_facts=tuple(AtomicFactRow(f"acu {j}", supported=j != 2) for j in range(6)),
    )
    assert (row.faithfulness, row.completeness, row.conciseness, row.acu_score) == (
        0.75,
        0.4,
        0.25,
        5 / 6,
    )


verdicts = st.lists(st.one_of(st.none(), st.booleans()), max_size=8)


@given(labels=verdicts, covered=verdicts, aligned=verdicts, supported=verdicts)
def test_rows_and_pure_scores_agree(
    labels: list[bool | None],
    covered: list[bool | None],
    aligned: list[bool | None],
    supported: list[bool | None],
) -> None:
    # Sentences carry both a label and an alignment: pair them up to the shorter list.
    n = min(len(labels), len(aligned))
    labels, aligned = labels[:n], aligned[:n]
    row = SummaryRow(
        corpus="c",
        doc_id="d",
        topic="t",
        system="s",
        sentences=tuple(
            sentence(i, None if label is None else (C if label else X), covers)
            for i, (label, covers) in enumerate(zip(labels, aligned, strict=True))
        ),
        key_fact_coverage=tuple(
            FactCoverage(KeyFactRow(f"fact {k}"), value) for k, value in enumerate(covered)
        ),
        key_facts=tuple(KeyFactRow(f"fact {k}") for k in range(len(covered))),
        atomic_facts=tuple(AtomicFactRow(f"acu {j}", supported=v) for j, v in enumerate(supported)),
    )
    pure = summary_scores(
        sentences_consistent=labels,
        key_facts_covered=covered,
        sentences_aligned=aligned,
        atomic_facts_supported=supported,
    )
    assert (row.faithfulness, row.completeness, row.conciseness, row.acu_score) == pure.as_tuple()
    numerators = [sum(1 for v in values if v) for values in (labels, covered, aligned, supported)]
    denominators = [len(values) for values in (labels, covered, aligned, supported)]
    vectorised = shares(numerators, denominators)
    for value, expected, values in zip(
        vectorised, pure.as_tuple(), (labels, covered, aligned, supported), strict=True
    ):
        if None in values:
            continue  # shares() takes counts: unjudged parts are the caller's to leave out
        assert (np.isnan(value) and expected is None) or value == expected
