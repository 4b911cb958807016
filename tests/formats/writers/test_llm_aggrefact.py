"""The LLM-AggreFact export: one claim per summary sentence, label 1 = supported."""

from __future__ import annotations

import io
import json

import pandas as pd
import pytest

from annotations.formats.writers.llm_aggrefact import dataset_names, write_llm_aggrefact
from annotations.formats.writers.rows import ExportError, SentenceRow, TurnRow, record_id
from tests.formats.writers.builders import TOPIC, consistent_summary, inconsistent_summary

DOC = (
    "MAYA ORTIZ (host): Tonight the council votes on the river bus.\n"
    "DEV PATEL: It costs $4M, paid by the port."
)


def written(*rows, dataset="Council") -> bytes:
    stream = io.BytesIO()
    write_llm_aggrefact(stream, rows, dataset=dataset)
    return stream.getvalue()


def test_every_sentence_is_a_claim_with_its_label_and_split() -> None:
    row = inconsistent_summary(split="test")
    data = written(row, dataset={"demo": "Demo-Council"})

    summary_id = record_id(row.corpus, "council-1", TOPIC, row.summary_id or "Parrot-XL")
    common = {"dataset": "Demo-Council", "doc": DOC, "split": "test"}
    named = {"summary_id": summary_id, "doc_id": "council-1", "topic": TOPIC}
    assert [json.loads(line) for line in data.splitlines()] == [
        {
            "id": record_id(row.corpus, "council-1", TOPIC, row.summary_id or "Parrot-XL", 1),
            **common,
            "claim": "It is paid by the city, and by a new tax.",
            "label": 0,
            **named,
            "model_name": "Parrot-XL",
            "sent_idx": 1,
        },
        {
            "id": record_id(row.corpus, "council-1", TOPIC, row.summary_id or "Parrot-XL", 3),
            **common,
            "claim": "The vote is tonight.",
            "label": 1,
            **named,
            "model_name": "Parrot-XL",
            "sent_idx": 3,
        },
    ]
    assert list(json.loads(data.splitlines()[0])) == [
        "id",
        "dataset",
        "doc",
        "claim",
        "label",
        "split",
        "summary_id",
        "doc_id",
        "topic",
        "model_name",
        "sent_idx",
    ]


def test_record_ids_are_stable_distinct_and_carry_no_database_id() -> None:
    first = [json.loads(line)["id"] for line in written(inconsistent_summary()).splitlines()]
    again = [json.loads(line)["id"] for line in written(inconsistent_summary()).splitlines()]
    assert first == again
    assert len(set(first)) == len(first)
    other_topic = written(inconsistent_summary(topic="Another topic")).splitlines()
    assert not set(first) & {json.loads(line)["id"] for line in other_topic}


def test_tofueval_corpora_get_the_leaderboards_dataset_names() -> None:
    names = dataset_names("tofu", [("mediasum", "tofueval"), ("meetingbank", "tofueval")])
    assert names == {"mediasum": "TofuEval-MediaS", "meetingbank": "TofuEval-MeetB"}
    assert dataset_names("study", [("mediasum", "native"), ("talks", "native")]) == {
        "mediasum": "study-mediasum",
        "talks": "study-talks",
    }


def test_text_is_written_as_utf8_and_pandas_reads_the_lines() -> None:
    row = consistent_summary(turns=(TurnRow("ZOË", "Café at 5."),))

    data = written(row, row)

    assert "ZOË: Café at 5.".encode() in data
    frame = pd.read_json(io.BytesIO(data), lines=True)
    assert list(frame["label"]) == [1, 1, 1, 1]
    assert set(frame["dataset"]) == {"Council"}


def test_an_unlabelled_sentence_is_refused() -> None:
    with pytest.raises(ExportError, match="sentence 2 has no gold label"):
        written(
            consistent_summary(
                sentences=(SentenceRow(0, "a", label="consistent"), SentenceRow(1, "b"))
            )
        )


def test_a_corpus_without_a_dataset_name_is_refused() -> None:
    with pytest.raises(ExportError, match="no dataset name for corpus 'demo'"):
        written(consistent_summary(), dataset={"mediasum": "TofuEval-MediaS"})


def test_a_document_outside_dev_and_test_or_without_dialogue_is_refused() -> None:
    with pytest.raises(ExportError, match="dev and test; the document's split is 'none'"):
        written(consistent_summary(split="none"))
    with pytest.raises(ExportError, match="no dialogue turns"):
        written(consistent_summary(turns=()))


def test_the_writer_counts_claims_not_summaries() -> None:
    assert write_llm_aggrefact(io.BytesIO(), [consistent_summary()] * 3, dataset="x") == 6
