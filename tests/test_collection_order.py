"""The order tests run in (tests/conftest.py): long ones first, the rest as they were."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.conftest import _long_first


@dataclass
class Stub:
    name: str
    markers: dict[str, Any] = field(default_factory=dict)

    def get_closest_marker(self, name: str) -> Any:
        return self.markers.get(name)


def test_long_tests_go_first_and_the_rest_keep_their_order() -> None:
    long = {"long": pytest.mark.long.mark}
    names = ["a", "b-long", "c", "d", "e-long", "f"]
    items = [Stub(name, long if name.endswith("long") else {}) for name in names]
    _long_first(items)  # type: ignore[arg-type]
    assert [item.name for item in items] == ["b-long", "e-long", "a", "c", "d", "f"]
