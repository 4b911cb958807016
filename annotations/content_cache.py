"""A process-wide cache of values computed from immutable content, keyed by that content.

Database ids do not name content: the test database hands out the same ids again after each
test (its transaction is rolled back), and a restored backup or a rebuilt database does the
same in production. A cache keyed by ids then serves the figures of whatever had the id
before (issue 27: the leaderboard of one test's release 1 was served to the next test's
release 1). So the key is made of checksums of the bytes the value is computed from (a
release archive's sha256, each run file's sha256) plus the other values it shows (names,
numbers); the loader that needs a database row is passed beside the key, never in it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class ContentCache(Generic[V]):
    """The ``size`` values used last, by key. ``get(key, compute)`` calls ``compute`` on a
    miss; two threads missing at once both compute (the values are equal), rather than one
    holding a lock for the seconds a large leaderboard takes."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        value = compute()
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self._size:
                self._values.popitem(last=False)
        return value

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._values

    def clear(self) -> None:
        with self._lock:
            self._values.clear()

    def __len__(self) -> int:
        return len(self._values)
