"""The spans export: one JSON record per summary whose span offsets index the summary text,
whose evidence offsets index the turn text, and whose gold spans follow the release's gold
rule."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from typing import Any

import pandas as pd
import pytest

from annotations.formats.writers.rows import (
    AnnotatorLabels,
    AnnotatorSentence,
    EvidenceRow,
    ExportError,
    SentenceRow,
    SpanRow,
    SummaryRow,
)
from annotations.formats.writers.spans import FEATURES, spans_record, write_spans
from tests.formats.writers.builders import TURNS, consistent_summary, inconsistent_summary

VOTE = "The vote is tonight."
PAID = "It is paid by the city, and by a new tax."


def span(start: int, end: int, text: str, annotator: str, **changes: object) -> SpanRow:
    return replace(
        SpanRow(
            start,
            end,
            text,
            error_type="Mis-Referencing",
            unified_type="intrinsic-np",
            evidence=(EvidenceRow(turn=1, start=14, end=30, text="paid by the port"),),
            annotator=annotator,
        ),
        **changes,
    )


def voted_summary() -> SummaryRow:
    """Three annotators. The second sentence: A1 and A2 flag it (each with a span), A3 does
    not, so it is gold inconsistent with both spans. The first: only A1 flags it (a span
    too), so the majority makes it consistent and A1's span is no gold span."""
    city = span(14, 22, "the city", "A1")
    tax = span(
        37,
        40,
        "tax",
        "A2",
        error_type="Extrinsic Information",
        unified_type="extrinsic-sentence",
        evidence=(),
    )
    tonight = span(12, 19, "tonight", "A1", no_evidence=True, evidence=())
    flagged = AnnotatorSentence("inconsistent", "", ("Mis-Referencing",))
    return SummaryRow(
        corpus="demo",
        doc_id="council-1",
        topic="Funding",
        system="Parrot-XL",
        split="test",
        text=f"{VOTE}  {PAID}",  # two spaces: the sentence starts where the row says
        sentences=(
            SentenceRow(0, VOTE, start=0, label="consistent"),
            SentenceRow(1, PAID, start=22, label="inconsistent", spans=(city, tax)),
        ),
        annotators=(
            AnnotatorLabels(
                "A1",
                sentences=(
                    replace(flagged, spans=(tonight,)),
                    replace(flagged, spans=(city,)),
                ),
            ),
            AnnotatorLabels(
                "A2",
                sentences=(AnnotatorSentence("consistent"), replace(flagged, spans=(tax,))),
            ),
            AnnotatorLabels(
                "A3",
                sentences=(AnnotatorSentence("consistent"), AnnotatorSentence("consistent")),
            ),
        ),
        turns=TURNS,
    )


def written(*rows: SummaryRow) -> bytes:
    stream = io.BytesIO()
    assert write_spans(stream, rows) == len(rows)
    return stream.getvalue()


def test_span_offsets_index_the_summary_and_evidence_offsets_index_the_turn() -> None:
    record = json.loads(written(voted_summary()))
    summary = record["summary"]

    assert [(s["annotator"], s["start"], s["end"], s["text"]) for s in record["spans"]] == [
        ("A1", 12, 19, "tonight"),
        ("A1", 36, 44, "the city"),
        ("A2", 59, 62, "tax"),
    ]
    for listed in (*record["spans"], *record["gold_spans"]):
        assert summary[listed["start"] : listed["end"]] == listed["text"]
        for evidence in listed["evidence"]:
            turn = TURNS[evidence["turn"]].text
            assert turn[evidence["start"] : evidence["end"]] == evidence["text"]
    assert record["sentences"] == [
        {"position": 0, "start": 0, "end": 20, "label": "consistent"},
        {"position": 1, "start": 22, "end": 63, "label": "inconsistent"},
    ]
    for sentence in record["sentences"]:
        assert summary[sentence["start"] : sentence["end"]] in (VOTE, PAID)


def test_gold_spans_are_those_of_the_flaggers_of_gold_inconsistent_sentences() -> None:
    record = json.loads(written(voted_summary()))

    assert record["label"] == "inconsistent"
    assert [(s["annotator"], s["sentence"], s["text"]) for s in record["gold_spans"]] == [
        ("A1", 1, "the city"),
        ("A2", 1, "tax"),
    ]
    # A1's span in the sentence the majority found consistent is listed, but is not gold.
    (minority,) = [s for s in record["spans"] if s["sentence"] == 0]
    assert (minority["text"], minority["no_evidence"], minority["evidence"]) == (
        "tonight",
        True,
        [],
    )
    assert minority not in record["gold_spans"]


def test_a_span_carries_both_its_project_type_and_its_unified_type() -> None:
    (gold,) = json.loads(written(inconsistent_summary()))["gold_spans"]
    assert gold == {
        "annotator": None,  # the hand-built row does not say who marked it
        "sentence": 0,
        "start": 14,
        "end": 22,
        "text": "the city",
        "error_type": "Mis-Referencing",
        "unified_type": "intrinsic-np",
        "note": "the port pays",
        "no_evidence": False,
        "evidence": [{"turn": 1, "start": 14, "end": 30, "text": "paid by the port"}],
    }


def test_sentences_without_stored_offsets_are_found_in_the_summary_text() -> None:
    row = inconsistent_summary(text="")  # the sentences joined by one space
    record = spans_record(row)
    assert record["summary"] == f"{PAID} {VOTE}"
    assert [s["start"] for s in record["sentences"]] == [0, len(PAID) + 1]


def test_a_sentence_that_is_not_where_the_row_says_is_refused() -> None:
    row = voted_summary()
    moved = replace(row, sentences=(row.sentences[0], replace(row.sentences[1], start=21)))
    with pytest.raises(ExportError, match="sentence 1 is not in the summary text at offset 21"):
        spans_record(moved)


def test_every_record_has_the_same_keys_and_loads_as_a_table() -> None:
    data = written(consistent_summary(), inconsistent_summary(), voted_summary())
    records = [json.loads(line) for line in data.decode("utf-8").splitlines()]
    assert len({tuple(record) for record in records}) == 1
    assert records[0]["label"] == "consistent"
    assert records[0]["spans"] == records[0]["gold_spans"] == []
    table = pd.read_json(io.BytesIO(data), lines=True)
    assert list(table["system"]) == ["Quillon-13B", "Parrot-XL", "Parrot-XL"]
    assert len({record["id"] for record in records}) == 3


def declared(fields: list[dict[str, Any]]) -> dict[str, Any]:
    return {f["name"]: declared(f["list"]) if "list" in f else f["dtype"] for f in fields}


def test_the_types_the_dataset_card_declares_name_every_key_of_a_record() -> None:
    record = spans_record(voted_summary())
    types = declared(FEATURES)
    assert list(types) == list(record)
    assert list(types["sentences"]) == list(record["sentences"][0])
    assert list(types["spans"]) == list(record["spans"][0]) == list(record["gold_spans"][0])
    assert list(types["gold_spans"]) == list(types["spans"])
    assert list(types["spans"]["evidence"]) == list(record["spans"][1]["evidence"][0])
