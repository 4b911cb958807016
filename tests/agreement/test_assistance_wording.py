"""The sentence `manage.py agreement` prints for a report's hint comparison is the one the
agreement page shows: both are checked against fixtures/agreement/assistance_wording.json."""

from __future__ import annotations

from typing import Any

import pytest

from annotations.agreement.assistance_wording import assistance_summary
from tests.agreement.reference_data import load

CASES: list[dict[str, Any]] = load("assistance_wording")["cases"]


def test_there_are_cases_for_every_branch() -> None:
    assert len(CASES) >= 6


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_comparison_reads_as_the_shared_case_says(case: dict[str, Any]) -> None:
    assert assistance_summary(case["section"]) == case["text"]
