"""With STORAGE_URL naming an S3 bucket (moto's server over real HTTP), every stored file goes
through the bucket and none through MEDIA_ROOT: an upload is stored, read by its job and
deleted; a release is built on local scratch, stored in the bucket, shown, downloaded through
a presigned URL and verified; an evaluator's run and export_release read it back."""

from __future__ import annotations

import hashlib
import io
import os
import socket
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import boto3
import pytest
import requests
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from annotation_site.storage_url import storage_backend
from annotations.formats.release_records import read_release_records
from annotations.models import Document, EvaluatorRun, Job, Release, ReleaseStatus, Round
from annotations.services.leases import upload_discard
from annotations.services.releases import release_verify
from tests.conftest import DEMO_DIR
from tests.people import ADMIN, RESEARCHER, signed_in
from tests.scoring.test_release_scores import labelled_round  # noqa: F401

pytestmark = pytest.mark.django_db(databases="__all__")

BUCKET = "studio-test"
PREFIX = "site"
REGION = "us-east-1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def moto_endpoint() -> Iterator[str]:
    """moto's S3 in server mode, a separate process speaking HTTP as a real bucket would."""
    port = free_port()
    endpoint = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                requests.get(f"{endpoint}/moto-api/", timeout=1)
                break
            except requests.ConnectionError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"moto's server did not answer on {endpoint}") from None
                time.sleep(0.1)
        yield endpoint
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)


@pytest.fixture
def bucket(
    moto_endpoint: str, monkeypatch: pytest.MonkeyPatch, settings: Any, tmp_path: Path
) -> Any:
    """An empty bucket that the default storage is, from a STORAGE_URL as an operator writes
    it; MEDIA_ROOT and the build scratch space are the test's own, to check what they hold."""
    # The standard variables boto3 reads (and django-storages when the storage is made).
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.delenv("AWS_SESSION_TOKEN", raising=False)
    client = boto3.client(
        "s3",
        endpoint_url=moto_endpoint,
        region_name=REGION,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
    # The server outlives a test: each test starts from an empty bucket.
    if BUCKET in {b["Name"] for b in client.list_buckets()["Buckets"]}:
        for entry in client.list_objects_v2(Bucket=BUCKET).get("Contents", []):
            client.delete_object(Bucket=BUCKET, Key=entry["Key"])
    else:
        client.create_bucket(Bucket=BUCKET)
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.RELEASE_BUILD_ROOT = tmp_path / "builds"
    url = (
        f"s3://{BUCKET}/{PREFIX}?endpoint_url={moto_endpoint}&region={REGION}"
        "&addressing_style=path&expire=60"
    )
    # Setting STORAGES resets Django's cached default storage (the setting_changed signal).
    settings.STORAGES = {**settings.STORAGES, "default": storage_backend(url)}
    assert type(default_storage._wrapped).__name__ != "FileSystemStorage"
    return client


def keys(client: Any) -> list[str]:
    return sorted(e["Key"] for e in client.list_objects_v2(Bucket=BUCKET).get("Contents", []))


def local_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


def test_uploads_releases_and_runs_live_in_the_bucket_and_never_under_media_root(
    bucket: Any,
    labelled_round: Round,  # noqa: F811
    django_capture_on_commit_callbacks: Any,
    settings: Any,
    tmp_path: Path,
) -> None:
    admin = signed_in(ADMIN)

    # An upload is stored in the bucket under imports/, its job reads it from there (on
    # another machine it would have to), and it is deleted when the job ends.
    lines = (DEMO_DIR / "corpus.jsonl").read_text().replace('"corpus": "demo"', '"corpus": "more"')
    upload = SimpleUploadedFile("more.jsonl", lines.encode(), content_type="application/jsonl")
    with django_capture_on_commit_callbacks() as queued:
        started = admin.post("/api/admin/projects/demo/imports/", {"file": upload})
    assert started.status_code == 202, started.content
    job = Job.objects.get(pk=started.json()["job"])
    stored = job.params["upload"]
    assert stored.startswith("imports/")
    assert stored.endswith(".jsonl")
    assert "path" not in job.params
    assert keys(bucket) == [f"{PREFIX}/{stored}"]
    for callback in queued:
        callback()
    followed = admin.get(f"/api/admin/jobs/{job.pk}/").json()
    assert followed["status"] == "succeeded", followed
    assert Document.objects.filter(corpus__slug="more").count() == 3
    assert keys(bucket) == []

    # A release: built on local scratch, stored in the bucket, published.
    with django_capture_on_commit_callbacks(execute=True):
        created = admin.post(
            "/api/projects/demo/releases/",
            {"version": "1.0.0", "rounds": [labelled_round.pk], "formats": ["native"]},
            content_type="application/json",
        )
    assert created.status_code == 202, created.content
    release = Release.objects.get(pk=created.json()["release"])
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    assert keys(bucket) == [f"{PREFIX}/releases/demo/1.0.0-{release.pk}.zip"]
    assert not local_files(settings.RELEASE_BUILD_ROOT)

    # The release page reads the dataset card out of the stored archive.
    shown = admin.get(f"/api/releases/{release.pk}/").json()
    assert shown["card"].startswith("---")

    # The download redirects to a short-lived presigned URL of the bucket; those bytes are
    # the published archive, whose every file matches its manifest checksum.
    researcher = signed_in(RESEARCHER)
    answer = researcher.get(f"/api/releases/{release.pk}/download/")
    assert answer.status_code == 302
    signed = answer["Location"]
    assert signed.startswith(f"{settings.STORAGES['default']['OPTIONS']['endpoint_url']}/")
    assert "X-Amz-Expires=60" in signed
    assert "X-Amz-Signature=" in signed
    fetched = requests.get(signed, timeout=30)
    assert fetched.status_code == 200
    assert fetched.headers["Content-Disposition"] == 'attachment; filename="demo-1.0.0.zip"'
    assert hashlib.sha256(fetched.content).hexdigest() == release.manifest["archive_sha256"]
    with zipfile.ZipFile(io.BytesIO(fetched.content)) as packed:
        for name, info in release.manifest["files"].items():
            assert hashlib.sha256(packed.read(name)).hexdigest() == info["sha256"], name
        records = read_release_records(packed.read("records.csv"))
    assert release_verify(release) == []
    # Without the signature the bucket refuses: the archive is private.
    assert requests.get(signed.split("?")[0], timeout=30).status_code == 403

    # An evaluator's run, uploaded by a researcher: the upload goes the same way, the run is
    # stored in the bucket beside the release.
    body = "record_id,label\n" + "".join(
        f"{i},{label}\n"
        for i, label in zip(
            records.sentences.record_id.tolist(), records.sentences.label.tolist(), strict=True
        )
    )
    with django_capture_on_commit_callbacks(execute=True):
        uploaded = researcher.post(
            f"/api/releases/{release.pk}/evaluator-runs/",
            {"file": SimpleUploadedFile("gold.csv", body.encode()), "evaluator": "Oracle"},
        )
    assert uploaded.status_code == 202, uploaded.content
    run_job = researcher.get(f"/api/admin/jobs/{uploaded.json()['job']}/").json()
    assert run_job["status"] == "succeeded", run_job
    run = EvaluatorRun.objects.get()
    assert keys(bucket) == sorted(
        [f"{PREFIX}/releases/demo/1.0.0-{release.pk}.zip", f"{PREFIX}/{run.predictions.name}"]
    )

    # export_release builds another version and unpacks it from the bucket.
    out = tmp_path / "unpacked"
    call_command(
        "export_release", "demo", "--version", "1.0.1", "--out", str(out), stdout=StringIO()
    )
    assert (out / "manifest.json").is_file()
    exported = Release.objects.get(version="1.0.1")
    assert f"{PREFIX}/releases/demo/1.0.1-{exported.pk}.zip" in keys(bucket)

    assert not local_files(Path(settings.MEDIA_ROOT))
    assert not local_files(settings.RELEASE_BUILD_ROOT)


def test_a_job_never_deletes_a_stored_file_outside_imports(bucket: Any) -> None:
    default_storage.save("releases/demo/1.0.0-1.zip", io.BytesIO(b"an archive"))
    default_storage.save("imports/abc.jsonl", io.BytesIO(b"an upload"))
    for name in ("releases/demo/1.0.0-1.zip", "imports/../releases/demo/1.0.0-1.zip", "/etc"):
        upload_discard({"upload": name})
    assert keys(bucket) == [f"{PREFIX}/imports/abc.jsonl", f"{PREFIX}/releases/demo/1.0.0-1.zip"]
    upload_discard({"upload": "imports/abc.jsonl"})
    assert keys(bucket) == [f"{PREFIX}/releases/demo/1.0.0-1.zip"]


def test_a_download_is_refused_when_the_stored_archive_was_tampered_with(
    bucket: Any,
    labelled_round: Round,  # noqa: F811
) -> None:
    from tests.scoring.test_release_scores import build

    release = build(labelled_round, ["native"])
    key = f"{PREFIX}/{release.archive.name}"
    original = bucket.get_object(Bucket=BUCKET, Key=key)["Body"].read()
    with zipfile.ZipFile(io.BytesIO(original)) as packed:
        entries = {n: packed.read(n) for n in packed.namelist()}
    entries["records.csv"] = entries["records.csv"].replace(b",", b";", 1)
    tampered = io.BytesIO()
    with zipfile.ZipFile(tampered, "w") as packed:
        for name, data in entries.items():
            packed.writestr(name, data)
    bucket.put_object(Bucket=BUCKET, Key=key, Body=tampered.getvalue())
    answer = signed_in(RESEARCHER, Client()).get(f"/api/releases/{release.pk}/download/")
    assert answer.status_code == 409
    assert "records.csv differs from its manifest checksum" in answer.json()["message"]


def test_a_card_is_read_from_the_bucket_by_ranges_not_by_fetching_the_archive(
    bucket: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from annotations.services import stored_files

    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("records.csv", os.urandom(8 * 1024 * 1024))  # stored, not compressible
        archive.writestr("README.md", "---\ncard\n")
    name = default_storage.save("releases/demo/big.zip", io.BytesIO(packed.getvalue()))
    fetched: list[int] = []
    read = stored_files._Ranges.readinto

    def counted(self: Any, buffer: Any) -> int:
        fetched.append(read(self, buffer))
        return fetched[-1]

    monkeypatch.setattr(stored_files._Ranges, "readinto", counted)
    with stored_files.open_ranged(name) as stored, zipfile.ZipFile(stored) as archive:
        assert archive.read("README.md") == b"---\ncard\n"
    assert 0 < sum(fetched) <= 3 * stored_files.RANGE_BYTES
