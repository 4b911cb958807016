"""Byte encodings shared by the writers: CSV rows and JSON lines, one record at a time."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any, BinaryIO

import orjson


class CsvSink:
    """Writes CSV records to a binary stream one by one, UTF-8 without BOM.

    The csv module's default dialect (quote only when needed, double the quote character) is
    what the TofuEval release and pandas' ``to_csv`` produce. Each record goes through a small
    text buffer so the caller's binary stream is never wrapped (and never closed) by a
    TextIOWrapper.
    """

    def __init__(self, stream: BinaryIO, *, lineterminator: str = "\n") -> None:
        self._stream = stream
        self._buffer = io.StringIO()
        self._writer = csv.writer(self._buffer, lineterminator=lineterminator)
        self._terminator = lineterminator.encode("utf-8")

    def write(self, values: Sequence[object]) -> None:
        self._writer.writerow(values)
        self._stream.write(self._buffer.getvalue().encode("utf-8"))
        self._buffer.seek(0)
        self._buffer.truncate()


def csv_fields(values: Sequence[str | int]) -> str:
    """Strings and integers as CSV fields joined by ``,`` (no line terminator), quoted as
    the csv module's default dialect quotes them: only a field holding ``,``, ``"`` or a line
    break, with ``"`` doubled. Six times faster than a csv writer per row, which counts at
    a million rows. One difference, on purpose: a bare ``\r`` is quoted too (Python 3.11's
    writer leaves it bare when the line terminator is ``\n``, and readers then split the
    row there)."""
    return ",".join([_csv_field(value) for value in values])


def _csv_field(value: str | int) -> str:
    if not isinstance(value, str):
        return str(value)
    if '"' in value:
        return '"' + value.replace('"', '""') + '"'
    if "," in value or "\n" in value or "\r" in value:
        return '"' + value + '"'
    return value


def json_line(value: Any, *, ensure_ascii: bool = False) -> bytes:
    """One JSON value on one ``\\n``-terminated line, UTF-8.

    Without ensure_ascii the line is compact (no space after ``,`` and ``:``) and encoded by
    orjson, ten times faster than the standard library on the records of a release; tuples
    are written as arrays. orjson escapes all C0 controls; the other line breaks it leaves
    raw (U+0085, U+2028, U+2029) are escaped here: they are valid inside JSON strings, but
    str.splitlines() and some JSONL readers break lines there, which would cut a record in
    two. (In UTF-8 each is a fixed byte sequence that cannot occur inside another character,
    so replacing the bytes is exact.) With ensure_ascii, the standard library's layout
    (``", "``, ``": "``, every non-ASCII character escaped), as FineSurE's files have it;
    NaN and infinities are refused.
    """
    if ensure_ascii:
        return (json.dumps(value, ensure_ascii=True, allow_nan=False) + "\n").encode("ascii")
    encoded = orjson.dumps(value, option=orjson.OPT_APPEND_NEWLINE)
    # Their last bytes first: a one-byte search is a memchr, many times faster than looking
    # for the sequences in every line (1.6 s of a million-sentence release).
    if b"\x85" in encoded or b"\xa8" in encoded or b"\xa9" in encoded:
        for raw, escaped in _RAW_LINE_BREAKS:
            encoded = encoded.replace(raw, escaped)
    return encoded


_RAW_LINE_BREAKS = [(c.encode("utf-8"), f"\\u{ord(c):04x}".encode()) for c in "\x85\u2028\u2029"]
