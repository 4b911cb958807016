"""The hand-rolled CSV fields of the AggreFact writer match the csv module's (after the
neutralising of formulas, tested in test_csv_safety.py), and JSON lines escape the characters
that split lines."""

from __future__ import annotations

import csv
import io
import json

from hypothesis import given
from hypothesis import strategies as st

from annotations.formats.writers.encoding import cell, csv_fields, json_line

# Text with the characters that matter to CSV, without a bare carriage return (see below).
texts = st.text(alphabet=st.sampled_from(list("ab ,\"\n'é;\t")) | st.characters(), max_size=30)
fields = st.lists(
    st.one_of(texts, st.integers(), st.floats(allow_nan=False)), min_size=2, max_size=6
).map(lambda values: [v.replace("\r", "") if isinstance(v, str) else v for v in values])


@given(fields)
def test_fields_are_quoted_as_the_csv_module_quotes_them(
    values: list[str | int | float],
) -> None:
    expected = io.StringIO()
    csv.writer(expected, lineterminator="\n").writerow([cell(value) for value in values])
    assert csv_fields(values) + "\n" == expected.getvalue()


def test_a_bare_carriage_return_is_quoted_so_readers_keep_the_row_whole() -> None:
    line = csv_fields(["one\rtwo", "x"]) + "\n"
    assert line == '"one\rtwo",x\n'
    assert list(csv.reader(io.StringIO(line, newline=""))) == [["one\rtwo", "x"]]


def test_json_lines_escape_the_unicode_line_breaks() -> None:
    line = json_line({"text": "a\u2028b\u2029c\x85d\ne", "n": (1, 2)})
    assert line.count(b"\n") == 1
    assert line.endswith(b"\n")
    assert b"\\u2028" in line
    assert b"\\u2029" in line
    assert b"\\u0085" in line
    assert json.loads(line) == {"text": "a\u2028b\u2029c\x85d\ne", "n": [1, 2]}
