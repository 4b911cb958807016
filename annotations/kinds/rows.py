"""The statements that read and write a kind's rows, generated from its spec.

A save and the payload are the requests the workspace sends most, and the ORM's query
compilation cost more than PostgreSQL's work on them (docs/performance.md). So these are
plain statements, built once per kind from its spec (never copied per kind), portable
between PostgreSQL and SQLite, with names quoted by the backend. A judgement's first row,
which needs its new id back, is created through the ORM.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, cast

import orjson
from django.db import connection
from django.db.models import BooleanField, Field, Model, Q
from django.utils import timezone

from annotations.kinds.spec import Child, Kind
from annotations.models import Assignment, RoundItem, Summary, SummarySentence
from annotations.sql import table


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def model_field(model: type[Model], name: str) -> Field[Any, Any]:
    """A concrete field of ``model`` by name or attname (never a reverse relation here)."""
    return cast("Field[Any, Any]", model._meta.get_field(name))


def _column(model: type[Model], name: str) -> str:
    return _quote(cast(str, model_field(model, name).column))


def _through(kind: Kind, name: str) -> tuple[str, str, str]:
    """An id set's through table, and its columns for the judgement and for the ids."""
    relation = cast(Any, kind.model._meta.get_field(name))
    through = relation.remote_field.through
    return (
        table(through),
        _quote(relation.m2m_column_name()),
        _quote(relation.m2m_reverse_name()),
    )


def _target_from(kind: Kind) -> tuple[str, str | None]:
    """The target's table as ``x`` (joined to what places it in a unit), and the column
    holding its unit's topic (None for the unit itself: the assignment is the target)."""
    if kind.target == "sentence":
        return (
            f"{table(SummarySentence)} x JOIN {table(Summary)} m ON m.id = x.summary_id",
            "m.topic_id",
        )
    if kind.target == "summary":
        return f"{table(Summary)} x", "x.topic_id"
    return f"{table(Assignment)} x", None


@cache
def _saved_sql(kind: Kind, children: tuple[Child, ...]) -> str:
    source, topic_column = _target_from(kind)
    columns = "".join(f", j.{_column(kind.model, name)}" for name in kind.scalars)
    joins = ""
    id_columns = ""
    for number, id_set in enumerate(kind.id_sets):
        through, own, value = _through(kind, id_set.name)
        joins += f" LEFT JOIN {through} t{number} ON t{number}.{own} = j.id"
        id_columns += f", t{number}.{value}"
    for child in children:
        id_columns += f", {_json_children(child, 'j', 0)}"
    if kind.target_field is None:
        on, where = "j.assignment_id = x.id", "x.id = %s"
    else:
        on = f"j.{_column(kind.model, kind.target_field)} = x.id AND j.assignment_id = %s"
        where = f"x.id = %s AND {topic_column} = %s"
    if kind.items_only:
        # An item of the assignment's round: any other sentence is not in this unit's work.
        where += (
            f" AND EXISTS (SELECT 1 FROM {table(RoundItem)} i JOIN {table(Assignment)} a"
            " ON a.round_id = i.round_id WHERE a.id = %s AND i.sentence_id = x.id)"
        )
    return (
        f"SELECT j.id, j.version{columns}{id_columns} FROM {source}"
        f" LEFT JOIN {table(kind.model)} j ON {on}{joins} WHERE {where}"
    )


def _from_db(kind: Kind, name: str, value: Any) -> Any:
    # SQLite returns booleans as integers.
    if isinstance(model_field(kind.model, name), BooleanField) and value is not None:
        return bool(value)
    return value


def state_of(kind: Kind, target_id: int | None, values: dict[str, Any]) -> dict[str, Any]:
    """A state in the spec's key order: the target, the scalars, the id sets, the version."""
    state: dict[str, Any] = {} if kind.target_field is None else {kind.target: target_id}
    names = (
        *kind.scalars,
        *(id_set.name for id_set in kind.id_sets),
        *(child.name for child in kind.children),
        "version",
    )
    for name in names:
        state[name] = values[name]
    return state


def saved_state(
    kind: Kind,
    *,
    assignment_id: int,
    topic_id: int,
    target_id: int | None,
    scheme: Mapping[str, bool] | None = None,
) -> tuple[int | None, dict[str, Any] | None]:
    """The saved row's id and state for one target of the assignment's unit ((None, None):
    never saved), in one statement. Raises the target model's ``DoesNotExist`` when the
    target is not in the unit.

    Not ``FOR UPDATE`` (PostgreSQL refuses it on the nullable side of an outer join): every
    writer of an assignment's judgements holds the assignment's row lock first
    (``services.assignment_lock``), and the UPDATE is guarded by the version read here."""
    params: list[Any] = (
        [assignment_id] if kind.target_field is None else [assignment_id, target_id, topic_id]
    )
    if kind.items_only:
        params.append(assignment_id)
    children = kind.children_in(scheme)
    with connection.cursor() as cursor:
        cursor.execute(_saved_sql(kind, children), params)
        rows = cursor.fetchall()
    if not rows:
        raise (SummarySentence if kind.target == "sentence" else Summary).DoesNotExist
    return _saved_from(kind, target_id, children, rows)


def _saved_from(
    kind: Kind, target_id: int | None, children: tuple[Child, ...], rows: list[tuple[Any, ...]]
) -> tuple[int | None, dict[str, Any] | None]:
    """One target's (row id, state) from its rows of ``_saved_sql`` (a row per id-set id)."""
    pk, version, *scalars = rows[0][: 2 + len(kind.scalars)]
    if pk is None:
        return None, None
    values: dict[str, Any] = {
        name: _from_db(kind, name, value) for name, value in zip(kind.scalars, scalars, strict=True)
    }
    first = 2 + len(kind.scalars)
    for number, id_set in enumerate(kind.id_sets):
        values[id_set.name] = sorted({row[first + number] for row in rows} - {None})
    first += len(kind.id_sets)
    for child in kind.children:
        values[child.name] = []  # not asked by the scheme: not read, shown empty
    for number, child in enumerate(children):
        values[child.name] = _loaded(rows[0][first + number])
    values["version"] = version
    return pk, state_of(kind, target_id, values)


@cache
def _saved_many_sql(kind: Kind, children: tuple[Child, ...], count: int) -> str:
    """``_saved_sql`` for ``count`` targets of a sentence or summary kind, each row led by
    its target's id."""
    one = _saved_sql(kind, children)
    placeholders = ", ".join(["%s"] * count)
    return "SELECT x.id, " + one.removeprefix("SELECT ").replace(
        "WHERE x.id = %s", f"WHERE x.id IN ({placeholders})", 1
    )


def saved_states_of(
    kind: Kind,
    *,
    assignment_id: int,
    topic_id: int,
    target_ids: list[int],
    scheme: Mapping[str, bool] | None = None,
) -> dict[int, tuple[int | None, dict[str, Any] | None]]:
    """``saved_state`` of many targets of one sentence or summary kind in one statement:
    target id -> (row id, state); a target not in the unit is absent."""
    children = kind.children_in(scheme)
    wanted = sorted(set(target_ids))
    params: list[Any] = [assignment_id, *wanted, topic_id]
    if kind.items_only:
        params.append(assignment_id)
    with connection.cursor() as cursor:
        cursor.execute(_saved_many_sql(kind, children, len(wanted)), params)
        rows = cursor.fetchall()
    by_target: dict[int, list[tuple[Any, ...]]] = {}
    for row in rows:
        by_target.setdefault(row[0], []).append(row[1:])
    return {
        target: _saved_from(kind, target, children, found) for target, found in by_target.items()
    }


@cache
def _update_sql(model: type[Model], columns: tuple[str, ...]) -> str:
    assignments = "".join(f"{column} = %s, " for column in columns)
    return (
        f"UPDATE {table(model)} SET {assignments}version = %s, updated_at = %s"
        " WHERE id = %s AND version = %s"
    )


def update_versioned(model: type[Model], pk: int, version: int, fields: dict[str, Any]) -> bool:
    """UPDATE one judgement row from ``version`` to ``version + 1`` with ``fields`` (field
    names or attnames); False when its version was no longer ``version``. The statement of
    ``filter(pk=, version=).update(...)`` without the queryset's compilation (~0.3 ms a
    save), values prepared by their model fields as the ORM would."""
    params = [
        model_field(model, name).get_db_prep_save(value, connection)
        for name, value in fields.items()
    ]
    now = model_field(model, "updated_at").get_db_prep_save(timezone.now(), connection)
    with connection.cursor() as cursor:
        cursor.execute(
            _update_sql(model, tuple(_column(model, name) for name in fields)),
            [*params, version + 1, now, pk, version],
        )
        return cursor.rowcount == 1


def _cast(model: type[Model], name: str, value: str) -> str:
    """``value`` as the column's type where a VALUES list may not have it (all NULL, or an
    untyped literal); text columns take text as it is (a cast to varchar(n) would cut)."""
    model_field_ = model_field(model, name)
    if model_field_.get_internal_type() in ("CharField", "TextField", "SlugField"):
        return value
    return f"CAST({value} AS {model_field_.db_type(connection)})"


@cache
def _update_many_sql(model: type[Model], names: tuple[str, ...], count: int) -> str:
    values = ", ".join([f"({', '.join(['%s'] * (len(names) + 2))})"] * count)
    columns = ", ".join(f"v{number}" for number in range(len(names) + 2))
    assignments = "".join(
        f"{_column(model, name)} = {_cast(model, name, f'v.v{number + 2}')}, "
        for number, name in enumerate(names)
    )
    name = table(model)
    return (
        f"WITH v ({columns}) AS (VALUES {values})"
        f" UPDATE {name} SET {assignments}version = v.v1 + 1, updated_at = %s"
        f" FROM v WHERE {name}.id = v.v0 AND {name}.version = v.v1 RETURNING id"
    )


def update_versioned_many(
    model: type[Model], rows: list[tuple[int, int, dict[str, Any]]]
) -> set[int]:
    """``update_versioned`` of many rows, each (id, version, fields with the same names), in
    one statement; the ids of the rows updated (a row whose version was no longer the one
    given is not)."""
    if not rows:
        return set()
    names = tuple(rows[0][2])
    params: list[Any] = []
    for pk, version, fields in rows:
        params += [pk, version]
        params += [
            model_field(model, name).get_db_prep_save(fields[name], connection) for name in names
        ]
    params.append(model_field(model, "updated_at").get_db_prep_save(timezone.now(), connection))
    with connection.cursor() as cursor:
        cursor.execute(_update_many_sql(model, names, len(rows)), params)
        return {row[0] for row in cursor.fetchall()}


def id_sets_replace_many(
    kind: Kind, name: str, changes: list[tuple[int, list[int], list[int]]]
) -> None:
    """``id_set_replace`` of many judgements, each (id, old, new): one DELETE of what went
    and one INSERT of what came, whatever their number."""
    relation = cast(Any, kind.model._meta.get_field(name))
    through_model = relation.remote_field.through
    own, value = relation.m2m_field_name() + "_id", relation.m2m_reverse_field_name() + "_id"
    removed = Q()
    added = []
    for pk, old, new in changes:
        gone = set(old) - set(new)
        if gone:
            removed |= Q(**{own: pk, f"{value}__in": sorted(gone)})
        added += [through_model(**{own: pk, value: item}) for item in sorted(set(new) - set(old))]
    if removed:
        through_model.objects.filter(removed).delete()
    if added:
        through_model.objects.bulk_create(added)


def id_set_replace(kind: Kind, name: str, pk: int, old: list[int], new: list[int]) -> None:
    """Make the judgement ``pk``'s id set ``name`` go from ``old`` to ``new``: delete what
    went, insert what came (nothing when nothing changed)."""
    through_model = cast(Any, kind.model._meta.get_field(name)).remote_field.through
    relation = cast(Any, kind.model._meta.get_field(name))
    own, value = relation.m2m_field_name() + "_id", relation.m2m_reverse_field_name() + "_id"
    removed, added = set(old) - set(new), set(new) - set(old)
    if removed:
        through_model.objects.filter(**{own: pk, f"{value}__in": removed}).delete()
    if added:
        through_model.objects.bulk_create(
            [through_model(**{own: pk, value: item}) for item in sorted(added)]
        )


# The payload and submit read every kind's saved states with one statement: a branch per
# kind that builds each row's state as a JSON object in the database, in the spec's key
# order, so reading a new kind needs no new code here.


def _json_object(pairs: list[tuple[str, str]]) -> str:
    function = "json_build_object" if connection.vendor == "postgresql" else "json_object"
    arguments = ", ".join(f"'{key}', {value}" for key, value in pairs)
    return f"{function}({arguments})"


def _json_value(kind: Kind, name: str) -> str:
    column = f"j.{_column(kind.model, name)}"
    if connection.vendor != "postgresql" and isinstance(
        model_field(kind.model, name), BooleanField
    ):
        return f"json(CASE WHEN {column} THEN 'true' ELSE 'false' END)"
    return column


def _json_id_set(kind: Kind, name: str) -> str:
    through, own, value = _through(kind, name)
    if connection.vendor == "postgresql":
        return (
            f"(SELECT COALESCE(json_agg(t.{value} ORDER BY t.{value}), '[]'::json)"
            f" FROM {through} t WHERE t.{own} = j.id)"
        )
    return (
        f"json((SELECT json_group_array(v) FROM (SELECT t.{value} AS v FROM {through} t"
        f" WHERE t.{own} = j.id ORDER BY 1)))"
    )


def _loaded(value: Any) -> Any:
    """A JSON column as Python (PostgreSQL's driver may have parsed it already)."""
    return orjson.loads(value) if isinstance(value, str | bytes) else value


def _json_children(child: Child, parent: str, depth: int) -> str:
    """A JSON array of ``child``'s rows under the row ``parent`` (alias), each an object of
    its fields and, nested, its own children, in ``order_by`` order: one correlated
    subquery, so a kind's children add no statement."""
    alias = f"c{depth}"
    parent_column = _column(child.model, child.parent)
    pairs = [(name, _child_value(child, alias, name)) for name in child.fields]
    pairs += [(grand.name, _json_children(grand, alias, depth + 1)) for grand in child.children]
    # No order_by: the order the rows were saved in (their ids), e.g. alignments, whose
    # summary ids would reveal the summarizers' import order.
    order = ", ".join(f"{alias}.{_column(child.model, name)}" for name in child.order_by) or (
        f"{alias}.id"
    )
    source = f"FROM {table(child.model)} {alias} WHERE {alias}.{parent_column} = {parent}.id"
    if connection.vendor == "postgresql":
        return (
            f"(SELECT COALESCE(json_agg({_json_object(pairs)} ORDER BY {order}), '[]'::json)"
            f" {source})"
        )
    return (
        f"json((SELECT json_group_array(json(o)) FROM (SELECT {_json_object(pairs)} AS o"
        f" {source} ORDER BY {order})))"
    )


def _child_value(child: Child, alias: str, name: str) -> str:
    column = f"{alias}.{_column(child.model, name)}"
    if connection.vendor != "postgresql" and isinstance(
        model_field(child.model, name), BooleanField
    ):
        return f"json(CASE WHEN {column} THEN 'true' ELSE 'false' END)"
    return column


def canonical_children(child: Child, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``items`` as the database gives them back: each with exactly the child's fields and
    nested children, in ``order_by`` order, so a save returns the state the payload shows."""
    shaped = [
        {
            **{name: item[name] for name in child.fields},
            **{grand.name: canonical_children(grand, item[grand.name]) for grand in child.children},
        }
        for item in items
    ]
    if not child.order_by:
        return shaped  # kept in the order saved
    return sorted(shaped, key=lambda item: tuple(item[name] for name in child.order_by))


def children_replace(
    child: Child, parent_id: int, old: list[dict[str, Any]], items: list[dict[str, Any]]
) -> None:
    """Make ``child``'s rows under ``parent_id`` be ``items`` (state form), ``old`` being
    those the saved state holds: delete the old rows and their own children, deepest first,
    one DELETE per level (none when there were none), then insert the new ones in order, one
    INSERT per level of nesting whatever the number of rows."""
    children_replace_many(child, [(parent_id, old, items)])


def children_replace_many(
    child: Child, changes: list[tuple[int, list[dict[str, Any]], list[dict[str, Any]]]]
) -> None:
    """``children_replace`` of many parents, each (parent id, old, items), with the same
    statements as one: a DELETE per level for all of them, an INSERT per level."""
    emptied = [parent_id for parent_id, old, _ in changes if old]
    if emptied:
        _children_delete(child, child.parent, emptied)
        child.model._default_manager.filter(**{f"{child.parent}__in": emptied})._raw_delete(
            child.model._default_manager.db
        )
    _children_insert(
        child, [(parent_id, item) for parent_id, _, items in changes for item in items]
    )


def _children_delete(child: Child, path: str, parent_ids: list[int]) -> None:
    """Delete the nested children of ``child``'s rows (``path``: the lookup from a nested row
    to the top parent). Raw deletes: the collector's SELECT of every row first is a query per
    save for nothing, as no signal or non-cascading relation hangs on these rows."""
    for grand in child.children:
        lookup = f"{grand.parent}__{path}"
        _children_delete(grand, lookup, parent_ids)
        grand.model._default_manager.filter(**{f"{lookup}__in": parent_ids})._raw_delete(
            grand.model._default_manager.db
        )


def _children_insert(child: Child, placed: list[tuple[int, dict[str, Any]]]) -> None:
    """Insert ``child`` rows, each (its parent's id, its state), then their own children."""
    if not placed:
        return
    parent_column = model_field(child.model, child.parent).attname
    rows = child.model._default_manager.bulk_create(
        [
            child.model(
                **{parent_column: parent_id},
                **{model_field(child.model, name).attname: item[name] for name in child.fields},
            )
            for parent_id, item in placed
        ]
    )
    for grand in child.children:
        _children_insert(
            grand,
            [
                (row.pk, item)
                for row, (_, parent) in zip(rows, placed, strict=True)
                for item in parent[grand.name]
            ],
        )


def _state_json(kind: Kind, children: tuple[Child, ...]) -> str:
    pairs: list[tuple[str, str]] = []
    if kind.target_field is not None:
        pairs.append((kind.target, f"j.{_column(kind.model, kind.target_field)}"))
    pairs += [(name, _json_value(kind, name)) for name in kind.scalars]
    pairs += [(id_set.name, _json_id_set(kind, id_set.name)) for id_set in kind.id_sets]
    empty = "'[]'::json" if connection.vendor == "postgresql" else "json('[]')"
    pairs += [
        (child.name, _json_children(child, "j", 0) if child in children else empty)
        for child in kind.children
    ]
    pairs.append(("version", "j.version"))
    text = "text" if connection.vendor == "postgresql" else "TEXT"
    return f"CAST({_json_object(pairs)} AS {text})"


@cache
def _states_sql(
    kinds: tuple[Kind, ...],
    children: tuple[tuple[Child, ...], ...],
    assignments: int,
    *,
    siblings: bool,
) -> str:
    placeholders = ", ".join(["%s"] * assignments)
    branches = [
        f"SELECT {number}, j.id, j.assignment_id, {_state_json(kind, children[number])}"
        f" FROM {table(kind.model)} j WHERE j.assignment_id IN ({placeholders})"
        for number, kind in enumerate(kinds)
    ]
    if siblings:
        # (id, status) of the annotator's assignments in the round, for the payload's
        # position and next unit: one statement fewer per payload.
        branches.append(
            f"SELECT {len(kinds)}, s.id, NULL, s.status FROM {table(Assignment)} s"
            " WHERE s.round_id = %s AND s.annotator_id = %s"
        )
    return " UNION ALL ".join(branches) + " ORDER BY 1, 2"


def _parse(
    kinds: tuple[Kind, ...], rows: Iterable[tuple[Any, ...]]
) -> tuple[dict[int, dict[str, list[dict[str, Any]]]], list[tuple[int, str]]]:
    states: dict[int, dict[str, list[dict[str, Any]]]] = {}
    siblings: list[tuple[int, str]] = []
    for number, pk, assignment_id, state in rows:
        if number == len(kinds):
            siblings.append((pk, state))
            continue
        per_kind = states.setdefault(assignment_id, {kind.key: [] for kind in kinds})
        per_kind[kinds[number].key].append(orjson.loads(state))
    return states, siblings


def saved_states(
    kinds: tuple[Kind, ...],
    assignment_ids: list[int],
    *,
    scheme: Mapping[str, bool] | None = None,
) -> dict[int, dict[str, list[dict[str, Any]]]]:
    """assignment id -> kind key -> the saved states of that kind, in the order first saved
    (assignments with nothing saved are absent). With a ``scheme``, child collections it
    does not ask for are not read (shown empty)."""
    if not assignment_ids:
        return {}
    children = tuple(kind.children_in(scheme) for kind in kinds)
    sql = _states_sql(kinds, children, len(assignment_ids), siblings=False)
    with connection.cursor() as cursor:
        cursor.execute(sql, assignment_ids * len(kinds))
        return _parse(kinds, cursor.fetchall())[0]


def saved_states_and_siblings(
    kinds: tuple[Kind, ...],
    assignment_id: int,
    *,
    round_id: int,
    annotator_id: int,
    scheme: Mapping[str, bool] | None = None,
) -> tuple[dict[str, list[dict[str, Any]]], list[tuple[int, str]]]:
    """``saved_states`` of one assignment, and the (id, status) of the annotator's
    assignments in the round by id, in one statement."""
    children = tuple(kind.children_in(scheme) for kind in kinds)
    sql = _states_sql(kinds, children, 1, siblings=True)
    with connection.cursor() as cursor:
        cursor.execute(sql, [assignment_id] * len(kinds) + [round_id, annotator_id])
        states, siblings = _parse(kinds, cursor.fetchall())
    return states.get(assignment_id, {kind.key: [] for kind in kinds}), siblings
