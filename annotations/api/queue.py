"""What the API says when a long job's task could not reach the broker, and the retry and
cancel of a job or build that never started (services/dispatch.py).

A row is saved before its task is sent, so a broker outage at that moment must not answer the
500 that says "nothing was changed": the answer is a 503 in the error envelope saying what was
saved, that it starts by itself when the queue is back, and naming the row to follow or cancel.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import Http404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.errors import ApiError, Conflict
from annotations.api.schema import ErrorEnvelope
from annotations.models import Job, Release
from annotations.selectors.admin import administered_projects
from annotations.services.dispatch import (
    DispatchRefused,
    in_process,
    is_waiting,
    job_cancel,
    job_retry,
)

# The schema's 503 of every operation that starts a long job.
QUEUE_DOWN = OpenApiResponse(
    ErrorEnvelope,
    description="queue_unavailable: the task queue cannot be reached; the job or release is"
    " saved (named by `job` or `release`) and starts when the queue is back.",
)

WILL_START = (
    " It starts by itself when the queue is back (the site tries again every minute): follow"
    " it, or cancel it, under {where}."
)


class QueueUnavailable(ApiError):
    """503: the row is saved but its task could not be handed to the broker yet."""

    def __init__(self, message: str, **extra: Any) -> None:
        unavailable = status.HTTP_503_SERVICE_UNAVAILABLE
        super().__init__(message, status_code=unavailable, code="queue_unavailable", **extra)


def answer_queued(row: Job | Release, *, saved: str) -> None:
    """Raise the 503 when ``row``'s task did not reach the broker (after the commit that saved
    it); nothing to say when it did, or when tasks run in-process (they already ran).
    ``saved`` says what was saved, as a sentence: "The import of corpus.jsonl is saved"."""
    if in_process():
        return
    row.refresh_from_db()
    if row.dispatched_at is not None:
        return
    if isinstance(row, Release):
        where = f"/api/releases/{row.pk}/ (the project's releases page)"
        extra: dict[str, Any] = {"release": row.pk}
    else:
        where = f"/api/admin/jobs/{row.pk}/"
        extra = {"job": row.pk}
    if is_waiting(row):
        raise QueueUnavailable(
            f"{saved}, but the task queue cannot be reached now, so it has not started."
            + WILL_START.format(where=where),
            **extra,
        )
    raise QueueUnavailable(
        f"{saved}, but the task queue could not be reached, so it did not start and is marked"
        f" failed ({row.error}) Retry it under {where} when the queue is back.",
        **extra,
    )


class JobStatusOutput(serializers.Serializer):
    job = serializers.IntegerField(help_text="Poll /api/admin/jobs/{job}/ for its state.")


class ReleaseStatusOutput(serializers.Serializer):
    release = serializers.IntegerField(help_text="Poll /api/releases/{release}/ for its state.")


def visible_job(request: Request, job_id: int) -> Job:
    """A job of a project the user administers, or an upload a researcher started."""
    from annotations.api.releases import exporter_projects

    job = (
        Job.objects.filter(pk=job_id)
        .filter(
            Q(project__in=administered_projects(user=request.user))
            | Q(created_by_id=request.user.pk, project__in=exporter_projects(request.user))
        )
        .first()
    )
    if job is None:
        raise Http404("No such job in a project that you administer.")
    return job


class JobRetryView(APIView):
    @extend_schema(
        request=None,
        responses={202: JobStatusOutput, 503: QUEUE_DOWN},
        summary="Queue a waiting or failed job again (503 if the queue is still down)",
    )
    def post(self, request: Request, job_id: int) -> Response:
        job = visible_job(request, job_id)
        try:
            job_retry(job=job)
        except DispatchRefused as refused:
            raise Conflict(str(refused), code="not_retryable") from None
        answer_queued(job, saved=f"Job {job.pk} is queued again")
        return Response({"job": job.pk}, status=status.HTTP_202_ACCEPTED)


class JobCancelView(APIView):
    @extend_schema(
        request=None, responses={200: JobStatusOutput}, summary="Cancel a job that has not started"
    )
    def post(self, request: Request, job_id: int) -> Response:
        job = visible_job(request, job_id)
        try:
            job_cancel(job=job, user=request.user)
        except DispatchRefused as refused:
            raise Conflict(str(refused), code="not_cancellable") from None
        return Response({"job": job.pk})
