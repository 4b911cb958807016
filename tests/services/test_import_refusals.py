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
from django.db.models import Model
from django.test import Client

from annotations.models import Document, ErrorTaxonomy, Job, JobStatus, Project, Summary
from annotations.services.corpus_import import column_limits

pytestmark = pytest.mark.django_db(databases="__all__")


def row_counts(*, without: tuple[type[Model], ...] = ()) -> dict[str, int]:
    """The row count of every table of the app and of auth, many-to-many tables included."""
    return {
        model._meta.label: model._default_manager.count()
        for app in ("annotations", "auth")
        for model in apps.get_app_config(app).get_models(include_auto_created=True)
        if model not in without
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


def nested(levels: int) -> Any:
    value: Any = []
    for _ in range(levels - 1):
        value = [value]
    return value


GOOD = json.dumps(dialogue())
LIMITS = column_limits()


def over(limit: int) -> str:
    return "x" * (limit + 1)


# (case, second line of the file, the field named or None, what the message must say)
BAD_LINES = [
    (
        "NaN in metadata",
        GOOD.replace('"id"', '"metadata": {"score": NaN}, "id"', 1),
        None,
        "not valid JSON (",
    ),
    (
        "Infinity in summary metadata",
        json.dumps(dialogue(topics=topic_with(metadata={"s": 1}))).replace(
            '"s": 1', '"s": -Infinity'
        ),
        None,
        "NaN, Infinity and unpaired surrogate escapes are not JSON",
    ),
    (
        "a number beyond a double",
        GOOD.replace('"id"', '"metadata": {"score": 1e999}, "id"', 1),
        None,
        "not valid JSON (",
    ),
    (
        "NUL in a turn",
        json.dumps(dialogue(turns=[{"speaker": "MAYA", "text": "a\u0000b"}])),
        "turns[0].text",
        "cannot be stored: contains a NUL character (\\u0000) at position 2",
    ),
    (
        "NUL in a summary",
        json.dumps(dialogue(topics=topic_with(text="Fi\u0000ne."))),
        "topics[0].summaries[0].text",
        "contains a NUL character",
    ),
    (
        "NUL in a metadata key",
        json.dumps(dialogue(metadata={"k\u0000": 1})),
        "metadata.k\\u0000",
        "contains a NUL character",
    ),
    (
        "lone high surrogate",
        GOOD.replace("Tonight", "\\ud800Tonight"),
        None,
        "unpaired surrogate",
    ),
    ("lone low surrogate", GOOD.replace("Tonight", "\\udc00Tonight"), None, "not valid JSON"),
    (
        "metadata nested 101 deep",
        json.dumps(dialogue(metadata={"tree": nested(100)})),
        "metadata",
        "nested deeper than 100 levels",
    ),
    (
        "summary metadata nested 101 deep",
        json.dumps(dialogue(topics=topic_with(metadata={"tree": nested(100)}))),
        "topics[0].summaries[0].metadata",
        "nested deeper than 100 levels",
    ),
    ("nested 100,000 deep", "[" * 100_000 + "]" * 100_000, None, "nested deeper than 1024"),
    # Longer than its column, each limit taken from the model (services.column_limits).
    (
        "corpus slug too long",
        json.dumps(dialogue(corpus=over(LIMITS.corpus))),
        "corpus",
        f"expected at most {LIMITS.corpus} characters, got {LIMITS.corpus + 1}",
    ),
    (
        "document id too long",
        json.dumps(dialogue(id=over(LIMITS.document_id))),
        "id",
        f"expected at most {LIMITS.document_id} characters",
    ),
    (
        "title too long",
        json.dumps(dialogue(title=over(LIMITS.title))),
        "title",
        f"expected at most {LIMITS.title} characters",
    ),
    (
        "speaker too long",
        json.dumps(dialogue(turns=[{"speaker": over(LIMITS.speaker), "text": "Hi."}])),
        "turns[0].speaker",
        f"expected at most {LIMITS.speaker} characters",
    ),
    (
        "role too long",
        json.dumps(dialogue(turns=[{"speaker": "A", "role": over(LIMITS.role), "text": "Hi."}])),
        "turns[0].role",
        f"expected at most {LIMITS.role} characters",
    ),
    (
        "topic too long",
        json.dumps(
            dialogue(
                topics=[{"name": over(LIMITS.topic), "summaries": [{"system": "Q", "text": "Ok."}]}]
            )
        ),
        "topics[0].name",
        f"expected at most {LIMITS.topic} characters",
    ),
    (
        "system too long",
        json.dumps(dialogue(topics=topic_with(system=over(LIMITS.system)))),
        "topics[0].summaries[0].system",
        f"expected at most {LIMITS.system} characters",
    ),
    (
        "summary id too long",
        json.dumps(dialogue(topics=topic_with(id=over(LIMITS.summary_id)))),
        "topics[0].summaries[0].id",
        f"expected at most {LIMITS.summary_id} characters",
    ),
]
EMPTY_FILES = [
    ("empty", b""),
    ("blank lines only", b"\n  \n\t\r\n"),
    ("byte order mark only", "\ufeff".encode()),
]


def write(path: Path, content: bytes) -> Path:
    path.write_bytes(content)
    return path


def where(file: str, field: str | None) -> str:
    return f"{file}, line 2" + (f", field {field}: " if field else ": ")


def import_native(path: Path, project: str = "newproj") -> None:
    call_command(
        "import_corpus", "--format", "native", str(path), "--project", project, stdout=StringIO()
    )


@pytest.mark.parametrize(
    ("case", "line", "field", "says"), BAD_LINES, ids=[c[0] for c in BAD_LINES]
)
def test_the_command_refuses_each_class_naming_file_line_and_field(
    tmp_path: Path, case: str, line: str, field: str | None, says: str
) -> None:
    path = write(
        tmp_path / "talks.jsonl", (GOOD.replace("doc-1", "doc-0") + "\n" + line + "\n").encode()
    )
    before = row_counts()
    with pytest.raises(CommandError) as refused:
        import_native(path)
    message = str(refused.value)
    assert message.startswith("nothing was imported: " + where("talks.jsonl", field)), message
    assert says in message, message
    assert "Traceback" not in message
    # Nothing, not even the new project, its taxonomy copy or its error types.
    assert row_counts() == before


def test_a_line_with_every_field_at_its_columns_limit_is_imported(tmp_path: Path) -> None:
    # The limits are the columns' own: at the limit the database takes the value.
    at = column_limits()
    line = dialogue(
        id="d" * at.document_id,
        corpus="c" * at.corpus,
        title="t" * at.title,
        turns=[{"speaker": "s" * at.speaker, "role": "r" * at.role, "text": "Hi."}],
        topics=[
            {
                "name": "n" * at.topic,
                "summaries": [
                    {"system": "y" * at.system, "id": "i" * at.summary_id, "text": "Ok."}
                ],
            }
        ],
        metadata={"tree": nested(99)},
    )
    import_native(write(tmp_path / "talks.jsonl", (json.dumps(line) + "\n").encode()))

    document = Document.objects.get()
    assert len(document.external_id) == at.document_id
    assert Summary.objects.get().system == "y" * at.system


@pytest.mark.parametrize(("case", "content"), EMPTY_FILES, ids=[c[0] for c in EMPTY_FILES])
def test_an_empty_file_is_refused_not_imported_as_nothing(
    tmp_path: Path, case: str, content: bytes
) -> None:
    path = write(tmp_path / "talks.jsonl", content)
    before = row_counts()
    with pytest.raises(CommandError, match=r"talks\.jsonl: the file has no document"):
        import_native(path)
    assert row_counts() == before


def test_a_project_slug_longer_than_its_column_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "talks.jsonl", (GOOD + "\n").encode())
    longest = Project._meta.get_field("slug").max_length
    assert longest is not None
    before = row_counts()
    with pytest.raises(CommandError, match=r"project slug .* is not valid: use 1 to \d+ lowercase"):
        import_native(path, project="p" * (longest + 1))
    assert row_counts() == before


def test_a_refused_file_leaves_no_new_project_but_an_accepted_one_creates_it(
    tmp_path: Path,
) -> None:
    bad = write(
        tmp_path / "bad.jsonl", (GOOD + "\n" + GOOD.replace("doc-1", "\x00") + "\n").encode()
    )
    with pytest.raises(CommandError):
        import_native(bad, project="fresh")
    assert not Project.objects.filter(slug="fresh").exists()
    assert not ErrorTaxonomy.objects.filter(slug__startswith="fresh-").exists()

    import_native(write(tmp_path / "good.jsonl", (GOOD + "\n").encode()), project="fresh")
    assert Document.objects.filter(corpus__project__slug="fresh").count() == 1


@pytest.fixture
def admin_client() -> Client:
    call_command("load_demo", stdout=StringIO())
    client = Client()
    assert client.login(username="admin", password="demo")
    return client


UPLOADED = "Talks (draft 2).jsonl"


def upload(client: Client, content: bytes, name: str = UPLOADED) -> Job:
    file = SimpleUploadedFile(name, content, content_type="application/jsonl")
    started = client.post("/api/admin/projects/demo/imports/", {"file": file})
    assert started.status_code == 202, started.content
    return Job.objects.get(pk=started.json()["job"])


@pytest.mark.parametrize(
    ("case", "content", "field", "says"),
    [
        *[
            (name, (GOOD + "\n" + line + "\n").encode(), field, says)
            for name, line, field, says in BAD_LINES
        ],
        *[(name, content, "", "the file has no document") for name, content in EMPTY_FILES],
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
    field: str | None,
    says: str,
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    before = row_counts(without=(Job,))
    jobs = Job.objects.count()
    with django_capture_on_commit_callbacks(execute=True):
        job = upload(admin_client, content)
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    shown = admin_client.get(f"/api/admin/jobs/{job.pk}/").json()
    assert shown["status"] == "failed"
    assert shown["error"] == job.error
    expected_start = f"{UPLOADED}: " if field == "" else where(UPLOADED, field)
    assert job.error.startswith(expected_start), job.error
    assert says in job.error, job.error
    assert Path(job.params["upload"]).name not in job.error
    # Only the job that records the attempt: no document, corpus or anything else.
    assert row_counts(without=(Job,)) == before
    assert Job.objects.count() == jobs + 1
    assert not list((tmp_path / "media" / "imports").iterdir()), "the upload is deleted"


def test_the_browser_job_names_the_file_without_the_folders_the_browser_sent(
    admin_client: Client, settings: Any, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    with django_capture_on_commit_callbacks(execute=True):
        job = upload(admin_client, b"\n", name="C:\\Users\\maya\\Corpus \u00e9t\u00e9.jsonl")
    job.refresh_from_db()
    assert job.error.startswith("Corpus \u00e9t\u00e9.jsonl: the file has no document"), job.error


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


def import_tofueval(release: Path, documents: Path) -> str:
    """The command's refusal of the release (it must refuse it)."""
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
            stdout=StringIO(),
        )
    return str(refused.value)


FACTUAL = "factual_consistency/meetingbank_factual_eval_dev.csv"
COMPLETENESS = "completeness/meetingbank_completeness_final.csv"


@pytest.mark.parametrize(
    ("file", "old", "new", "where_", "says"),
    [
        (
            FACTUAL,
            ",Model-Extra,1,",
            f",{'m' * 250},1,",
            "row 1 (line 2), field model_name",
            f"expected at most {LIMITS.system} characters, got 250",
        ),
        (
            FACTUAL,
            ",Date of Public Hearing,",
            f",{'t' * 400},",
            "row 1 (line 2), field topic",
            f"expected at most {LIMITS.topic} characters, got 400",
        ),
        (
            FACTUAL,
            "The Seattle City Council set",
            "The Seattle\x00 City Council set",
            "row 1 (line 2), field summ_sent",
            "cannot be stored: contains a NUL character",
        ),
        (
            FACTUAL,
            ",Model-Extra,1,",
            f",Model-Extra,{LIMITS.source_index + 1},",
            "row 1 (line 2), field sent_idx",
            f"expected a positive integer of at most {LIMITS.source_index}",
        ),
        (
            FACTUAL,
            "The Seattle City Council set",
            "The Seattle " + "x" * 200_000 + " City Council set",
            "row 1 (line 2)",
            "cannot be read as CSV: a field is longer than 131,072 characters",
        ),
        (
            COMPLETENESS,
            "['1. A public hearing",
            "['1. A public\\x00 hearing",
            "row 1 (line 2), field key_points",
            "key point 1 cannot be stored: contains a NUL character",
        ),
        (
            COMPLETENESS,
            "['1. A public hearing",
            "['1. A public\\udfff hearing",
            "row 1 (line 2), field key_points",
            "key point 1 cannot be stored: contains an unpaired surrogate (U+DFFF)",
        ),
        (
            "topic_category/meetingbank_topic_category.json",
            '": "main"',
            '": NaN',
            "",
            "not valid JSON",
        ),
    ],
    ids=[
        "model_name 250",
        "topic 400",
        "NUL",
        "sent_idx past its column",
        "CSV field past the csv limit",
        "key point NUL escape",
        "key point surrogate escape",
        "NaN in a topic-category file",
    ],
)
def test_a_tofueval_release_with_an_unstorable_value_is_refused_where_it_is(
    release_copy: tuple[Path, Path], file: str, old: str, new: str, where_: str, says: str
) -> None:
    release, documents = release_copy
    path = release / file
    raw = path.read_bytes()
    assert old.encode() in raw
    path.write_bytes(raw.replace(old.encode(), new.encode(), 1))
    before = row_counts()

    message = import_tofueval(release, documents)

    prefix = f"nothing was imported: {path.name}" + (f", {where_}: " if where_ else ": ")
    assert message.startswith(prefix), message
    assert says in message, message
    assert row_counts() == before


@pytest.mark.parametrize(
    ("line", "field", "says"),
    [
        ('{"id": "x", "corpus": "mediasum", "metadata": {"n": NaN}}', None, "not valid JSON"),
        (
            json.dumps(
                {"id": "x", "corpus": "mediasum", "turns": [{"speaker": "A", "text": "\x00"}]}
            ),
            "turns[0].text",
            "contains a NUL character",
        ),
        (
            json.dumps(
                {
                    "id": "x",
                    "corpus": "mediasum",
                    "turns": [{"speaker": "A", "text": "Hi"}],
                    "metadata": {"t": nested(100)},
                }
            ),
            "metadata",
            "nested deeper than 100 levels",
        ),
    ],
    ids=["NaN", "NUL", "nested metadata"],
)
def test_a_tofueval_documents_file_is_refused_like_a_native_file(
    release_copy: tuple[Path, Path], line: str, field: str | None, says: str
) -> None:
    release, documents = release_copy
    documents.write_text(line + "\n" + documents.read_text())
    before = row_counts()

    message = import_tofueval(release, documents)

    assert message.startswith(
        "nothing was imported: documents.jsonl, line 1" + (f", field {field}: " if field else ": ")
    ), message
    assert says in message, message
    assert row_counts() == before


@pytest.mark.parametrize("documents_content", ["", "\n \n"], ids=["empty", "blank"])
def test_an_empty_tofueval_documents_file_is_refused(
    release_copy: tuple[Path, Path], documents_content: str
) -> None:
    release, documents = release_copy
    documents.write_text(documents_content)
    before = row_counts()

    message = import_tofueval(release, documents)

    assert message.startswith("nothing was imported: documents.jsonl: the file has no document")
    assert row_counts() == before


def test_a_tofueval_release_with_no_rows_is_refused(release_copy: tuple[Path, Path]) -> None:
    release, documents = release_copy
    for path in (release / "factual_consistency").iterdir():
        path.write_text(path.read_text().splitlines()[0] + "\n")
    before = row_counts()

    message = import_tofueval(release, documents)

    assert "the release has no rows" in message
    assert "hold only their header" in message
    assert row_counts() == before


def test_the_command_says_which_path_is_the_wrong_kind(
    release_copy: tuple[Path, Path], tmp_path: Path
) -> None:
    release, documents = release_copy
    before = row_counts()
    with pytest.raises(CommandError, match=r"not a file; --format native reads one \.jsonl file"):
        import_native(release)
    with pytest.raises(CommandError, match=r"not a folder; --format tofueval reads the release"):
        call_command(
            "import_corpus", "--format", "tofueval", "--documents", str(documents),
            str(documents), "--project", "t",
        )  # fmt: skip
    with pytest.raises(CommandError, match=r"not a file; --documents is the dialogues"):
        call_command(
            "import_corpus", "--format", "tofueval", "--documents", str(release),
            str(release), "--project", "t",
        )  # fmt: skip
    assert row_counts() == before
