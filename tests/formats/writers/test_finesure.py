"""The FineSurE export: FineSurE's record layout and encoding, with every annotator's raw
factuality, key-fact and sentence labels in one record per summary."""

from __future__ import annotations

import io
import json

import pytest

from annotations.formats.writers.finesure import write_finesure
from annotations.formats.writers.rows import AnnotatorLabels, AnnotatorSentence, ExportError
from tests.conftest import SHARED_DATA
from tests.formats.writers.builders import TOPIC, consistent_summary, inconsistent_summary

FINESURE_DIR = SHARED_DATA / "finesure"


def written(*rows) -> bytes:
    stream = io.BytesIO()
    write_finesure(stream, rows)
    return stream.getvalue()


def test_a_summary_becomes_one_record_in_finesures_encoding() -> None:
    expected = {
        "doc_id": "council-1",
        "source": "demo",
        "split": "dev",
        "model": "Parrot-XL",
        "topic": TOPIC,
        "transcript": "MAYA ORTIZ (host): Tonight the council votes on the river bus.\n"
        "DEV PATEL: It costs $4M, paid by the port.",
        "sentences": ["It is paid by the city, and by a new tax.", "The vote is tonight."],
        "key_facts": ["The council votes tonight.", "It costs $4M."],
        "raw_annotations": {
            "A1": {
                "factuality_labels": [1, 0],
                "factuality_types": ["Mis-Referencing", "NoE"],
                "key_fact_labels": [1, 0],
                "sentence_labels": [0, 1],
            },
            "A2": {
                "factuality_labels": ["None", "None"],
                "factuality_types": ["None", "None"],
                "key_fact_labels": ["None", "None"],
                "sentence_labels": ["None", "None"],
            },
        },
    }

    assert written(inconsistent_summary()) == (json.dumps(expected) + "\n").encode()


def test_several_types_are_joined_and_a_missing_type_reads_none() -> None:
    sentences = (
        AnnotatorSentence("inconsistent", error_types=("Mis-Referencing", "Contradiction")),
        AnnotatorSentence("inconsistent"),
    )
    row = consistent_summary(annotators=(AnnotatorLabels("A1", sentences=sentences),))

    raw = json.loads(written(row))["raw_annotations"]["A1"]

    assert raw["factuality_types"] == ["Mis-Referencing, Contradiction", "None"]
    assert raw["factuality_labels"] == [1, 1]


def test_non_ascii_text_is_escaped_like_finesures_files() -> None:
    data = written(consistent_summary(topic="Café"))

    assert b'"topic": "Caf\\u00e9"' in data
    assert data.isascii()


@pytest.mark.parametrize("name", ["frank-data-sample-10.json", "realsumm-data-sample-10.json"])
def test_the_record_has_the_fields_finesures_published_samples_have(name: str) -> None:
    sample = json.loads((FINESURE_DIR / name).read_text("utf-8").splitlines()[0])
    ours = json.loads(written(inconsistent_summary()))

    assert set(sample) - set(ours) == {"reference"}
    for field in sample:
        if field != "reference":
            assert type(ours[field]) is type(sample[field]), field
    (their_labels,) = {frozenset(raw) for raw in sample["raw_annotations"].values()}
    for raw in ours["raw_annotations"].values():
        assert their_labels <= set(raw)
        for key in their_labels:
            expected = str if key == "factuality_types" else int
            assert all(isinstance(value, expected) or value == "None" for value in raw[key])


def test_the_key_facts_read_like_finesures_key_fact_list() -> None:
    line = (FINESURE_DIR / "human-keyfact-list.json").read_text("utf-8").splitlines()[0]
    sample = json.loads(line)
    ours = json.loads(written(inconsistent_summary()))

    assert all(isinstance(fact, str) for fact in sample["key_facts"] + ours["key_facts"])
    assert {"doc_id", "transcript", "key_facts"} <= set(ours) & set(sample)


def test_a_summary_without_dialogue_is_refused() -> None:
    with pytest.raises(ExportError, match="no dialogue turns for `transcript`"):
        written(consistent_summary(turns=()))
