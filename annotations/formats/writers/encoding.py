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
        self._stream.write(self._encode(values))

    def field(self, value: str) -> bytes:
        """One field as it appears inside a record (quoted if it needs to be). Written
        alone, an empty field is ``""`` (so the record is not an empty line); inside a
        record it is nothing."""
        return self.fields([value]) if value else b""

    def fields(self, values: Sequence[object]) -> bytes:
        """Fields as they appear inside a record, without the line terminator."""
        return self._encode(values)[: -len(self._terminator)]

    def write_after(self, head: bytes, values: Sequence[object]) -> None:
        """The record whose first fields are ``head`` (from ``fields``/``field``, ending in
        the delimiter) and whose last are ``values`` (not empty): the same bytes as
        ``write`` of the whole record, since the csv module quotes each field on its own."""
        self._stream.write(head + self._encode(values))

    def _encode(self, values: Sequence[object]) -> bytes:
        self._writer.writerow(values)
        encoded = self._buffer.getvalue().encode("utf-8")
        self._buffer.seek(0)
        self._buffer.truncate()
        return encoded


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
