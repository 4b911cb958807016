"""The native JSONL export: one self-contained record per summary, readable by pandas and by
the standard library."""

from __future__ import annotations

import io
import json

import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

from annotations.formats.writers.native import write_native
from annotations.formats.writers.rows import AtomicFactRow, SentenceRow
from tests.formats.writers.builders import consistent_summary, inconsistent_summary

SPAN = {
    "start": 14,
    "end": 22,
    "text": "the city",
    "error_type": "Mis-Referencing",
    "unified_type": "intrinsic-np",
    "note": "the port pays",
    "no_evidence": False,
    "evidence": [{"turn": 1, "start": 14, "end": 30, "text": "paid by the port"}],
}


def written(*rows) -> bytes:
    stream = io.BytesIO()
    write_native(stream, rows)
    return stream.getvalue()


def test_a_summary_becomes_one_line_with_everything_known_about_it() -> None:
    row = inconsistent_summary()
    row.atomic_facts = (
        AtomicFactRow("The council votes.", supported=True, given=True),
        AtomicFactRow("It costs $5M.", supported=False, given=True),
    )
    row.atomic_facts_source = "adjudicated"
    data = written(row)

    assert data.endswith(b"\n")
    assert data.count(b"\n") == 1
    assert json.loads(data) == {
        "corpus": "demo",
        "doc_id": "council-1",
        "annotation_id": "7",
        "topic": "Funding for the river bus",
        "topic_category": "main",
        "summary_id": "parrot-1",
        "system": "Parrot-XL",
        "split": "dev",
        "text": "It is paid by the city, and by a new tax. The vote is tonight.",
        "sentences": [
            {
                "position": 0,
                "number": 1,
                "text": "It is paid by the city, and by a new tax.",
                "label": "inconsistent",
                "explanations": ["The port pays, not the city.", "No tax is mentioned."],
                "error_types": ["Mis-Referencing", "Extrinsic Information"],
                "unified_types": ["intrinsic-np", "extrinsic-sentence"],
                "spans": [SPAN],
                "covers_key_fact": False,
                "provenance": None,
                "soft_label": None,
            },
            {
                "position": 1,
                "number": 3,
                "text": "The vote is tonight.",
                "label": "consistent",
                "explanations": [],
                "error_types": [],
                "unified_types": [],
                "spans": [],
                "covers_key_fact": None,
                "provenance": None,
                "soft_label": None,
            },
        ],
        "relevance": None,
        "not_a_summary": None,
        "provenance": {
            "topic_category": None,
            "relevance": None,
            "not_a_summary": None,
            "key_facts": None,
            "key_facts_author": None,
            "atomic_facts": "adjudicated",
        },
        "key_facts": [
            {"text": "The council votes tonight.", "covered": True, "sentences": []},
            {"text": "It costs $4M.", "covered": False, "sentences": []},
        ],
        "completeness": 0.5,
        "conciseness": None,
        "atomic_facts": [
            {"text": "The council votes.", "supported": True, "given": True},
            {"text": "It costs $5M.", "supported": False, "given": True},
        ],
        "faithfulness": 0.5,  # one of the two sentences is consistent
        "acu_score": 0.5,
        "annotators": [
            {
                "annotator": "A1",
                "sentences": [
                    {
                        "label": "inconsistent",
                        "explanation": "The port pays.",
                        "comment": "Not sure who pays.",
                        "confidence": "low",
                        "error_types": ["Mis-Referencing"],
                        "unified_types": ["intrinsic-np"],
                        "spans": [SPAN],
                        "covers_key_fact": False,
                        "pre_reveal_label": None,
                    },
                    {
                        "label": "consistent",
                        "explanation": "",
                        "comment": "",
                        "confidence": None,
                        "error_types": [],
                        "unified_types": [],
                        "spans": [],
                        "covers_key_fact": True,
                        "pre_reveal_label": None,
                    },
                ],
                "relevance": 3,
                "not_a_summary": False,
                "comment": "short",
                "key_facts": [
                    {"text": "The council votes tonight.", "covered": True, "sentences": []},
                    {"text": "It costs $4M.", "covered": False, "sentences": []},
                ],
                "active_seconds": 95,  # time on task
            },
            {
                "annotator": "A2",
                "sentences": [
                    {
                        "label": None,
                        "explanation": "",
                        "comment": "",
                        "confidence": None,
                        "error_types": [],
                        "unified_types": [],
                        "spans": [],
                        "covers_key_fact": None,
                        "pre_reveal_label": None,
                    }
                ]
                * 2,
                "relevance": 4,
                "not_a_summary": None,
                "comment": "",
                "key_facts": [],  # A2 has no key facts of their own
                "active_seconds": None,  # not known (imported labels)
            },
        ],
    }


def test_the_summary_id_defaults_to_the_system_and_scores_come_from_coverage() -> None:
    record = json.loads(written(consistent_summary()))

    assert record["summary_id"] == "Quillon-13B"
    assert record["relevance"] == 4.5
    assert record["completeness"] == 1.0
    assert record["conciseness"] == 1.0
    assert record["annotators"] == []


def test_every_line_has_the_same_keys_so_pandas_reads_a_table() -> None:
    data = written(consistent_summary(), inconsistent_summary(topic_category=""))

    frame = pd.read_json(io.BytesIO(data), lines=True)

    assert list(frame["system"]) == ["Quillon-13B", "Parrot-XL"]
    assert frame["topic_category"][0] == "main"
    assert pd.isna(frame["topic_category"][1])
    assert [len(sentences) for sentences in frame["sentences"]] == [2, 2]
    assert frame["annotators"][1][0] == {**frame["annotators"][1][0], "annotator": "A1"}
    assert frame["annotators"][1][0]["relevance"] == 3
    assert [json.loads(line)["doc_id"] for line in data.splitlines()] == ["council-1"] * 2


def test_line_breaks_inside_texts_stay_inside_their_record() -> None:
    text = "One line\nanother\r\nand a\u2028separator\u2029too,\x85next line."
    row = consistent_summary(sentences=(SentenceRow(0, text, label="consistent"),))

    data = written(row, row)

    assert len(data.decode("utf-8").splitlines()) == 2
    assert [json.loads(line)["sentences"][0]["text"] for line in data.splitlines()] == [text] * 2


@given(st.text())
def test_any_text_survives_the_round_trip(text: str) -> None:
    row = consistent_summary(topic=text, sentences=(SentenceRow(0, text or "x"),))

    (line,) = written(row).decode("utf-8").splitlines()

    assert json.loads(line)["topic"] == text


def test_the_writer_counts_the_records_it_wrote() -> None:
    stream = io.BytesIO()

    assert write_native(stream, [consistent_summary(), inconsistent_summary()] * 3) == 6
    assert stream.getvalue().count(b"\n") == 6
