"""The tests' fast paths write exactly what the slow ones do: the demo's replay
(tests/demo_snapshot.py) what a real load writes, and the COPY of a transactional test's
starting contents (tests/serialized_restore.py) what Django's restore writes."""

from __future__ import annotations

from datetime import datetime
from io import StringIO
from typing import Any

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection, transaction
from django.test import TransactionTestCase

from annotations.models import ErrorTaxonomy, Project, Round
from annotations.services.projects import project_get_or_create
from tests.demo_snapshot import SNAPSHOTS, demo_loads
from tests.row_snapshots import Fingerprint, capture, fingerprint, tables
from tests.serialized_restore import DJANGO_RESTORE, RESTORED

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


def _emptied() -> None:
    # As a transactional test's teardown does: the sequences go on (flush's own default
    # restarts them, and the next rows would take the ids of the rows written back).
    call_command(
        "flush", interactive=False, inhibit_post_migrate=True, reset_sequences=False, verbosity=0
    )
    assert all(count == 0 for _, count, _ in fingerprint(tables()))


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_transactional_tests_starting_contents_are_copied_as_django_restores_them() -> None:
    data = connection._test_serialized_contents  # type: ignore[attr-defined]
    every = tables()
    nothing = tuple((t.name, 0, 0) for t in every)
    _emptied()
    DJANGO_RESTORE(connection.creation, data)
    djangos = capture(every, nothing)
    assert "annotations_errortype" in djangos
    for _ in range(2):  # the second time is surely a copy of what the first read back
        _emptied()
        connection.creation.deserialize_db_from_string(data)
    assert RESTORED["default"].data == data  # the copy was taken: this was one
    # Django writes a many-to-many link back under a new id each time; the link is the same.
    assert _links_without_ids(capture(every, nothing)) == _links_without_ids(djangos)


def _link_tables() -> set[str]:
    """The many-to-many link tables: Django writes a link back under a new id each time."""
    return {
        model._meta.db_table
        for model in apps.get_models(include_auto_created=True)
        if model._meta.auto_created
    }


def _ignoring_link_ids(state: Fingerprint) -> Fingerprint:
    links = _link_tables()
    return tuple((name, count, 0 if name in links else top) for name, count, top in state)


def _links_without_ids(rows: dict[str, list[tuple[Any, ...]]]) -> dict[str, Any]:
    links = _link_tables()
    return {
        name: sorted(row[1:] for row in table) if name in links else table
        for name, table in rows.items()
    }


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_transactional_test_leaves_the_migrated_contents_for_whatever_runs_next() -> None:
    """Its teardown empties the database and writes the migrated contents back at once, so a
    rolled-back test after it on the same worker finds the built-in taxonomies."""
    every = tables()
    migrated = fingerprint(every)
    call_command("load_demo", stdout=StringIO())

    class Ended(TransactionTestCase):
        serialized_rollback = True
        databases = {"default"}

        def runTest(self) -> None:
            pass

    Ended()._fixture_teardown()
    assert _ignoring_link_ids(fingerprint(every)) == _ignoring_link_ids(migrated)
    assert not Project.objects.exists()
    assert ErrorTaxonomy.objects.filter(builtin=True).exists()


def test_a_replay_moves_a_sequence_set_back_past_the_ids_it_writes() -> None:
    """A test may set a sequence back (the golden payloads do); the replayed rows keep their
    ids, and the next row written after them must not take one."""
    _load_and_read()  # this state's snapshot, if not taken yet
    snapshot = SNAPSHOTS.taken[(fingerprint(tables()), demo_loads())]
    first_id = snapshot.rows["annotations_project"][0][0]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence('annotations_project', 'id'), %s, false)",
            [first_id],
        )
    call_command("load_demo", stdout=StringIO())
    assert Project.objects.get(slug="demo").pk == first_id  # replayed, with its ids
    made, _ = project_get_or_create(slug="after-the-demo")
    assert made.pk > max(row[0] for row in snapshot.rows["annotations_project"])
