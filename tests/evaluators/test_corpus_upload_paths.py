"""The fast paths of a corpus run's upload (issue 31, "Measure"): the binary COPY built from
arrays, the cached record ids, and chunked reading, each checked against what a user would
see: the stored rows, the refusal's line, a corpus that grew."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from annotations.formats.corpus_predictions import CorpusRecords, read_corpus_predictions
from annotations.formats.errors import FormatError
from annotations.formats.prediction_rows import CHUNK_ROWS
from annotations.formats.release_records import IdIndex
from annotations.models import (
    CorpusRecordsCache,
    CorpusRun,
    CorpusRunPart,
    ErrorType,
    Project,
    Summary,
    SummarySentence,
)
from annotations.selectors.corpus_records import corpus_records
from annotations.selectors.corpus_run_records import run_records
from annotations.selectors.judges import _aligned, runs_arrays
from annotations.services.corpus_import import corpus_import_native
from annotations.services.corpus_runs import corpus_run_upload, store_run_records
from tests.corpus_predictions import predictions_of
from tests.evaluators.test_corpus_runs import sentence_rows, summary_id
from tests.people import signed_in
from tests.services.test_corpus_import import dialogue, write_lines

pytestmark = pytest.mark.django_db(databases="__all__")

FIELDS = (
    "summary_id",
    "sentence_id",
    "label",
    "score",
    "abstain",
    "explanation",
    "error_types",
    "spans",
    "evidence",
)


def stored(run: CorpusRun) -> set[tuple[Any, ...]]:
    return {
        tuple(
            json.dumps(row[name]) if isinstance(row[name], list) else row[name] for name in FIELDS
        )
        for row in predictions_of(run)
    }


def test_csv_and_jsonl_store_the_same_rows_with_every_layout_and_the_extras(
    demo: Project,
) -> None:
    rows = sentence_rows(demo)
    code = ErrorType.objects.filter(taxonomy=demo.taxonomy).values_list("code", flat=True)[0]
    records: list[dict[str, Any]] = []
    for index, (rid, sentence) in enumerate(rows):
        kind = index % 6
        if kind == 0:
            records.append({"record_id": rid, "label": "inconsistent", "score": 0.125})
        elif kind == 1:
            records.append({"record_id": rid, "label": "consistent"})
        elif kind == 2:
            records.append({"record_id": rid, "score": 0.75})
        elif kind == 3:
            records.append({"record_id": rid, "abstain": True})
        elif kind == 4:
            length = sentence.end - sentence.start
            records.append(
                {
                    "record_id": rid,
                    "label": "inconsistent",
                    "explanation": "Wrong date, « quoted ».",
                    "error_types": [code],
                    "spans": [[0, length]],
                    "evidence": [0],
                }
            )
        else:
            records.append({"record_id": rid, "label": "0", "score": 0.5})
    summaries = {s.summary_id: summary_id(s) for _, s in rows}
    for number, rid in enumerate(summaries.values()):
        records.append(
            {"record_id": rid, "score": 0.25}
            if number % 2
            else {"record_id": rid, "label": "consistent", "explanation": "Fine."}
        )
    jsonl = "".join(json.dumps(record) + "\n" for record in records)
    columns = ("record_id", "label", "score", "abstain", "explanation", "error_types")
    columns += ("spans", "evidence")
    lines = [",".join(columns)]
    for record in records:
        cells = []
        for name in columns:
            value = record.get(name, "")
            if isinstance(value, bool):
                value = "true" if value else ""
            elif isinstance(value, list):
                value = '"' + json.dumps(value).replace('"', '""') + '"'
            elif isinstance(value, str) and ("," in value or '"' in value):
                value = '"' + value.replace('"', '""') + '"'
            cells.append(str(value))
        lines.append(",".join(cells))
    csv_text = "\n".join(lines) + "\n"
    from_jsonl = corpus_run_upload(
        project=demo, evaluator="J", version="jsonl", data=jsonl.encode(), file_name="r.jsonl"
    )
    from_csv = corpus_run_upload(
        project=demo, evaluator="J", version="csv", data=csv_text.encode(), file_name="r.csv"
    )
    assert stored(from_jsonl) == stored(from_csv)
    assert len(stored(from_csv)) == len(records)
    by_sentence = {row[1]: row for row in stored(from_csv)}
    rid, sentence = rows[4]
    assert by_sentence[sentence.pk] == (
        sentence.summary_id,
        sentence.pk,
        "inconsistent",
        None,
        False,
        "Wrong date, « quoted ».",
        json.dumps([code]),
        json.dumps([[0, sentence.end - sentence.start]]),
        json.dumps([0]),
    )
    assert by_sentence[rows[0][1].pk][2:5] == ("inconsistent", 0.125, False)
    assert by_sentence[rows[1][1].pk][2:5] == ("consistent", None, False)
    assert by_sentence[rows[2][1].pk][2:5] == ("", 0.75, False)
    assert by_sentence[rows[3][1].pk][2:5] == ("", None, True)
    assert by_sentence[rows[5][1].pk][2:5] == ("inconsistent", 0.5, False)
    whole = {row[0]: row for row in stored(from_csv) if row[1] is None}
    first, second = list(summaries)[:2]
    assert whole[first][2:6] == ("consistent", None, False, "Fine.")
    assert whole[second][2:6] == ("", 0.25, False, "")


def synthetic_records(count: int) -> CorpusRecords:
    ids = np.array([f"{n:020x}".encode() for n in range(count)], dtype="S20")
    return CorpusRecords(
        ids=IdIndex(ids),
        sentences=count,
        keys=np.arange(1, count + 1, dtype=np.int64),
        summary=np.arange(count, dtype=np.int64) // 3 + 1,
        lengths=np.full(count, 50, dtype=np.int32),
        turns=np.full(count, 4, dtype=np.int32),
    )


@pytest.mark.parametrize("form", ["csv", "jsonl"])
def test_a_bad_record_deep_in_a_large_file_names_its_line(form: str) -> None:
    count = 2 * CHUNK_ROWS + 100
    records = synthetic_records(count)
    bad = CHUNK_ROWS + 1234  # in the second chunk
    lines = []
    for n in range(count):
        label = "maybe" if n == bad else "consistent"
        rid = f"{n:020x}"
        lines.append(
            f'{{"record_id": "{rid}", "label": "{label}"}}' if form == "jsonl" else f"{rid},{label}"
        )
    header = "" if form == "jsonl" else "record_id,label\n"
    data = (header + "\n".join(lines) + "\n").encode()
    with pytest.raises(FormatError) as refused:
        read_corpus_predictions(data, file=f"big.{form}", records=records, types={})
    line = bad + (2 if form == "csv" else 1)
    assert str(refused.value) == (
        f"big.{form}, line {line}, field label: the string 'maybe': a label is 1 or consistent,"
        " 0 or inconsistent, or abstain"
    )


def test_a_refused_upload_of_a_large_file_stores_nothing(demo: Project) -> None:
    rows = sentence_rows(demo)
    body = "record_id,score\n" + "".join(f"{rid},0.5\n" for rid, _ in rows[:-1])
    body += f"{rows[-1][0]},0.5\n{rows[0][0]},0.25\n"  # the first record again, last
    with pytest.raises(FormatError, match=rf"line {len(rows) + 2}, field record_id: .* again"):
        corpus_run_upload(
            project=demo, evaluator="E", version="v1", data=body.encode(), file_name="again.csv"
        )
    assert not CorpusRun.objects.exists()
    assert not CorpusRunPart.objects.exists()


def kept_fingerprints(project: Project) -> set[str]:
    return set(
        CorpusRecordsCache.objects.filter(project=project).values_list("fingerprint", flat=True)
    )


def test_the_record_ids_are_kept_and_computed_again_when_the_corpus_grows(
    demo: Project, tmp_path: Path
) -> None:
    first = corpus_records(demo)
    kept = kept_fingerprints(demo)
    assert len(kept) == 1
    again = corpus_records(demo)
    assert kept_fingerprints(demo) == kept
    for name in ("keys", "summary", "lengths", "turns"):
        assert np.array_equal(getattr(first, name), getattr(again, name)), name
    assert np.array_equal(first.ids.ids, again.ids.ids)
    assert np.array_equal(first.ids.find(first.ids.ids), np.arange(len(first)))
    assert np.array_equal(again.ids.find(first.ids.ids), np.arange(len(first)))
    corpus_import_native(
        project=demo, path=write_lines(tmp_path / "more.jsonl", [dialogue("late-1")])
    )
    grown = corpus_records(demo)
    assert len(grown) > len(first)
    assert len(kept_fingerprints(demo)) == 1
    assert kept_fingerprints(demo) != kept
    new_rows = [(rid, s) for rid, s in sentence_rows(demo) if s.summary.system == "Parrot-XL"]
    assert new_rows
    run = corpus_run_upload(
        project=demo,
        evaluator="E",
        version="v1",
        data=f"record_id,label\n{new_rows[0][0]},0\n".encode(),
        file_name="late.csv",
    )
    (made,) = predictions_of(run)
    assert made["sentence_id"] == new_rows[0][1].pk


def test_a_jsonl_of_plain_rows_stores_what_the_same_csv_stores(demo: Project) -> None:
    rows = sentence_rows(demo)
    given = [
        ('"label": 0', "0", "", ""),
        ('"label": "Consistent ", "score": 1', " Consistent ", "1", ""),
        ('"score": 0.25', "", "0.25", ""),
        ('"label": "abstain"', "abstain", "", ""),
        ('"abstain": true', "", "", "true"),
        ('"label": "1", "abstain": false', "1", "", "false"),
    ]
    jsonl = []
    csv_lines = ["record_id,label,score,abstain"]
    for (rid, _), (fields, label, score, abstain) in zip(rows, given, strict=False):
        jsonl.append(f'{{"record_id": "{rid}", {fields}}}')
        csv_lines.append(f"{rid},{label},{score},{abstain}")
    from_jsonl = corpus_run_upload(
        project=demo,
        evaluator="P",
        version="jsonl",
        data="\n".join(jsonl).encode(),
        file_name="p.jsonl",
    )
    from_csv = corpus_run_upload(
        project=demo,
        evaluator="P",
        version="csv",
        data="\n".join(csv_lines).encode(),
        file_name="p.csv",
    )
    assert stored(from_jsonl) == stored(from_csv)
    by_sentence = {row[1]: row[2:5] for row in stored(from_jsonl)}
    assert [by_sentence[sentence.pk] for _, sentence in rows[: len(given)]] == [
        ("inconsistent", None, False),
        ("consistent", 1.0, False),
        ("", 0.25, False),
        ("", None, True),
        ("", None, True),
        ("consistent", None, False),
    ]
    assert from_jsonl.abstained == 2


def test_a_summary_cannot_be_deleted_apart_from_its_document_in_the_admin(
    demo: Project,
) -> None:
    """The kept record ids are keyed by the documents' content: a summary or a topic deleted
    alone would leave them naming it. The admin shows a corpus's parts and never edits or
    deletes one; a whole document it can delete."""
    summary = Summary.objects.filter(topic__document__corpus__project=demo).first()
    assert summary is not None
    admin = signed_in("admin")
    for model, pk in (("summary", summary.pk), ("topic", summary.topic_id)):
        assert admin.get(f"/admin/annotations/{model}/{pk}/change/").status_code == 200
        assert admin.get(f"/admin/annotations/{model}/{pk}/delete/").status_code == 403
        assert (
            admin.post(f"/admin/annotations/{model}/{pk}/delete/", {"post": "yes"}).status_code
            == 403
        )
    assert Summary.objects.filter(pk=summary.pk).exists()
    page = admin.get(f"/admin/annotations/summary/{summary.pk}/change/").content.decode()
    assert 'name="sentences-0-text"' not in page  # shown, not editable


def test_a_deleted_document_is_refused_by_the_next_upload_and_never_read_from_an_earlier_run(
    demo: Project,
) -> None:
    rows = sentence_rows(demo)
    (kept_id, kept), (gone_id, gone) = (
        rows[0],
        next(
            (rid, s)
            for rid, s in rows
            if s.summary.topic.document_id != rows[0][1].summary.topic.document_id
        ),
    )
    earlier = corpus_run_upload(
        project=demo,
        evaluator="E",
        version="v1",
        data=f"record_id,label\n{kept_id},1\n{gone_id},0\n".encode(),
        file_name="first.csv",
    )
    assert CorpusRecordsCache.objects.filter(project=demo).exists()
    gone.summary.topic.document.delete()
    # The earlier run keeps its snapshot (runs never change); what reads it aligns it with
    # the corpus as it is now, where the deleted sentence has no place.
    (arrays,) = runs_arrays(
        [CorpusRun.objects.select_related("evaluator", "project").get(pk=earlier.pk)]
    )
    assert sorted(arrays.sentence_pk.tolist()) == sorted([kept.pk, gone.pk])
    now = np.array(
        SummarySentence.objects.filter(summary__topic__document__corpus__project=demo)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    aligned = _aligned(arrays.sentence_pk, arrays.sentence_values, now)
    assert np.count_nonzero(~np.isnan(aligned)) == 1
    assert aligned[now.tolist().index(kept.pk)] == 1.0
    body = f"record_id,label\n{kept_id},1\n{gone_id},0\n".encode()
    with pytest.raises(FormatError, match=r"^b.csv, line 3, field record_id: .* is not a record"):
        corpus_run_upload(project=demo, evaluator="E", version="v2", data=body, file_name="b.csv")
    assert not CorpusRun.objects.filter(version="v2").exists()


def test_a_unit_s_records_are_read_from_the_parts_holding_its_summaries(demo: Project) -> None:
    """Stored in parts of a few records, a run gives back, for any set of summaries (a few:
    looked up part by part; many: by range), exactly what the whole run holds for them, in
    one query."""
    rows = sentence_rows(demo)
    scores = "".join(f"{rid},{n / len(rows)}\n" for n, (rid, _) in enumerate(rows))
    body = "record_id,score\n" + scores
    run = corpus_run_upload(
        project=demo, evaluator="E", version="v1", data=body.encode(), file_name="all.csv"
    )
    whole = run_records(run.pk, extras=True)
    CorpusRunPart.objects.filter(run=run).delete()
    store_run_records(run, whole, size=5)
    assert CorpusRunPart.objects.filter(run=run).count() >= len(rows) // 10
    summaries = sorted({s.summary_id for _, s in rows})
    rng = np.random.default_rng(7)
    for count in (1, 3, len(summaries) // 2, len(summaries)):
        chosen = {int(pk) for pk in rng.choice(summaries, size=count, replace=False)}
        with CaptureQueriesContext(connection) as queries:
            got = run_records(run.pk, summaries=chosen)
        assert len(queries) == 1
        expected = whole.of_summaries(chosen)
        assert got.sentence.tolist() == expected.sentence.tolist()
        np.testing.assert_array_equal(got.scores, expected.scores)
    assert len(run_records(run.pk, summaries=set())) == 0
