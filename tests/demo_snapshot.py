"""The demo, loaded once per test process and replayed after that.

A third of the suite starts from the demo (``load_demo``: three studies, their corpora, rounds
and a closed round with its agreement report: about 200 statements). The first load in a
process runs the command; what it inserted is read back, table by table, and every later load
on the same starting state writes those rows again with one COPY per table, every timestamp
moved forward by the time since, so the demo looks loaded now (caches keyed by creation times
see a new demo, as they would after a real load).

The starting state is named by each table's row count and largest id. A test rolls back what
it wrote and ids are never handed out twice, so two starting states with the same name hold
the same rows; a test that wrote something first, or a database whose built-in taxonomies were
re-seeded (new ids), gets a real load (and a snapshot of its own). A load over an existing demo
is always real. ``DEMO_SNAPSHOT=0`` turns replaying off. tests/test_demo_snapshot.py checks that
a replay writes exactly the rows a real load writes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from unittest import mock

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection, models, transaction
from django.utils import timezone

from annotations.management.commands.load_demo import LOGINS, Command
from annotations.management.demo_studies import STUDIES
from annotations.models import Project


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    columns: tuple[str, ...]
    json: frozenset[str]  # read as text, written back as text


@dataclass(frozen=True, slots=True)
class Snapshot:
    loaded: bool  # what load_studies answered
    started_at: datetime
    rows: dict[str, list[tuple[Any, ...]]]  # table -> inserted rows, by id


Fingerprint = tuple[tuple[str, int, int], ...]


def tables() -> list[Table]:
    """Every table whose rows have a serial id (all of the project's and auth's)."""
    found: dict[str, Table] = {}
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.proxy or not meta.managed:
            continue
        if not isinstance(meta.pk, models.AutoField | models.BigAutoField):
            continue
        fields = meta.local_concrete_fields
        found[meta.db_table] = Table(
            meta.db_table,
            tuple(f.column for f in fields),
            frozenset(f.column for f in fields if isinstance(f, models.JSONField)),
        )
    return [found[name] for name in sorted(found)]


def fingerprint(every: list[Table]) -> Fingerprint:
    """Each table's row count and largest id, in one statement."""
    quote = connection.ops.quote_name
    query = " UNION ALL ".join(
        f"SELECT %s, count(*), coalesce(max(id), 0) FROM {quote(t.name)}" for t in every
    )
    with connection.cursor() as cursor:
        cursor.execute(query, [t.name for t in every])
        counted = {name: (int(count), int(largest)) for name, count, largest in cursor.fetchall()}
    return tuple((t.name, *counted[t.name]) for t in every)


def _select(table: Table) -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(f"{quote(c)}::text" if c in table.json else quote(c) for c in table.columns)
    return f"SELECT {columns} FROM {quote(table.name)} WHERE id > %s ORDER BY id"


def capture(every: list[Table], before: Fingerprint) -> dict[str, list[tuple[Any, ...]]]:
    """The rows inserted since ``before``: those with a larger id than its largest."""
    largest = {name: top for name, _, top in before}
    rows: dict[str, list[tuple[Any, ...]]] = {}
    with connection.cursor() as cursor:
        for table in every:
            cursor.execute(_select(table), [largest[table.name]])
            found = cursor.fetchall()
            if found:
                rows[table.name] = [tuple(row) for row in found]
    return rows


def replay(every: list[Table], snapshot: Snapshot) -> None:
    """The snapshot's rows written again, with the same ids, their times moved to now.
    Foreign keys are checked at the commit (Django makes them deferrable), so the order of
    the tables does not matter inside the transaction."""
    by_name = {t.name: t for t in every}
    shift = timezone.now() - snapshot.started_at
    quote = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cursor:
        for name, rows in snapshot.rows.items():
            table = by_name[name]
            columns = ", ".join(quote(c) for c in table.columns)
            with cursor.cursor.copy(f"COPY {quote(name)} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row([_moved(value, shift) for value in row])


def _moved(value: Any, shift: timedelta) -> Any:
    return value + shift if isinstance(value, datetime) else value


class Snapshots:
    """Per process: a snapshot per starting state."""

    def __init__(self) -> None:
        self.taken: dict[Fingerprint, Snapshot] = {}
        self._tables: list[Table] | None = None

    def load(self, command: Command, load: Callable[[Command], bool]) -> bool:
        if connection.vendor != "postgresql" or self._demo_exists():
            return load(command)
        if self._tables is None:
            self._tables = tables()
        before = fingerprint(self._tables)
        known = self.taken.get(before)
        if known is not None:
            replay(self._tables, known)
            return known.loaded
        started_at = timezone.now()
        loaded = load(command)
        self.taken[before] = Snapshot(loaded, started_at, capture(self._tables, before))
        return loaded

    @staticmethod
    def _demo_exists() -> bool:
        slugs = [study.slug for study in STUDIES]
        return (
            Project.objects.filter(slug__in=slugs).exists()
            or get_user_model().objects.filter(username__in=LOGINS).exists()
        )


SNAPSHOTS = Snapshots()


@contextmanager
def replaying() -> Iterator[None]:
    """``load_demo`` replays its snapshot where it can, within the block."""
    if os.environ.get("DEMO_SNAPSHOT", "1") == "0":
        yield
        return
    original = Command.load_studies

    def load_studies(command: Command) -> bool:
        return SNAPSHOTS.load(command, original)

    with mock.patch.object(Command, "load_studies", load_studies):
        yield
