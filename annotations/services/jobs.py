"""Background jobs: create one and queue its task after commit; record progress and outcome."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import connections, transaction
from django.utils import timezone

from annotations.models import Job, JobStatus, Project
from annotations.services.leases import lease_seconds


def job_start(
    *,
    project: Project,
    kind: str,
    params: dict[str, Any],
    user: AbstractBaseUser | None,
    enqueue: Callable[[int], Any],
) -> Job:
    """Create the job and queue ``enqueue(job.pk)`` once the transaction commits, so the
    worker never looks for a job that is not there yet."""
    job = Job.objects.create(
        project=project, kind=kind, params=params, created_by_id=user.pk if user else None
    )
    transaction.on_commit(lambda: enqueue(job.pk))
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
