"""The vectorised report gives the figures and notes the report gave before (docs/
performance.md, 2026-11-27): the whole recompute of a constructed round that takes every path
(Cohen, Fleiss and alpha coefficients, ordinal weights, sets, scores, spans, ties, notes)
equals the one stored by the Python-loop report, floats to 1e-12."""

from __future__ import annotations

import json
import math
from typing import Any

from tests.agreement.report_cases import GOLDEN, constructed_round, recompute


def assert_same(expected: Any, actual: Any, path: str = "$") -> None:
    if isinstance(expected, float) or isinstance(actual, float):
        assert expected is not None, f"{path}: {expected!r} != {actual!r}"
        assert actual is not None, f"{path}: {expected!r} != {actual!r}"
        if math.isnan(expected):
            assert math.isnan(actual), f"{path}: {expected!r} != {actual!r}"
        else:
            assert abs(expected - actual) <= 1e-12, f"{path}: {expected!r} != {actual!r}"
        return
    assert type(expected) is type(actual), f"{path}: {expected!r} != {actual!r}"
    if isinstance(expected, dict):
        assert list(expected) == list(actual), f"{path}: keys {list(expected)} != {list(actual)}"
        for key in expected:
            assert_same(expected[key], actual[key], f"{path}.{key}")
    elif isinstance(expected, list):
        assert len(expected) == len(actual), f"{path}: {len(expected)} != {len(actual)} entries"
        for index, (a, b) in enumerate(zip(expected, actual, strict=True)):
            assert_same(a, b, f"{path}[{index}]")
    else:
        assert expected == actual, f"{path}: {expected!r} != {actual!r}"


def test_the_whole_recompute_of_a_constructed_round_gives_the_stored_figures() -> None:
    assert_same(json.loads(GOLDEN.read_text()), recompute(constructed_round()))
