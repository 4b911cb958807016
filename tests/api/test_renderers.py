"""``FastJSONRenderer`` writes the bytes DRF's ``JSONRenderer`` writes."""

from __future__ import annotations

import datetime
import decimal
import uuid
import zoneinfo
from typing import Any

import pytest
from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer

from annotations.api.renderers import FastJSONRenderer

NOW = datetime.datetime(2026, 11, 21, 8, 30, 15, 123456, tzinfo=datetime.UTC)

CASES: list[Any] = [
    None,
    {"id": 1, "read_only": False, "guideline": None, "list": [1, "a", True, None, []]},
    {
        "created_at": NOW,
        "whole_second": NOW.replace(microsecond=0),
        "naive": NOW.replace(tzinfo=None),
    },
    {"london": NOW.astimezone(zoneinfo.ZoneInfo("Europe/London"))},
    {"tokyo": NOW.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo")), "day": NOW.date()},
    {"text": "line\u2028separator\u2029paragraph — “quoted” é 日本 \U0001f600", "empty": ""},
    {"lazy": gettext_lazy("Invalid token."), "uuid": uuid.UUID(int=7), "tuple": (1, 2)},
    {"decimal": decimal.Decimal("1.50")},
    {"big": 2**70},  # beyond orjson: falls back to DRF
    {1: "non-string key", "set": {3}},  # likewise
]


@pytest.mark.parametrize("data", CASES)
def test_the_same_bytes_as_drf(data: Any) -> None:
    assert FastJSONRenderer().render(data) == JSONRenderer().render(data)


def test_an_indent_asked_for_is_honoured_as_by_drf() -> None:
    data = {"a": [1, {"b": NOW}]}
    for accepted, context in [
        ("application/json; indent=4", {}),
        ("application/json", {"indent": 2}),
    ]:
        assert FastJSONRenderer().render(data, accepted, context) == JSONRenderer().render(
            data, accepted, context
        )
