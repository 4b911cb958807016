"""JSON and text as PostgreSQL will store them, checked before anything is written.

Python's ``json`` accepts ``NaN`` and ``Infinity`` (jsonb refuses them), lone surrogates such as
``"\\ud800"`` (UTF-8 cannot encode them), and recurses once per nesting level (a line nested
100,000 deep raised RecursionError). PostgreSQL's text columns refuse NUL characters. Every
reader parses through :func:`loads` and checks its strings with :func:`bad_text`, so each of
these is a refusal naming the line and field, never a crash in the middle of an import.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson

# orjson refuses nesting past this itself (no recursion, no crash): the limit of every reader.
MAX_DEPTH = 1024
# Free-form values that are stored (``metadata``) nest at most this deep. orjson parses 1,024
# levels, but the import encodes what it stores with ``json.dumps`` (the content hash and the
# COPY rows), which recurses once per level and raised RecursionError on metadata nested 995
# deep. Real metadata nests a few levels; 100 keeps far below Python's recursion limit.
STORED_DEPTH = 100


class StrictJSONError(ValueError):
    """``message`` says what is wrong, for a FormatError naming the file and line."""


def loads(text: str | bytes) -> Any:
    """Strict RFC 8259 JSON (orjson): no NaN/Infinity, no lone surrogates, nesting at most
    MAX_DEPTH levels (orjson's own limit, so no second pass over the value)."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError as error:
        reason = f"{error.msg} at column {error.colno}"
        if "recursion" in error.msg.lower() or "depth" in error.msg.lower():
            reason = f"nested deeper than {MAX_DEPTH} levels"
        raise StrictJSONError(
            f"not valid JSON ({reason}); NaN, Infinity and unpaired surrogate escapes are not JSON"
        ) from None
    return value


def depth_exceeds(value: Any, limit: int) -> bool:
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


def printable(text: str) -> str:
    """``text`` safe to quote in a message that is itself stored: control characters and
    unpaired surrogates as escapes (a message naming a key with a NUL in it could not be
    saved either)."""
    return "".join(
        f"\\u{ord(ch):04x}" if ord(ch) < 32 or 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in text
    )


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            yield where, item
        elif isinstance(item, dict):
            for key, child in item.items():
                inner = f"{where}.{printable(str(key))}" if where else printable(str(key))
                yield inner, str(key)
                stack.append((child, inner))
        elif isinstance(item, list):
            stack.extend((child, f"{where}[{i}]") for i, child in enumerate(item))


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored as PostgreSQL text, or None."""
    if "\x00" in text:
        return f"contains a NUL character (\\u0000) at position {text.index(chr(0)) + 1}"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return f"contains an unpaired surrogate (U+{ord(text[error.start]):04X})"
    return None


def may_hold_nul(text: str) -> bool:
    """Whether JSON ``text`` can decode to a string with a NUL: JSON writes one only as the
    escape ``\\u0000`` (orjson refuses raw control characters), so most lines skip the walk."""
    return "\\u0000" in text


def may_nest(text: str, limit: int) -> bool:
    """Whether JSON ``text`` has enough opening brackets to nest deeper than ``limit``."""
    return text.count("[") + text.count("{") > limit


def bad_text(value: Any, path: str = "") -> tuple[str, str] | None:
    """The first (field path, problem) of any string in ``value`` (keys included) that cannot
    be stored, or None."""
    for where, text in _strings(value, path):
        problem = text_problem(text)
        if problem is not None:
            return where or "(value)", problem
    return None
