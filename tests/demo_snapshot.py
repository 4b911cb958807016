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
from datetime import datetime
from typing import Any
from unittest import mock

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from annotations.management.commands import load_demo
from annotations.management.commands.load_demo import Command
from annotations.models import Project
from tests.row_snapshots import Fingerprint, Table, capture, fingerprint, replay, tables


@dataclass(frozen=True, slots=True)
class Snapshot:
    loaded: bool  # what load_studies answered
    started_at: datetime
    rows: dict[str, list[tuple[Any, ...]]]  # table -> inserted rows, by id


class Snapshots:
    """Per process: a snapshot per starting state."""

    def __init__(self) -> None:
        self.taken: dict[tuple[Fingerprint, tuple[str, ...]], Snapshot] = {}
        self.paused = False
        self._tables: list[Table] | None = None

    def load(self, command: Command, load: Callable[[Command], bool]) -> bool:
        if self.paused or connection.vendor != "postgresql" or self._demo_exists():
            return load(command)
        if self._tables is None:
            self._tables = tables()
        # The studies and people it loads are part of the key: a test may load fewer.
        before = (fingerprint(self._tables), demo_loads())
        known = self.taken.get(before)
        if known is not None:
            replay(self._tables, known.rows, timezone.now() - known.started_at)
            return known.loaded
        started_at = timezone.now()
        loaded = load(command)
        self.taken[before] = Snapshot(loaded, started_at, capture(self._tables, before[0]))
        return loaded

    @staticmethod
    def _demo_exists() -> bool:
        slugs = [study.slug for study in load_demo.STUDIES]
        return (
            Project.objects.filter(slug__in=slugs).exists()
            or get_user_model().objects.filter(username__in=load_demo.LOGINS).exists()
        )


def demo_loads() -> tuple[str, ...]:
    """What load_demo would load now, read from its module as it reads it (a test may patch
    it): each study and person."""
    return (
        *(study.slug for study in load_demo.STUDIES),
        *(username for username, *_ in load_demo.USERS),
    )


SNAPSHOTS = Snapshots()


@contextmanager
def real_loads() -> Iterator[None]:
    """Within the block, load_demo runs for real: for the tests whose expectations hold the
    ids it gets from the sequences (a replay writes the ids of its first load)."""
    SNAPSHOTS.paused = True
    try:
        yield
    finally:
        SNAPSHOTS.paused = False


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
