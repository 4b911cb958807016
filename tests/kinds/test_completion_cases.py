"""The server's completion rules against the case files the frontend runs too
(fixtures/kinds/completion.json): what each kind still needs, per state and scheme."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from annotations.kinds import BY_KEY, KINDS

FILE = json.loads(
    (Path(__file__).resolve().parents[2] / "fixtures" / "kinds" / "completion.json").read_text()
)
CASES = FILE["cases"]
IN_SUMMARY = FILE["in_summary_cases"]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_kind_finds_what_is_missing(case: dict[str, Any]) -> None:
    kind = BY_KEY[case["kind"]]
    assert kind.missing_items(case["state"], case["scheme"]) == case["missing"]


@pytest.mark.parametrize("case", IN_SUMMARY, ids=[case["name"] for case in IN_SUMMARY])
def test_a_unit_kind_finds_what_is_missing_for_each_summary(case: dict[str, Any]) -> None:
    """Key facts decided for each summary: a unit kind's per-summary rule, as submit runs it
    (nothing when the scheme does not ask for the kind)."""
    kind = BY_KEY[case["kind"]]
    assert kind.missing_in_summary is not None
    found = (
        kind.missing_in_summary(case["state"], case["summary"], case["scheme"])
        if kind.is_asked(case["scheme"])
        else []
    )
    assert found == case["missing"]


def test_every_kind_that_can_be_missing_has_cases_and_a_message_for_each_item() -> None:
    covered = {case["kind"] for case in CASES}
    for kind in KINDS:
        if kind.counts_toward_progress:
            assert kind.key in covered, kind.key
            items = {
                item.partition(":")[0]  # "coverage:3" is the message of "coverage"
                for case in CASES
                if case["kind"] == kind.key
                for item in case["missing"]
            }
            assert items <= set(kind.messages), (kind.key, items - set(kind.messages))
