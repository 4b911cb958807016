"""Handing a long job's task to the broker reliably: each Job and Release row is its own outbox.

A row is committed first and its task message sent after the commit (a worker must never look
for a row that is not there yet). Between the two the broker may be down, or the process may
die; so the row records the hand-over: ``dispatched_at`` (the broker accepted the message),
``dispatch_attempts`` and ``dispatch_after`` (when the sweep next looks at it). A row that no
worker has claimed is *waiting* (a Job ``queued``; a Release ``building`` without a lease):

    created ──commit──▶ waiting ──message accepted──▶ waiting (dispatched) ──claim──▶ leased …
                          │  ▲                              │
                          │  └──broker refused: retried with backoff by the sweep ◀──┘ (no claim
                          │                                      within JOB_REDISPATCH_SECONDS:
                          │                                      the broker lost it; sent again)
                          ├──JOB_DISPATCH_ATTEMPTS sends, none claimed──▶ failed (retryable)
                          └──cancel──▶ failed ("cancelled before it started"; retryable)

Sending twice is safe: a worker claims a row under a lease (services/leases.py), and a second
delivery finds it claimed or finished and does nothing. In the embedded configuration (no
broker) tasks run in-process at once, as before: nothing here waits or retries.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone
from kombu.exceptions import OperationalError

from annotations.models import Job, JobStatus, Release, ReleaseStatus
from annotations.services.stored_files import is_upload_name

logger = logging.getLogger(__name__)

# How each kind of job's task is called, from the row alone: the sweep re-sends a message
# long after the request that made the row is gone. A new kind of Job must be added here
# (job_start refuses a kind it cannot send).
JOB_MESSAGES: dict[str, Callable[[Job], tuple[str, tuple[Any, ...]]]] = {
    "import": lambda job: ("annotations.import_job", (job.pk,)),
    "evaluator_upload": lambda job: ("annotations.evaluator_upload", (job.pk,)),
    "corpus_run_upload": lambda job: ("annotations.corpus_run_upload", (job.pk,)),
    "judges": lambda job: ("annotations.judges_report", (job.pk,)),
    "agreement": lambda job: (
        "annotations.agreement_report",
        (
            job.params["round"],
            job.pk,
            job.params.get("compare"),
            bool(job.params.get("close")),
        ),
    ),
}

NEVER_QUEUED = (
    "The task queue could not be reached in {attempts} tries over {minutes} minutes, so this"
    " {what} never started and nothing was changed. Retry when the queue is back, or cancel it."
)
NEVER_TAKEN = (
    "No worker took this {what} in {attempts} hand-overs to the task queue over {minutes}"
    " minutes, so it never started and nothing was changed. Check that the workers run, then"
    " retry it, or cancel it."
)
NOT_RETRYABLE = "Only a waiting or failed job can be retried; this one is {status}."
CANCELLED = "Cancelled by {who} before it started; nothing was changed. Retry to queue it again."


class DispatchRefused(Exception):
    """A retry or cancel that does not apply to the row as it is now (a person reads it)."""


def attempts_allowed() -> int:
    return max(1, int(getattr(settings, "JOB_DISPATCH_ATTEMPTS", 12)))


def backoff_seconds(attempts: int) -> float:
    """The wait after the ``attempts``-th refused hand-over: doubling from the base, capped."""
    base = float(getattr(settings, "JOB_DISPATCH_BACKOFF_SECONDS", 5.0))
    cap = float(getattr(settings, "JOB_DISPATCH_BACKOFF_MAX_SECONDS", 300.0))
    return float(min(base * 2 ** max(attempts - 1, 0), cap))


def redispatch_seconds() -> float:
    """How long an accepted message may wait unclaimed before it is sent again (a broker that
    restarted without persistence lost it; a duplicate is harmless)."""
    return float(getattr(settings, "JOB_REDISPATCH_SECONDS", 600.0))


def grace_seconds() -> float:
    """Left to the request that made a row to send its message before the sweep does."""
    return float(getattr(settings, "JOB_DISPATCH_GRACE_SECONDS", 30.0))


def in_process() -> bool:
    """Whether tasks run in this process at once (the embedded configuration, no broker)."""
    return bool(current_app.conf.task_always_eager)


def waiting(model: type[Job] | type[Release]) -> QuerySet[Any]:
    """The rows no worker has claimed: the only ones a hand-over, retry or cancel concerns."""
    if model is Job:
        return Job.objects.filter(status=JobStatus.QUEUED)
    return Release.objects.filter(status=ReleaseStatus.BUILDING, lease_expires_at__isnull=True)


def is_waiting(row: Job | Release) -> bool:
    if isinstance(row, Job):
        return row.status == JobStatus.QUEUED
    return row.status == ReleaseStatus.BUILDING and row.lease_expires_at is None


def first_dispatch_after() -> Any:
    """``dispatch_after`` of a new (or re-queued) row: the sweep's first look at it."""
    return timezone.now() + timedelta(seconds=grace_seconds())


def message(row: Job | Release) -> tuple[str, tuple[Any, ...]]:
    if isinstance(row, Release):
        return "annotations.release_build", (row.pk,)
    try:
        return JOB_MESSAGES[row.kind](row)
    except KeyError:
        raise ValueError(f"no task is registered for jobs of kind {row.kind!r}") from None


def countdown_of(row: Job | Release) -> float | None:
    """Seconds the row's task must wait before it runs: a debounced job (an automatic
    agreement recompute, services/agreement_live.py) names the time in ``params["not_before"]``;
    the sweep's re-sends after that time run at once."""
    params = getattr(row, "params", None)
    not_before = params.get("not_before") if isinstance(params, dict) else None
    if not not_before:
        return None
    try:
        when = datetime.fromisoformat(str(not_before))
    except ValueError:
        return None
    remaining = (when - timezone.now()).total_seconds()
    return remaining if remaining > 0 else None


def _send(name: str, args: tuple[Any, ...], countdown: float | None = None) -> None:
    import annotations.tasks  # noqa: F401  (registers the tasks with the app)

    task = current_app.tasks[name]
    if in_process():
        task.apply_async(args)
        return
    timing = {} if countdown is None else {"countdown": countdown}
    # A connection of its own, on the broker the configuration names now, tried briefly: a
    # person is waiting on the answer, and the sweep tries again later anyway. No result is
    # kept (the row is the outcome): asking for one would first subscribe to the result
    # store, which retries for 20 s when it is the same Redis, and is down with it.
    with current_app.connection_for_write() as connection:
        task.apply_async(
            args,
            connection=connection,
            ignore_result=True,
            retry=True,
            retry_policy={"max_retries": 1, "interval_start": 0.2, "interval_step": 0.2},
            **timing,
        )


def _broker_errors() -> tuple[type[BaseException], ...]:
    with current_app.connection_for_write() as connection:
        # (kombu lists KeyError among the Redis transport's errors: a bug of ours is not one.)
        errors = tuple(e for e in connection.connection_errors if e is not KeyError)
    return (OperationalError, OSError, *errors)


def dispatch(row: Job | Release) -> bool:
    """Send the row's task message now; True when the broker took it (or the task ran
    in-process). A refusal is recorded on the row (next look after a backoff; failed once
    the attempts are spent) and never raised: the row is saved either way."""
    name, args = message(row)
    model = type(row)
    if in_process():
        # As it always did: the task runs here, now, and its errors are its own.
        _send(name, args)
        return True
    countdown = countdown_of(row)
    try:
        if countdown is None:
            _send(name, args)
        else:
            _send(name, args, countdown=countdown)
    except _broker_errors() as error:
        logger.warning("could not queue %s %s: %s", model.__name__, row.pk, error)
        _refused(row)
        return False
    now = timezone.now()
    model.objects.filter(pk=row.pk).update(
        dispatched_at=now,
        dispatch_attempts=F("dispatch_attempts") + 1,
        # A debounced message is not due before its countdown ends: wait that long as well.
        dispatch_after=now + timedelta(seconds=redispatch_seconds() + (countdown or 0)),
    )
    if isinstance(row, Job) and row.dispatch_attempts:
        # It waited for the queue: its page no longer says so, but that it waits for a worker.
        waiting(Job).filter(pk=row.pk, message__startswith="waiting for the task queue").update(
            message=""
        )
    row.dispatched_at = now
    return True


def _refused(row: Job | Release) -> None:
    model = type(row)
    attempts = (
        model.objects.filter(pk=row.pk).values_list("dispatch_attempts", flat=True).first() or 0
    ) + 1
    retry_at = timezone.now() + timedelta(seconds=backoff_seconds(attempts))
    waiting(model).filter(pk=row.pk).update(dispatch_attempts=attempts, dispatch_after=retry_at)
    if isinstance(row, Job):
        # What the job's page shows while it waits (a claim replaces it with progress).
        waiting(Job).filter(pk=row.pk).update(
            message=f"waiting for the task queue to come back (tried {attempts} times)"
        )
    row.dispatch_attempts = attempts
    row.dispatch_after = retry_at
    if attempts >= attempts_allowed():
        _give_up(row, NEVER_QUEUED)


def dispatch_on_commit(row: Job | Release) -> None:
    """Send the row's message once the caller's transaction commits (at once outside one)."""
    transaction.on_commit(lambda: dispatch(row))


def _what(row: Job | Release) -> str:
    return "release build" if isinstance(row, Release) else "job"


def _give_up(row: Job | Release, template: str) -> bool:
    minutes = max(1, round((timezone.now() - row.created_at).total_seconds() / 60))
    error = template.format(attempts=row.dispatch_attempts, minutes=minutes, what=_what(row))
    return _fail_waiting(row, error)


def _fail_waiting(row: Job | Release, error: str) -> bool:
    """End a waiting row failed with ``error``; False when a worker claimed it meanwhile."""
    now = timezone.now()
    if isinstance(row, Job):
        done = (
            waiting(Job)
            .filter(pk=row.pk)
            .update(
                status=JobStatus.FAILED,
                error=error,
                message="failed",
                progress=0,
                finished_at=now,
                dispatch_after=None,
            )
        )
    else:
        with transaction.atomic():
            done = (
                waiting(Release)
                .filter(pk=row.pk)
                .update(status=ReleaseStatus.FAILED, error=error, progress=0, dispatch_after=None)
            )
            if done:
                _announce_failed_release(row, error)
    if done:
        row.refresh_from_db()
    return bool(done)


def _announce_failed_release(release: Release, error: str) -> None:
    """A build that never reached a worker failed as surely as one whose worker died: the
    lab's pipeline hears ``release.failed`` either way (in the same transaction)."""
    from annotations.services.webhooks import release_failed_emit

    release_failed_emit(
        project_id=release.project_id, release_id=release.pk, version=release.version, error=error
    )


def dispatch_due(*, now: Any = None) -> dict[str, int]:
    """The sweep's part (Celery beat, every minute): send again every waiting row whose look
    is due; fail those whose attempts are spent. Nothing to do when tasks run in-process."""
    counts = {"dispatched": 0, "refused": 0, "given_up": 0}
    if in_process():
        return counts
    now = now or timezone.now()
    due = Q(dispatch_after__isnull=True) | Q(dispatch_after__lte=now)
    models: tuple[type[Job] | type[Release], ...] = (Job, Release)
    for model in models:
        for row in waiting(model).filter(due).order_by("pk"):
            outcome = dispatch_if_due(row, now=now)
            if outcome:
                counts[outcome] += 1
    return counts


def dispatch_if_due(row: Job | Release, *, now: Any = None) -> str | None:
    """Send a waiting row whose look is due, once however many sweeps see it at the same
    time: the first to move its ``dispatch_after`` on sends. Returns what happened."""
    if in_process() or not is_waiting(row):
        return None
    now = now or timezone.now()
    if row.dispatch_after is not None and row.dispatch_after > now:
        return None
    model = type(row)
    if row.dispatch_attempts >= attempts_allowed():
        template = NEVER_TAKEN if row.dispatched_at else NEVER_QUEUED
        return "given_up" if _give_up(row, template) else None
    reserved = waiting(model).filter(pk=row.pk, dispatch_after=row.dispatch_after)
    if not reserved.update(dispatch_after=now + timedelta(seconds=backoff_seconds(1))):
        return None  # another sweep took it, or a worker claimed it
    row.refresh_from_db()
    if dispatch(row):
        return "dispatched"
    return "given_up" if not is_waiting(row) else "refused"


def job_retry(*, job: Job) -> Job:
    """Queue a job again: a waiting one is sent now (its attempts start over); a failed one
    starts again from the start when its inputs are still there (an upload is kept until its
    job ends, or, for a job that never started, until it is cancelled)."""
    if job.status in (JobStatus.RUNNING, JobStatus.SUCCEEDED):
        raise DispatchRefused(NOT_RETRYABLE.format(status=job.status))
    if job.status == JobStatus.FAILED and not _inputs_kept(job):
        raise DispatchRefused("This job's file is no longer kept: upload it again.")
    updated = Job.objects.filter(pk=job.pk, status__in=(JobStatus.QUEUED, JobStatus.FAILED)).update(
        status=JobStatus.QUEUED,
        progress=0,
        message="",
        error="",
        result=None,
        finished_at=None,
        lease_expires_at=None,
        dispatch_attempts=0,
        dispatched_at=None,
        dispatch_after=first_dispatch_after(),
    )
    if not updated:
        job.refresh_from_db()
        raise DispatchRefused(NOT_RETRYABLE.format(status=job.status))
    job.refresh_from_db()
    dispatch_on_commit(job)
    return job


def _inputs_kept(job: Job) -> bool:
    """Whether a job can run again: it names no file, or its uploaded file is still stored."""
    params = job.params if isinstance(job.params, dict) else {}
    if "path" in params or params.get("upload_discarded"):
        return False  # kept no longer, or a job from before uploads went through the storage
    upload = params.get("upload")
    if upload is None:
        return True
    return isinstance(upload, str) and is_upload_name(upload) and default_storage.exists(upload)


def job_cancel(*, job: Job, user: AbstractBaseUser | None) -> Job:
    """Cancel a job no worker has started: it ends failed (retryable when it has no file) and
    its uploaded file is deleted."""
    from annotations.services.leases import upload_discard

    error = CANCELLED.format(who=_who(user))
    if not _fail_waiting(job, error):
        job.refresh_from_db()
        raise DispatchRefused(
            f"Only a job that has not started can be cancelled; this one is {job.status}."
        )
    upload_discard(job.params)
    return job


def release_cancel(*, release: Release, user: AbstractBaseUser | None) -> Release:
    """Cancel a build no worker has started: the release ends failed and can be retried."""
    if not _fail_waiting(release, CANCELLED.format(who=_who(user))):
        release.refresh_from_db()
        state = "being built" if release.status == ReleaseStatus.BUILDING else release.status
        raise DispatchRefused(
            f"Only a build that has not started can be cancelled; this one is {state}."
        )
    return release


def _who(user: AbstractBaseUser | None) -> str:
    if user is None or not getattr(user, "pk", None):
        return "the site"
    full = getattr(user, "get_full_name", lambda: "")()
    return str(full or user.get_username())


def actions(row: Job | Release) -> dict[str, bool]:
    """What a person may do with the row now (the pages show the buttons)."""
    failed = row.status in (JobStatus.FAILED, ReleaseStatus.FAILED)
    retry = is_waiting(row) or (failed and (isinstance(row, Release) or _inputs_kept(row)))
    return {"can_retry": retry, "can_cancel": is_waiting(row)}
