"""Summary and sentence ids inside a kind's child rows (a key fact's aligned summary and
sentences, an atomic fact's sentence) travel as this assignment's handles, like targets
(annotations/handles.py): these functions turn a state's ids into handles on the way out and
a save's handles into ids on the way in, for every child field a spec lists in ``handles``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from annotations.handles import Kind as HandleKind
from annotations.kinds.errors import InvalidJudgement
from annotations.kinds.spec import Child, Kind

# (handle kind, value) -> the other form; raises LookupError for an unknown value.
Translate = Callable[[HandleKind, Any], Any]


def _rows(
    children: tuple[Child, ...], rows: Mapping[str, Any], translate: Translate
) -> dict[str, Any]:
    out = dict(rows)
    for child in children:
        if child.name in out:
            out[child.name] = [_row(child, item, translate) for item in out[child.name]]
    return out


def _row(child: Child, item: Mapping[str, Any], translate: Translate) -> dict[str, Any]:
    out = _rows(child.children, item, translate)
    for name, handle_kind in child.handles:
        if out.get(name) is not None:
            out[name] = translate(handle_kind, out[name])
    return out


def has_handles(kind: Kind) -> bool:
    def nested(children: tuple[Child, ...]) -> bool:
        return any(child.handles or nested(child.children) for child in children)

    return nested(kind.children)


def children_out(kind: Kind, state: Mapping[str, Any], encode: Translate) -> dict[str, Any]:
    """``state`` with its child rows' summary and sentence ids as handles."""
    return _rows(kind.children, state, encode) if has_handles(kind) else dict(state)


def states_out(
    kinds: tuple[Kind, ...],
    states: Mapping[str, list[dict[str, Any]]],
    handles_of: Mapping[str, Mapping[int, str]],
) -> dict[str, Any]:
    """A payload's ``judgements``: each kind's saved states under its payload key, every
    summary and sentence id (targets and child rows) as this assignment's handle
    (``handles_of``: handle kind -> id -> handle). A target without a handle (not shown in
    this payload) is left out. A unit's own judgement is one object (null until saved)."""

    def handle_of(handle_kind: HandleKind, pk: int) -> str:
        return handles_of[handle_kind][pk]

    judgements: dict[str, Any] = {}
    for kind in kinds:
        saved = [
            children_out(kind, state, handle_of)
            for state in states.get(kind.key, [])
            if kind.target == "unit" or state[kind.target] in handles_of[kind.target]
        ]
        if kind.target != "unit":
            for state in saved:
                state[kind.target] = handles_of[kind.target][state[kind.target]]
        judgements[kind.payload_key] = saved if kind.target != "unit" else next(iter(saved), None)
    return judgements


def children_in(kind: Kind, changes: Mapping[str, Any], decode: Translate) -> dict[str, Any]:
    """``changes`` with its child rows' handles as ids; a handle not of this assignment is a
    400 naming the field (the summary or sentence is not in the unit)."""
    if not has_handles(kind):
        return dict(changes)

    def strict(handle_kind: HandleKind, value: Any) -> Any:
        try:
            return decode(handle_kind, value)
        except LookupError:
            raise InvalidJudgement(
                {handle_kind: [f"{value!r} is not a {handle_kind} of this unit"]}
            ) from None

    return _rows(kind.children, changes, strict)
