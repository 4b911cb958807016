"""Agreement that updates itself (services/agreement_live.py): a submit schedules one
debounced recompute of its round's report, sent only after the submit commits; quick submits
share it; a lost task is sent again by the sweep; in-process, the admin's page runs it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from annotation_site.celery import app
from annotations.models import (
    AgreementReport,
    Assignment,
    AssignmentStatus,
    Job,
    JobStatus,
    Project,
    Round,
)
from annotations.services import dispatch as dispatch_service
from annotations.services.agreement_reports import agreement_report_compute
from annotations.services.judgements import assignment_submit
from annotations.services.leases import jobs_sweep
from tests.labelling import label_units
from tests.people import ADMIN, LINGUIST, SECOND_LINGUIST, signed_in

pytestmark = pytest.mark.django_db(databases="__all__")

Sent = list[tuple[str, tuple[Any, ...], float | None]]


def pilot(demo: Project) -> Round:
    return Round.objects.get(project=demo, kind="pilot", status="open")


def labelled(round_: Round, username: str) -> Assignment:
    """The user's first unit of the round, every item answered (not yet submitted)."""
    assignment = (
        Assignment.objects.filter(round=round_, annotator__username=username)
        .order_by("topic_id")
        .first()
    )
    assert assignment is not None
    label_units([assignment], wrong=lambda summary, sentence: False)
    return assignment


def submit(assignment: Assignment) -> None:
    user = get_user_model().objects.get(pk=assignment.annotator_id)
    assignment_submit(assignment_id=assignment.pk, user=user)


def submit_every_unit(round_: Round) -> Any:
    """Every unit of both linguists labelled and submitted; relevance differs on a third of
    the units, so agreement varies from unit to unit."""
    units = Assignment.objects.filter(round=round_).order_by("topic_id", "annotator__username")
    rank = {topic: i for i, topic in enumerate(sorted({a.topic_id for a in units}))}
    for assignment in units:
        # A third of the units both say 5, a third both 4, a third differ.
        fives = (0,) if assignment.annotator.username == LINGUIST else (0, 1)
        relevance = 5 if rank[assignment.topic_id] % 3 in fives else 4
        label_units([assignment], wrong=lambda summary, sentence: False, relevance=relevance)
        submit(assignment)
    return units


def auto_jobs(round_: Round) -> list[Job]:
    return list(Job.objects.filter(kind="agreement", params__round=round_.pk, params__auto=True))


@pytest.fixture
def broker(monkeypatch: pytest.MonkeyPatch) -> Iterator[Sent]:
    """Tasks go to a broker (not in-process) that takes every message: each send is
    recorded with its countdown, none runs."""
    calls: Sent = []

    def record(name: str, args: tuple[Any, ...], countdown: float | None = None) -> None:
        calls.append((name, args, countdown))

    monkeypatch.setattr(dispatch_service, "_send", record)
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield calls
    finally:
        app.conf.task_always_eager = eager


def test_a_submit_schedules_one_debounced_recompute_sent_after_the_commit(
    demo: Project, settings: Any, broker: Sent, django_capture_on_commit_callbacks: Any
) -> None:
    settings.AGREEMENT_DEBOUNCE_SECONDS = 30
    round_ = pilot(demo)
    first = labelled(round_, LINGUIST)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        submit(first)
        # Nothing is sent while the submit's transaction is open.
        assert broker == []
    for callback in callbacks:
        callback()
    (job,) = auto_jobs(round_)
    assert job.status == JobStatus.QUEUED
    assert broker == [
        ("annotations.agreement_report", (round_.pk, job.pk, None, False), broker[0][2])
    ]
    assert broker[0][2] == pytest.approx(30, abs=2)  # the debounce, as a countdown
    assert not AgreementReport.objects.filter(round=round_).exists()  # not computed in the submit


def test_two_quick_submits_share_one_recompute(
    demo: Project, settings: Any, broker: Sent, django_capture_on_commit_callbacks: Any
) -> None:
    settings.AGREEMENT_DEBOUNCE_SECONDS = 30
    round_ = pilot(demo)
    with django_capture_on_commit_callbacks(execute=True):
        submit(labelled(round_, LINGUIST))
    with django_capture_on_commit_callbacks(execute=True):
        submit(labelled(round_, SECOND_LINGUIST))
    assert len(auto_jobs(round_)) == 1
    assert len(broker) == 1
    # Once a worker has claimed it, a later submit needs a compute of its own.
    Job.objects.filter(pk=auto_jobs(round_)[0].pk).update(status=JobStatus.RUNNING)
    second_unit = (
        Assignment.objects.filter(round=round_, annotator__username=LINGUIST)
        .exclude(status=AssignmentStatus.SUBMITTED)
        .order_by("topic_id")
        .first()
    )
    assert second_unit is not None
    label_units([second_unit], wrong=lambda summary, sentence: False)
    with django_capture_on_commit_callbacks(execute=True):
        submit(second_unit)
    assert len(auto_jobs(round_)) == 2
    assert len(broker) == 2


def test_a_lost_task_is_sent_again_by_the_sweep(
    demo: Project, settings: Any, broker: Sent, django_capture_on_commit_callbacks: Any
) -> None:
    settings.AGREEMENT_DEBOUNCE_SECONDS = 5
    round_ = pilot(demo)
    with django_capture_on_commit_callbacks(execute=True):
        submit(labelled(round_, LINGUIST))
    (job,) = auto_jobs(round_)
    assert len(broker) == 1
    # The sweep leaves a message alone while it may still arrive...
    jobs_sweep()
    assert len(broker) == 1
    # ...but once no worker claimed it long after it was due, the broker lost it: sent again.
    job.refresh_from_db()
    assert job.dispatch_after is not None
    later = job.dispatch_after + timedelta(seconds=1)
    jobs_sweep(now=later)
    assert len(broker) == 2
    assert broker[1][:2] == ("annotations.agreement_report", (round_.pk, job.pk, None, False))


def test_a_recompute_whose_message_never_left_is_sent_by_the_sweep(
    demo: Project, settings: Any, broker: Sent
) -> None:
    # The process died between the commit and the send (no on-commit callback ran).
    settings.AGREEMENT_DEBOUNCE_SECONDS = 5
    round_ = pilot(demo)
    submit(labelled(round_, LINGUIST))  # the test's transaction never commits: nothing sent
    (job,) = auto_jobs(round_)
    assert broker == []
    assert job.dispatch_after is not None
    jobs_sweep(now=job.dispatch_after + timedelta(seconds=1))
    assert [call[:2] for call in broker] == [
        ("annotations.agreement_report", (round_.pk, job.pk, None, False))
    ]


def test_in_process_the_admins_page_runs_the_due_recompute_once(
    demo: Project, settings: Any, client: Any
) -> None:
    settings.AGREEMENT_DEBOUNCE_SECONDS = 0.5
    round_ = pilot(demo)
    units = submit_every_unit(round_)
    (job,) = auto_jobs(round_)
    assert not AgreementReport.objects.filter(round=round_).exists()
    signed_in(ADMIN, client)
    url = f"/api/admin/rounds/{round_.pk}/agreement/"
    time.sleep(0.6)
    response = client.get(url)
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["updating"] is False
    assert body["annotators"] == ["linguist1", "linguist2"]
    relevance = next(q for q in body["questions"] if q["key"] == "relevance")
    # Summaries nest in units, so the interval and the projection count units, not summaries.
    projection = relevance["projection"]
    assert projection["resampled"] == "units"
    assert projection["n_units"] == units.values("topic_id").distinct().count()
    assert projection["units_needed"] is not None, projection
    assert projection["units_needed"] >= projection["n_units"]
    assert AgreementReport.objects.filter(round=round_).count() == 1
    job.refresh_from_db()
    assert job.status == JobStatus.SUCCEEDED
    # The next poll finds nothing waiting and computes nothing more.
    assert client.get(url).json()["computed_at"] == body["computed_at"]
    assert AgreementReport.objects.filter(round=round_).count() == 1


def test_a_recompute_not_yet_due_waits_and_the_page_says_it_is_updating(
    demo: Project, settings: Any, client: Any
) -> None:
    settings.AGREEMENT_DEBOUNCE_SECONDS = 60
    round_ = pilot(demo)
    signed_in(ADMIN, client)
    url = f"/api/admin/rounds/{round_.pk}/agreement/"
    agreement_report_compute(round=round_)  # a first report, as "Compute now" makes it
    submit(labelled(round_, LINGUIST))
    body = client.get(url).json()
    assert body["updating"] is True
    assert body["stale"] is True
    assert AgreementReport.objects.filter(round=round_).count() == 1


def test_the_projection_is_reprojected_for_another_half_width(
    demo: Project, settings: Any, client: Any
) -> None:
    settings.AGREEMENT_DEBOUNCE_SECONDS = 60
    round_ = pilot(demo)
    submit_every_unit(round_)
    signed_in(ADMIN, client)
    url = f"/api/admin/rounds/{round_.pk}/agreement/"
    agreement_report_compute(round=round_)

    def relevance(**query: str) -> Any:
        questions = client.get(url, query).json()["questions"]
        return next(q for q in questions if q["key"] == "relevance")["projection"]

    default, wider = relevance(), relevance(half_width="0.2")
    assert default["half_width"] == 0.05
    assert wider["half_width"] == 0.2
    assert wider["standard_error"] == default["standard_error"]
    # A quarter of the half-width needs sixteen times the units.
    assert wider["units_needed"] < default["units_needed"]
    assert default["units_needed"] == pytest.approx(16 * wider["units_needed"], rel=0.1)
    # Any spelling of a number in range is taken; out of range, not a number or not finite
    # is refused, naming the field.
    assert relevance(half_width="2e-1")["half_width"] == 0.2
    for wrong in ("7", "3.1e154", "nan", "inf", "-0.1", "wide"):
        refused = client.get(url, {"half_width": wrong})
        assert refused.status_code == 400, wrong
        assert "half_width" in refused.json()["errors"]
