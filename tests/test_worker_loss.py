"""A worker killed mid-job never strands it: with a real worker on Redis, kill the worker's
whole process group mid-build and mid-import, start a new worker with beat, and the job ends
failed and retryable within a bounded time, with nothing half-written left behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from annotation_site.celery import app
from annotations.models import Document, Job, JobStatus, Release, ReleaseStatus, Round
from annotations.services.jobs import job_start
from annotations.services.releases import release_create, release_retry
from annotations.tasks import import_job_task, release_build_task
from tests.conftest import DEMO_DIR, ROOT
from tests.factories import ProjectFactory

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

LEASE = 3  # seconds: short, so the test waits little for a dead worker's lease to expire


class Workers:
    """Celery workers started in their own session, so one kill takes the whole group."""

    def __init__(self, broker: str, media: Path) -> None:
        database = connection.settings_dict
        url = (
            f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/"
            f"{database['NAME']}"
        )
        self.env = {
            **os.environ,
            "DATABASE_URL": url,
            "CELERY_BROKER_URL": broker,
            "MEDIA_ROOT": str(media),
            "RELEASE_BUILD_ROOT": str(media.parent / "builds"),
            "JOB_LEASE_SECONDS": str(LEASE),
            "JOB_SWEEP_SECONDS": "1",
        }
        self.started: list[subprocess.Popen[bytes]] = []

    def start(self, *, pause: float = 0.0, beat: bool = False) -> subprocess.Popen[bytes]:
        args = [sys.executable, "-m", "celery", "-A", "annotation_site", "worker"]
        args += ["--concurrency=1", "--loglevel=WARNING", "--without-gossip", "--without-mingle"]
        args += ["-Q", "long,short"]
        args += ["-n", f"loss{len(self.started)}@%h"]
        if beat:
            args += ["-B", "-s", str(Path(self.env["MEDIA_ROOT"]) / "beat-schedule")]
        process = subprocess.Popen(
            args,
            cwd=ROOT,
            env={**self.env, "JOB_STEP_PAUSE_SECONDS": str(pause)},
            start_new_session=True,
        )
        self.started.append(process)
        return process

    def kill(self, process: subprocess.Popen[bytes]) -> None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)

    def stop_all(self) -> None:
        for process in self.started:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)


@pytest.fixture
def workers(tmp_path: Path, settings: Any) -> Iterator[Workers]:
    broker = os.environ.get("CELERY_TEST_BROKER_URL")
    if not broker or connection.vendor != "postgresql":
        pytest.skip("needs CELERY_TEST_BROKER_URL and PostgreSQL (both set by .ci/run)")
    media = tmp_path / "media"
    (media / "imports").mkdir(parents=True)
    settings.MEDIA_ROOT = media
    with app.connection_for_write(broker) as channel:
        channel.default_channel.client.flushdb()  # no message of an earlier run
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    pool = Workers(broker, media)
    try:
        yield pool
    finally:
        app.conf.task_always_eager = eager
        pool.stop_all()


def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.25)
    raise AssertionError(f"not within {seconds} s: {what}")


def send(task: Any, *args: Any) -> None:
    broker = os.environ["CELERY_TEST_BROKER_URL"]
    with app.connection_for_write(broker) as channel:
        task.apply_async(args, connection=channel)


@pytest.mark.long
def test_a_build_whose_worker_is_killed_fails_and_a_retry_publishes(workers: Workers) -> None:
    call_command("load_demo", stdout=StringIO())
    pilot = Round.objects.get(project__slug="demo")
    release = release_create(
        project=pilot.project,
        user=None,
        config={
            "version": "1.0.0",
            "rounds": [pilot.pk],
            "formats": ["native"],
            "only_complete": True,
        },
    )
    doomed = workers.start(pause=60)
    send(release_build_task, release.pk)
    building = Path(workers.env["RELEASE_BUILD_ROOT"])
    stored = Path(workers.env["MEDIA_ROOT"]) / "releases"
    wait_for(
        lambda: Release.objects.get(pk=release.pk).progress > 0,
        60,
        "the build reports progress",
    )
    assert list(building.glob("*/.build-*")), "the build is mid-way, with its directory"
    workers.kill(doomed)
    # Where the build was when its worker died (the dead worker moves nothing, and its lease
    # holds the sweep off): reported progress, not finished.
    release.refresh_from_db()
    assert release.status == ReleaseStatus.BUILDING
    assert 1 <= release.progress <= 99, release.progress

    workers.start(beat=True)
    wait_for(
        lambda: Release.objects.get(pk=release.pk).status == ReleaseStatus.FAILED,
        60,
        "the sweep fails the stranded build",
    )
    release.refresh_from_db()
    assert "The worker stopped" in release.error
    wait_for(lambda: not list(building.glob("*/.build-*")), 30, "the build directory is removed")
    assert not list(building.rglob("*.zip"))
    assert not list(stored.rglob("*.zip"))

    release_retry(release=release)
    send(release_build_task, release.pk)
    wait_for(
        lambda: Release.objects.get(pk=release.pk).status == ReleaseStatus.PUBLISHED,
        60,
        "the retried build publishes",
    )
    assert not list(building.glob("*/.build-*"))


@pytest.mark.long
def test_an_import_whose_worker_is_killed_fails_imports_nothing_and_drops_its_upload(
    workers: Workers,
) -> None:
    project = ProjectFactory()
    upload = Path(workers.env["MEDIA_ROOT"]) / "imports" / "5f2c.jsonl"
    upload.write_bytes((DEMO_DIR / "corpus.jsonl").read_bytes())
    job = job_start(
        project=project,
        kind="import",
        params={"path": str(upload), "name": "corpus.jsonl"},
        user=None,
        dispatch=False,
    )
    doomed = workers.start(pause=60)
    send(import_job_task, job.pk)
    wait_for(
        lambda: Job.objects.get(pk=job.pk).progress > 0,
        60,
        "the import reports progress",
    )
    workers.kill(doomed)
    # Killed while running: the demo corpus is one batch, so its one report says every line
    # was read (100 %) and the worker died in the pause after it, before the import commits.
    killed = Job.objects.get(pk=job.pk)
    assert killed.status == JobStatus.RUNNING
    assert killed.progress > 0

    workers.start(beat=True)
    wait_for(
        lambda: Job.objects.get(pk=job.pk).status == JobStatus.FAILED,
        60,
        "the sweep fails the stranded import",
    )
    assert "The worker stopped" in Job.objects.get(pk=job.pk).error
    assert not Document.objects.filter(corpus__project=project).exists()
    assert not upload.exists()
