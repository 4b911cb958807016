"""Every class of bad import file is refused with the file (as the person named it), the line
and the field, through the command and through the browser's job, and changes nothing."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client

from annotations.models import Job, JobStatus

pytestmark = pytest.mark.django_db(databases="__all__")


def row_counts() -> dict[str, int]:
    """Every table of the app and of auth; jobs are the record of the attempt itself."""
    return {
        model._meta.label: model.objects.count()
        for app in ("annotations", "auth")
        for model in apps.get_app_config(app).get_models()
        if model is not Job
    }


def dialogue(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "id": "doc-1",
        "corpus": "talks",
        "turns": [{"speaker": "MAYA", "text": "Tonight the council votes."}],
        "topics": [
            {
                "name": "The vote",
                "summaries": [{"system": "Quillon", "text": "The council votes tonight."}],
            }
        ],
    }
    record.update(changes)
    return record


def topic_with(**summary: Any) -> list[dict[str, Any]]:
    return [{"name": "The vote", "summaries": [{"system": "Quillon", "text": "Fine.", **summary}]}]


GOOD = json.dumps(dialogue())
# (name, second line of the file, what the message must say: field and reason)
BAD_LINES = [
    ("NaN in metadata", GOOD.replace('"id"', '"metadata": {"score": NaN}, "id"', 1), "JSON"),
    ("Infinity", GOOD.replace('"id"', '"metadata": {"score": -Infinity}, "id"', 1), "JSON"),
    (
        "NUL in a turn",
        json.dumps(dialogue(turns=[{"speaker": "MAYA", "text": "a\u0000b"}])),
        "turns[0].text",
    ),
    (
        "NUL in a metadata key",
        json.dumps(dialogue(metadata={"k\u0000": 1})),
        "NUL",
    ),
    ("lone surrogate", GOOD.replace("Tonight", "\\ud800Tonight"), "JSON"),
    ("corpus slug too long", json.dumps(dialogue(corpus="c" * 101)), "corpus"),
    ("title too long", json.dumps(dialogue(title="t" * 301)), "title"),
    ("system too long", json.dumps(dialogue(topics=topic_with(system="s" * 250))), "system"),
    (
        "topic too long",
        json.dumps(
            dialogue(topics=[{"name": "n" * 400, "summaries": [{"system": "Q", "text": "Fine."}]}])
        ),
        "topics[0].name",
    ),
    ("nested 100,000 deep", "[" * 100_000 + "]" * 100_000, "nested deeper"),
]
EMPTY_FILES = [("empty", b""), ("blank lines only", b"\n  \n\t\r\n")]


def write(path: Path, content: bytes) -> Path:
    path.write_bytes(content)
    return path


@pytest.mark.parametrize(("case", "line", "says"), BAD_LINES, ids=[c[0] for c in BAD_LINES])
def test_the_command_refuses_each_class_naming_file_line_and_field(
    tmp_path: Path, case: str, line: str, says: str
) -> None:
    path = write(
        tmp_path / "talks.jsonl", (GOOD.replace("doc-1", "doc-0") + "\n" + line + "\n").encode()
    )
    before = row_counts()
    with pytest.raises(CommandError) as refused:
        call_command("import_corpus", "--format", "native", str(path), "--project", "newproj")
    message = str(refused.value)
    assert "talks.jsonl, line 2" in message, message
    assert says in message, message
    assert "Traceback" not in message
    # Nothing, not even the new project, its taxonomy copy or its error types.
    assert row_counts() == before


@pytest.mark.parametrize(("case", "content"), EMPTY_FILES, ids=[c[0] for c in EMPTY_FILES])
def test_an_empty_file_is_refused_not_imported_as_nothing(
    tmp_path: Path, case: str, content: bytes
) -> None:
    path = write(tmp_path / "talks.jsonl", content)
    before = row_counts()
    with pytest.raises(CommandError, match=r"talks\.jsonl: the file has no document"):
        call_command("import_corpus", "--format", "native", str(path), "--project", "newproj")
    assert row_counts() == before


def test_a_project_slug_longer_than_its_column_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "talks.jsonl", (GOOD + "\n").encode())
    before = row_counts()
    with pytest.raises(CommandError, match=r"project slug .* is not valid"):
        call_command("import_corpus", "--format", "native", str(path), "--project", "p" * 150)
    assert row_counts() == before


@pytest.fixture
def admin_client() -> Client:
    call_command("load_demo", stdout=StringIO())
    client = Client()
    assert client.login(username="admin", password="demo")
    return client


@pytest.mark.parametrize(
    ("case", "content", "says"),
    [
        *[(name, (GOOD + "\n" + line + "\n").encode(), says) for name, line, says in BAD_LINES],
        *[(name, content, "the file has no document") for name, content in EMPTY_FILES],
    ],
    ids=[c[0] for c in BAD_LINES] + [c[0] for c in EMPTY_FILES],
)
def test_the_browser_job_fails_naming_the_uploaded_file_and_keeps_nothing(
    admin_client: Client,
    settings: Any,
    tmp_path: Path,
    django_capture_on_commit_callbacks: Any,
    case: str,
    content: bytes,
    says: str,
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    before = row_counts()
    upload = SimpleUploadedFile("Talks (draft 2).jsonl", content, content_type="application/jsonl")
    with django_capture_on_commit_callbacks(execute=True):
        started = admin_client.post("/api/admin/projects/demo/imports/", {"file": upload})
    assert started.status_code == 202, started.content
    job = Job.objects.get(pk=started.json()["job"])
    assert job.status == JobStatus.FAILED
    shown = admin_client.get(f"/api/admin/jobs/{job.pk}/").json()
    assert shown["status"] == "failed"
    assert "Talks (draft 2).jsonl" in job.error, job.error
    assert says in job.error, job.error
    assert job.params["path"].split("/")[-1] not in job.error
    assert row_counts() == before
    assert not list((tmp_path / "media" / "imports").iterdir()), "the upload is deleted"


@pytest.fixture
def release_copy(tofueval_dir: Path, tmp_path: Path) -> tuple[Path, Path]:
    import shutil

    from annotations.formats.tofueval import placeholder_documents

    release = tmp_path / "release"
    shutil.copytree(tofueval_dir, release)
    documents = tmp_path / "documents.jsonl"
    documents.write_text(
        "".join(json.dumps(line) + "\n" for line in placeholder_documents(tofueval_dir))
    )
    return release, documents


@pytest.mark.parametrize(
    ("column", "old", "new", "says"),
    [
        ("model_name", ",Model-Extra,1,", f",{'m' * 250},1,", "at most 200 characters"),
        ("topic", ",Date of Public Hearing,", f",{'t' * 400},", "at most 300 characters"),
        ("summ_sent", "The Seattle City Council set", "The Seattle\x00 City Council set", "NUL"),
    ],
)
def test_a_tofueval_release_with_an_unstorable_field_is_refused_at_its_row(
    release_copy: tuple[Path, Path], column: str, old: str, new: str, says: str
) -> None:
    release, documents = release_copy
    path = release / "factual_consistency" / "meetingbank_factual_eval_dev.csv"
    raw = path.read_bytes()
    assert old.encode() in raw
    path.write_bytes(raw.replace(old.encode(), new.encode(), 1))
    before = row_counts()
    with pytest.raises(CommandError) as refused:
        call_command(
            "import_corpus",
            "--format",
            "tofueval",
            "--documents",
            str(documents),
            str(release),
            "--project",
            "tofu-new",
        )
    message = str(refused.value)
    assert "meetingbank_factual_eval_dev.csv, row 1" in message, message
    assert f"field {column}" in message, message
    assert says in message, message
    assert row_counts() == before
