"""The browser's corpus import in the layouts it reads (``POST
/api/admin/projects/{slug}/imports/`` with ``format`` and ``lenient``): a circumstantial CSV
strict or lenient, and the lenient report on the job where the browser shows job results."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from annotations.models import CorpusRecordsCache, Document, Job, Project, Role, Round
from annotations.selectors.corpus_records import corpus_fingerprint
from annotations.services.projects import membership_add, project_get_or_create
from tests.formats.test_circumstantial import LENIENT_FIXTURE
from tests.people import ADMIN, signed_in

# The import job runs in-process and reports progress through the "progress" connection
# when it exists (PostgreSQL).
pytestmark = pytest.mark.django_db(databases="__all__")

URL = "/api/admin/projects/study/imports/"


@pytest.fixture
def study(demo: Project) -> Project:
    """A project with the study's taxonomy, administered by the demo's admin."""
    project, _ = project_get_or_create(
        slug="study", taxonomy="dialogue-llm", scheme={"error_spans": True, "evidence": True}
    )
    admin = demo.memberships.get(role=Role.ADMIN).user
    membership_add(project=project, user=admin, role=Role.ADMIN)
    return project


def csv_upload() -> SimpleUploadedFile:
    return SimpleUploadedFile("study.csv", LENIENT_FIXTURE.read_bytes(), content_type="text/csv")


def start(client: Client, hooks: Any, **fields: Any) -> Any:
    with hooks(execute=True):
        response = client.post(URL, {"file": csv_upload(), **fields})
    return response


def test_a_circumstantial_csv_is_refused_whole_unless_lenient(
    client: Client,
    study: Project,
    django_capture_on_commit_callbacks: Any,
    settings: Any,
    tmp_path: Path,
) -> None:
    settings.MEDIA_ROOT = tmp_path
    signed_in(ADMIN, client)

    strict = start(client, django_capture_on_commit_callbacks, format="circumstantial")
    assert strict.status_code == 202
    failed = client.get(f"/api/admin/jobs/{strict.json()['job']}/").json()
    assert failed["status"] == "failed"
    assert failed["error"].startswith("study.csv, row 1 (line 2), field evidence:")
    assert not Document.objects.filter(external_id="14000001").exists()

    lenient = start(
        client, django_capture_on_commit_callbacks, format="circumstantial", lenient="true"
    )
    job = client.get(f"/api/admin/jobs/{lenient.json()['job']}/").json()
    assert job["status"] == "succeeded", job
    assert Document.objects.filter(external_id__in=["14000001", "14000002"]).count() == 2
    lines = job["result"]["lines"]
    assert (
        "lenient: 6 row(s) imported, 2 as published, 4 with something not imported as it is"
        " written" in lines
    )
    assert (
        "lenient: row 3 (line 8), field nonfactual_spans: span_none: item 1 of 2 is None" in lines
    )
    report = job["result"]["lenient"]
    assert {c["reason"]: c["rows"] for c in report["counts"]} == {
        "dialogue_variant": 2,
        "span_none": 1,
        "span_not_in_summary": 1,
        "evidence_by_words": 1,
        "evidence_not_in_dialogue": 1,
        "unknown_category": 1,
        "label_without_spans": 1,
    }
    assert {"row": 4, "line": 11, "field": "linguistic_categories"}.items() <= next(
        item for item in report["items"] if item["reason"] == "unknown_category"
    ).items()


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"format": "excel"}, "format", "expected one of native, circumstantial, tofueval"),
        ({"lenient": "true"}, "lenient", "only with format circumstantial"),
        ({"format": "circumstantial", "lenient": "maybe"}, "lenient", "expected true or false"),
    ],
)
def test_a_bad_choice_is_a_400_naming_the_field_and_starts_nothing(
    client: Client,
    study: Project,
    settings: Any,
    tmp_path: Path,
    fields: dict[str, str],
    field: str,
    message: str,
) -> None:
    settings.MEDIA_ROOT = tmp_path
    signed_in(ADMIN, client)

    response = client.post(URL, {"file": csv_upload(), **fields})

    assert response.status_code == 400
    assert message in str(response.json())
    assert field in str(response.json())
    assert not Job.objects.exists()
    uploads = tmp_path / "imports"
    assert not uploads.exists() or not any(uploads.iterdir())  # the file was not kept


def test_the_formats_endpoint_lists_every_format_the_command_reads(
    client: Client, study: Project
) -> None:
    from annotations.management.commands.import_corpus import Command

    signed_in(ADMIN, client)
    parser = Command().create_parser("manage.py", "import_corpus")
    choices = next(a.choices for a in parser._actions if a.dest == "format")

    listed = client.get("/api/admin/import-formats/").json()

    assert [entry["name"] for entry in listed] == list(choices)
    assert {
        "native",
        "tofueval",
        "circumstantial",
        "finesure",
        "label-studio",
        "doccano",
        "potato",
        "aggrefact",
        "llm-aggrefact",
        "faithbench",
    } == {entry["name"] for entry in listed}
    potato = next(entry for entry in listed if entry["name"] == "potato")
    assert potato["folder"] is True
    assert potato["accept"] == [".zip"]
    # Each format's page exists, so the form's link leads somewhere.
    docs = Path(__file__).resolve().parents[2] / "docs" / "formats"
    assert all((docs / f"{entry['doc']}.md").is_file() for entry in listed)


def test_an_aggrefact_csv_uploaded_in_the_browser_imports_its_published_labels(
    client: Client,
    study: Project,
    django_capture_on_commit_callbacks: Any,
    settings: Any,
    tmp_path: Path,
) -> None:
    settings.MEDIA_ROOT = tmp_path
    signed_in(ADMIN, client)
    csv = (
        Path(__file__).resolve().parents[1] / "formats/fixtures/tools/aggrefact.csv"
    ).read_bytes()

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            URL,
            {"file": SimpleUploadedFile("aggre_fact_sota.csv", csv), "format": "aggrefact"},
        )

    assert response.status_code == 202
    job = client.get(f"/api/admin/jobs/{response.json()['job']}/").json()
    assert job["status"] == "succeeded", job
    assert "published judgements: 3" in job["result"]["lines"]
    assert Round.objects.get(project=study, name="AggreFact published labels").kind == "reference"
    # The job kept the corpus's record ids: an evaluator's first corpus run reads them.
    assert set(
        CorpusRecordsCache.objects.filter(project=study).values_list("fingerprint", flat=True)
    ) == {corpus_fingerprint(study)}


def test_a_malformed_upload_fails_its_job_naming_the_place_and_imports_nothing(
    client: Client,
    study: Project,
    django_capture_on_commit_callbacks: Any,
    settings: Any,
    tmp_path: Path,
) -> None:
    settings.MEDIA_ROOT = tmp_path
    signed_in(ADMIN, client)
    bad = b'[{"id": 4, "data": {"document_id": "d", "document": "t", "summary_id": "s"}}]'

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            URL, {"file": SimpleUploadedFile("export.json", bad), "format": "label-studio"}
        )

    job = client.get(f"/api/admin/jobs/{response.json()['job']}/").json()
    assert job["status"] == "failed"
    assert job["error"].startswith(
        "export.json, task 4, field data.sentences: expected a non-empty"
    )
    assert not Document.objects.filter(corpus__project=study).exists()


def test_finesure_data_uploaded_in_the_browser_imports_its_published_labels(
    client: Client,
    study: Project,
    django_capture_on_commit_callbacks: Any,
    settings: Any,
    tmp_path: Path,
) -> None:
    from tests.conftest import SHARED_DATA

    settings.MEDIA_ROOT = tmp_path
    signed_in(ADMIN, client)
    frank = (SHARED_DATA / "finesure" / "frank-data-sample-10.json").read_bytes()

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            URL, {"file": SimpleUploadedFile("frank.json", frank), "format": "finesure"}
        )

    job = client.get(f"/api/admin/jobs/{response.json()['job']}/").json()
    assert job["status"] == "succeeded", job
    assert Round.objects.get(project=study, name="FineSurE published labels").kind == "reference"


def test_finesure_data_and_its_key_fact_list_upload_together_as_a_zip(
    client: Client,
    study: Project,
    django_capture_on_commit_callbacks: Any,
    settings: Any,
    tmp_path: Path,
) -> None:
    """The browser has one file input: the command's --keyfacts travels in the zip, and the
    given key-fact lists arrive as the command would bring them (9 documents, 94 facts)."""
    import io
    import zipfile

    from annotations.models import KeyFact, KeyFactList
    from tests.conftest import SHARED_DATA

    settings.MEDIA_ROOT = tmp_path
    signed_in(ADMIN, client)
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        for name in ("realsumm-data-sample-10.json", "human-keyfact-list.json"):
            archive.write(SHARED_DATA / "finesure" / name, f"realsumm/{name}")

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            URL,
            {
                "file": SimpleUploadedFile("realsumm.zip", packed.getvalue()),
                "format": "finesure",
            },
        )

    job = client.get(f"/api/admin/jobs/{response.json()['job']}/").json()
    assert job["status"] == "succeeded", job
    assert KeyFactList.objects.filter(topic__document__corpus__project=study).count() == 9
    assert KeyFact.objects.filter(given_list__topic__document__corpus__project=study).count() == 94

    # A zip with two data files and no key-fact list: refused, naming what it found.
    wrong = io.BytesIO()
    with zipfile.ZipFile(wrong, "w") as archive:
        for name in ("realsumm-data-sample-10.json", "frank-data-sample-10.json"):
            archive.write(SHARED_DATA / "finesure" / name, name)
    with django_capture_on_commit_callbacks(execute=True):
        refused = client.post(
            URL, {"file": SimpleUploadedFile("two.zip", wrong.getvalue()), "format": "finesure"}
        )
    failed = client.get(f"/api/admin/jobs/{refused.json()['job']}/").json()
    assert failed["status"] == "failed"
    assert failed["error"].startswith("two.zip: expected one FineSurE data file")
    assert "frank-data-sample-10.json" in failed["error"]


def test_a_file_part_without_a_filename_is_named_as_such(
    client: Client, study: Project, settings: Any, tmp_path: Path
) -> None:
    """The schema's file part carries a filename (its encoding says so); a part without one
    reaches the view as a plain form field, and the 400 says what it lacks."""
    settings.MEDIA_ROOT = tmp_path
    signed_in(ADMIN, client)

    response = client.post(URL, {"file": LENIENT_FIXTURE.read_text(), "format": "circumstantial"})

    assert response.status_code == 400
    assert response.json()["errors"] == {"file": ["a file part needs a filename"]}
    assert not Job.objects.exists()
