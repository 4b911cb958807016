"""The TofuEval writer on hand-made rows: the release's file names, headers and encodings,
byte for byte, and what it refuses. The real release's round trip is in
test_tofueval_round_trip.py."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from annotations.formats.tofueval import placeholder_documents, read_tofueval
from annotations.formats.writers.rows import ExportError, KeyFactRow, SentenceRow, TopicRow
from annotations.formats.writers.tofueval import (
    WrittenFile,
    key_points_cell,
    topic_sort_key,
    write_tofueval,
)
from tests.formats.writers.builders import (
    TOPIC,
    consistent_summary,
    covering,
    inconsistent_summary,
)

HEADER = b"doc_id,annotation_id,topic,model_name,sent_idx,summ_sent,sent_label,exp,type\n"
KEY_FACTS = (
    KeyFactRow("The council votes tonight."),
    KeyFactRow("It's $4M."),
    KeyFactRow("A,B,C", numbered=False),
)


def topic_row(**changes) -> TopicRow:
    row = TopicRow("demo", "council-1", TOPIC, "7", "main", KEY_FACTS)
    return replace(row, **changes)


def test_each_sentence_becomes_a_row_with_yes_or_no_and_joined_types(tmp_path: Path) -> None:
    write_tofueval(tmp_path, [consistent_summary(), inconsistent_summary()], [])

    assert (tmp_path / "factual_consistency/demo_factual_eval_dev.csv").read_bytes() == (
        HEADER
        + b"council-1,7,Funding for the river bus,Quillon-13B,1,The council votes tonight.,yes,,\n"
        + b'council-1,7,Funding for the river bus,Quillon-13B,2,"The line costs ""$4M"".",yes,,\n'
        + b"council-1,7,Funding for the river bus,Parrot-XL,1,"
        + b'"It is paid by the city, and by a new tax.",no,'
        + b'"The port pays, not the city.\nNo tax is mentioned.",'
        + b'"Mis-Referencing, Extrinsic Information"\n'
        + b"council-1,7,Funding for the river bus,Parrot-XL,3,The vote is tonight.,yes,,\n"
    )


def test_summaries_go_to_the_file_of_their_corpus_and_split(tmp_path: Path) -> None:
    rows = [
        consistent_summary(),
        consistent_summary(doc_id="council-2", split="test"),
        consistent_summary(corpus="other", doc_id="x-1"),
    ]

    files = write_tofueval(tmp_path, rows, [])

    assert files == [
        # The builders' summaries know their key-fact coverage (test_coverage_... below).
        WrittenFile("completeness/demo_completeness_coverage.csv", 4),
        WrittenFile("completeness/other_completeness_coverage.csv", 2),
        WrittenFile("document_ids_dev_test_split.json", 3),
        WrittenFile("factual_consistency/demo_factual_eval_dev.csv", 2),
        WrittenFile("factual_consistency/demo_factual_eval_test.csv", 2),
        WrittenFile("factual_consistency/other_factual_eval_dev.csv", 2),
    ]
    assert (tmp_path / "document_ids_dev_test_split.json").read_bytes() == (
        b'{\n    "dev": {\n        "demo": [\n            "council-1"\n        ],\n'
        b'        "other": [\n            "x-1"\n        ]\n    },\n'
        b'    "test": {\n        "demo": [\n            "council-2"\n        ]\n    }\n}'
    )


def test_key_points_are_renumbered_unless_published_verbatim(tmp_path: Path) -> None:
    second = topic_row(topic="Schedule", key_facts=(), category="marginal")

    files = write_tofueval(tmp_path, [], [topic_row(), second])

    assert (tmp_path / "completeness/demo_completeness_final.csv").read_bytes() == (
        b"doc_id,annotation_id,topic,key_points\n"
        b"council-1,7,Funding for the river bus,"
        b'"[\'1. The council votes tonight.\', ""2. It\'s $4M."", \'A,B,C\']"\n'
        b"council-1,7,Schedule,\n"
    )
    assert WrittenFile("completeness/demo_completeness_final.csv", 2) in files


def test_coverage_of_the_key_points_goes_beside_the_completeness_file(tmp_path: Path) -> None:
    """TofuEval publishes the key points, not which summaries state them: a file in the same
    style says so, one row per (summary, key point), for summaries whose coverage is known."""
    rows = [
        consistent_summary(),
        inconsistent_summary(key_fact_coverage=covering((True, None))),
        consistent_summary(system="Tern-7B", key_fact_coverage=()),  # unknown: no rows
    ]

    files = write_tofueval(tmp_path, rows, [topic_row()])

    assert (tmp_path / "completeness/demo_completeness_coverage.csv").read_bytes() == (
        b"doc_id,annotation_id,topic,model_name,key_point_idx,covered\n"
        b"council-1,7,Funding for the river bus,Quillon-13B,1,yes\n"
        b"council-1,7,Funding for the river bus,Quillon-13B,2,yes\n"
        b"council-1,7,Funding for the river bus,Parrot-XL,1,yes\n"
        b"council-1,7,Funding for the river bus,Parrot-XL,2,\n"
    )
    assert WrittenFile("completeness/demo_completeness_coverage.csv", 4) in files
    # The published files are untouched by it.
    assert (
        (tmp_path / "completeness/demo_completeness_final.csv")
        .read_bytes()
        .startswith(b"doc_id,annotation_id,topic,key_points\n")
    )
    none = tmp_path / "none"
    write_tofueval(none, [consistent_summary(key_fact_coverage=())], [topic_row()])
    assert not (none / "completeness/demo_completeness_coverage.csv").exists()


def test_the_key_points_cell_is_the_python_list_literal_the_release_uses() -> None:
    assert key_points_cell(KEY_FACTS) == repr(
        ["1. The council votes tonight.", "2. It's $4M.", "A,B,C"]
    )
    assert key_points_cell(()) == ""


def test_topic_categories_are_indented_json_without_a_final_newline(tmp_path: Path) -> None:
    topics = [
        topic_row(),
        topic_row(topic="Caf\u00e9 hours", category="marginal"),
        topic_row(topic="Unjudged", category=""),
    ]

    files = write_tofueval(tmp_path, [], topics)

    data = (tmp_path / "topic_category/demo_topic_category.json").read_bytes()
    assert data == (
        b'{\n    "Funding for the river bus": "main",\n    "Caf\\u00e9 hours": "marginal"\n}'
    )
    assert data == json.dumps({TOPIC: "main", "Caf\u00e9 hours": "marginal"}, indent=4).encode()
    assert WrittenFile("topic_category/demo_topic_category.json", 2) in files


def test_a_corpus_without_judged_categories_gets_an_empty_object(tmp_path: Path) -> None:
    write_tofueval(tmp_path, [], [topic_row(category="")])

    assert (tmp_path / "topic_category/demo_topic_category.json").read_bytes() == b"{}"


def test_a_topic_name_shared_by_two_documents_is_written_once_if_they_agree(
    tmp_path: Path,
) -> None:
    topics = [topic_row(), topic_row(doc_id="council-2")]

    write_tofueval(tmp_path, [], topics)

    categories = json.loads((tmp_path / "topic_category/demo_topic_category.json").read_bytes())
    assert categories == {TOPIC: "main"}


def test_a_topic_name_with_two_categories_cannot_be_written(tmp_path: Path) -> None:
    topics = [topic_row(), topic_row(doc_id="council-2", category="marginal")]

    with pytest.raises(ExportError, match="'marginal' here but 'main' in another document"):
        write_tofueval(tmp_path, [], topics)


def test_topic_rows_sort_by_numeric_annotation_id_then_keep_their_order() -> None:
    topics = [
        topic_row(annotation_id="10", topic="a"),
        topic_row(annotation_id="", topic="b"),
        topic_row(annotation_id="9", topic="c"),
        topic_row(annotation_id="x", topic="d"),
        topic_row(annotation_id="9", topic="e"),
    ]

    assert [t.topic for t in sorted(topics, key=topic_sort_key)] == ["c", "e", "a", "b", "d"]


def test_an_unlabelled_sentence_is_refused(tmp_path: Path) -> None:
    row = consistent_summary(sentences=(SentenceRow(0, "Unjudged."),))

    with pytest.raises(ExportError, match="sentence 1 has no gold label"):
        write_tofueval(tmp_path, [row], [])


def test_a_document_outside_dev_and_test_is_refused(tmp_path: Path) -> None:
    with pytest.raises(
        ExportError, match="only dev and test files; the document's split is 'none'"
    ):
        write_tofueval(tmp_path, [consistent_summary(split="none")], [])


def test_a_type_name_with_a_comma_is_refused(tmp_path: Path) -> None:
    sentence = SentenceRow(0, "A.", label="inconsistent", error_types=("Odd, type",))

    with pytest.raises(ExportError, match="contains a comma"):
        write_tofueval(tmp_path, [consistent_summary(sentences=(sentence,))], [])


def test_a_document_whose_summaries_are_not_together_is_refused(tmp_path: Path) -> None:
    rows = [
        consistent_summary(),
        consistent_summary(doc_id="council-2"),
        inconsistent_summary(),
    ]

    with pytest.raises(ExportError, match="summaries must arrive together"):
        write_tofueval(tmp_path, rows, [])


def test_the_reader_reads_back_what_the_writer_wrote(tmp_path: Path) -> None:
    rows = [
        inconsistent_summary(corpus="mediasum"),
        consistent_summary(corpus="mediasum", doc_id="council-2", topic="Bus", split="test"),
    ]
    topics = [
        topic_row(corpus="mediasum"),
        topic_row(corpus="mediasum", doc_id="council-2", topic="Bus", category="irrelevant"),
    ]
    out = tmp_path / "release"
    write_tofueval(out, rows, topics)
    documents = tmp_path / "documents.jsonl"
    documents.write_text("".join(json.dumps(d) + "\n" for d in placeholder_documents(out)))

    release = read_tofueval(
        out, documents, allowed_types=["Mis-Referencing", "Extrinsic Information"]
    )

    assert not any("CRLF" in note or "final newline" in note for note in release.notes)
    first, second = release.units
    assert (first.document, first.category, second.category) == ("council-1", "main", "irrelevant")
    assert first.key_points == ["1. The council votes tonight.", "2. It's $4M.", "A,B,C"]
    label = first.sentences[("Parrot-XL", 1)]
    assert (label.label, label.error_types) == (
        "inconsistent",
        ("Mis-Referencing", "Extrinsic Information"),
    )
    assert label.explanation == "The port pays, not the city.\nNo tax is mentioned."
    assert first.sentences[("Parrot-XL", 3)].label == "consistent"
    assert [d.split for d in release.documents] == ["dev", "test"]
