"""Rows read back from PostgreSQL and written again fast: what a load inserted (every table's
rows with a larger id than before it), and one COPY per table to write them again with the
same ids. The tests use it to replay the demo (tests/demo_snapshot.py) and the database's
starting contents after a transactional test (tests/serialized_restore.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.apps import apps
from django.db import connection, models, transaction


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    columns: tuple[str, ...]
    json: frozenset[str]  # read as text, written back as text


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


def replay(
    every: list[Table], rows_by_table: dict[str, list[tuple[Any, ...]]], shift: timedelta
) -> None:
    """Rows written again with the same ids, every time moved by ``shift``, one COPY per
    table. Foreign keys are checked at the commit (Django makes them deferrable), so the order
    of the tables does not matter inside the transaction."""
    by_name = {t.name: t for t in every}
    quote = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cursor:
        for name, rows in rows_by_table.items():
            table = by_name[name]
            columns = ", ".join(quote(c) for c in table.columns)
            with cursor.cursor.copy(f"COPY {quote(name)} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row([_moved(value, shift) for value in row])
        _sequences_past(cursor, list(rows_by_table))


def _sequences_past(cursor: Any, names: list[str]) -> None:
    """Each table's id sequence moved past its largest id where it is behind (a test may set
    a sequence back; a migration test makes the tables anew), so the next row never takes the
    id of a row written with its own."""
    cursor.execute(
        "SELECT t, pg_get_serial_sequence(t, 'id') FROM unnest(%s::text[]) AS t", [names]
    )
    sequences = [(table, sequence) for table, sequence in cursor.fetchall() if sequence]
    if not sequences:
        return
    quote = connection.ops.quote_name
    cursor.execute(
        " UNION ALL ".join(
            f"SELECT setval(%s, written.top) FROM (SELECT max(id) AS top FROM {quote(table)})"
            f" AS written, {sequence} AS s WHERE written.top >"
            " (CASE WHEN s.is_called THEN s.last_value ELSE s.last_value - 1 END)"
            for table, sequence in sequences
        ),
        [sequence for _, sequence in sequences],
    )


def _moved(value: Any, shift: timedelta) -> Any:
    return value + shift if isinstance(value, datetime) else value
