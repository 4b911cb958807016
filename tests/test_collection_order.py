"""The order tests run in (tests/conftest.py): long ones first, never across pytest-django's
groups, since a transactional test empties the database for any rolled-back test after it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.conftest import _long_first


@dataclass
class Stub:
    name: str
    markers: dict[str, Any] = field(default_factory=dict)
    fixturenames: list[str] = field(default_factory=list)
    cls: Any = None

    def get_closest_marker(self, name: str) -> Any:
        return self.markers.get(name)


def test_long_tests_go_first_within_their_group_and_the_groups_keep_their_order() -> None:
    rolled_back = pytest.mark.django_db.mark
    transactional = pytest.mark.django_db(transaction=True).mark
    long = pytest.mark.long.mark
    items = [
        Stub("plain"),
        Stub("live", fixturenames=["live_server"]),
        Stub("tx", {"django_db": transactional}),
        Stub("tx-long", {"django_db": transactional, "long": long}),
        Stub("db"),
        Stub("db-marked", {"django_db": rolled_back}),
        Stub("db-long", {"django_db": rolled_back, "long": long}),
        Stub("plain-long", {"long": long}),
    ]
    items[4].fixturenames = ["db"]
    _long_first(items)  # type: ignore[arg-type]
    assert [item.name for item in items] == [
        "db-long",
        "db",
        "db-marked",
        "tx-long",
        "live",
        "tx",
        "plain-long",
        "plain",
    ]
