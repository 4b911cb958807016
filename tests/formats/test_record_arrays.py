"""records.npz, the arrays the site scores evaluators on: the same records as records.csv,
and a file that is not one refused with what is wrong."""

from __future__ import annotations

import csv
import io

import numpy as np
import pytest

from annotations.formats.errors import FormatError
from annotations.formats.predictions import read_predictions
from annotations.formats.release_records import read_record_arrays, read_release_records
from annotations.formats.writers.record_arrays import RecordArraysWriter
from annotations.formats.writers.records import write_records
from annotations.formats.writers.rows import (
    AtomicFactRow,
    FactCoverage,
    KeyFactRow,
    SentenceRow,
    SpanRow,
    SummaryRow,
    sentence_record_id,
)
from tests.formats.records_equal import assert_same_records
from tests.formats.test_predictions import rows


def arrays_of(summaries: list[SummaryRow]) -> bytes:
    writer = RecordArraysWriter()
    for summary in summaries:
        writer.write(summary)
    stream = io.BytesIO()
    writer.finish(stream)
    return stream.getvalue()


def csv_of(summaries: list[SummaryRow]) -> bytes:
    stream = io.BytesIO()
    write_records(stream, summaries)
    return stream.getvalue()


def many() -> list[SummaryRow]:
    """More summaries than one batch of ids, with types in several sets and a non-ASCII
    topic, so packing and decoding are exercised across batches."""
    return [
        SummaryRow(
            corpus="meetingbank" if n % 3 else "mediasum",
            doc_id=f"d{n // 7}",
            topic="Café budget" if n % 2 else "parks",
            system=f"sys-{n % 7}",
            topic_category=("main", "marginal", "")[n % 3],
            split=("dev", "test", "none")[n % 3],
            sentences=tuple(
                SentenceRow(
                    s,
                    f"Sentence {s}.",
                    label=("consistent", "inconsistent", None)[(n + s) % 3],
                    error_types=("Extrinsic Information",) * ((n + s) % 3 == 1),
                    unified_types=("extrinsic-NP", "intrinsic-NP")[: (n + s) % 3],
                )
                for s in range(n % 4)  # some have none: no record, as in the CSV
            ),
        )
        for n in range(26_000)
    ]


@pytest.mark.parametrize("summaries", [rows, many, list], ids=["small", "many", "empty"])
def test_the_arrays_hold_the_same_records_as_the_csv(summaries) -> None:  # type: ignore[no-untyped-def]
    written = summaries()
    assert_same_records(
        read_record_arrays(arrays_of(written)), read_release_records(csv_of(written))
    )


def test_a_run_joins_to_the_arrays_as_to_the_csv() -> None:
    written = rows()
    ids = [sentence_record_id(row, s.number) for row in written for s in row.sentences][:4]
    data = ("record_id,score\n" + "".join(f"{i},0.{n}\n" for n, i in enumerate(ids))).encode()
    from_arrays = read_predictions(
        data, file="run.csv", records=read_record_arrays(arrays_of(written))
    )
    from_csv = read_predictions(data, file="run.csv", records=read_release_records(csv_of(written)))
    assert from_arrays.sentence_values[:4].tolist() == [0.0, 0.1, 0.2, 0.3]
    assert np.array_equal(from_arrays.sentence_values, from_csv.sentence_values, equal_nan=True)


def _rewritten(change) -> bytes:  # type: ignore[no-untyped-def]
    with np.load(io.BytesIO(arrays_of(rows())), allow_pickle=False) as packed:
        arrays = {name: packed[name] for name in packed.files}
    change(arrays)
    stream = io.BytesIO()
    np.savez(stream, **arrays)
    return stream.getvalue()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"not a zip", "not a NumPy .npz file"),
        (_rewritten(lambda a: a.pop("summary_sentences")), "missing arrays summary_sentences"),
        (_rewritten(lambda a: a.update(version=np.asarray(2))), "is version 2"),
        (
            _rewritten(lambda a: a.update(summary_sentences=a["summary_sentences"] + 1)),
            "do not fit together",
        ),
        (_rewritten(lambda a: a.update(system=a["system"] + 9)), "do not fit together"),
        (
            _rewritten(lambda a: a.update(sentence_types=a["sentence_types"] - 1)),
            "do not fit together",
        ),
        (
            _rewritten(lambda a: a.update(type_sets=np.array([{}], dtype=object))),
            "not a NumPy .npz file",
        ),
    ],
)
def test_a_file_that_is_not_the_arrays_is_refused(data: bytes, words: str) -> None:
    with pytest.raises(FormatError) as caught:
        read_record_arrays(data)
    assert caught.value.file == "records.npz"
    assert words in caught.value.message


def scored_beyond_labels() -> list[SummaryRow]:
    """Summaries with a system category, key-fact coverage, ACU verdicts and gold spans."""
    facts = (KeyFactRow("Budget rises."), KeyFactRow("Parks close."), KeyFactRow("Vote later."))
    return [
        SummaryRow(
            corpus="mediasum",
            doc_id=f"d{n}",
            topic="budget",
            system=f"sys-{n}",
            system_category=("SOTA", "OLD", "")[n % 3],
            split="test",
            key_facts=facts,
            key_fact_coverage=tuple(
                FactCoverage(fact, covered)
                for fact, covered in zip(facts, (True, n % 2 == 0, None), strict=True)
            ),
            atomic_facts=(AtomicFactRow("a", supported=True), AtomicFactRow("b", supported=n > 0)),
            sentences=(
                SentenceRow(
                    0,
                    "The budget rises by a lot.",
                    label="inconsistent",
                    covers_key_fact=True,
                    spans=(SpanRow(4, 10, "budget", error_type="Extrinsic Information"),),
                ),
                SentenceRow(1, "Parks close.", label="consistent", covers_key_fact=n % 2 == 0),
                SentenceRow(2, "Lunch.", label="consistent"),
            ),
        )
        for n in range(3)
    ]


def test_the_scoring_columns_are_written_to_both_files_alike() -> None:
    written = scored_beyond_labels()
    from_csv = read_release_records(csv_of(written))
    assert_same_records(read_record_arrays(arrays_of(written)), from_csv)
    assert from_csv.summaries.field("system_category").tolist() == ["SOTA", "OLD", ""]
    assert from_csv.summaries.field("key_facts").tolist()[1] == "[true, false, null]"
    assert from_csv.summaries.field("acus").tolist()[0] == "[true, false]"
    assert from_csv.sentences.covers.tolist()[:3] == [1, 1, -1]
    assert from_csv.sentences.spans_of(0) == [(4, 10, "Extrinsic Information")]
    assert from_csv.sentences.spans_of(1) == []


def test_a_release_built_before_the_scoring_columns_still_reads() -> None:
    written = scored_beyond_labels()
    # Drop the five columns written since issue 32, as an older release's records.csv.
    older_csv = io.StringIO()
    csv.writer(older_csv, lineterminator="\n").writerows(
        row[:12] for row in csv.reader(io.StringIO(csv_of(written).decode()))
    )
    records = read_release_records(older_csv.getvalue().encode())
    assert records.summaries.field("system_category").tolist() == ["", "", ""]
    assert (records.sentences.covers == -1).all()
    assert records.sentences.spans_of(0) == []
    packed = np.load(io.BytesIO(arrays_of(written)))
    older = io.BytesIO()
    np.savez(
        older,
        **{
            name: packed[name]
            for name in packed.files
            if name.split("_values")[0] not in ("system_category", "key_facts", "acus")
            and name not in ("sentence_covers", "sentence_spans", "span_sets")
        },
    )
    from_old_arrays = read_record_arrays(older.getvalue())
    assert from_old_arrays.summaries.field("key_facts").tolist() == ["", "", ""]
    assert from_old_arrays.sentences.label.tolist() == records.sentences.label.tolist()
