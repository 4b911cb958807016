"""Evaluator runs on a project's corpus, before any release (issue 31 section 1): records named
by the ids releases print, abstentions counted, every refusal naming file, line and field
and leaving nothing behind; by command, over HTTP (a background job) and through a worker."""

from __future__ import annotations

import csv
import io
import json
import time
import zipfile
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from annotations.formats.writers.rows import record_id
from annotations.models import (
    CorpusRun,
    CorpusRunPart,
    ErrorType,
    Evaluator,
    Project,
    Round,
    SummarySentence,
    Turn,
)
from annotations.selectors.corpus_records import corpus_records
from annotations.services.corpus_runs import corpus_run_upload
from tests.corpus_predictions import all_predictions, prediction_of, predictions_of
from tests.people import signed_in
from tests.scoring.test_release_scores import build, labelled_round  # noqa: F401

pytestmark = pytest.mark.django_db(databases="__all__")


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def sentence_rows(project: Project) -> list[tuple[str, SummarySentence]]:
    """Each sentence of the corpus with its record id, computed here from the names."""
    rows = []
    for sentence in SummarySentence.objects.filter(
        summary__topic__document__corpus__project=project
    ).select_related("summary__topic__document__corpus"):
        summary = sentence.summary
        number = (
            sentence.source_index if sentence.source_index is not None else sentence.position + 1
        )
        rows.append(
            (
                record_id(
                    summary.topic.document.corpus.slug,
                    summary.topic.document.external_id,
                    summary.topic.name,
                    summary.external_id or summary.system,
                    number,
                ),
                sentence,
            )
        )
    return rows


def summary_id(sentence: SummarySentence) -> str:
    summary = sentence.summary
    return record_id(
        summary.topic.document.corpus.slug,
        summary.topic.document.external_id,
        summary.topic.name,
        summary.external_id or summary.system,
    )


def upload(project: Project, path: Path, *extra: str) -> dict[str, Any]:
    out = StringIO()
    call_command(
        "evaluator_upload",
        str(path),
        "--project",
        project.slug,
        *extra,
        stdout=out,
        stderr=StringIO(),
    )
    return json.loads(out.getvalue())


def nothing_stored() -> bool:
    return not (
        Evaluator.objects.exists() or CorpusRun.objects.exists() or CorpusRunPart.objects.exists()
    )


def test_the_corpus_ids_are_the_ones_a_release_prints(labelled_round: Round) -> None:  # noqa: F811
    release = build(labelled_round, ["native"])
    with zipfile.ZipFile(release.archive.path) as packed:
        table = list(csv.DictReader(io.StringIO(packed.read("records.csv").decode())))
    records = corpus_records(labelled_round.project)
    found = records.ids.find(
        __import__("numpy").array([row["record_id"].encode() for row in table], dtype="S20")
    )
    assert (found >= 0).all()
    assert (found < records.sentences).all()
    summaries = records.ids.find(
        __import__("numpy").array(
            sorted({row["summary_record_id"].encode() for row in table}), dtype="S20"
        )
    )
    assert (summaries >= records.sentences).all()
    # And each id names the sentence the release says: its system and number.
    by_pk = {s.pk: s for _, s in sentence_rows(labelled_round.project)}
    for row, slot in zip(table, found.tolist(), strict=True):
        sentence = by_pk[int(records.keys[slot])]
        assert sentence.summary.system == row["system"]
        assert (sentence.source_index or sentence.position + 1) == int(row["sent_idx"])


def test_a_csv_run_with_labels_scores_and_abstentions(demo: Project, tmp_path: Path) -> None:
    rows = sentence_rows(demo)
    (first, one), (second, two), (third, three) = rows[:3]
    type_ = ErrorType.objects.filter(taxonomy=demo.taxonomy).first()
    assert type_ is not None
    path = tmp_path / "judge.csv"
    with path.open("w", newline="") as stream:
        out = csv.writer(stream)
        out.writerow(["record_id", "label", "score", "abstain", "explanation", "error_types"])
        out.writerow(
            [first, "inconsistent", "0.1", "", "The date is wrong.", json.dumps([type_.name])]
        )
        out.writerow([second, "1", "", "", "", ""])
        out.writerow([third, "", "", "true", "Not sure.", ""])
        out.writerow([summary_id(one), "", "0.4", "", "", ""])
    stored = upload(
        demo, path, "--evaluator", "GPT judge", "--version", "prompt-v1", "--kind", "llm"
    )
    assert (stored["sentences"], stored["summaries"], stored["abstained"]) == (3, 1, 1)
    assert stored["corpus_sentences"] == len(rows)
    assert (stored["kind"], stored["version"]) == ("llm", "prompt-v1")
    run = CorpusRun.objects.get()
    assert run.has_labels
    assert run.has_scores
    made = {p["sentence_id"]: p for p in predictions_of(run)}
    assert (made[one.pk]["label"], made[one.pk]["score"]) == ("inconsistent", 0.1)
    assert made[one.pk]["explanation"] == "The date is wrong."
    assert made[one.pk]["error_types"] == [type_.code]
    assert (made[two.pk]["label"], made[two.pk]["score"], made[two.pk]["abstain"]) == (
        "consistent",
        None,
        False,
    )
    assert (made[three.pk]["label"], made[three.pk]["score"], made[three.pk]["abstain"]) == (
        "",
        None,
        True,
    )
    assert made[None]["summary_id"] == one.summary_id
    assert made[None]["score"] == 0.4
    assert made[one.pk]["summary_id"] == one.summary_id


def test_a_jsonl_run_with_spans_and_evidence(demo: Project, tmp_path: Path) -> None:
    rows = sentence_rows(demo)
    lines = []
    for rid, sentence in rows:
        length = sentence.end - sentence.start
        lines.append(
            json.dumps(
                {"record_id": rid, "score": 0.9, "spans": [[0, length]], "evidence": [0, 1]}
                if sentence.position == 0
                else {"record_id": rid, "label": "abstain"}
                if sentence.position == 1
                else {"record_id": rid, "label": 1, "score": 0.8}
            )
        )
    path = tmp_path / "metric.jsonl"
    path.write_text("\n".join(lines) + "\n")
    stored = upload(demo, path, "--evaluator", "AlignScore", "--version", "large")
    abstaining = sum(1 for _, s in rows if s.position == 1)
    assert (stored["sentences"], stored["abstained"]) == (len(rows), abstaining)
    assert len(all_predictions()) == len(rows)
    first = prediction_of(CorpusRun.objects.get(), rows[0][1].pk)
    assert first["spans"] == [[0, rows[0][1].end - rows[0][1].start]]
    assert first["evidence"] == [0, 1]
    # Another version of the same evaluator: a second run; the same version again: refused.
    upload(demo, path, "--evaluator", "AlignScore", "--version", "base")
    with pytest.raises(CommandError, match="already has a corpus run 'base'"):
        upload(demo, path, "--evaluator", "AlignScore", "--version", "base")
    assert CorpusRun.objects.count() == 2


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("record_id,score\nnope,0.5\n", "line 2, field record_id: 'nope' is not a record"),
        (
            "record_id,score\n{a},0.5\n{a},0.4\n",
            "line 3, field record_id: '{a}' is given again (first on line 2)",
        ),
        ("record_id,score\n{a},high\n", "line 2, field score: the string 'high' is not a number"),
        ("record_id,score\n{a},inf\n", "line 2, field score: inf is not a finite number"),
        ("record_id,label\n{a},maybe\n", "line 2, field label: the string 'maybe': a label is"),
        ("record_id,label,score\n{a},,\n", "line 2, field label: needs a label or a score"),
        (
            "record_id,label,abstain\n{a},1,true\n",
            "line 2, field abstain: abstains and gives a verdict",
        ),
        ("record_id,abstain\n{a},true\n", "abstains on every one of its 1 records"),
        (
            'record_id,score,error_types\n{a},0.5,"[""Made up""]"\n',
            "line 2, field error_types: the string 'Made up' is not an error type of the"
            " project's taxonomy",
        ),
        (
            'record_id,score,spans\n{a},0.5,"[[0, 100000]]"\n',
            "line 2, field spans: [0, 100000] ends past the sentence's",
        ),
        (
            'record_id,score,spans\n{s},0.5,"[[0, 1]]"\n',
            "line 2, field spans: spans are offsets in a sentence",
        ),
        (
            'record_id,score,evidence\n{a},0.5,"[9999]"\n',
            "line 2, field evidence: turn 9999 is not in the dialogue",
        ),
        ("record_id,explanation\n{a},x\n", "line 1: needs a label or a score column"),
        (
            '{{"record_id": "{a}", "score": "0.5"}}\n',
            "line 1, field score: the string '0.5' is not a number",
        ),
        (
            '{{"record_id": "{a}", "abstain": "yes"}}\n',
            "line 1, field abstain: the string 'yes' is not true or false",
        ),
        (
            '{{"record_id": "{a}", "score": 0.1}}\n{{"record_id": "{a}", "score": 0.2}}\n',
            "line 2, field record_id: '{a}' is given again (first on line 1)",
        ),
    ],
)
def test_a_refused_file_names_line_and_field_and_stores_nothing(
    demo: Project, tmp_path: Path, content: str, words: str
) -> None:
    rid, sentence = sentence_rows(demo)[0]
    name = "bad.jsonl" if content.startswith("{{") else "bad.csv"
    path = tmp_path / name
    text = content.format(a=rid, s=summary_id(sentence))
    path.write_text(text)
    with pytest.raises(CommandError) as refused:
        upload(demo, path, "--evaluator", "Broken", "--version", "v1")
    assert str(refused.value).startswith(name)
    assert words.format(a=rid) in str(refused.value)
    assert nothing_stored()


def test_a_run_need_not_cover_the_corpus_and_counts_what_it_covers(
    demo: Project, tmp_path: Path
) -> None:
    rows = sentence_rows(demo)
    path = tmp_path / "part.csv"
    path.write_text("record_id,score\n" + "".join(f"{rid},0.5\n" for rid, _ in rows[:5]))
    err = StringIO()
    out = StringIO()
    call_command(
        "evaluator_upload",
        str(path),
        "--project",
        "demo",
        "--evaluator",
        "M",
        "--version",
        "1",
        stdout=out,
        stderr=err,
    )
    assert (
        f"covers 5 of {len(rows)} sentences and 0 of 45 summaries; abstained on 0" in err.getvalue()
    )


def test_the_command_says_what_a_corpus_run_needs(demo: Project, tmp_path: Path) -> None:
    path = tmp_path / "x.csv"
    path.write_text("record_id,score\n")
    with pytest.raises(CommandError, match="needs --version"):
        call_command("evaluator_upload", str(path), "--project", "demo", "--evaluator", "E")
    with pytest.raises(CommandError, match="no project 'nope'"):
        call_command(
            "evaluator_upload", str(path), "--project", "nope", "--evaluator", "E", "--version", "1"
        )
    with pytest.raises(CommandError, match="--version labels a corpus run"):
        call_command(
            "evaluator_upload",
            str(path),
            "--release",
            "demo@1",
            "--evaluator",
            "E",
            "--version",
            "1",
        )
    assert nothing_stored()


def test_the_service_maps_every_sentence_and_summary_of_the_corpus(demo: Project) -> None:
    rows = sentence_rows(demo)
    summaries = {s.summary_id: summary_id(s) for _, s in rows}
    body = (
        "record_id,label\n"
        + "".join(f"{rid},0\n" for rid, _ in rows)
        + "".join(f"{rid},1\n" for rid in summaries.values())
    )
    run = corpus_run_upload(
        project=demo, evaluator="All", version="v1", data=body.encode(), file_name="all.csv"
    )
    assert (run.sentences, run.summaries, run.abstained) == (len(rows), len(summaries), 0)
    made = predictions_of(run)
    stored = {(p["sentence_id"], p["summary_id"]) for p in made if p["sentence_id"] is not None}
    assert stored == {(s.pk, s.summary_id) for _, s in rows}
    assert {(p["summary_id"], p["label"]) for p in made if p["sentence_id"] is None} == {
        (pk, "consistent") for pk in summaries
    }
    assert Turn.objects.filter(document__corpus__project=demo).exists()


def test_researchers_upload_over_http_and_follow_the_job(
    demo: Project, django_capture_on_commit_callbacks: Any
) -> None:
    rows = sentence_rows(demo)
    body = "record_id,label\n" + "".join(f"{rid},consistent\n" for rid, _ in rows[:10])
    researcher = signed_in("researcher")
    url = "/api/projects/demo/evaluator-runs/"
    with django_capture_on_commit_callbacks(execute=True):
        started = researcher.post(
            url,
            {
                "file": SimpleUploadedFile("dir/judge.csv", body.encode()),
                "evaluator": "GPT-4o",
                "version": "prompt-v2",
                "kind": "llm",
            },
        )
    assert started.status_code == 202, started.content
    job = researcher.get(f"/api/admin/jobs/{started.json()['job']}/").json()
    assert job["status"] == "succeeded", job
    assert job["message"] == (
        f"stored GPT-4o prompt-v2: covers 10 of {len(rows)} sentences and 0 of 45 summaries;"
        " abstained on 0"
    )
    listing = researcher.get(url).json()
    assert listing["corpus_sentences"] == len(rows)
    (run,) = listing["runs"]
    assert (run["evaluator"], run["version"], run["kind"], run["sentences"]) == (
        "GPT-4o",
        "prompt-v2",
        "llm",
        10,
    )
    assert run["source_name"] == "judge.csv"
    # A bad file: the job fails naming file, line and field; nothing more is stored.
    with django_capture_on_commit_callbacks(execute=True):
        started = researcher.post(
            url,
            {
                "file": SimpleUploadedFile("bad.csv", b"record_id,label\nnope,1\n"),
                "evaluator": "Other",
                "version": "1",
            },
        )
    job = researcher.get(f"/api/admin/jobs/{started.json()['job']}/").json()
    assert job["status"] == "failed"
    assert job["error"].startswith("bad.csv, line 2, field record_id: 'nope' is not a record")
    assert CorpusRun.objects.count() == 1
    assert not Evaluator.objects.filter(name="Other").exists()


def test_only_researchers_and_admins_of_the_project_reach_corpus_runs(demo: Project) -> None:
    url = "/api/projects/demo/evaluator-runs/"
    assert signed_in("admin").get(url).status_code == 200
    for username in ("linguist1", "reviewer"):
        assert signed_in(username).get(url).status_code == 404
        assert signed_in(username).post(url, {"evaluator": "E"}).status_code == 404
    refused = signed_in("researcher").post(url, {"evaluator": "E"})
    assert refused.status_code == 400
    assert {"file", "version"} <= set(refused.json()["errors"])
    assert signed_in("researcher").get("/api/projects/nope/evaluator-runs/").status_code == 404


@pytest.mark.worker
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_real_worker_stores_a_corpus_run(demo: Project, tmp_path: Path) -> None:
    from annotation_site.celery import app
    from annotations.models import Job
    from annotations.tasks import corpus_run_upload_task
    from tests.test_tasks import worker_on

    rows = sentence_rows(demo)
    path = tmp_path / "w.csv"
    path.write_text("record_id,score\n" + "".join(f"{rid},0.5\n" for rid, _ in rows))
    job = Job.objects.create(
        project=demo,
        kind="corpus_run_upload",
        # A local path (as jobs queued before the storage named them): the worker process
        # does not share this test's MEDIA_ROOT.
        params={
            "path": str(path),
            "name": "w.csv",
            "evaluator": "Worker",
            "version": "1",
            "kind": "metric",
            "notes": "",
        },
    )
    with worker_on("long") as broker:
        with app.connection_for_write(broker) as connection:
            corpus_run_upload_task.apply_async((job.pk,), connection=connection)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            job.refresh_from_db()
            if job.status in ("succeeded", "failed"):
                break
            time.sleep(0.5)
    assert job.status == "succeeded", job.error
    assert job.result is not None
    assert job.result["sentences"] == len(rows)
    assert len(predictions_of(CorpusRun.objects.get(version="1"))) == len(rows)
