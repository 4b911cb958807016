"""The Judges report that updates itself: recomputed in Celery after changes, debounced,
persisted, and read by the page at once (docs/models-in-the-loop.md, "Judges").

A change to what the gold is computed from (a submit, which is also how reviews and
adjudications end; a new corpus run) calls :func:`judges_recompute_schedule` inside its own
transaction; the page itself, when it sees the stored key differ from the current one (a
change no hook saw: a label saved without a submit, a round created), does the same. It adds
(or joins) one waiting recompute for the project: a ``Job`` row of kind ``judges`` with
``params = {"project", "auto", "not_before"}``, and points the project's ``JudgesReport`` at it
(state ``queued``).

- **Debounced.** The first change makes the row and, once it commits, sends its task to the
  ``short`` queue with a countdown of ``JUDGES_DEBOUNCE_SECONDS``; every change until a worker
  claims the row joins it (the task reads the gold when it runs). A change after the claim
  makes a new row: the running compute may have read the gold before it.
- **A row and its task never part.** The Job row is the outbox (services/dispatch.py): a
  refused or lost message is sent again by beat's sweep. A worker that dies leaves the job
  running on an expired lease; the sweep fails it (services/leases.py), and
  :func:`judges_sweep` then queues the report's recompute again, ``JUDGES_REQUEUE_LIMIT`` times,
  before the report says failed with the reason (an admin's recompute, or the next change,
  tries again).
- **Never in a linguist's request.** In the embedded configuration (no broker, tasks run
  in-process) nothing is sent from the change: the Judges page, which polls, runs a due
  recompute in its own request (:func:`judges_page_refresh`), as the agreement page does.
- **Ordered.** Figures are stored with the job that computed them: an older job that ends
  after a newer one never overwrites the newer figures.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from annotations.models import CorpusRun, Job, JobStatus, JudgesReport, JudgesState, Project
from annotations.selectors.judges import judges_compute, judges_inputs
from annotations.services.dispatch import dispatch, dispatch_on_commit, grace_seconds, in_process
from annotations.services.jobs import job_finish, job_progress
from annotations.services.leases import (
    failure_message,
    lease_heartbeat,
    refreshed,
    step_pause,
)

logger = logging.getLogger(__name__)

KIND = "judges"
NOT_STARTED = "The recompute never finished ({reason}); the sweep gave up after {times} tries."


def debounce_seconds() -> float:
    return float(getattr(settings, "JUDGES_DEBOUNCE_SECONDS", 10.0))


def requeue_limit() -> int:
    return int(getattr(settings, "JUDGES_REQUEUE_LIMIT", 3))


def _waiting(project_id: int) -> Job | None:
    return (
        Job.objects.filter(kind=KIND, status=JobStatus.QUEUED, params__project=project_id)
        .order_by("pk")
        .first()
    )


def _due(job: Job) -> bool:
    not_before = job.params.get("not_before")
    return not not_before or datetime.fromisoformat(str(not_before)) <= timezone.now()


@transaction.atomic
def judges_recompute_schedule(
    *, project_id: int, delay: float | None = None, by: AbstractBaseUser | None = None
) -> Job:
    """Schedule (or join) the project's recompute ``delay`` seconds from now (the debounce by
    default); call inside the change's transaction. A waiting recompute is joined; asked for
    sooner (an admin's button), it is moved forward and sent again. Two queries when one is
    waiting, four when it makes one."""
    delay = debounce_seconds() if delay is None else delay
    now = timezone.now()
    not_before = now + timedelta(seconds=delay)
    job = _waiting(project_id)
    if job is not None:
        if _due(job) or datetime.fromisoformat(job.params["not_before"]) <= not_before:
            return job
        job.params = {**job.params, "not_before": not_before.isoformat()}
        job.dispatch_after = not_before + timedelta(seconds=grace_seconds())
        job.save(update_fields=["params", "dispatch_after"])
    else:
        job = Job.objects.create(
            project_id=project_id,
            kind=KIND,
            params={
                "project": project_id,
                "auto": by is None,
                "not_before": not_before.isoformat(),
            },
            created_by_id=by.pk if by is not None else None,
            # The sweep's first look: after the countdown and the usual grace for the sender.
            dispatch_after=not_before + timedelta(seconds=grace_seconds()),
        )
    state = {"state": JudgesState.QUEUED, "progress": 0, "error": "", "job": job}
    if by is not None:
        state["requeued"] = 0
    if not JudgesReport.objects.filter(project_id=project_id).update(**state):
        JudgesReport.objects.create(project_id=project_id, **state)
    if not in_process():
        dispatch_on_commit(job)
    return job


def judges_changed(*, project_id: int | None = None, round_id: int | None = None) -> Job | None:
    """The hook of a change to the gold or the runs (a submit in a round, a corpus run):
    schedule the debounced recompute when the project has a run to score. One query when it
    has none (most projects), three when a recompute already waits."""
    runs = CorpusRun.objects.all()
    if round_id is not None:
        runs = runs.filter(project__rounds=round_id)
    elif project_id is not None:
        runs = runs.filter(project_id=project_id)
    scored = runs.values_list("project_id", flat=True).first()
    if scored is None:
        return None
    return judges_recompute_schedule(project_id=scored)


def judges_recompute_run(*, job_id: int) -> None:
    """The task's body, for a job this worker claimed: compute, store, end the job."""
    job = Job.objects.get(pk=job_id)
    project = Project.objects.get(pk=job.project_id)
    mine = JudgesReport.objects.filter(project=project, job_id=job_id)
    mine.update(state=JudgesState.RUNNING, progress=0)

    def progress(percent: int, message: str) -> None:
        job_progress(job_id, progress=percent, message=message)
        mine.update(progress=min(percent, 99))
        step_pause()  # 0 but in the worker-loss test, which kills the worker mid-way

    inputs = None
    try:
        with lease_heartbeat(Job, job_id):
            inputs = judges_inputs(project)
            figures = judges_compute(project, inputs, progress)
    except Exception as error:
        reason = failure_message(error, expected=())
        job_finish(job_id, error=reason)
        mine.update(
            state=JudgesState.FAILED,
            error=reason,
            progress=0,
            failed_key=inputs.key if inputs is not None else "",
        )
        return
    JudgesReport.objects.filter(
        Q(computed_by_job__isnull=True) | Q(computed_by_job__lt=job_id), project=project
    ).update(
        figures=figures,
        computed_key=inputs.key,
        computed_at=timezone.now(),
        computed_by_job=job_id,
    )
    mine.update(state=JudgesState.DONE, progress=100, error="", requeued=0)
    job_finish(job_id, result={"key": inputs.key}, message="judges scored")


def judges_sweep() -> int:
    """Beat's part (after the jobs' sweep failed the jobs whose worker died): queue again the
    recompute of every report whose job ended failed while the report still waited for it;
    after ``JUDGES_REQUEUE_LIMIT`` times, the report says failed, with the job's reason."""
    stranded = JudgesReport.objects.filter(
        Q(job__isnull=True) | Q(job__status=JobStatus.FAILED),
        state__in=(JudgesState.QUEUED, JudgesState.RUNNING),
    ).select_related("job", "project")
    swept = 0
    for report in stranded:
        swept += _requeue(report)
    return swept


def _requeue(report: JudgesReport) -> int:
    reason = report.job.error if report.job is not None else "its job was deleted"
    if report.requeued >= requeue_limit():
        JudgesReport.objects.filter(pk=report.pk, job=report.job).update(
            state=JudgesState.FAILED,
            progress=0,
            error=NOT_STARTED.format(reason=reason.rstrip(". "), times=report.requeued),
            failed_key=judges_inputs(report.project).key,
        )
        return 0
    with transaction.atomic():
        judges_recompute_schedule(project_id=report.project_id, delay=0)
        JudgesReport.objects.filter(pk=report.pk).update(requeued=report.requeued + 1)
    logger.warning("judges of project %s queued again: %s", report.project_id, reason)
    return 1


def judges_page_refresh(*, project: Project, current_key: str) -> JudgesReport | None:
    """What the page does before it reads the report (a constant number of queries): when the
    stored figures were computed from another key and no recompute waits, schedule one (the
    first visit's at once); a job whose worker died is swept and queued again; in the embedded
    configuration, a due recompute runs here. Returns the report (None: no run, no report)."""
    report = JudgesReport.objects.filter(project=project).select_related("job").first()
    if report is None or (
        current_key != report.computed_key
        and (
            report.state == JudgesState.DONE
            or (report.state == JudgesState.FAILED and current_key != report.failed_key)
        )
    ):
        first = report is None or report.figures is None
        if report is None and not CorpusRun.objects.filter(project=project).exists():
            # Nothing to score yet: the page says so without a task.
            return None
        judges_recompute_schedule(project_id=project.pk, delay=0 if first else None)
        report = JudgesReport.objects.select_related("job").get(project=project)
    job = report.job
    if report.state in (JudgesState.QUEUED, JudgesState.RUNNING):
        job = refreshed(job) if job is not None else None
        if job is None or job.status == JobStatus.FAILED:
            # Its worker died (or the job was deleted): beat's sweep would queue it again; the
            # embedded configuration has no beat, so the page does.
            _requeue(report)
            job = JudgesReport.objects.select_related("job").get(pk=report.pk).job
        if job is not None and in_process() and job.status == JobStatus.QUEUED and _due(job):
            # In-process, the task runs here and now (a second poll finds the job claimed).
            dispatch(job)
        report.refresh_from_db()
    return report


def judges_recompute(*, project: Project, user: AbstractBaseUser) -> JudgesReport:
    """An admin's recompute, at once (whatever the key says); in the embedded configuration
    it runs in this request."""
    job = judges_recompute_schedule(project_id=project.pk, delay=0, by=user)
    if in_process():
        dispatch(job)
    return JudgesReport.objects.get(project=project)


def judges_pending(report: JudgesReport | None, current_key: str) -> bool:
    """Whether newer figures than the stored ones are on their way or due."""
    if report is None:
        return False
    return report.state in (JudgesState.QUEUED, JudgesState.RUNNING) or (
        current_key not in (report.computed_key, report.failed_key)
    )


def report_state(report: JudgesReport | None) -> dict[str, Any]:
    if report is None:
        return {"state": JudgesState.DONE, "progress": 0, "error": ""}
    return {"state": report.state, "progress": report.progress, "error": report.error}
