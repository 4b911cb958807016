"""Agreement that updates itself: a round's report is recomputed after submits, debounced.

A submit calls :func:`agreement_recompute_schedule` inside its own transaction. It adds (or
joins) one waiting *automatic* agreement job for the round, a ``Job`` row of kind
``agreement`` with ``params = {"round", "auto": True, "not_before"}``:

- **Debounced.** The first submit makes the row and, once the submit commits, sends its task
  with a countdown of ``AGREEMENT_DEBOUNCE_SECONDS``; every submit until a worker claims the
  row joins it (it reads the labels when it runs), so a burst of submits costs one compute.
  A submit after the claim makes a new row: the running compute may have read the labels
  before that submit.
- **Never delays a submit.** The submit only writes the row (one query to look for a waiting
  one, one insert); the task is sent after the commit, to the ``short`` queue, where a worker
  computes. In the embedded configuration (no broker, tasks in-process) nothing is sent from
  the submit at all, since the task would run inside the linguist's request: the admin's
  agreement page, which polls, runs a due row instead (:func:`agreement_recompute_due`).
- **A row and its task never part.** The row is the outbox (services/dispatch.py): if the
  broker is down or loses the message, beat's sweep sends it again (``dispatch_after``).
- **Reused when unchanged.** ``agreement_report_compute`` stores a report per inputs hash, so
  a compute whose labels did not change (two rows racing) only finds the stored report.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from annotations.models import Job, JobStatus, Round, RoundStatus
from annotations.services.dispatch import (
    dispatch,
    dispatch_on_commit,
    grace_seconds,
    in_process,
)

KIND = "agreement"


def debounce_seconds() -> float:
    return float(getattr(settings, "AGREEMENT_DEBOUNCE_SECONDS", 10.0))


def auto_enabled() -> bool:
    return bool(getattr(settings, "AGREEMENT_AUTO_RECOMPUTE", True))


def waiting_auto(round_id: int) -> Job | None:
    """The round's automatic recompute no worker has claimed yet, if any."""
    return (
        Job.objects.filter(
            kind=KIND, status=JobStatus.QUEUED, params__round=round_id, params__auto=True
        )
        .order_by("pk")
        .first()
    )


def agreement_recompute_schedule(*, round_id: int) -> Job | None:
    """Schedule (or join) the round's debounced recompute; call inside the submit's
    transaction. Returns the waiting row, or None when automatic recomputes are off or the
    round gives each unit to one annotator (no agreement to measure). Two queries, three
    when it makes the row."""
    if not auto_enabled():
        return None
    project_id, overlap = Round.objects.values_list("project_id", "overlap").get(pk=round_id)
    if overlap < 2:
        return None
    existing = waiting_auto(round_id)
    if existing is not None:
        return existing
    now = timezone.now()
    not_before = now + timedelta(seconds=debounce_seconds())
    job = Job.objects.create(
        project_id=project_id,
        kind=KIND,
        params={"round": round_id, "auto": True, "not_before": not_before.isoformat()},
        # The sweep's first look: after the countdown and the usual grace for the sender.
        dispatch_after=not_before + timedelta(seconds=grace_seconds()),
    )
    if not in_process():
        dispatch_on_commit(job)
    return job


def agreement_recompute_due(*, round: Round) -> bool:
    """In-process configuration only: run the round's waiting automatic recompute whose
    debounce has passed (called by the admin's agreement page, which polls). True if one ran.
    With a broker, workers run it and this does nothing."""
    if not in_process() or round.status == RoundStatus.DRAFT:
        return False
    job = waiting_auto(round.pk)
    if job is None or not _due(job):
        return False
    # In-process, the task runs here and now (a second poll finds the row claimed).
    dispatch(job)
    return True


def _due(job: Job) -> bool:
    not_before = job.params.get("not_before")
    if not not_before:
        return True
    return datetime.fromisoformat(str(not_before)) <= timezone.now()


def agreement_updating(*, round_id: int) -> bool:
    """Whether an automatic recompute of the round is waiting or running."""
    return Job.objects.filter(
        kind=KIND,
        status__in=(JobStatus.QUEUED, JobStatus.RUNNING),
        params__round=round_id,
        params__auto=True,
    ).exists()
