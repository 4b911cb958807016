"""Background jobs: create one and queue its task after commit (services/dispatch.py: the row
is its own outbox, so a broker outage delays a job but never loses it); record progress and
outcome."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import connections
from django.utils import timezone

from annotations.models import Job, JobStatus, Project
from annotations.services.dispatch import dispatch_on_commit, first_dispatch_after, message
from annotations.services.leases import lease_seconds


def job_start(
    *,
    project: Project,
    kind: str,
    params: dict[str, Any],
    user: AbstractBaseUser | None,
    dispatch: bool = True,
) -> Job:
    """Create the job and send its task (services/dispatch.py names the task of each kind)
    once the transaction commits, so the worker never looks for a job that is not there yet.
    Whether the broker took it is on the row (``dispatched_at``); if not, the sweep sends it
    when the broker is back. ``dispatch=False`` leaves the sending to the caller (tests)."""
    job = Job(project=project, kind=kind, params=params, created_by_id=user.pk if user else None)
    message(job)  # a kind no task is registered for is refused before anything is saved
    job.dispatch_after = first_dispatch_after()
    job.save()
    if dispatch:
        dispatch_on_commit(job)
    return job


def job_progress(job_id: int, *, progress: int, message: str) -> None:
    # Through the "progress" connection (PostgreSQL) the UPDATE commits at once, outside the
    # job's own transaction, so the page sees it while the job runs.
    # Each report renews the job's lease (services/leases.py): a worker making progress lives.
    using = "progress" if "progress" in connections.databases else "default"
    Job.objects.using(using).filter(pk=job_id).update(
        status=JobStatus.RUNNING,
        progress=max(0, min(progress, 100)),
        message=message[:300],
        lease_expires_at=timezone.now() + timedelta(seconds=lease_seconds()),
    )


def job_finish(
    job_id: int, *, result: dict[str, Any] | None = None, error: str = "", message: str = ""
) -> None:
    """End the job. Its message becomes the final one (``message``, else "finished" or
    "failed"): the last progress message ("computing agreement") must not outlive the work
    it described, or a finished job would still say it is computing."""
    # The message may quote what was refused; PostgreSQL stores no NUL, so none is kept.
    error = error.replace("\x00", "\\u0000")
    Job.objects.filter(pk=job_id).update(
        status=JobStatus.FAILED if error else JobStatus.SUCCEEDED,
        message=(message or ("failed" if error else "finished"))[:300],
        progress=100 if not error else 0,
        result=result,
        error=error,
        finished_at=timezone.now(),
        lease_expires_at=None,
    )
