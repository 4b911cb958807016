"""A transactional test (``serialized_rollback=True``) empties the database when it ends, and
Django writes the migrated contents back only when the next such test starts, from a JSON
string, one ``save()`` per row (0.7 to 1.5 s a test here). Within the tests:

- The contents come back as soon as a transactional test has emptied the database, at its
  teardown, so every test, rolled back or transactional, starts from the migrated contents
  whatever ran before it on its worker, and the workers may take tests in any order
  (pytest-xdist's work stealing; docs/testing.md).
- Once a process has restored them on empty tables, it reads the rows back
  (tests/row_snapshots.py) and writes them with one COPY per table every later time the
  tables are empty: the same rows, ids and times. A test starting on contents already
  restored restores nothing; other contents (a process's first transactional test, on its
  database as created) get Django's own restore.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from unittest import mock

from django.db import connections
from django.db.backends.base.creation import BaseDatabaseCreation
from django.test import TransactionTestCase

from tests.row_snapshots import Fingerprint, Table, capture, fingerprint, replay, tables


@dataclass(frozen=True, slots=True)
class Restored:
    data: str  # the serialized contents
    rows: dict[str, list[tuple[Any, ...]]]  # the rows they gave, by table
    after: Fingerprint  # the tables' counts and largest ids once restored


# Per process and database alias.
RESTORED: dict[str, Restored] = {}
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
        known = RESTORED.get(connection.alias)
        if known is not None and known.data == data and before == known.after:
            return  # restored when the last transactional test ended; rolled back since
        empty = all(count == 0 for _, count, _ in before)
        if empty and known is not None and known.data == data:
            replay(_TABLES, known.rows, timedelta(0))
            return
        original(self, data)
        if empty:
            RESTORED[connection.alias] = Restored(
                data, capture(_TABLES, before), fingerprint(_TABLES)
            )

    flush = TransactionTestCase._fixture_teardown

    def _fixture_teardown(self: TransactionTestCase) -> None:
        flush(self)
        if not self.serialized_rollback:
            return
        for alias in self._databases_names(include_mirrors=False):
            connection = connections[alias]
            if hasattr(connection, "_test_serialized_contents"):
                connection.creation.deserialize_db_from_string(connection._test_serialized_contents)

    with (
        mock.patch.object(
            BaseDatabaseCreation, "deserialize_db_from_string", deserialize_db_from_string
        ),
        mock.patch.object(TransactionTestCase, "_fixture_teardown", _fixture_teardown),
    ):
        yield
