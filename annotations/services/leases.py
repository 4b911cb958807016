"""One lifecycle for every long job (imports, agreement reports, release builds): a lease.

A worker *claims* a row before it works on it: one conditional UPDATE moves it to running
(or keeps it building), counts the attempt and sets ``lease_expires_at``. While the work
runs, the lease is renewed by the progress callback and, on a real worker, by a heartbeat
thread (a long step without progress still renews). When the work ends, whatever way, the row
ends ``succeeded``/``published`` or ``failed`` with a message a person can act on.

Before a claim, the row waits for its task message to reach a worker: services/dispatch.py
sends it after the commit and, when the broker was down or lost it, the same sweep sends it
again (with a bound), so a broker outage delays a job but never strands it.

A worker that dies (SIGKILL, OOM, a lost machine) renews nothing: its lease expires, and the
sweep (a Celery beat task every minute; in the embedded configuration, whenever the page
reads the row) turns the row into ``failed`` with "the worker stopped", so nothing spins
forever and the person can retry. The broker also redelivers the unacknowledged message
(tasks acknowledge late); that delivery, like any duplicate, finds the row no longer
claimable and does nothing, so a job never runs twice at once.

    queued/building ──claim──▶ running/building (leased) ──▶ succeeded/published
      │   ▲                        │   ├──exception──▶ failed (message)
      │   └─message refused or     │   └──lease expires (worker died)──sweep──▶ failed
      │     lost: sent again by    └── a duplicate delivery: claim refused, ignored
      │     the sweep (bounded)
      ├──attempts spent──▶ failed ("never started")
      └──cancel──▶ failed ("cancelled before it started")
    failed ──retry──▶ queued/building (lease cleared) ──claim──▶ …
"""

from __future__ import annotations

import hashlib
import logging
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any, TypeVar

from django.conf import settings
from django.core.files.storage import default_storage
from django.db import connections, transaction
from django.db.models import Q
from django.utils import timezone

from annotations.models import Job, JobStatus, Release, ReleaseStatus
from annotations.services.dispatch import dispatch_due, dispatch_if_due
from annotations.services.stored_files import IMPORTS, is_upload_name

logger = logging.getLogger(__name__)

WORKER_DIED = (
    "The worker stopped while {doing} (it was restarted or ran out of memory); nothing was"
    " kept. Retry."
)


def lease_seconds() -> int:
    return int(getattr(settings, "JOB_LEASE_SECONDS", 120))


def _until() -> Any:
    return timezone.now() + timedelta(seconds=lease_seconds())


def _progress_alias() -> str:
    # Lease renewals must commit at once, outside the job's own transaction (an import runs in
    # one), so they go through the "progress" connection where there is one (PostgreSQL).
    return "progress" if "progress" in connections.databases else "default"


def job_claim(job_id: int) -> bool:
    """Take the job for this worker; False when it is finished, failed or leased elsewhere."""
    now = timezone.now()
    claimable = Q(status=JobStatus.QUEUED) | Q(status=JobStatus.RUNNING, lease_expires_at__lt=now)
    return bool(
        Job.objects.filter(claimable, pk=job_id).update(
            status=JobStatus.RUNNING, lease_expires_at=_until(), attempts=_plus_one(Job)
        )
    )


def release_claim(release_id: int) -> bool:
    """Take the build for this worker; False when it is published, failed or being built."""
    now = timezone.now()
    claimable = Q(lease_expires_at__isnull=True) | Q(lease_expires_at__lt=now)
    return bool(
        Release.objects.filter(claimable, pk=release_id, status=ReleaseStatus.BUILDING).update(
            lease_expires_at=_until(), attempts=_plus_one(Release), error="", progress=0
        )
    )


def _plus_one(model: Any) -> Any:
    from django.db.models import F

    return F("attempts") + 1


def lease_renew(model: type[Job] | type[Release], pk: int) -> None:
    # An import runs in one transaction: its job's renewals go through the progress
    # connection. A build commits as it goes, so the default connection does.
    alias = _progress_alias() if model is Job else "default"
    model.objects.using(alias).filter(pk=pk).update(lease_expires_at=_until())


@contextmanager
def lease_heartbeat(model: type[Job] | type[Release], pk: int) -> Iterator[None]:
    """Renew the lease every quarter of its length while the body runs (real workers only).

    In-process (eager) tasks run inside a web request or a test transaction, where a second
    connection could not see the row (or, on SQLite, would wait on the request's lock); there
    the progress callbacks renew the lease instead.
    """
    if settings.CELERY_TASK_ALWAYS_EAGER:
        yield
        return
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(lease_seconds() / 4):
                lease_renew(model, pk)
        finally:
            connections.close_all()

    thread = threading.Thread(target=beat, name=f"lease-{model.__name__}-{pk}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=10)


def failure_message(error: BaseException, *, expected: tuple[type[BaseException], ...]) -> str:
    """What a person reads: the error's own words when it is one we raise for people, else a
    plain sentence (the traceback goes to the log, never to the page)."""
    if isinstance(error, expected):
        return str(error)[:2000]
    logger.exception("job failed on an unexpected error", exc_info=error)
    return (
        f"The job stopped on an unexpected error ({type(error).__name__}); nothing was kept."
        " Retry, and tell the site's maintainers if it happens again."
    )


def jobs_sweep(*, now: Any = None) -> dict[str, int]:
    """Fail every job and build whose worker stopped renewing its lease; send again the
    messages of rows no worker has claimed (services/dispatch.py); delete the files of jobs
    that ended without starting once they are kept no longer; remove build directories no
    live build owns. Returns how many of each were swept."""
    now = now or timezone.now()
    stranded = Job.objects.filter(status=JobStatus.RUNNING, lease_expires_at__lt=now)
    for params in stranded.values_list("params", flat=True):
        upload_discard(params)
    jobs = stranded.update(
        status=JobStatus.FAILED,
        error=WORKER_DIED.format(doing="running this job"),
        finished_at=now,
        lease_expires_at=None,
    )
    releases = _releases_sweep(now)
    return {
        "jobs": jobs,
        "releases": releases,
        **dispatch_due(now=now),
        "uploads": kept_uploads_sweep(now=now),
        "directories": build_dirs_sweep(),
    }


@transaction.atomic
def _releases_sweep(now: Any) -> int:
    """Fail the builds whose worker died, each announcing ``release.failed`` with the change."""
    from annotations.services.webhooks import release_failed_emit

    error = WORKER_DIED.format(doing="building this release")
    stranded = list(
        Release.objects.select_for_update()
        .filter(status=ReleaseStatus.BUILDING, lease_expires_at__lt=now)
        .values_list("pk", "project_id", "version")
    )
    Release.objects.filter(pk__in=[pk for pk, _, _ in stranded]).update(
        status=ReleaseStatus.FAILED, error=error, progress=0, lease_expires_at=None
    )
    for pk, project_id, version in stranded:
        release_failed_emit(project_id=project_id, release_id=pk, version=version, error=error)
    return len(stranded)


def upload_keep_seconds() -> float:
    return float(getattr(settings, "JOB_UPLOAD_KEEP_SECONDS", 86400.0))


def kept_uploads_sweep(*, now: Any = None) -> int:
    """Delete the uploads of failed jobs that ended more than JOB_UPLOAD_KEEP_SECONDS ago.

    A job that ran deletes its file when it ends; one that never started (the queue was down
    too long) keeps it, so that a retry can run it without a second upload. Kept a day, not
    for ever: then the file goes and the job says to upload it again."""
    now = now or timezone.now()
    old = Job.objects.filter(
        status=JobStatus.FAILED,
        finished_at__lt=now - timedelta(seconds=upload_keep_seconds()),
        params__has_key="upload",
    )
    removed = 0
    for job in old.only("pk", "params"):
        upload_discard(job.params)
        params = {key: value for key, value in job.params.items() if key != "upload"}
        Job.objects.filter(pk=job.pk).update(params={**params, "upload_discarded": True})
        removed += 1
    return removed


def build_root() -> Path:
    """This machine's scratch directory for this database's release builds: a folder of
    settings.RELEASE_BUILD_ROOT named by the database. Deployments, benchmarks and test
    sessions on one machine share the default root; each sweep sees only its own database's
    builds, so none removes another's live build as stale (a bench run lost one so)."""
    database = connections["default"].settings_dict
    identity = "|".join(str(database.get(key) or "") for key in ("ENGINE", "HOST", "PORT", "NAME"))
    return Path(settings.RELEASE_BUILD_ROOT) / hashlib.sha256(identity.encode()).hexdigest()[:16]


def build_dirs_sweep() -> int:
    """Remove ``.build-<release>-*`` directories whose release is not being built now.

    A build removes its directory on every path it controls; these are what a killed worker
    left behind. They are local to the machine that built: the sweep task runs on whichever
    worker takes it each minute, so over time every worker machine is swept."""
    root = build_root()
    if not root.is_dir():
        return 0
    live = set(
        Release.objects.filter(
            status=ReleaseStatus.BUILDING, lease_expires_at__gte=timezone.now()
        ).values_list("pk", flat=True)
    )
    removed = 0
    for path in root.glob(".build-*"):
        owner = path.name.split("-")[1] if path.name.count("-") >= 2 else ""
        if not (owner.isascii() and owner.isdigit()) or int(owner) not in live:
            shutil.rmtree(path, ignore_errors=True)
            removed += 1
    return removed


def expired(row: Job | Release) -> bool:
    """Whether ``row`` is still marked as running but its worker stopped renewing it."""
    running = row.status in (JobStatus.RUNNING, ReleaseStatus.BUILDING)
    return bool(running and row.lease_expires_at and row.lease_expires_at < timezone.now())


Row = TypeVar("Row", Job, Release)


def refreshed(row: Row) -> Row:
    """The row as the person should see it: swept first if its worker died (the embedded
    configuration has no beat; this keeps its pages from spinning forever too), and its
    message sent again if it waits for the broker and the next try is due (so a page that
    follows a job starts it as soon as the broker is back, beat or not)."""
    if expired(row):
        jobs_sweep()
        row.refresh_from_db()
    elif dispatch_if_due(row):
        row.refresh_from_db()
    return row


def upload_discard(params: dict[str, Any]) -> None:
    """Delete a job's uploaded file from the storage (an upload is kept under ``imports/``
    only until its job ends, whatever its outcome); never a file outside ``imports/``."""
    if not isinstance(params, dict):
        return
    name = params.get("upload")
    if isinstance(name, str) and is_upload_name(name):
        default_storage.delete(name)
    # Jobs queued before uploads went through the storage name an absolute local path.
    path = params.get("path")
    if isinstance(path, str) and path:
        folder = (Path(settings.MEDIA_ROOT) / IMPORTS).resolve()
        file = Path(path).resolve()
        if file.parent == folder:
            file.unlink(missing_ok=True)


def step_pause() -> None:
    """Sleep JOB_STEP_PAUSE_SECONDS after a progress report: 0 everywhere but the worker-loss
    tests, which need a job to be reliably mid-way when they kill its worker."""
    pause = float(getattr(settings, "JOB_STEP_PAUSE_SECONDS", 0))
    if pause > 0:
        import time

        time.sleep(pause)
