"""One job lifecycle (services/leases.py): any exception ends a job failed with its message,
a dead worker's lease expires and the sweep fails its job, duplicates are ignored, uploads and
temporary build directories never stay behind."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from annotations.models import (
    Job,
    JobStatus,
    Project,
    Release,
    ReleaseStatus,
    Round,
)
from annotations.services import releases as release_service
from annotations.services.jobs import job_start
from annotations.services.leases import build_root, jobs_sweep, refreshed
from annotations.tasks import import_job_task
from tests.conftest import DEMO_DIR

pytestmark = pytest.mark.django_db(databases="__all__")


@pytest.fixture
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    (settings.MEDIA_ROOT / "imports").mkdir(parents=True)
    # Builds happen on the building machine's scratch space, not in the storage.
    settings.RELEASE_BUILD_ROOT = tmp_path / "builds"
    return Path(settings.MEDIA_ROOT)


def uploaded(media: Path, content: bytes) -> Path:
    path = media / "imports" / "0123abcd.jsonl"
    path.write_bytes(content)
    return path


def start_import(project: Project, path: Path) -> Job:
    return job_start(
        project=project,
        kind="import",
        params={"path": str(path), "name": "my corpus.jsonl"},
        user=None,
        dispatch=False,
    )


def test_a_finished_import_deletes_its_upload(demo: Project, media: Path) -> None:
    path = uploaded(media, (DEMO_DIR / "corpus.jsonl").read_bytes())
    job = start_import(demo, path)
    import_job_task(job.pk)
    job.refresh_from_db()
    assert job.status == JobStatus.SUCCEEDED
    assert job.lease_expires_at is None
    assert not path.exists()


def test_an_unexpected_exception_fails_the_job_with_a_message_and_deletes_the_upload(
    demo: Project, media: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = uploaded(media, (DEMO_DIR / "corpus.jsonl").read_bytes())
    job = start_import(demo, path)

    def crashes(**kwargs: Any) -> Any:
        raise KeyError("not an import error")

    monkeypatch.setattr("annotations.tasks.corpus_import_upload", crashes)
    import_job_task(job.pk)
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert "unexpected error (KeyError)" in job.error
    assert "Traceback" not in job.error
    assert not path.exists()


def test_a_second_delivery_of_a_finished_job_does_nothing(
    demo: Project, media: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = uploaded(media, (DEMO_DIR / "corpus.jsonl").read_bytes())
    job = start_import(demo, path)
    import_job_task(job.pk)
    calls: list[Any] = []
    monkeypatch.setattr("annotations.tasks.corpus_import_upload", lambda **kw: calls.append(kw))
    import_job_task(job.pk)
    job.refresh_from_db()
    assert (job.status, job.attempts, calls) == (JobStatus.SUCCEEDED, 1, [])


def test_a_job_leased_by_a_live_worker_is_not_run_twice(
    demo: Project, media: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    job = start_import(demo, uploaded(media, b"{}"))
    Job.objects.filter(pk=job.pk).update(
        status=JobStatus.RUNNING, lease_expires_at=timezone.now() + timedelta(minutes=1)
    )
    calls: list[Any] = []
    monkeypatch.setattr("annotations.tasks.corpus_import_upload", lambda **kw: calls.append(kw))
    import_job_task(job.pk)
    assert calls == []
    assert Job.objects.get(pk=job.pk).status == JobStatus.RUNNING


def test_the_sweep_fails_what_a_dead_worker_left_and_cleans_up_after_it(
    demo: Project, media: Path
) -> None:
    past = timezone.now() - timedelta(seconds=1)
    path = uploaded(media, b"half an upload")
    job = start_import(demo, path)
    Job.objects.filter(pk=job.pk).update(status=JobStatus.RUNNING, lease_expires_at=past)
    round_ids = list(Round.objects.filter(project=demo).values_list("pk", flat=True))
    release = Release.objects.create(
        project=demo, version="1.0.0", config={"rounds": round_ids}, lease_expires_at=past
    )
    left_behind = build_root() / f".build-{release.pk}-x1y2"
    left_behind.mkdir(parents=True)
    (left_behind / "release.zip").write_bytes(b"partial")

    swept = jobs_sweep()
    assert (swept["jobs"], swept["releases"], swept["directories"]) == (1, 1, 1)
    job.refresh_from_db()
    release.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert "The worker stopped" in job.error
    assert release.status == ReleaseStatus.FAILED
    assert "Retry" in release.error
    assert not left_behind.exists()
    assert not path.exists()


def test_reading_a_stranded_job_sweeps_it_without_beat(demo: Project, media: Path) -> None:
    job = start_import(demo, uploaded(media, b"x"))
    Job.objects.filter(pk=job.pk).update(
        status=JobStatus.RUNNING, lease_expires_at=timezone.now() - timedelta(seconds=1)
    )
    assert refreshed(Job.objects.get(pk=job.pk)).status == JobStatus.FAILED


def test_a_build_failing_on_any_exception_ends_failed_and_can_be_retried(
    demo: Project, media: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    round_ids = list(Round.objects.filter(project=demo).values_list("pk", flat=True))
    release = Release.objects.create(
        project=demo,
        version="1.0.0",
        config={
            "version": "1.0.0",
            "rounds": round_ids,
            "gold": "majority",
            "mappings": {},
            # What an unchecked split file did: a build that spun at 26 % forever.
            "split": {"method": "file", "documents": {"dev": 5}},
            "formats": ["native"],
            "only_complete": True,
        },
    )
    built = release_service.release_build(release_id=release.pk)
    assert built.status == ReleaseStatus.FAILED
    assert built.error
    assert built.lease_expires_at is None
    assert not list(build_root().glob(".build-*"))
    release_service.release_retry(release=built)
    assert Release.objects.get(pk=release.pk).status == ReleaseStatus.BUILDING
