"""A transactional test (``serialized_rollback=True``) starts from the database's contents as
migrated: after the previous one emptied the tables, Django writes them back from a JSON
string, one ``save()`` per row (0.7 to 1.5 s a test here). Within the tests, once a process has
done that on empty tables, it reads the rows back (tests/row_snapshots.py) and writes them
with one COPY per table every later time the tables are empty; the same rows, ids and
times. Tables that are not empty (a process's first transactional test, whose database was
never emptied) get Django's own restore.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any
from unittest import mock

from django.db.backends.base.creation import BaseDatabaseCreation

from tests.row_snapshots import Table, capture, fingerprint, replay, tables

# Per process and database alias: the string restored and the rows it gave.
RESTORED: dict[str, tuple[str, dict[str, list[tuple[Any, ...]]]]] = {}
_TABLES: list[Table] = []
# Django's own restore (tests/test_row_snapshots.py compares the two).
DJANGO_RESTORE = BaseDatabaseCreation.deserialize_db_from_string


@contextmanager
def restoring() -> Iterator[None]:
    original = DJANGO_RESTORE

    def deserialize_db_from_string(self: BaseDatabaseCreation, data: str) -> None:
        connection = self.connection
        if connection.vendor != "postgresql" or connection.alias != "default":
            original(self, data)
            return
        if not _TABLES:
            _TABLES.extend(tables())
        before = fingerprint(_TABLES)
        empty = all(count == 0 for _, count, _ in before)
        known = RESTORED.get(connection.alias)
        if empty and known is not None and known[0] == data:
            replay(_TABLES, known[1], timedelta(0))
            return
        original(self, data)
        if empty:
            RESTORED[connection.alias] = (data, capture(_TABLES, before))

    with mock.patch.object(
        BaseDatabaseCreation, "deserialize_db_from_string", deserialize_db_from_string
    ):
        yield
