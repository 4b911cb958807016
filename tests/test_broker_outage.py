"""A broker outage never leaves a job or a release that cannot finish (services/dispatch.py).

With a Redis of its own (started and stopped by the test, on a free port) and a real worker on
PostgreSQL: while Redis is down, a release, an import, an evaluator upload and a round's close
are asked for over HTTP; each answers a 503 that says what was saved. Redis comes back, a
worker with beat starts, and the sweep sends every one of them: each ends succeeded or
published, a cancelled one stays cancelled, and no uploaded file is left behind."""

from __future__ import annotations

import shutil
import socket
import subprocess
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import redis
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import connection

from annotation_site.celery import app
from annotations.models import (
    AgreementReport,
    EvaluatorRun,
    Job,
    JobStatus,
    Release,
    ReleaseStatus,
    Round,
    RoundStatus,
)
from annotations.services.releases import release_build, release_create
from tests.conftest import DEMO_DIR
from tests.evaluators.test_runs import record_ids
from tests.people import ADMIN, RESEARCHER, signed_in
from tests.test_tasks import submit_every_unit_as_consistent
from tests.test_worker_loss import Workers, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

PORTS = range(6391, 6400)


class OwnRedis:
    """A redis-server on a port of its own, stopped and started again by the test."""

    def __init__(self, port: int, workdir: Path) -> None:
        self.port = port
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/5"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.workdir)),
            ],
            stdout=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port)
        wait_for(lambda: _answers(client), 20, f"redis-server answers on port {self.port}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None


def _answers(client: redis.Redis) -> bool:
    try:
        return bool(client.ping())
    except redis.exceptions.ConnectionError:
        return False


def free_port() -> int:
    for port in PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError(f"no free port in {PORTS.start}..{PORTS.stop - 1} for a test Redis")


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[OwnRedis]:
    # A `worker` test: under REQUIRE_SERVICES=1 (CI, .ci/run) conftest turns these skips into
    # failures, so the test never skips silently there.
    if connection.vendor != "postgresql":
        pytest.skip("a real worker needs PostgreSQL (DATABASE_URL; .ci/run sets it)")
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server on PATH (the test starts and stops its own)")
    server = OwnRedis(free_port(), tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def outage(own_redis: OwnRedis, tmp_path: Path, settings: Any) -> Iterator[Workers]:
    """The site on the test Redis (tasks not in-process), and workers to start later."""
    media = tmp_path / "media"
    (media / "imports").mkdir(parents=True)
    settings.MEDIA_ROOT = media
    settings.RELEASE_BUILD_ROOT = tmp_path / "builds"
    settings.JOB_DISPATCH_BACKOFF_SECONDS = 1.0
    eager, url = app.conf.task_always_eager, app.conf.broker_url
    app.conf.task_always_eager = False
    app.conf.broker_url = own_redis.url
    pool = Workers(own_redis.url, media)
    pool.env["JOB_DISPATCH_BACKOFF_SECONDS"] = "1"
    pool.env["JOB_DISPATCH_GRACE_SECONDS"] = "1"
    try:
        yield pool
    finally:
        app.conf.task_always_eager, app.conf.broker_url = eager, url
        pool.stop_all()


@pytest.mark.long
def test_every_long_job_asked_for_during_an_outage_finishes_when_the_broker_returns(
    own_redis: OwnRedis, outage: Workers, settings: Any
) -> None:
    call_command("load_demo", stdout=StringIO())
    pilot = Round.objects.get(project__slug="demo")
    submit_every_unit_as_consistent(pilot)
    # A published release to upload an evaluator's run to, built here before the outage.
    first = release_build(
        release_id=release_create(
            project=pilot.project,
            user=None,
            config={"version": "1.0.0", "rounds": [pilot.pk], "formats": ["native"]},
        ).pk
    )
    assert first.status == ReleaseStatus.PUBLISHED, first.error
    ids, labels = record_ids(first)
    predictions = "record_id,label\n" + "".join(
        f"{i},{label}\n" for i, label in zip(ids, labels, strict=True)
    )
    admin, researcher = signed_in(ADMIN), signed_in(RESEARCHER)
    corpus = (DEMO_DIR / "corpus.jsonl").read_bytes()
    another_corpus = corpus.replace(b'"corpus": "demo"', b'"corpus": "more"')

    own_redis.stop()
    answers = {
        "release": admin.post(
            "/api/projects/demo/releases/",
            {"version": "2.0.0", "rounds": [pilot.pk], "formats": ["native"]},
            content_type="application/json",
        ),
        "import": admin.post(
            "/api/admin/projects/demo/imports/",
            {"file": SimpleUploadedFile("more.jsonl", another_corpus)},
        ),
        "cancelled import": admin.post(
            "/api/admin/projects/demo/imports/",
            {"file": SimpleUploadedFile("oops.jsonl", corpus)},
        ),
        "evaluator upload": researcher.post(
            f"/api/releases/{first.pk}/evaluator-runs/",
            {"file": SimpleUploadedFile("gold.csv", predictions.encode()), "evaluator": "E"},
        ),
        "round close": admin.post(f"/api/admin/rounds/{pilot.pk}/close/"),
    }
    for what, answer in answers.items():
        assert answer.status_code == 503, (what, answer.content)
        body = answer.json()
        assert body["code"] == "queue_unavailable", what
        assert " saved" in body["message"], (what, body["message"])
        assert "starts by itself when the queue is back" in body["message"], what
    assert Round.objects.get(pk=pilot.pk).status == RoundStatus.CLOSED
    assert len(list((Path(settings.MEDIA_ROOT) / "imports").iterdir())) == 3
    cancelled = answers["cancelled import"].json()["job"]
    assert admin.post(f"/api/admin/jobs/{cancelled}/cancel/").status_code == 200

    own_redis.start()
    outage.start(beat=True)
    release = answers["release"].json()["release"]
    jobs = [answers[k].json()["job"] for k in ("import", "evaluator upload", "round close")]

    def finished() -> bool:
        done = Release.objects.get(pk=release).status != ReleaseStatus.BUILDING
        return done and all(
            Job.objects.get(pk=pk).status in (JobStatus.SUCCEEDED, JobStatus.FAILED) for pk in jobs
        )

    wait_for(finished, 180, "the sweep sends every saved job and a worker finishes it")
    built = Release.objects.get(pk=release)
    assert built.status == ReleaseStatus.PUBLISHED, built.error
    for pk in jobs:
        job = Job.objects.get(pk=pk)
        assert job.status == JobStatus.SUCCEEDED, (job.kind, job.error)
    assert EvaluatorRun.objects.filter(release=first, evaluator__name="E").count() == 1
    assert AgreementReport.objects.filter(round=pilot).exists()
    assert Job.objects.get(pk=cancelled).status == JobStatus.FAILED
    assert Job.objects.get(pk=cancelled).error.startswith("Cancelled by")
    assert list((Path(settings.MEDIA_ROOT) / "imports").iterdir()) == []
    # Nothing ran twice: one claim each.
    assert Release.objects.get(pk=release).attempts == 1
    assert [Job.objects.get(pk=pk).attempts for pk in jobs] == [1, 1, 1]
