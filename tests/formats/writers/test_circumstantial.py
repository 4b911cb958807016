"""The circumstantial export: the study's CSV layout, with span lists a researcher reads back
with ``ast.literal_eval`` as the study's own scripts do."""

from __future__ import annotations

import ast
import csv
import io
from dataclasses import replace

import pandas as pd
import pytest

from annotations.formats.writers.circumstantial import COLUMNS, write_circumstantial
from annotations.formats.writers.rows import (
    EvidenceRow,
    ExportError,
    SentenceRow,
    SpanRow,
    SummaryRow,
)
from tests.formats.writers.builders import consistent_summary, inconsistent_summary


def written(*rows: SummaryRow) -> str:
    stream = io.BytesIO()
    assert write_circumstantial(stream, rows) == len(rows)
    return stream.getvalue().decode("utf-8")


def read_back(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


LISTS = ("nonfactual_spans", "evidence", "error_type", "linguistic_categories")


def lists(row: dict[str, str]) -> dict[str, list[str | None]]:
    return {column: ast.literal_eval(row[column]) for column in LISTS}


def test_the_header_is_the_studys_and_a_row_holds_its_spans_as_list_literals() -> None:
    text = written(consistent_summary(), inconsistent_summary())

    assert text.splitlines()[0] == ",".join(COLUMNS)
    assert COLUMNS == (
        "docid",
        "model",
        "nonfactual_spans",
        "evidence",
        "summary",
        "factual_error",
        "error_type",
        "dialogue",
        "origin",
        "linguistic_categories",
    )
    consistent, inconsistent = read_back(text)
    assert (consistent["factual_error"], lists(consistent)) == (
        "0",
        {column: [] for column in LISTS},
    )
    assert inconsistent["docid"] == "council-1::Funding for the river bus"
    assert (inconsistent["model"], inconsistent["origin"]) == ("Parrot-XL", "demo")
    assert inconsistent["summary"] == (
        "It is paid by the city, and by a new tax. The vote is tonight."
    )
    assert inconsistent["factual_error"] == "1"
    assert lists(inconsistent) == {
        "nonfactual_spans": ["the city"],
        "evidence": ["DEV PATEL :  paid by the port"],
        "error_type": ["Intrinsic_Error"],  # Mis-Referencing maps to intrinsic-np
        "linguistic_categories": ["Mis-Referencing"],
    }
    assert inconsistent["dialogue"] == (
        "MAYA ORTIZ: Tonight the council votes on the river bus.\n"
        "DEV PATEL: It costs $4M, paid by the port."
    )
    assert text.endswith("\n")


def test_a_generic_summary_keeps_its_document_id_and_a_named_corpus_its_name() -> None:
    (row,) = read_back(written(consistent_summary(topic="", corpus_name="SAMSum")))
    assert (row["docid"], row["origin"]) == ("council-1", "SAMSum")


def summary_with_spans(*spans: SpanRow) -> SummaryRow:
    """The inconsistent summary with these spans in its first sentence."""
    row = inconsistent_summary(topic="")
    return replace(row, sentences=(replace(row.sentences[0], spans=spans), row.sentences[1]))


def span(start: int, end: int, name: str, unified: str, **changes: object) -> SpanRow:
    text = inconsistent_summary().sentences[0].text
    return replace(
        SpanRow(start, end, text[start:end], error_type=name, unified_type=unified), **changes
    )


def test_evidence_is_one_entry_per_span_not_found_or_none_when_a_span_has_none() -> None:
    port = EvidenceRow(turn=1, start=14, end=30, text="paid by the port")
    votes = EvidenceRow(turn=0, start=0, end=24, text="Tonight the council vote")
    row = summary_with_spans(
        span(31, 40, "Extrinsic Information", "extrinsic-sentence", no_evidence=True),
        span(14, 22, "Mis-Referencing", "intrinsic-np", evidence=(port, votes)),
        span(0, 5, "", ""),
    )
    (written_row,) = read_back(written(row))
    assert lists(written_row) == {
        # In the order of the summary, whatever the order of the stored spans.
        "nonfactual_spans": ["It is", "the city", "a new tax"],
        "evidence": [
            None,  # not linked
            "DEV PATEL :  paid by the port\nMAYA ORTIZ :  Tonight the council vote",
            "Not found",  # the annotator found nothing to point at
        ],
        "error_type": [None, "Intrinsic_Error", "Extrinsic_Error"],
        "linguistic_categories": [None, "Mis-Referencing", "Extrinsic Information"],
    }


def test_evidence_is_an_empty_list_when_no_span_has_any() -> None:
    row = summary_with_spans(span(14, 22, "Mis-Referencing", "intrinsic-np"))
    (written_row,) = read_back(written(row))
    assert lists(written_row)["evidence"] == []
    assert lists(written_row)["nonfactual_spans"] == ["the city"]


def test_a_span_two_annotators_marked_alike_is_written_once() -> None:
    row = inconsistent_summary()
    (city,) = row.sentences[0].spans
    twice = replace(
        row,
        sentences=(
            replace(row.sentences[0], spans=(city, replace(city, annotator="A2"))),
            row.sentences[1],
        ),
    )
    (written_row,) = read_back(written(twice))
    assert lists(written_row)["nonfactual_spans"] == ["the city"]


def test_a_summary_whose_label_is_unknown_or_without_dialogue_is_refused() -> None:
    unknown = consistent_summary(
        sentences=(SentenceRow(0, "The council votes tonight.", label=None),)
    )
    with pytest.raises(ExportError, match="factual_error is unknown"):
        written(unknown)
    with pytest.raises(ExportError, match="no dialogue turns"):
        written(consistent_summary(turns=()))


def test_pandas_reads_the_file_as_the_studys_scripts_do() -> None:
    text = written(consistent_summary(), inconsistent_summary())
    table = pd.read_csv(io.StringIO(text))
    assert list(table.columns) == list(COLUMNS)
    assert list(table["factual_error"]) == [0, 1]
    assert [len(ast.literal_eval(cell)) for cell in table["nonfactual_spans"]] == [0, 1]
