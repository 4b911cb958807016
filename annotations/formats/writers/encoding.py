"""Byte encodings shared by the writers: CSV rows and JSON lines, one record at a time.

This module is the project's only CSV writer: every CSV the site produces (release files,
benchmark layouts, the leaderboard download) goes through ``csv_fields``, ``CsvSink`` or
``csv_text``, which neutralise spreadsheet formulas; an architecture test
(tests/formats/writers/test_csv_safety.py) fails if any other module calls ``csv.writer``.

Spreadsheet formulas ("CSV injection", as OWASP describes it). Excel, LibreOffice and Google
Sheets run a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula
(``=HYPERLINK(...)`` leaks data on a click, DDE payloads run programs), and some importers drop
a leading tab or carriage return, or trim leading spaces (LibreOffice's "Trim spaces") before
they look. System, evaluator, topic and document names come from uploaded files, and
explanations are free text, so a text cell is *neutralised* when it

- starts with a tab or a carriage return, or
- starts, after any white space, with ``=``, ``+``, ``-`` or ``@``,

unless it is exactly a decimal number (``-0.5``, ``+3``, ``-1e-05``): a spreadsheet can only
read that as the number it is, so it is written as is. Neutralising prefixes one single quote
(``'=HYPERLINK("x")``), OWASP's recommendation: every spreadsheet then shows the text, the
quote included, and runs nothing. Numbers (``int``, ``float``) the writers pass as numbers are
never touched, so a negative threshold or score stays a number.

The prefix is reversible (``restored``): a text that already starts with quotes followed by
something that would be neutralised gets one more, so ``'=x`` is written ``''=x`` and reads
back as ``'=x``. The site's own readers of its files (records.csv, the TofuEval and the
circumstantial imports) call ``restored``; anybody else strips one leading ``'`` from a cell
that starts with ``'`` and then, after more quotes, with what is listed above.

A benchmark layout may need some text byte for byte: the texts under judgement, which the
benchmark's scripts give to an evaluator and locate spans in (TofuEval's ``summ_sent``,
AggreFact's ``doc`` and ``summary``, the circumstantial study's ``summary`` and ``dialogue``).
Those cells are marked ``verbatim(text)`` by their writer and kept raw; docs/formats/exports.md
lists them and says how to open those files safely.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Sequence
from typing import Any, BinaryIO

import orjson

# What a spreadsheet reads as the start of a formula, after any leading white space.
FORMULA_STARTS = frozenset("=+-@")
# OWASP's two control characters: a cell starting with either is neutralised whatever follows.
_CONTROL_STARTS = frozenset("\t\r")
_WHITE_SPACE = " \t\r\n"
# The first characters that can make a cell need a look: the fast path of every text cell is
# one set lookup (a million-row records.csv has twelve million cells).
_SUSPECT = FORMULA_STARTS | _CONTROL_STARTS | frozenset(" \n'")
_PLAIN_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
NEUTRALISER = "'"

CsvValue = str | int | float


class Verbatim(str):
    """Text a benchmark layout needs byte for byte, written raw even if a spreadsheet would
    run it as a formula. Made by ``verbatim``; the reason belongs beside each use."""

    __slots__ = ()


def verbatim(text: str) -> str:
    """``text`` marked to be written raw. Only a text that would be neutralised is wrapped
    (the others need no mark), so the common case costs one lookup and no copy."""
    needs_mark = text[:1] in _SUSPECT and _formula_like(text.lstrip(NEUTRALISER))
    return Verbatim(text) if needs_mark else text


def _formula_like(text: str) -> bool:
    """Would a spreadsheet run (or, after trimming, could it run) this text as a formula?"""
    if not text:
        return False
    if text[0] in _CONTROL_STARTS:
        return True
    if text.lstrip(_WHITE_SPACE)[:1] not in FORMULA_STARTS:
        return False
    return _PLAIN_NUMBER.fullmatch(text) is None


def neutralised(text: str) -> str:
    """The spreadsheet-safe form of one text cell (see the module's docstring)."""
    if text[:1] not in _SUSPECT or isinstance(text, Verbatim):
        return text
    if _formula_like(text.lstrip(NEUTRALISER)):
        return NEUTRALISER + text
    return text


def restored(text: str) -> str:
    """The text ``neutralised`` was given: the inverse, for readers of the site's CSVs."""
    if text[:1] == NEUTRALISER and _formula_like(text.lstrip(NEUTRALISER)):
        return text[1:]
    return text


def cell(value: object) -> object:
    """A value as the CSV writers pass it on: text neutralised, numbers and the rest as is."""
    return neutralised(value) if isinstance(value, str) else value


class CsvSink:
    """Writes CSV records to a binary stream one by one, UTF-8 without BOM, text cells
    neutralised (``neutralised``).

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
        self._writer.writerow([cell(value) for value in values])
        self._stream.write(self._buffer.getvalue().encode("utf-8"))
        self._buffer.seek(0)
        self._buffer.truncate()


def csv_text(rows: Iterable[Sequence[CsvValue]]) -> str:
    """A whole small table as CSV text (``\\n`` after every row), for a download built in
    memory such as the leaderboard."""
    return "".join(csv_fields(row) + "\n" for row in rows)


def csv_fields(values: Sequence[CsvValue]) -> str:
    """Strings and numbers as CSV fields joined by ``,`` (no line terminator), text cells
    neutralised, quoted as the csv module's default dialect quotes them: only a field holding
    ``,``, ``"`` or a line break, with ``"`` doubled. Six times faster than a csv writer per
    row, which counts at a million rows. One difference, on purpose: a bare ``\r`` is quoted
    too (Python 3.11's writer leaves it bare when the line terminator is ``\n``, and readers
    then split the row there). A float is written in its shortest round-trip form
    (``repr``)."""
    return ",".join([_csv_field(value) for value in values])


def _csv_field(value: CsvValue) -> str:
    if isinstance(value, str):
        # One lookup for the common cell (its first character is a letter or a digit).
        # Measured: 3.7 µs a twelve-cell records.csv row, 3.1 µs without neutralising, so
        # about 0.6 s a million sentences.
        if value and value[0] in _SUSPECT:
            value = neutralised(value)
        if '"' in value:
            return '"' + value.replace('"', '""') + '"'
        if "," in value or "\n" in value or "\r" in value:
            return '"' + value + '"'
        return value
    # float.__repr__, not repr: numpy's float64 (a float) reprs as "np.float64(0.5)".
    return float.__repr__(value) if isinstance(value, float) else str(value)


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
