"""An evaluator's predictions read against a release's records.csv: what is accepted, and
every class of bad file refused with the file, line and field named."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

from annotations.formats.errors import FormatError
from annotations.formats.predictions import read_predictions
from annotations.formats.release_records import ReleaseRecords, read_release_records
from annotations.formats.writers.records import write_records
from annotations.formats.writers.rows import (
    SentenceRow,
    SummaryRow,
    sentence_record_id,
    summary_record_id,
)


def rows() -> list[SummaryRow]:
    """Two documents; the first summary has an error in sentence 2, one sentence of the
    last is not judged."""
    return [
        SummaryRow(
            corpus="mediasum",
            doc_id="d1",
            topic="budget",
            system="sys-a",
            topic_category="main",
            split="dev",
            sentences=(
                SentenceRow(0, "The council met.", label="consistent"),
                SentenceRow(
                    1,
                    "It passed the budget.",
                    label="inconsistent",
                    error_types=("Extrinsic Information",),
                    unified_types=("extrinsic-NP",),
                ),
            ),
        ),
        SummaryRow(
            corpus="mediasum",
            doc_id="d1",
            topic="budget",
            system="sys-b",
            topic_category="main",
            split="dev",
            sentences=(SentenceRow(0, "The council met.", label="consistent"),),
        ),
        SummaryRow(
            corpus="meetingbank",
            doc_id="d2",
            topic="parks",
            system="sys-a",
            topic_category="marginal",
            split="test",
            sentences=(
                SentenceRow(0, "Parks were discussed.", label="consistent"),
                SentenceRow(1, "Nobody voted.", label=None),
            ),
        ),
    ]


@pytest.fixture
def records() -> ReleaseRecords:
    stream = io.BytesIO()
    assert write_records(stream, rows()) == 5
    return read_release_records(stream.getvalue())


def sentence_ids() -> list[str]:
    return [sentence_record_id(row, s.number) for row in rows() for s in row.sentences]


def test_records_csv_reads_back_with_labels_coded_and_summaries_derived(
    records: ReleaseRecords,
) -> None:
    assert list(records.sentences.label) == [0, 1, 0, 0, -1]
    assert records.sentences.error_types[1] == ("Extrinsic Information",)
    assert list(records.summaries.label) == [1, 0, -1]  # any error; all consistent; unjudged
    assert list(records.summaries.field("split")) == ["dev", "dev", "test"]
    assert list(records.summaries.field("topic_category")) == ["main", "main", "marginal"]
    # Both summaries of d1 are one document: the bootstrap resamples them together.
    assert records.summaries.document[0] == records.summaries.document[1]
    assert records.summaries.document[0] != records.summaries.document[2]
    assert list(records.summaries.record_id) == [summary_record_id(r) for r in rows()]


def csv_of(lines: list[list[object]]) -> bytes:
    return "".join(",".join(str(cell) for cell in line) + "\n" for line in lines).encode()


def jsonl_of(objects: list[dict[str, object]]) -> bytes:
    return "".join(json.dumps(o) + "\n" for o in objects).encode()


def test_a_csv_of_scores_and_a_jsonl_of_labels_are_aligned_to_the_records(
    records: ReleaseRecords,
) -> None:
    ids = sentence_ids()
    scores = read_predictions(
        csv_of([["record_id", "score", "extra"]] + [[i, n / 10, "x"] for n, i in enumerate(ids)]),
        file="run.csv",
        records=records,
    )
    assert scores.kind == "score"
    assert scores.sentence_values.tolist() == [0.0, 0.1, 0.2, 0.3, 0.4]
    assert np.isnan(scores.summary_values).all()
    labels = read_predictions(
        jsonl_of(
            [
                {"record_id": ids[0], "label": 1},
                {
                    "record_id": ids[1],
                    "label": "inconsistent",
                    "explanation": "No vote.",
                    "error_types": ["Extrinsic Information"],
                },
                {"record_id": ids[2], "label": "0"},
                {"record_id": ids[3], "label": "consistent"},
                {"record_id": summary_record_id(rows()[0]), "label": 0},
                {"record_id": summary_record_id(rows()[1]), "label": 1},
            ]
        ),
        file="run.jsonl",
        records=records,
    )
    # The unjudged sentence may be left out; a label is 1.0 consistent, 0.0 inconsistent.
    assert labels.sentence_values[:4].tolist() == [1.0, 0.0, 0.0, 1.0]
    assert np.isnan(labels.sentence_values[4])
    assert labels.summary_values[:2].tolist() == [0.0, 1.0]
    assert (labels.sentences, labels.summaries) == (4, 2)
    assert labels.sentence_explanations == {1: "No vote."}
    assert labels.sentence_types == {1: ("Extrinsic Information",)}


def refused(data: bytes, records: ReleaseRecords, file: str = "run.csv") -> FormatError:
    with pytest.raises(FormatError) as caught:
        read_predictions(data, file=file, records=records)
    return caught.value


def full(score: object = 0.5) -> list[list[object]]:
    return [["record_id", "score"]] + [[i, score] for i in sentence_ids()[:4]]


@pytest.mark.parametrize(
    ("change", "line", "field", "words"),
    [
        (lambda t: [*t, ["no-such-id", 0.1]], 6, "record_id", "not a record of this release"),
        (lambda t: [*t, [t[1][0], 0.1]], 6, "record_id", "is given again (first on line 2)"),
        (lambda t: t[:3], None, "record_id", "misses 2 of the release's 4 judged sentence"),
        (lambda t: [t[0], [t[1][0], "high"], *t[2:]], 2, "score", "'high' is not a number"),
        (lambda t: [t[0], [t[1][0], ""], *t[2:]], 2, "score", "is empty"),
        (lambda t: [t[0], [t[1][0], "inf"], *t[2:]], 2, "score", "not a finite number"),
        (lambda t: [t[0], [t[1][0], "nan"], *t[2:]], 2, "score", "not a finite number"),
    ],
)
def test_each_bad_csv_is_refused_naming_its_line_and_field(
    records: ReleaseRecords, change, line, field, words
) -> None:  # type: ignore[no-untyped-def]
    error = refused(csv_of(change(full())), records)
    assert (error.file, error.line, error.field) == ("run.csv", line, field)
    assert words in error.message


@pytest.mark.parametrize(
    ("row", "field", "words"),
    [
        ({"record_id": 7, "score": 0.1}, "record_id", "the number 7 is not a string"),
        ({"score": 0.1}, "record_id", "is missing"),
        ({"record_id": "X", "score": True}, "score", "true is not a number"),
        ({"record_id": "X", "score": "0.3"}, "score", "the string '0.3' is not a number"),
        ({"record_id": "X", "score": 0.1, "explanation": 3}, "explanation", "not a string"),
        ({"record_id": "X", "score": 0.1, "error_types": "EXT"}, "error_types", "not a list"),
    ],
)
def test_each_bad_jsonl_line_is_refused_naming_its_line_and_field(
    records: ReleaseRecords, row: dict[str, object], field: str, words: str
) -> None:
    ids = sentence_ids()
    good = [{"record_id": i, "score": 0.5} for i in ids[:4]]
    row = {k: (ids[0] if v == "X" else v) for k, v in row.items()}
    data = jsonl_of([row, *good[1:]])
    error = refused(data, records, "run.jsonl")
    assert (error.line, error.field) == (1, field), str(error)
    assert words in error.message


def test_labels_outside_the_allowed_values_name_them(records: ReleaseRecords) -> None:
    ids = sentence_ids()
    error = refused(jsonl_of([{"record_id": ids[0], "label": 2}]), records, "run.jsonl")
    assert (error.line, error.field) == (1, "label")
    assert "1 or consistent, 0 or inconsistent" in error.message


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "is empty"),
        (b"record_id,score\n", "has a header but no predictions"),
        (b"id,score\nx,1\n", "needs a record_id column"),
        (b"record_id,prediction\nx,1\n", "needs a score or a label"),
        (b"record_id,score,label\nx,1,1\n", "has both score and label"),
        (b"record_id,score\n\xff,1\n", "is not UTF-8"),
    ],
)
def test_files_that_are_not_predictions_are_refused(
    records: ReleaseRecords, data: bytes, words: str
) -> None:
    assert words in refused(data, records).message


@pytest.mark.parametrize("bad", [b'{"record_id": NaN}', b'{"score": Infinity}', b"{"])
def test_bad_json_names_its_line(records: ReleaseRecords, bad: bytes) -> None:
    ids = sentence_ids()
    data = jsonl_of([{"record_id": ids[0], "score": 0.1}]) + bad + b"\n"
    error = refused(data, records, "run.jsonl")
    assert error.line == 2
    assert "not valid JSON" in error.message


def test_a_quoted_cell_spanning_lines_keeps_line_numbers_true(records: ReleaseRecords) -> None:
    ids = sentence_ids()
    data = f'record_id,score,explanation\n{ids[0]},0.1,"two\nlines"\n{ids[1]},oops,\n'.encode()
    error = refused(data, records)
    assert (error.line, error.field) == (4, "score")


def test_an_id_longer_than_any_of_the_release_is_refused_before_anything_is_packed(
    records: ReleaseRecords,
) -> None:
    data = jsonl_of([{"record_id": "x" * 100_000, "score": 0.5}])
    error = refused(data, records, "run.jsonl")
    assert (error.line, error.field) == (1, "record_id")
    assert "is not a record of this release" in error.message


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two rows a chunk: a million-row file's chunking, on five rows."""
    monkeypatch.setattr("annotations.formats.prediction_rows.CHUNK_ROWS", 2)


def test_chunked_files_join_and_keep_their_extras_aligned(
    records: ReleaseRecords, small_chunks: None
) -> None:
    ids = sentence_ids()
    data = (
        "record_id,score,explanation,error_types\n"
        + "".join(
            f'{i},0.{n},{"why " + str(n) if n % 2 else ""},"[""T{n}""]"\n'
            for n, i in enumerate(ids)
        )
    ).encode()
    read = read_predictions(data, file="run.csv", records=records)
    assert read.sentence_values.tolist() == [0.0, 0.1, 0.2, 0.3, 0.4]
    assert read.sentence_explanations == {1: "why 1", 3: "why 3"}
    assert read.sentence_types == {n: (f"T{n}",) for n in range(5)}
    jsonl = read_predictions(
        jsonl_of(
            [{"record_id": i, "label": n % 2, "explanation": f"e{n}"} for n, i in enumerate(ids)]
        ),
        file="run.jsonl",
        records=records,
    )
    assert jsonl.sentence_values.tolist() == [0.0, 1.0, 0.0, 1.0, 0.0]
    assert jsonl.sentence_explanations == {n: f"e{n}" for n in range(5)}


def test_chunked_files_name_the_line_of_a_problem_in_a_later_chunk(
    records: ReleaseRecords, small_chunks: None
) -> None:
    ids = sentence_ids()
    rows_ = [f"{i},0.5" for i in ids[:4]]
    # A quoted cell over two lines in the first chunk moves every later line down by one.
    head = f'record_id,score,explanation\n{ids[0]},0.1,"two\nlines"\n'
    unknown = head + "".join(f"{r},\n" for r in rows_[1:]) + "nope,0.5,\n"
    error = refused(unknown.encode(), records)
    assert (error.line, error.field) == (7, "record_id"), str(error)
    again = head + "".join(f"{r},\n" for r in rows_[1:]) + f"{ids[0]},0.5,\n"
    error = refused(again.encode(), records)
    assert (error.line, error.field) == (7, "record_id")
    assert "is given again (first on line 2)" in error.message
    mixed = [{"record_id": i, "score": 0.5} for i in ids[:2]] + [{"record_id": ids[2], "label": 1}]
    error = refused(jsonl_of(mixed), records, "run.jsonl")
    assert "has both score and label" in error.message


@pytest.mark.parametrize(
    ("cell", "words"),
    [("\x00", "holds a NUL character"), ("   ", "is missing")],
)
def test_ids_that_could_be_mistaken_for_others_are_refused(
    records: ReleaseRecords, cell: str, words: str
) -> None:
    ids = sentence_ids()
    data = jsonl_of([{"record_id": ids[0] + cell if cell.strip(" ") else cell, "score": 0.5}])
    error = refused(data, records, "run.jsonl")
    assert (error.line, error.field) == (1, "record_id")
    assert words in error.message


def test_a_row_the_csv_reader_cannot_parse_in_a_later_chunk_refuses_the_file(
    records: ReleaseRecords, small_chunks: None
) -> None:
    ids = sentence_ids()
    data = f"record_id,score\n{ids[0]},0.1\n{ids[1]},0.2\n{ids[2]},0.3,extra\n".encode()
    error = refused(data, records)
    assert "not a CSV file the reader understands" in error.message
    assert "line 4" in error.message  # the reader's own words name the row


def test_a_byte_that_is_not_utf8_is_placed_in_the_whole_file(records: ReleaseRecords) -> None:
    ids = sentence_ids()
    head = ("record_id,score\n" + f"{ids[0]},0.1\n" * 80_000).encode()  # > one 1 MiB block
    error = refused(head + b"\xff,0.2\n", records)
    assert f"at byte {len(head)}" in error.message


def summary_ids() -> list[str]:
    return [summary_record_id(row) for row in rows()]


@pytest.mark.parametrize("layout", ["csv", "jsonl"])
def test_an_abstention_is_counted_not_refused(records: ReleaseRecords, layout: str) -> None:
    ids = sentence_ids()[:4]
    labels = ["abstain", "0", "ABSTAIN", "1"]
    if layout == "csv":
        data = "record_id,label\n" + "".join(f"{i},{v}\n" for i, v in zip(ids, labels, strict=True))
    else:
        data = "".join(
            json.dumps({"record_id": i, "label": v}) + "\n"
            for i, v in zip(ids, labels, strict=True)
        )
    got = read_predictions(data.encode(), file=f"run.{layout}", records=records)
    assert got.sentence_abstained.tolist() == [0, 2]
    # An abstention flags nothing: its placeholder is "consistent".
    assert got.sentence_values[:4].tolist() == [1.0, 0.0, 1.0, 1.0]


def test_an_abstained_score_takes_the_runs_highest_score(records: ReleaseRecords) -> None:
    ids = sentence_ids()[:4]
    data = "record_id,score\n" + "".join(
        f"{i},{v}\n" for i, v in zip(ids, ["0.2", "abstain", "0.9", "0.4"], strict=True)
    )
    got = read_predictions(data.encode(), file="run.csv", records=records)
    assert got.sentence_abstained.tolist() == [1]
    assert got.sentence_values[:4].tolist() == [0.2, 0.9, 0.9, 0.4]


def test_spans_key_facts_and_acus_are_read_at_their_level(records: ReleaseRecords) -> None:
    lines = [{"record_id": i, "label": 1} for i in sentence_ids()[:4]]
    lines[1]["spans"] = [[4, 10, "Extrinsic Information"], [12, 14]]
    lines.append({"record_id": summary_ids()[0], "label": 0, "key_facts": [[1], [], True]})
    lines.append({"record_id": summary_ids()[1], "label": 1, "acus": [True, False]})
    lines.append({"record_id": summary_ids()[2], "label": 1})
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    got = read_predictions(data, file="run.jsonl", records=records)
    assert json.loads(got.sentence_spans[1]) == [[4, 10, "Extrinsic Information"], [12, 14]]
    assert got.summary_key_facts.summaries.tolist() == [0]
    assert got.summary_key_facts.entries(0) == [[1], [], True]
    assert json.loads(got.summary_acus[1]) == [True, False]
    from annotations.formats.predictions import pack_predictions, unpack_predictions

    again = unpack_predictions(pack_predictions(got))
    assert again.sentence_spans == got.sentence_spans
    assert again.summary_key_facts == got.summary_key_facts
    assert again.summary_acus == got.summary_acus


def test_a_run_stored_with_key_fact_matches_as_json_reads_as_the_arrays_of_a_new_one(
    records: ReleaseRecords,
) -> None:
    from annotations.formats.predictions import pack_predictions, unpack_predictions

    lines = [{"record_id": i, "label": 1} for i in sentence_ids()[:4]]
    lines.append({"record_id": summary_ids()[0], "label": 0, "key_facts": [[2, 1], [], True]})
    lines.append({"record_id": summary_ids()[1], "label": 1})
    lines.append({"record_id": summary_ids()[2], "label": 1, "key_facts": [False, [3]]})
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    new = pack_predictions(read_predictions(data, file="run.jsonl", records=records))
    # The same run as stored before 2026-11-27: the matches as JSON text per summary.
    arrays = dict(np.load(io.BytesIO(new), allow_pickle=False))
    assert "key_facts_fact_offsets" in arrays
    for name in [name for name in arrays if name.startswith("key_facts_")]:
        del arrays[name]
    arrays["key_facts_at"] = np.array([0, 2], dtype=np.int64)
    arrays["key_facts_json"] = np.array(["[[2, 1], [], true]", "[false, [3]]"])
    stream = io.BytesIO()
    np.savez(stream, **arrays)
    old = unpack_predictions(stream.getvalue())
    assert old.summary_key_facts == unpack_predictions(new).summary_key_facts
    assert old.summary_key_facts.entries(0) == [[2, 1], [], True]
    assert old.summary_key_facts.entries(2) == [False, [3]]


@pytest.mark.parametrize(
    ("field", "value", "level", "message"),
    [
        ("spans", [[5, 2]], "sentence", "item 0: a list of 2 is not [start, end]"),
        ("spans", [[1, 2]], "summary", "spans belong to sentence records"),
        ("key_facts", [0], "summary", "is not true, false or a list"),
        ("acus", [True], "sentence", "acus belong to summary records"),
        ("acus", "yes", "summary", "'yes' is not a JSON list"),
    ],
)
def test_a_malformed_structured_field_is_refused_naming_its_line_and_field(
    records: ReleaseRecords, field: str, value: object, level: str, message: str
) -> None:
    lines = [{"record_id": i, "label": 1} for i in sentence_ids()[:4]]
    target = {"record_id": summary_ids()[0] if level == "summary" else sentence_ids()[0]}
    if level == "summary":
        lines.append({**target, "label": 1, field: value})
    else:
        lines[0][field] = value
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    with pytest.raises(FormatError) as refused:
        read_predictions(data, file="run.jsonl", records=records)
    assert message in str(refused.value)
    assert refused.value.field == field
    assert refused.value.line == (5 if level == "summary" else 1)
