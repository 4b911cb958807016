"""The public TofuEval release, read by the importer's reader and written back by the TofuEval
writer, reproduces the published files record for record. The only differences are the ones
PUBLISHED_DIFFERENCES names, and these tests pin each of them down exactly."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from annotations.formats.tofueval import placeholder_documents, read_tofueval
from annotations.formats.writers.tofueval import (
    TofuEvalRows,
    WrittenFile,
    rows_from_tofueval_release,
    write_tofueval,
)
from annotations.taxonomy_catalogue import TAXONOMIES
from tests.conftest import TOFUEVAL_DIR

TOFUEVAL_TYPES = [t["name"] for x in TAXONOMIES if x["slug"] == "tofueval" for t in x["types"]]
UNIFIED = {
    t["name"]: t["unified"] for x in TAXONOMIES if x["slug"] == "tofueval" for t in x["types"]
}
CRLF_FILES = {
    "factual_consistency/mediasum_factual_eval_dev.csv",
    "factual_consistency/mediasum_factual_eval_test.csv",
    "factual_consistency/meetingbank_factual_eval_test.csv",
}
DUPLICATED_FILE = "factual_consistency/meetingbank_factual_eval_dev.csv"
DUPLICATED_ROW = [
    "LongBeachCC_10172017_17-0944",
    "109",
    "Incident on Blue Line train",
    "Model-Extra",
    "1",
]
# Documents whose completeness rows the release lists in another topic order than its
# factual-consistency files (PUBLISHED_DIFFERENCES, docs/formats/exports.md).
REORDERED_DOCUMENTS = {"mediasum": 41, "meetingbank": 8}


@dataclass(frozen=True)
class RoundTrip:
    published: Path
    exported: Path
    files: list[WrittenFile]
    rows: TofuEvalRows


@pytest.fixture(scope="module")
def round_trip(tmp_path_factory: pytest.TempPathFactory) -> RoundTrip:
    if not TOFUEVAL_DIR.is_dir():
        pytest.fail(f"the public TofuEval release is expected at {TOFUEVAL_DIR}")
    tmp = tmp_path_factory.mktemp("tofueval")
    documents = tmp / "documents.jsonl"
    documents.write_text(
        "".join(json.dumps(line) + "\n" for line in placeholder_documents(TOFUEVAL_DIR)), "utf-8"
    )
    release = read_tofueval(TOFUEVAL_DIR, documents, allowed_types=TOFUEVAL_TYPES)
    rows = rows_from_tofueval_release(release, unified_codes=UNIFIED)
    exported = tmp / "export"
    files = write_tofueval(exported, rows.summaries, rows.topics)
    return RoundTrip(TOFUEVAL_DIR, exported, files, rows)


def published_paths(root: Path) -> list[str]:
    return sorted(
        path.relative_to(root).as_posix()
        for path in root.rglob("*")
        if path.suffix in (".csv", ".json")
    )


def csv_rows(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text("utf-8"), newline="")))


def duplicate_rows(rows: list[list[str]]) -> Iterator[int]:
    seen: set[tuple[str, ...]] = set()
    for index, row in enumerate(rows):
        if tuple(row) in seen:
            yield index
        seen.add(tuple(row))


def test_the_export_has_the_published_file_names(round_trip: RoundTrip) -> None:
    names = published_paths(round_trip.published)

    assert len(names) == 9
    assert published_paths(round_trip.exported) == names
    assert [file.path for file in round_trip.files] == names


def test_every_csv_has_the_published_header(round_trip: RoundTrip) -> None:
    for name in published_paths(round_trip.published):
        if name.endswith(".csv"):
            published = csv_rows(round_trip.published / name)[0]
            assert csv_rows(round_trip.exported / name)[0] == published, name


def test_the_factual_files_have_the_published_rows_in_order(round_trip: RoundTrip) -> None:
    for name in published_paths(round_trip.published):
        if name.startswith("factual_consistency/") and name != DUPLICATED_FILE:
            published = csv_rows(round_trip.published / name)
            assert csv_rows(round_trip.exported / name) == published, name
            assert list(duplicate_rows(published)) == [], name


def test_the_one_duplicated_published_row_is_exported_once(round_trip: RoundTrip) -> None:
    published = csv_rows(round_trip.published / DUPLICATED_FILE)
    exported = csv_rows(round_trip.exported / DUPLICATED_FILE)

    (duplicate,) = duplicate_rows(published)
    assert published[duplicate][:5] == DUPLICATED_ROW
    assert published[duplicate] == published[duplicate - 1]
    assert exported == published[:duplicate] + published[duplicate + 1 :]


def test_the_factual_files_differ_in_bytes_only_by_line_endings_and_the_duplicate(
    round_trip: RoundTrip,
) -> None:
    for name in published_paths(round_trip.published):
        if not name.startswith("factual_consistency/"):
            continue
        published = (round_trip.published / name).read_bytes()
        exported = (round_trip.exported / name).read_bytes()
        if name in CRLF_FILES:
            # Newlines inside quoted fields are LF already: only record ends are CRLF.
            assert not published.endswith(b"\n")
            published = published.replace(b"\r\n", b"\n") + b"\n"
        else:
            assert b"\r" not in published
        if name == DUPLICATED_FILE:
            rows = csv_rows(round_trip.published / name)
            (duplicate,) = duplicate_rows(rows)
            buffer = io.StringIO()
            csv.writer(buffer, lineterminator="\n").writerow(rows[duplicate])
            line = buffer.getvalue().encode("utf-8")
            assert published.count(line + line) == 1
            published = published.replace(line + line, line)
        assert exported == published, name


def test_the_topic_category_and_split_files_are_byte_identical(round_trip: RoundTrip) -> None:
    for name in published_paths(round_trip.published):
        if name.endswith(".json"):
            published = (round_trip.published / name).read_bytes()
            assert (round_trip.exported / name).read_bytes() == published, name


def test_the_completeness_files_have_the_published_rows_and_document_order(
    round_trip: RoundTrip,
) -> None:
    for corpus, reordered in REORDERED_DOCUMENTS.items():
        name = f"completeness/{corpus}_completeness_final.csv"
        published = csv_rows(round_trip.published / name)
        exported = csv_rows(round_trip.exported / name)

        assert len(exported) == len(published) == 151
        by_key = {(row[0], row[2]): row for row in published[1:]}
        assert len(by_key) == 150
        # Every published row, value for value, key points included.
        assert {(row[0], row[2]): row for row in exported[1:]} == by_key
        documents = [row[0] for row in published[1:]]
        assert [row[0] for row in exported[1:]] == documents
        topic_orders = [
            ([r[2] for r in published[1:] if r[0] == d], [r[2] for r in exported[1:] if r[0] == d])
            for d in dict.fromkeys(documents)
        ]
        assert sum(1 for theirs, ours in topic_orders if theirs != ours) == reordered


def test_key_points_without_the_usual_numbering_round_trip_verbatim(round_trip: RoundTrip) -> None:
    verbatim = [
        fact for topic in round_trip.rows.topics for fact in topic.key_facts if not fact.numbered
    ]
    published = {
        row[3]
        for corpus in REORDERED_DOCUMENTS
        for row in csv_rows(round_trip.published / f"completeness/{corpus}_completeness_final.csv")
    }

    assert len(verbatim) == 36
    assert "A,B,C,D,E,F" in [fact.text for fact in verbatim]
    exported = {
        row[3]
        for corpus in REORDERED_DOCUMENTS
        for row in csv_rows(round_trip.exported / f"completeness/{corpus}_completeness_final.csv")
    }
    assert exported == published


def test_the_reported_counts_are_the_records_in_each_file(round_trip: RoundTrip) -> None:
    for file in round_trip.files:
        path = round_trip.exported / file.path
        if file.path.endswith(".csv"):
            assert file.records == len(csv_rows(path)) - 1, file.path
        elif file.path.startswith("topic_category/"):
            assert file.records == len(json.loads(path.read_bytes())), file.path
        else:
            split = json.loads(path.read_bytes())
            assert file.records == sum(len(ids) for c in split.values() for ids in c.values())


def test_the_rows_carry_the_unified_types_of_the_published_error_types(
    round_trip: RoundTrip,
) -> None:
    sentences = [s for summary in round_trip.rows.summaries for s in summary.sentences]
    typed = [s for s in sentences if s.error_types]

    assert len(sentences) == 1813 + 733 + 1623 + 777
    assert typed
    for sentence in typed:
        assert sentence.unified_types == tuple(
            dict.fromkeys(UNIFIED[t] for t in sentence.error_types)
        )
