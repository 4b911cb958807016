"""Every flow of the Python client (clients/python, docs/api/python-client.md) against a live
server, authenticated by an API token: import a corpus and wait for its job, create and open a
round, read its agreement, build a release and download it with its checksums verified, upload
an evaluator run and read the leaderboard."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from annotations_api.api.admin import (
    admin_projects_create,
    admin_projects_guidelines_create,
    admin_rounds_close_create,
    project_member_add,
)
from annotations_api.models import (
    AdminProjectOutput,
    AnnotationRoundInput,
    AnnotationRoundInputKindEnum,
    FormatsEnum,
    GuidelineInput,
    MemberAddInput,
    ProjectCreateInput,
    ProjectRoleEnum,
    ReleaseConfigInput,
    RoundSampleUnits,
    RoundStatusEnum,
)
from annotations_client import (
    ApiError,
    ChecksumMismatch,
    JobFailed,
    build_release,
    connect,
    create_and_open_round,
    download_release,
    import_corpus,
    leaderboard,
    read_agreement,
    upload_evaluator_run,
    verify_archive,
)
from django.core.management import call_command
from rest_framework.authtoken.models import Token

from annotations.models import (
    Assignment,
    AssignmentStatus,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
)
from tests.conftest import DEMO_DIR

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__")


def corpus_file(tmp_path: Path) -> Path:
    """The demo's three dialogues as a corpus of their own (the demo project keeps its own)."""
    lines = []
    for line in (DEMO_DIR / "corpus.jsonl").read_text().splitlines():
        document = json.loads(line)
        document["corpus"] = "client-corpus"
        document["id"] = f"client-{document['id']}"
        lines.append(json.dumps(document))
    path = tmp_path / "corpus.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def label(round_id: int) -> None:
    """What the linguists do in the browser: label every unit of the round and submit it
    (linguist1 flags the first sentence of each summary, linguist2 none)."""
    for assignment in Assignment.objects.filter(round_id=round_id).select_related("annotator"):
        flag = getattr(assignment.annotator, "username", "") == "linguist1"
        for summary in assignment.topic.summaries.all():
            for sentence in summary.sentences.all():
                inconsistent = flag and sentence.position == 0
                SentenceJudgement.objects.create(
                    assignment=assignment,
                    sentence=sentence,
                    label="inconsistent" if inconsistent else "consistent",
                    explanation="Not what the dialogue says." if inconsistent else "",
                )
            SummaryJudgement.objects.create(assignment=assignment, summary=summary, relevance=4)
        TopicJudgement.objects.create(assignment=assignment, category="main")
    Assignment.objects.filter(round_id=round_id).update(status=AssignmentStatus.SUBMITTED)


def test_every_flow_of_the_client_against_a_live_server(
    live_server: Any, settings: Any, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("load_demo", stdout=io.StringIO())
    token = Token.objects.create(user_id=_user_id("admin")).key
    client = connect(live_server.url, token)

    project = admin_projects_create.sync(
        client=client, body=ProjectCreateInput(slug="client-study", name="Client study")
    )
    assert isinstance(project, AdminProjectOutput), project

    # Import and wait: the job's result says what came in; a bad file fails its job, naming
    # the file and line, and imports nothing.
    job = import_corpus(client, "client-study", corpus_file(tmp_path))
    assert job.status == "succeeded"
    assert job.result["lines"][0] == "documents: 3 created, 0 already imported (unchanged)"
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"id": "x"\n')
    with pytest.raises(JobFailed, match=r"broken\.jsonl, line 1"):
        import_corpus(client, "client-study", broken)

    for username in ("linguist1", "linguist2"):
        project_member_add.sync(
            "client-study",
            client=client,
            body=MemberAddInput(user=username, role=ProjectRoleEnum.ANNOTATOR),
        )
    guideline = admin_projects_guidelines_create.sync(
        "client-study", client=client, body=GuidelineInput(markdown="# Rules", changelog="First")
    )
    assert getattr(guideline, "version", None) == 1

    # A round: created and opened in one call; a refusal is an ApiError naming the field.
    body = AnnotationRoundInput(
        name="Pilot 1",
        kind=AnnotationRoundInputKindEnum.PILOT,
        overlap=2,
        guideline_version=1,
        annotators=["linguist1", "linguist2"],
        units=RoundSampleUnits(sample=3, seed=7),
    )
    pilot = create_and_open_round(client, "client-study", body)
    assert (pilot.status, pilot.units, pilot.assignments) == (RoundStatusEnum.OPEN, 3, 6)
    with pytest.raises(ApiError) as refused:
        create_and_open_round(client, "client-study", body)
    assert refused.value.status == 409
    assert "name" in refused.value.errors

    label(pilot.id)
    admin_rounds_close_create.sync(pilot.id, client=client)

    # Agreement: linguist1 flags sentences linguist2 calls consistent.
    report = read_agreement(client, pilot.id)
    consistency = {q.key: q for q in report.questions}["sentence_consistency"]
    assert report.annotators == ["linguist1", "linguist2"]
    assert consistency.n_raters == 2
    assert isinstance(consistency.percent_agreement, float)
    assert 0 < consistency.percent_agreement < 1

    # A release, built and downloaded; every file verified against its manifest.
    release = build_release(
        client,
        "client-study",
        ReleaseConfigInput(version="1.0.0", rounds=[pilot.id], formats=[FormatsEnum.NATIVE]),
    )
    archive = download_release(client, release.id, tmp_path)
    with zipfile.ZipFile(archive) as packed:
        names = set(packed.namelist())
        records = list(csv.DictReader(io.StringIO(packed.read("records.csv").decode())))
    assert {"manifest.json", "README.md", "records.csv"} <= names
    assert records

    # An altered archive is refused: as a whole by the manifest's archive_sha256, and file by
    # file (a release built before the manifest recorded the archive's has only the files').
    altered = tmp_path / "altered.zip"
    with zipfile.ZipFile(archive) as source, zipfile.ZipFile(altered, "w") as out:
        for name in source.namelist():
            data = source.read(name)
            out.writestr(name, data + b" " if name == "records.csv" else data)
    assert isinstance(release.manifest, dict)
    manifest = release.manifest
    verify_archive(archive, manifest)
    with pytest.raises(ChecksumMismatch, match="the archive's sha256 is"):
        verify_archive(altered, manifest)
    with pytest.raises(ChecksumMismatch, match=r"records\.csv differs"):
        verify_archive(altered, {**manifest, "archive_sha256": None})

    # An evaluator run that flags exactly the gold-inconsistent sentences ranks first.
    run = tmp_path / "sharp.csv"
    with run.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["record_id", "score"])
        for record in records:
            writer.writerow([record["record_id"], 0.1 if record["label"] == "1" else 0.9])
    scored = upload_evaluator_run(client, release.id, run, evaluator="SharpMetric")
    assert scored.status == "succeeded"
    board = leaderboard(client, release.id)
    assert [entry.name for entry in board.evaluators] == ["SharpMetric"]
    assert board.release == "client-study@1.0.0"


def _user_id(username: str) -> int:
    from django.contrib.auth import get_user_model

    return int(get_user_model().objects.get(username=username).pk)
