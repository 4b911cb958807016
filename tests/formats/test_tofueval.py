"""The TofuEval release reader, on the real public release (with placeholder dialogues) and on
copies of it with one thing broken."""

from __future__ import annotations

import ast
import csv
import io
import json
import random
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from annotations.formats.errors import FormatError
from annotations.formats.records import ColumnLimits, DocumentRecord
from annotations.formats.tofueval import (
    CONSISTENCY_COLUMNS,
    PublishedUnit,
    TofuEvalRelease,
    key_point_text,
    placeholder_documents,
    read_tofueval,
)
from annotations.taxonomy_catalogue import TAXONOMIES

ALLOWED = tuple(
    spec["name"]
    for taxonomy in TAXONOMIES
    if taxonomy["slug"] == "tofueval"
    for spec in taxonomy["types"]
)
CONSISTENCY_FILES = [
    ("mediasum", "dev"),
    ("mediasum", "test"),
    ("meetingbank", "dev"),
    ("meetingbank", "test"),
]
GAP_DOCUMENT = "CNN-164885"
GAP_TOPIC = "Cuban celebration and government gathering"


def consistency_path(release_dir: Path, corpus: str, split: str) -> Path:
    return release_dir / "factual_consistency" / f"{corpus}_factual_eval_{split}.csv"


def write_documents(
    release_dir: Path, path: Path, *, without: str = "", extra: tuple[dict, ...] = ()
) -> Path:
    lines = [line for line in placeholder_documents(release_dir) if line["id"] != without]
    path.write_text("".join(json.dumps(line) + "\n" for line in [*lines, *extra]), "utf-8")
    return path


def read(release_dir: Path, documents: Path) -> TofuEvalRelease:
    return read_tofueval(release_dir, documents, allowed_types=ALLOWED)


def csv_dicts(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


def document_of(release: TofuEvalRelease, corpus: str, doc_id: str) -> DocumentRecord:
    (found,) = [d for d in release.documents if (d.corpus, d.external_id) == (corpus, doc_id)]
    return found


def unit_of(release: TofuEvalRelease, corpus: str, doc_id: str, topic: str) -> PublishedUnit:
    (found,) = [
        u for u in release.units if (u.corpus, u.document, u.topic) == (corpus, doc_id, topic)
    ]
    return found


@pytest.fixture
def documents(tofueval_dir: Path, tmp_path: Path) -> Path:
    return write_documents(tofueval_dir, tmp_path / "documents.jsonl")


@pytest.fixture
def release(tofueval_dir: Path, documents: Path) -> TofuEvalRelease:
    return read(tofueval_dir, documents)


# The real release


def test_it_reads_every_document_summary_and_sentence_of_the_release(
    release: TofuEvalRelease,
) -> None:
    summaries = [s for d in release.documents for t in d.topics for s in t.summaries]
    sentences = [sentence for s in summaries for sentence in s.sentences]

    assert len(release.documents) == 100
    assert len(summaries) == 1777
    assert len(sentences) == 4946
    assert sum(len(unit.sentences) for unit in release.units) == 4946
    assert len(release.units) == sum(len(d.topics) for d in release.documents)


def test_documents_carry_the_split_of_the_release(
    release: TofuEvalRelease, tofueval_dir: Path
) -> None:
    published = json.loads((tofueval_dir / "document_ids_dev_test_split.json").read_text("utf-8"))

    read_splits = {
        (split, corpus): sorted(
            d.external_id for d in release.documents if (d.split, d.corpus) == (split, corpus)
        )
        for split in ("dev", "test")
        for corpus in ("mediasum", "meetingbank")
    }

    assert read_splits == {
        (split, corpus): sorted(ids)
        for split, corpora in published.items()
        for corpus, ids in corpora.items()
    }


def test_documents_take_their_dialogue_from_the_documents_file(
    release: TofuEvalRelease, tofueval_dir: Path
) -> None:
    document = document_of(release, "mediasum", "NPR-5615")

    (turn,) = document.turns
    assert turn.speaker == "PLACEHOLDER"
    assert "NPR-5615" in turn.text
    assert document.metadata == {"tofueval_annotation_id": "1"}


def test_a_sample_of_rows_matches_the_csv_files(
    release: TofuEvalRelease, tofueval_dir: Path
) -> None:
    rows = [
        (corpus, split, row)
        for corpus, split in CONSISTENCY_FILES
        for row in csv_dicts(consistency_path(tofueval_dir, corpus, split))
    ]
    sample = random.Random(20240611).sample(rows, 20)
    # Make sure the sample covers what it is meant to check.
    assert {row["sent_label"] for _, _, row in sample} == {"yes", "no"}
    assert any(row["exp"] for _, _, row in sample)

    for corpus, split, row in sample:
        document = document_of(release, corpus, row["doc_id"])
        assert document.split == split
        (topic,) = [t for t in document.topics if t.name == row["topic"]]
        (summary,) = [s for s in topic.summaries if s.external_id == row["model_name"]]
        assert summary.system == row["model_name"]
        (sentence,) = [s for s in summary.sentences if s.source_index == int(row["sent_idx"])]
        assert sentence.text == row["summ_sent"]
        assert summary.text[sentence.start : sentence.end] == row["summ_sent"]
        label = unit_of(release, corpus, row["doc_id"], row["topic"]).sentences[
            (row["model_name"], int(row["sent_idx"]))
        ]
        assert label.label == {"yes": "consistent", "no": "inconsistent"}[row["sent_label"]]
        assert label.explanation == row["exp"]
        assert label.error_types == (tuple(row["type"].split(", ")) if row["type"] else ())


def test_a_summary_with_a_gap_in_sent_idx_keeps_the_published_indexes(
    release: TofuEvalRelease,
) -> None:
    document = document_of(release, "mediasum", GAP_DOCUMENT)
    (topic,) = [t for t in document.topics if t.name == GAP_TOPIC]
    (summary,) = [s for s in topic.summaries if s.external_id == "model_C"]

    assert [s.source_index for s in summary.sentences] == [1, 3]
    for sentence in summary.sentences:
        assert summary.text[sentence.start : sentence.end] == sentence.text
    assert set(unit_of(release, "mediasum", GAP_DOCUMENT, GAP_TOPIC).sentences) >= {
        ("model_C", 1),
        ("model_C", 3),
    }
    assert (
        "mediasum: 2 summary(ies) with gaps or repeats in sent_idx; the published index is kept"
        " as each sentence's source index"
    ) in release.notes


def test_the_exact_duplicate_row_is_dropped_and_noted(
    release: TofuEvalRelease, tofueval_dir: Path
) -> None:
    rows = csv_dicts(consistency_path(tofueval_dir, "meetingbank", "dev"))
    ((duplicate, times),) = [
        (row, n) for row, n in Counter(tuple(r.values()) for r in rows).items() if n > 1
    ]
    doc_id, _, topic, model, sent_idx, text, *_ = duplicate

    assert times == 2
    (summary,) = [
        s
        for t in document_of(release, "meetingbank", doc_id).topics
        if t.name == topic
        for s in t.summaries
        if s.external_id == model
    ]
    assert [s.text for s in summary.sentences if s.source_index == int(sent_idx)] == [text]
    assert "meetingbank_factual_eval_dev.csv: dropped 1 exact duplicate row(s)" in release.notes


def test_line_ending_and_multi_line_quirks_of_each_file_are_noted(
    release: TofuEvalRelease, tofueval_dir: Path
) -> None:
    for corpus, split in CONSISTENCY_FILES:
        path = consistency_path(tofueval_dir, corpus, split)
        raw = path.read_bytes()
        quirks = []
        if b"\r\n" in raw:
            quirks.append("CRLF line endings")
        if not raw.endswith(b"\n"):
            quirks.append("no final newline")
        multiline = sum(any("\n" in value for value in row.values()) for row in csv_dicts(path))
        assert multiline > 0
        quirks.append(f"{multiline} row(s) with newlines inside quoted fields")

        assert f"{path.name}: read as published despite {', '.join(quirks)}" in release.notes
    # The release as published: three CRLF files without a final newline, one LF file.
    assert sum("CRLF line endings, no final newline" in note for note in release.notes) == 3


def test_a_topic_with_empty_key_points_gets_none_and_a_note(release: TofuEvalRelease) -> None:
    unit = unit_of(release, "mediasum", "CNN-105920", "President Bush's Immigration Plan")

    assert unit.key_points == []
    assert (
        "mediasum_completeness_final.csv: 1 topic(s) with empty key_points imported without"
        " key facts"
    ) in release.notes


def test_topic_categories_are_those_of_the_release(
    release: TofuEvalRelease, tofueval_dir: Path
) -> None:
    for corpus in ("mediasum", "meetingbank"):
        path = tofueval_dir / "topic_category" / f"{corpus}_topic_category.json"
        published = json.loads(path.read_text("utf-8"))
        units = [unit for unit in release.units if unit.corpus == corpus]

        assert {unit.category for unit in units} == {"main", "marginal"}
        for unit in units:
            assert unit.category == published[unit.topic]
    assert not [note for note in release.notes if "no published category" in note]


def test_key_points_of_a_topic_are_those_of_the_completeness_file(
    release: TofuEvalRelease, tofueval_dir: Path
) -> None:
    (row,) = [
        row
        for row in csv_dicts(tofueval_dir / "completeness" / "mediasum_completeness_final.csv")
        if (row["doc_id"], row["topic"]) == ("NPR-5615", "Presidential helicopter cost")
    ]
    unit = unit_of(release, "mediasum", "NPR-5615", "Presidential helicopter cost")

    assert unit.key_points == ast.literal_eval(row["key_points"])
    assert len(unit.key_points) == 7
    assert unit.key_points[0] == "1. Obama's new helicopters could cost around $400 million each."
    assert [key_point_text(point, i) for i, point in enumerate(unit.key_points)][6] == (
        "There are plans to make 28 helicopters, compounding the price.",
        True,
    )


def test_documents_not_in_the_release_are_ignored_with_a_note(
    tofueval_dir: Path, tmp_path: Path
) -> None:
    extra = {"id": "CNN-0", "corpus": "mediasum", "turns": [{"speaker": "A", "text": "Hi."}]}
    documents = write_documents(tofueval_dir, tmp_path / "documents.jsonl", extra=(extra,))

    release = read(tofueval_dir, documents)

    assert len(release.documents) == 100
    assert (
        "documents.jsonl: 1 document(s) not in the release were ignored (first: mediasum/CNN-0)"
    ) in release.notes


def test_key_point_text_strips_the_matching_number() -> None:
    assert key_point_text("3. Foo", 2) == ("Foo", True)
    assert key_point_text("10. The vote passed.", 9) == ("The vote passed.", True)


@pytest.mark.parametrize(
    ("point", "position"),
    [
        # As published for CNN-138971, "North Korean legal system": the fifth point is "4.".
        ("4. The trial for the two reporters that will determine their sentence is set", 4),
        ("3. Foo", 0),
        ("2.These symptoms often appear late.", 1),
        ("1: what makes pancreatic cancer difficult to diagnose", 0),
        ("A,B,C,D,E,F", 1),
    ],
)
def test_key_point_text_keeps_a_point_without_the_expected_number_verbatim(
    point: str, position: int
) -> None:
    assert key_point_text(point, position) == (point, False)


# Broken copies of the release


@pytest.fixture
def broken(tofueval_dir: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(tofueval_dir, tmp_path / "release"))


def rejection(release_dir: Path, documents: Path) -> FormatError:
    with pytest.raises(FormatError) as caught:
        read(release_dir, documents)
    return caught.value


def rewrite_csv(path: Path, change: Callable[[list[list[str]]], None]) -> list[list[str]]:
    """Rewrites a CSV (header included in the rows) after ``change``; returns the rows."""
    with path.open(newline="", encoding="utf-8") as stream:
        rows = list(csv.reader(stream))
    change(rows)
    path.write_text(serialize(rows), "utf-8", newline="")
    return rows


def serialize(rows: list[list[str]]) -> str:
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def edit_row(path: Path, row: int, **values: str) -> int:
    """Sets fields of data row ``row`` (1 = the first after the header); returns its line."""

    def change(rows: list[list[str]]) -> None:
        for column, value in values.items():
            rows[row][rows[0].index(column)] = value

    rows = rewrite_csv(path, change)
    return serialize(rows[:row]).count("\n") + 1


def first_row_of(path: Path, doc_id: str) -> tuple[int, int]:
    """(row, line) where ``doc_id`` first appears, found without the csv module for the line."""
    text = path.read_bytes().decode("utf-8")
    row = next(i for i, r in enumerate(csv_dicts(path), start=1) if r["doc_id"] == doc_id)
    line = text.count("\n", 0, text.index(f"\n{doc_id},")) + 2
    return row, line


def test_a_document_missing_from_the_documents_file_is_named_with_its_first_row(
    broken: Path, tofueval_dir: Path, tmp_path: Path
) -> None:
    row, line = first_row_of(consistency_path(broken, "mediasum", "dev"), GAP_DOCUMENT)

    documents = write_documents(tofueval_dir, tmp_path / "documents.jsonl", without=GAP_DOCUMENT)

    error = rejection(broken, documents)

    assert str(error).startswith(
        f"mediasum_factual_eval_dev.csv, row {row} (line {line}), field doc_id:"
        f" document '{GAP_DOCUMENT}' (mediasum) has no dialogue in the documents file"
    )
    assert '{"id": ..., "corpus": ..., "turns": [...]}' in str(error)


def test_an_unknown_error_type_is_rejected_listing_the_allowed_types(
    broken: Path, documents: Path
) -> None:
    path = consistency_path(broken, "mediasum", "dev")
    line = edit_row(path, 40, sent_label="no", type="Extrinsic Information, Hallucination")
    assert line > 41  # rows above it have newlines inside quoted fields

    error = rejection(broken, documents)

    assert str(error) == (
        f"mediasum_factual_eval_dev.csv, row 40 (line {line}), field type: unknown error type"
        f" 'Hallucination'; the project's taxonomy allows {', '.join(sorted(ALLOWED))}"
    )


@pytest.mark.parametrize("label", ["maybe", "Yes", "", "consistent"])
def test_a_sent_label_other_than_yes_or_no_is_rejected(
    broken: Path, documents: Path, label: str
) -> None:
    line = edit_row(consistency_path(broken, "meetingbank", "test"), 12, sent_label=label)

    error = rejection(broken, documents)

    assert str(error) == (
        f"meetingbank_factual_eval_test.csv, row 12 (line {line}), field sent_label:"
        f" expected yes or no, got the string {label!r}"
    )


@pytest.mark.parametrize("sent_idx", ["two", "1.5", "0", "-1", "", " 1"])
def test_a_sent_idx_that_is_not_a_positive_integer_is_rejected(
    broken: Path, documents: Path, sent_idx: str
) -> None:
    line = edit_row(consistency_path(broken, "mediasum", "test"), 7, sent_idx=sent_idx)

    error = rejection(broken, documents)

    assert str(error) == (
        f"mediasum_factual_eval_test.csv, row 7 (line {line}), field sent_idx:"
        f" expected a positive integer of at most 2147483647, got the string {sent_idx!r}"
    )


def test_a_sent_idx_of_unicode_digits_is_rejected_as_a_format_error(
    broken: Path, documents: Path
) -> None:
    # "²".isdigit() is true but int("²") raises: this must still be a FormatError naming the row.
    line = edit_row(consistency_path(broken, "mediasum", "test"), 7, sent_idx="²")

    error = rejection(broken, documents)

    assert str(error) == (
        f"mediasum_factual_eval_test.csv, row 7 (line {line}), field sent_idx:"
        " expected a positive integer of at most 2147483647, got the string '²'"
    )


def test_a_sent_idx_past_the_source_index_column_is_rejected_at_its_row(
    broken: Path, documents: Path
) -> None:
    limits = ColumnLimits(source_index=999)
    edit_row(consistency_path(broken, "mediasum", "test"), 7, sent_idx="999")
    assert read_tofueval(broken, documents, allowed_types=ALLOWED, limits=limits).documents
    line = edit_row(consistency_path(broken, "mediasum", "test"), 7, sent_idx="1000")

    with pytest.raises(FormatError) as refused:
        read_tofueval(broken, documents, allowed_types=ALLOWED, limits=limits)

    assert str(refused.value) == (
        f"mediasum_factual_eval_test.csv, row 7 (line {line}), field sent_idx:"
        " expected a positive integer of at most 999, got the string '1000'"
    )


def test_the_same_sentence_written_01_and_1_is_not_two_sentences(
    broken: Path, documents: Path
) -> None:
    path = consistency_path(broken, "mediasum", "dev")

    def add_variant_of_row_2(rows: list[list[str]]) -> None:
        copy = list(rows[2])
        copy[CONSISTENCY_COLUMNS.index("sent_idx")] = "02"
        copy[CONSISTENCY_COLUMNS.index("summ_sent")] = "A different second sentence."
        rows.insert(3, copy)

    rewrite_csv(path, add_variant_of_row_2)

    error = rejection(broken, documents)

    assert str(error).startswith("mediasum_factual_eval_dev.csv, row 3 (line 4), field sent_idx:")
    assert "of Model-Extra on topic 'Presidential helicopter cost' appears twice" in str(error)
    assert "with different values (also row 2)" in str(error)


def test_a_wrong_header_is_rejected_showing_the_expected_one(broken: Path, documents: Path) -> None:
    path = consistency_path(broken, "meetingbank", "test")
    rows = rewrite_csv(path, lambda rows: rows[0].__setitem__(5, "summary"))

    error = rejection(broken, documents)

    assert str(error) == (
        f"meetingbank_factual_eval_test.csv, line 1: unexpected header {rows[0]};"
        f" expected {CONSISTENCY_COLUMNS}"
    )


def move_in_splits(release_dir: Path, doc_id: str, to: str | None) -> None:
    path = release_dir / "document_ids_dev_test_split.json"
    splits = json.loads(path.read_text("utf-8"))
    splits["dev"]["mediasum"].remove(doc_id)
    if to:
        splits[to]["mediasum"].append(doc_id)
    path.write_text(json.dumps(splits), "utf-8")


def test_a_document_listed_in_the_other_split_is_rejected(broken: Path, documents: Path) -> None:
    row, line = first_row_of(consistency_path(broken, "mediasum", "dev"), GAP_DOCUMENT)
    move_in_splits(broken, GAP_DOCUMENT, "test")

    error = rejection(broken, documents)

    assert str(error) == (
        f"mediasum_factual_eval_dev.csv, row {row} (line {line}), field doc_id: document"
        f" '{GAP_DOCUMENT}' is in the dev file but listed as test in"
        " document_ids_dev_test_split.json"
    )


def test_a_document_missing_from_the_splits_file_is_rejected(broken: Path, documents: Path) -> None:
    row, line = first_row_of(consistency_path(broken, "mediasum", "dev"), GAP_DOCUMENT)
    move_in_splits(broken, GAP_DOCUMENT, None)

    error = rejection(broken, documents)

    assert str(error) == (
        f"mediasum_factual_eval_dev.csv, row {row} (line {line}), field doc_id: document"
        f" '{GAP_DOCUMENT}' is not in document_ids_dev_test_split.json"
    )


def test_the_same_sentence_twice_with_different_text_is_rejected(
    broken: Path, documents: Path
) -> None:
    path = consistency_path(broken, "mediasum", "dev")

    def repeat_row_2_differently(rows: list[list[str]]) -> None:
        copy = list(rows[2])
        copy[CONSISTENCY_COLUMNS.index("summ_sent")] = "A different second sentence."
        rows.append(copy)

    rows = rewrite_csv(path, repeat_row_2_differently)
    last = len(rows) - 1

    error = rejection(broken, documents)

    assert str(error) == (
        f"mediasum_factual_eval_dev.csv, row {last} (line {serialize(rows).count(chr(10))}),"
        " field sent_idx: sentence 2 of Model-Extra on topic 'Presidential helicopter cost'"
        " appears twice with different values (also row 2)"
    )


def test_non_utf8_bytes_in_a_csv_are_rejected_with_their_line(
    broken: Path, documents: Path
) -> None:
    path = consistency_path(broken, "mediasum", "test")
    lines = path.read_bytes().split(b"\n")
    lines[199] = lines[199].replace(b",", b",Caf\xe9 ", 1)  # Latin-1, as a spreadsheet may save
    path.write_bytes(b"\n".join(lines))

    error = rejection(broken, documents)

    assert str(error) == (
        "mediasum_factual_eval_test.csv, line 200: not valid UTF-8 (byte 0xe9);"
        " save the file as UTF-8"
    )


def test_key_points_that_are_not_a_list_of_strings_are_rejected(
    broken: Path, documents: Path
) -> None:
    path = broken / "completeness" / "mediasum_completeness_final.csv"
    line = edit_row(path, 2, key_points="1. The helicopters are over budget.")

    error = rejection(broken, documents)

    assert str(error) == (
        f"mediasum_completeness_final.csv, row 2 (line {line}), field key_points:"
        " expected a list of strings such as ['1. ...', '2. ...']"
    )


def test_an_unknown_topic_category_is_rejected(broken: Path, documents: Path) -> None:
    path = broken / "topic_category" / "mediasum_topic_category.json"
    categories = json.loads(path.read_text("utf-8"))
    categories["Presidential helicopter cost"] = "central"
    path.write_text(json.dumps(categories), "utf-8")

    error = rejection(broken, documents)

    assert str(error) == (
        "mediasum_topic_category.json, field Presidential helicopter cost:"
        " expected one of main, marginal, irrelevant, got the string 'central'"
    )


def test_a_malformed_documents_file_is_rejected_with_its_line(
    tofueval_dir: Path, tmp_path: Path
) -> None:
    documents = write_documents(tofueval_dir, tmp_path / "documents.jsonl")
    with documents.open("a", encoding="utf-8") as stream:
        stream.write('{"id": "CNN-0", "corpus": "mediasum"}\n')

    with pytest.raises(FormatError) as caught:
        read(tofueval_dir, documents)

    assert str(caught.value) == (
        "documents.jsonl, line 101, field turns: expected a non-empty list, got null"
    )


def test_a_document_of_an_unknown_corpus_is_rejected_with_its_line(
    tofueval_dir: Path, tmp_path: Path
) -> None:
    extra = {
        "id": "council-river-bus",
        "corpus": "demo",
        "turns": [{"speaker": "A", "text": "Hi."}],
    }
    documents = write_documents(tofueval_dir, tmp_path / "documents.jsonl", extra=(extra,))

    with pytest.raises(FormatError) as caught:
        read(tofueval_dir, documents)

    assert str(caught.value) == (
        "documents.jsonl, line 101, field corpus: unknown corpus 'demo' for document"
        " 'council-river-bus'; expected one of mediasum, meetingbank"
    )


@pytest.mark.parametrize(
    ("escape", "problem"),
    [
        ("\\x00", "contains a NUL character (\\u0000) at position 10"),
        ("\\ud800", "contains an unpaired surrogate (U+D800)"),
    ],
    ids=["NUL", "lone surrogate"],
)
def test_a_key_point_whose_escapes_decode_to_unstorable_text_is_rejected(
    broken: Path, documents: Path, escape: str, problem: str
) -> None:
    # The cell is plain ASCII; only the Python literal's escape makes the character.
    path = broken / "completeness" / "mediasum_completeness_final.csv"
    line = edit_row(path, 2, key_points=f"['1. Fine.', '2. Broken{escape} point.']")

    error = rejection(broken, documents)

    assert str(error) == (
        f"mediasum_completeness_final.csv, row 2 (line {line}), field key_points:"
        f" key point 2 cannot be stored: {problem}"
    )


def test_a_csv_field_past_the_csv_modules_limit_is_rejected_at_its_row(
    broken: Path, documents: Path
) -> None:
    line = edit_row(consistency_path(broken, "mediasum", "test"), 7, exp="x" * 200_000)

    error = rejection(broken, documents)

    assert str(error) == (
        f"mediasum_factual_eval_test.csv, row 7 (line {line}): cannot be read as CSV:"
        f" a field is longer than {csv.field_size_limit():,} characters, the most a CSV field"
        " may hold"
    )


def test_a_release_whose_csv_files_hold_only_their_header_is_refused_not_imported_empty(
    broken: Path, documents: Path
) -> None:
    for corpus, split in CONSISTENCY_FILES:
        path = consistency_path(broken, corpus, split)
        path.write_text(",".join(CONSISTENCY_COLUMNS) + "\n", "utf-8")

    error = rejection(broken, documents)

    assert str(error) == (
        f"{broken}: the release has no rows: mediasum_factual_eval_dev.csv,"
        " mediasum_factual_eval_test.csv, meetingbank_factual_eval_dev.csv,"
        " meetingbank_factual_eval_test.csv hold only their header; expected one row per"
        " summary sentence (docs/formats/tofueval.md)"
    )


def test_a_release_without_factual_consistency_files_is_refused(
    broken: Path, documents: Path
) -> None:
    shutil.rmtree(broken / "factual_consistency")

    error = rejection(broken, documents)

    assert "no factual_consistency/" in str(error)
    assert str(error).startswith(f"{broken}: ")


@pytest.mark.parametrize(
    ("file", "content", "says"),
    [
        (
            "topic_category/mediasum_topic_category.json",
            '{"Presidential helicopter cost": NaN}',
            "not valid JSON",
        ),
        (
            "document_ids_dev_test_split.json",
            '{"dev": {"mediasum": ["CNN-1\\u0000"]}}',
            "field dev.mediasum[0]: cannot be stored: contains a NUL character",
        ),
        (
            "document_ids_dev_test_split.json",
            '{"dev": {"mediasum": ["\\udc00"]}}',
            "unpaired surrogate escapes are not JSON",
        ),
        (
            "topic_category/mediasum_topic_category.json",
            "[" * 100_000 + "]" * 100_000,
            "nested deeper than 1024 levels",
        ),
        (
            "document_ids_dev_test_split.json",
            '{"dev": {"mediasum": [' + "[" * 1020 + "]" * 1020 + "]}}",
            "field dev.mediasum[0]: expected a doc id (a string), got a list of 1",
        ),
    ],
    ids=["NaN", "NUL", "lone surrogate", "nested 100,000 deep", "a doc id nested 1,020 deep"],
)
def test_a_json_file_of_the_release_that_is_not_strict_json_is_rejected_naming_it(
    broken: Path, documents: Path, file: str, content: str, says: str
) -> None:
    (broken / file).write_text(content, "utf-8")

    error = rejection(broken, documents)

    assert str(error).startswith(
        Path(file).name + ", field " if "field" in says else Path(file).name + ": "
    )
    assert says in str(error), str(error)


@pytest.mark.parametrize("point", ["", "   ", "2. ", "2.  \t"])
def test_an_empty_key_point_is_rejected_naming_its_position(
    broken: Path, documents: Path, point: str
) -> None:
    # Found by the import property test: an empty KeyFact broke the database's check constraint.
    path = broken / "completeness" / "mediasum_completeness_final.csv"
    line = edit_row(path, 2, key_points=repr(["1. Fine.", point]))

    error = rejection(broken, documents)

    assert str(error) == (
        f"mediasum_completeness_final.csv, row 2 (line {line}), field key_points:"
        " key point 2 is empty; expected the point's text after its 'N. ' number"
    )
