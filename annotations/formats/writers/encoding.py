"""Byte encodings shared by the writers: CSV rows and JSON lines, one record at a time."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any, BinaryIO


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

    def write(self, values: Sequence[object]) -> None:
        self._writer.writerow(values)
        self._stream.write(self._buffer.getvalue().encode("utf-8"))
        self._buffer.seek(0)
        self._buffer.truncate()


def json_line(value: Any, *, ensure_ascii: bool = False) -> bytes:
    """One JSON value on one ``\\n``-terminated line, UTF-8.

    NaN and infinities are refused (they are not JSON). Without ensure_ascii, the line
    breaks json.dumps leaves raw (U+0085, U+2028, U+2029; it escapes all C0 controls) are
    still escaped: they are valid inside JSON strings, but str.splitlines() and some JSONL
    readers break lines there, which would cut a record in two.
    """
    text = json.dumps(value, ensure_ascii=ensure_ascii, allow_nan=False)
    if not ensure_ascii:
        text = text.translate(_RAW_LINE_BREAKS)
    return (text + "\n").encode("utf-8")


_RAW_LINE_BREAKS = str.maketrans({c: f"\\u{ord(c):04x}" for c in "\x85\u2028\u2029"})
