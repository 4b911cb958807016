"""A broker outage never strands a job (services/dispatch.py): each row is its own outbox.

The broker here is down for real: a Redis URL on a port nothing listens on, so sending is
refused as it is when Redis stops. Where a test needs the broker to take a message, the send
itself is recorded instead (a real worker finishing the jobs is tests/test_broker_outage.py).
These tests run on SQLite and PostgreSQL alike; with transaction=True the site commits as
in production (no request-wide transaction), so a task is sent when the row commits.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from kombu.exceptions import OperationalError

from annotation_site.celery import app
from annotations.models import (
    Job,
    JobStatus,
    Membership,
    Project,
    Release,
    ReleaseStatus,
    Role,
    Round,
    RoundStatus,
    WebhookDelivery,
)
from annotations.services import dispatch as dispatch_service
from annotations.services.dispatch import NEVER_QUEUED, backoff_seconds, dispatch_due
from annotations.services.jobs import job_start
from annotations.services.leases import jobs_sweep, kept_uploads_sweep
from annotations.services.releases import release_create
from annotations.services.webhooks import webhook_create
from tests.conftest import DEMO_DIR
from tests.factories import ProjectFactory
from tests.people import ADMIN, signed_in

# Serialized rollback, as every transactional test here: the next one finds the data it expects.
pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def broker_down(settings: Any, tmp_path: Path) -> Iterator[None]:
    """Tasks go to a broker (not in-process), and that broker refuses every connection."""
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.RELEASE_BUILD_ROOT = tmp_path / "builds"
    eager, url = app.conf.task_always_eager, app.conf.broker_url
    app.conf.task_always_eager = False
    app.conf.broker_url = f"redis://127.0.0.1:{closed_port()}/5"
    try:
        yield
    finally:
        app.conf.task_always_eager, app.conf.broker_url = eager, url


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[Any, ...]]]:
    """The broker takes every message: each send is recorded, none runs."""
    calls: list[tuple[str, tuple[Any, ...]]] = []
    monkeypatch.setattr(dispatch_service, "_send", lambda name, args: calls.append((name, args)))
    return calls


@pytest.fixture
def admin(demo: Project) -> Client:
    return signed_in(ADMIN)


def uploads(settings: Any) -> list[Path]:
    folder = Path(settings.MEDIA_ROOT) / "imports"
    return sorted(folder.iterdir()) if folder.is_dir() else []


def post_release(client: Client, project: Project) -> Any:
    rounds = list(Round.objects.filter(project=project).values_list("pk", flat=True))
    return client.post(
        f"/api/projects/{project.slug}/releases/",
        {"version": "1.0.0", "rounds": rounds, "formats": ["native"], "only_complete": True},
        content_type="application/json",
    )


def test_a_release_asked_for_while_the_broker_is_down_is_saved_and_says_so(
    broker_down: None, admin: Client, demo: Project
) -> None:
    answer = post_release(admin, demo)
    assert answer.status_code == 503, answer.content
    body = answer.json()
    assert body["code"] == "queue_unavailable"
    assert body["message"].startswith("Release 1.0.0 is saved, but the task queue cannot be")
    assert "starts by itself when the queue is back" in body["message"]
    assert "Nothing was changed" not in body["message"]
    release = Release.objects.get(pk=body["release"])
    assert (release.status, release.dispatched_at, release.dispatch_attempts) == (
        ReleaseStatus.BUILDING,
        None,
        1,
    )
    shown = admin.get(f"/api/releases/{release.pk}/").json()
    assert (shown["can_retry"], shown["can_cancel"]) == (True, True)

    # Retrying while the broker is still down says the same; cancelling ends it, retryable.
    assert admin.post(f"/api/releases/{release.pk}/retry/").status_code == 503
    cancelled = admin.post(f"/api/releases/{release.pk}/cancel/")
    assert cancelled.status_code == 200, cancelled.content
    shown = admin.get(f"/api/releases/{release.pk}/").json()
    assert shown["status"] == "failed"
    assert shown["error"].startswith("Cancelled by")
    assert (shown["can_retry"], shown["can_cancel"]) == (True, False)
    again = admin.post(f"/api/releases/{release.pk}/cancel/")
    assert (again.status_code, again.json()["code"]) == (409, "not_cancellable")


def test_an_import_asked_for_while_the_broker_is_down_keeps_its_file_until_cancelled(
    broker_down: None, admin: Client, demo: Project, settings: Any
) -> None:
    corpus = SimpleUploadedFile("corpus.jsonl", (DEMO_DIR / "corpus.jsonl").read_bytes())
    answer = admin.post(f"/api/admin/projects/{demo.slug}/imports/", {"file": corpus})
    assert answer.status_code == 503, answer.content
    body = answer.json()
    assert body["message"].startswith("The import of corpus.jsonl is saved as job")
    job = admin.get(f"/api/admin/jobs/{body['job']}/").json()
    assert job["status"] == "queued"
    assert job["message"] == "waiting for the task queue to come back (tried 1 times)"
    assert (job["can_retry"], job["can_cancel"]) == (True, True)
    assert len(uploads(settings)) == 1, "kept: the job runs it when the queue is back"

    assert admin.post(f"/api/admin/jobs/{body['job']}/cancel/").status_code == 200
    job = admin.get(f"/api/admin/jobs/{body['job']}/").json()
    assert job["status"] == "failed"
    assert job["error"].startswith("Cancelled by")
    assert uploads(settings) == []
    # Its file is gone: a retry says to upload it again instead of failing later.
    refused = admin.post(f"/api/admin/jobs/{body['job']}/retry/")
    assert refused.status_code == 409
    assert refused.json()["message"] == "This job's file is no longer kept: upload it again."


def test_closing_a_round_while_the_broker_is_down_closes_it_and_keeps_its_report_job(
    broker_down: None, admin: Client, demo: Project, sent: list[Any]
) -> None:
    round_ = Round.objects.get(project=demo)

    def refuse(name: str, args: tuple[Any, ...]) -> None:
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    # The broker refuses the close's send; the sweep's sends later are taken.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dispatch_service, "_send", refuse)
        answer = admin.post(f"/api/admin/rounds/{round_.pk}/close/")
    assert answer.status_code == 503, answer.content
    assert answer.json()["message"].startswith(
        f"Round {round_.name} is closed; its agreement report is saved as job"
    )
    round_.refresh_from_db()
    assert round_.status == RoundStatus.CLOSED
    job = Job.objects.get(pk=answer.json()["job"])
    assert (job.kind, job.status, job.params["close"]) == ("agreement", JobStatus.QUEUED, True)

    # The broker is back: the sweep sends it once its backoff is over, and only then.
    assert dispatch_due()["dispatched"] == 0
    later = timezone.now() + timedelta(seconds=backoff_seconds(1) + 1)
    assert job.message.startswith("waiting for the task queue to come back")
    assert dispatch_due(now=later)["dispatched"] == 1
    assert sent == [("annotations.agreement_report", (round_.pk, job.pk, None, True))]
    assert Job.objects.get(pk=job.pk).message == "", "it waits for a worker now, not the queue"
    assert dispatch_due(now=later)["dispatched"] == 0, "sent once, not at every sweep"


def test_the_sweep_backs_off_then_gives_up_with_a_retryable_failure(
    broker_down: None, demo: Project, settings: Any
) -> None:
    settings.JOB_DISPATCH_ATTEMPTS = 3
    round_ = Round.objects.get(project=demo)
    job = job_start(
        project=demo, kind="agreement", params={"round": round_.pk, "compare": None}, user=None
    )
    job.refresh_from_db()
    assert (job.status, job.dispatch_attempts) == (JobStatus.QUEUED, 1)
    assert job.dispatch_after is not None
    first_wait = job.dispatch_after - timezone.now()
    for attempt in (2, 3):
        due_at = Job.objects.get(pk=job.pk).dispatch_after
        assert due_at is not None
        now = due_at + timedelta(seconds=1)
        spent = attempt == 3
        assert dispatch_due(now=now) == {"dispatched": 0, "refused": not spent, "given_up": spent}
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert job.error.startswith("The task queue could not be reached in 3 tries")
    assert NEVER_QUEUED.split("{")[0] in job.error
    # The waits doubled: the second try's wait is twice the first's.
    assert first_wait <= timedelta(seconds=backoff_seconds(1))
    assert backoff_seconds(2) == 2 * backoff_seconds(1)
    # A failed job without a file can be retried: it waits again, attempts counted afresh.
    client = signed_in(ADMIN)
    answer = client.post(f"/api/admin/jobs/{job.pk}/retry/")
    assert answer.status_code == 503
    job.refresh_from_db()
    assert (job.status, job.error, job.dispatch_attempts) == (JobStatus.QUEUED, "", 1)


def test_a_release_build_the_queue_never_took_fails_and_announces_release_failed(
    broker_down: None, demo: Project, settings: Any
) -> None:
    settings.JOB_DISPATCH_ATTEMPTS = 2
    endpoint = webhook_create(
        project=demo,
        user=None,
        url="https://hooks.example.org/in",
        events=["release.failed"],
        secret="whsec_test",
    )
    release = release_create(
        project=demo,
        user=None,
        config={
            "version": "3.0.0",
            "rounds": [Round.objects.get(project=demo).pk],
            "formats": ["native"],
            "only_complete": True,
        },
    )
    release.refresh_from_db()
    assert (release.status, release.lease_expires_at) == (ReleaseStatus.BUILDING, None)
    # Each sweep that finds it due tries the broker once more, until the attempts are spent.
    outcomes = []
    while len(outcomes) < 5 and Release.objects.get(pk=release.pk).status != "failed":
        due_at = Release.objects.get(pk=release.pk).dispatch_after
        assert due_at is not None
        outcomes.append(dispatch_due(now=due_at + timedelta(seconds=1)))
    assert outcomes[-1]["given_up"] == 1
    assert WebhookDelivery.objects.count() == 1, "announced once, not at every try"
    release.refresh_from_db()
    assert release.status == ReleaseStatus.FAILED
    (announced,) = WebhookDelivery.objects.filter(endpoint=endpoint, event="release.failed")
    assert announced.payload["data"]["release"] == {"id": release.pk, "version": "3.0.0"}
    assert announced.payload["data"]["error"] == release.error
    assert release.error.startswith("The task queue could not be reached")


def test_a_message_the_broker_took_but_lost_is_sent_again(
    broker_down: None, demo: Project, sent: list[Any]
) -> None:
    release = release_create(
        project=demo,
        user=None,
        config={
            "version": "2.0.0",
            "rounds": [Round.objects.get(project=demo).pk],
            "formats": ["native"],
            "only_complete": True,
        },
    )
    assert dispatch_service.dispatch(release)
    assert sent == [("annotations.release_build", (release.pk,))]
    release.refresh_from_db()
    assert release.dispatched_at is not None
    # No worker claimed it in JOB_REDISPATCH_SECONDS (Redis restarted empty): sent again.
    assert dispatch_due()["dispatched"] == 0
    later = timezone.now() + timedelta(seconds=dispatch_service.redispatch_seconds() + 1)
    assert dispatch_due(now=later)["dispatched"] == 1
    assert len(sent) == 2
    # A claimed build is no longer the outbox's: nothing is sent for it.
    Release.objects.filter(pk=release.pk).update(lease_expires_at=timezone.now())
    much_later = later + timedelta(hours=1)
    assert dispatch_due(now=much_later)["dispatched"] == 0


def test_a_row_whose_request_died_before_sending_is_sent_by_the_sweep(
    broker_down: None, demo: Project, sent: list[Any], settings: Any
) -> None:
    # The process stopped between the commit and the send: no attempt is recorded.
    job = job_start(
        project=demo,
        kind="agreement",
        params={"round": Round.objects.get(project=demo).pk, "compare": None},
        user=None,
        dispatch=False,
    )
    assert dispatch_due()["dispatched"] == 0, "the request has its grace to send it"
    later = timezone.now() + timedelta(seconds=settings.JOB_DISPATCH_GRACE_SECONDS + 1)
    assert jobs_sweep(now=later)["dispatched"] == 1
    assert sent[0][1][1] == job.pk


def test_a_never_started_jobs_file_is_kept_a_day_then_deleted(
    broker_down: None, demo: Project, settings: Any
) -> None:
    folder = Path(settings.MEDIA_ROOT) / "imports"
    folder.mkdir(parents=True)
    (folder / "abc.jsonl").write_bytes(b"{}")
    job = job_start(
        project=demo,
        kind="import",
        params={"upload": "imports/abc.jsonl", "name": "abc.jsonl"},
        user=None,
        dispatch=False,
    )
    Job.objects.filter(pk=job.pk).update(
        status=JobStatus.FAILED, error="never started", finished_at=timezone.now()
    )
    assert kept_uploads_sweep() == 0
    assert (folder / "abc.jsonl").exists()
    tomorrow = timezone.now() + timedelta(seconds=settings.JOB_UPLOAD_KEEP_SECONDS + 1)
    assert kept_uploads_sweep(now=tomorrow) == 1
    assert not (folder / "abc.jsonl").exists()
    job.refresh_from_db()
    assert dispatch_service.actions(job) == {"can_retry": False, "can_cancel": False}


def test_a_job_of_a_kind_without_a_task_is_refused_before_it_is_saved(demo: Project) -> None:
    with pytest.raises(ValueError, match="no task is registered for jobs of kind 'mystery'"):
        job_start(project=demo, kind="mystery", params={}, user=None)
    assert not Job.objects.filter(kind="mystery").exists()


# The import runs in-process and reports progress through the "progress" connection.
@pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__")
def test_in_process_tasks_run_at_once_as_before(
    demo: Project, settings: Any, tmp_path: Path
) -> None:
    """The embedded configuration (no broker): the import runs in the request, no 503, and
    the sweep has nothing to send."""
    settings.MEDIA_ROOT = tmp_path / "media"
    assert app.conf.task_always_eager
    project = ProjectFactory()
    Membership.objects.create(
        project=project, user=get_user_model().objects.get(username=ADMIN), role=Role.ADMIN
    )
    client = signed_in(ADMIN)
    corpus = SimpleUploadedFile("corpus.jsonl", (DEMO_DIR / "corpus.jsonl").read_bytes())
    answer = client.post(f"/api/admin/projects/{project.slug}/imports/", {"file": corpus})
    assert answer.status_code == 202, answer.content
    job = client.get(f"/api/admin/jobs/{answer.json()['job']}/").json()
    assert job["status"] == "succeeded", job
    assert (job["can_retry"], job["can_cancel"]) == (False, False)
    assert dispatch_due() == {"dispatched": 0, "refused": 0, "given_up": 0}
    assert uploads(settings) == []
