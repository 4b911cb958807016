"""The demo's replay (tests/demo_snapshot.py) writes exactly the rows a real load writes."""

from __future__ import annotations

from datetime import datetime
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction

from annotations.models import Project, Round
from annotations.services.projects import project_get_or_create
from tests.demo_snapshot import SNAPSHOTS, capture, fingerprint, tables

pytestmark = pytest.mark.django_db


class _Undo(Exception):
    pass


def _load_and_read() -> tuple[dict[str, list[tuple[Any, ...]]], str]:
    """What a load_demo inserts (rows by table) and prints, then undone."""
    every = tables()
    before = fingerprint(every)
    out = StringIO()
    try:
        with transaction.atomic():
            call_command("load_demo", stdout=out)
            rows = capture(every, before)
            raise _Undo
    except _Undo:
        pass
    return rows, out.getvalue()


def _without_times(rows: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[tuple[Any, ...]]]:
    return {
        name: [tuple(None if isinstance(v, datetime) else v for v in row) for row in table]
        for name, table in rows.items()
    }


def test_a_replayed_demo_has_the_rows_a_real_load_writes_with_its_times_moved_to_now() -> None:
    SNAPSHOTS.taken.clear()
    real, printed = _load_and_read()  # no snapshot of this state yet: a real load
    assert SNAPSHOTS.taken, "the real load was not kept"
    replayed, printed_again = _load_and_read()  # the same starting state: replayed
    assert set(replayed) == set(real)
    assert "annotations_keyfact" in real
    assert "annotations_agreementreport" in real
    assert _without_times(replayed) == _without_times(real)
    assert printed_again == printed
    # Every time moved forward by the same amount, so the replayed demo looks loaded now.
    shifts = {
        replayed_value - real_value
        for name in real
        for real_row, replayed_row in zip(real[name], replayed[name], strict=True)
        for real_value, replayed_value in zip(real_row, replayed_row, strict=True)
        if isinstance(real_value, datetime)
    }
    assert len(shifts) == 1
    assert shifts.pop().total_seconds() > 0


def test_a_replay_is_a_demo_the_app_works_with() -> None:
    call_command("load_demo", stdout=StringIO())
    pilot = Round.objects.get(project__slug="demo", name="Pilot 1")
    assert pilot.assignments.count() > 0
    assert Project.objects.get(slug="demo-facts").rounds.filter(status="closed").exists()


def test_a_second_load_over_the_demo_is_a_real_one_and_loads_nothing() -> None:
    call_command("load_demo", stdout=StringIO())
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert "demo already loaded" in out.getvalue()
    assert Project.objects.filter(slug="demo").count() == 1


def test_another_starting_state_gets_a_real_load_of_its_own() -> None:
    _load_and_read()  # this state's snapshot, if not taken yet
    kept = len(SNAPSHOTS.taken)
    try:
        with transaction.atomic():
            project_get_or_create(slug="first", name="A project made before the demo")
            call_command("load_demo", stdout=StringIO())
            assert len(SNAPSHOTS.taken) == kept + 1
            assert Project.objects.filter(slug__in=["first", "demo", "demo-facts"]).count() == 3
            raise _Undo
    except _Undo:
        pass
