"""Celery tasks: in-process (the embedded configuration) and through a real worker on
Redis against PostgreSQL (what production runs; .ci/run provides both)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

from annotation_site.celery import app
from annotations.models import Document, Summary
from annotations.tasks import import_corpus_task
from tests.conftest import DEMO_DIR, ROOT
from tests.factories import ProjectFactory


@pytest.mark.django_db
def test_the_import_task_runs_in_process_without_a_broker() -> None:
    assert settings.CELERY_TASK_ALWAYS_EAGER or os.environ.get("CELERY_BROKER_URL")
    project = ProjectFactory()
    result = import_corpus_task.delay(project.pk, str(DEMO_DIR / "corpus.jsonl")).get()
    assert result["documents_created"] == 3
    assert Summary.objects.filter(topic__document__corpus__project=project).count() == 45


@contextmanager
def worker_on(queues: str) -> Iterator[str]:
    """A real worker serving ``queues`` (``long,short`` as `make serve` runs one, or one of
    them), on the test database and CELERY_TEST_BROKER_URL."""
    broker = os.environ.get("CELERY_TEST_BROKER_URL")
    if not broker or connection.vendor != "postgresql":
        pytest.skip("needs CELERY_TEST_BROKER_URL and PostgreSQL (both set by .ci/run)")
    database = connection.settings_dict
    url = f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"
    env = {**os.environ, "DATABASE_URL": url, "CELERY_BROKER_URL": broker}
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "annotation_site",
            "worker",
            "--pool=solo",
            "--loglevel=WARNING",
            "-Q",
            queues,
            "--without-gossip",
            "--without-mingle",
            "-n",
            "test@%h",
        ],
        cwd=ROOT,
        env=env,
    )
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield broker
    finally:
        app.conf.task_always_eager = eager
        worker.terminate()
        worker.wait(timeout=30)


@pytest.fixture
def real_worker() -> Iterator[str]:
    with worker_on("long,short") as broker:
        yield broker


@pytest.mark.worker
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_real_worker_imports_a_corpus_committed_by_the_site(real_worker: str) -> None:
    project = ProjectFactory()
    # An explicit connection: the app's producer pool may still point at the eager default.
    with app.connection_for_write(real_worker) as broker:
        import_corpus_task.apply_async(
            (project.pk, str(Path(DEMO_DIR / "corpus.jsonl"))), connection=broker
        )
    # What the site sees: the worker's committed rows, polled as a progress view would.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if Summary.objects.filter(topic__document__corpus__project=project).count() == 45:
            break
        time.sleep(0.5)
    assert Summary.objects.filter(topic__document__corpus__project=project).count() == 45
    assert Document.objects.filter(corpus__project=project).count() == 3


def submit_every_unit_as_consistent(pilot: Any) -> None:
    """Both demo linguists label every sentence consistent and submit."""
    from annotations.models import Assignment, SentenceJudgement

    for assignment in Assignment.objects.filter(round=pilot):
        for summary in assignment.topic.summaries.all():
            for sentence in summary.sentences.all():
                SentenceJudgement.objects.create(
                    assignment=assignment, sentence=sentence, label="consistent"
                )
        Assignment.objects.filter(pk=assignment.pk).update(status="submitted")


@pytest.mark.worker
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_real_worker_computes_a_rounds_agreement_report(real_worker: str) -> None:
    from django.core.management import call_command

    from annotations.models import AgreementReport, Round
    from annotations.tasks import agreement_report_task

    call_command("load_demo", stdout=None)
    pilot = Round.objects.get(project__slug="demo")
    submit_every_unit_as_consistent(pilot)
    with app.connection_for_write(real_worker) as broker:
        agreement_report_task.apply_async((pilot.pk,), connection=broker)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not AgreementReport.objects.filter(round=pilot).exists():
        time.sleep(0.5)
    report = AgreementReport.objects.get(round=pilot)
    assert report.results["annotators"] == ["linguist1", "linguist2"]
    consistency = report.results["questions"][0]
    assert consistency["key"] == "sentence_consistency"
    assert consistency["percent_agreement"] == 1.0


@pytest.mark.worker
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_real_worker_builds_and_publishes_a_release(real_worker: str) -> None:
    from django.core.management import call_command

    from annotations.models import Release, ReleaseStatus, Round
    from annotations.services.releases import release_create
    from annotations.tasks import release_build_task

    call_command("load_demo", stdout=None)
    pilot = Round.objects.get(project__slug="demo")
    submit_every_unit_as_consistent(pilot)
    release = release_create(
        project=pilot.project,
        user=None,
        config={
            "version": "1.0.0",
            "rounds": [pilot.pk],
            "formats": ["native"],
            "split": {"method": "document", "seed": 1},
        },
    )
    with app.connection_for_write(real_worker) as broker:
        release_build_task.apply_async((release.pk,), connection=broker)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        release.refresh_from_db()
        if release.status != ReleaseStatus.BUILDING:
            break
        time.sleep(0.5)
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    assert release.manifest["counts"]["per_split"]
    assert Release.objects.filter(status=ReleaseStatus.PUBLISHED).count() == 1


def test_long_jobs_and_short_ones_go_to_their_own_queues() -> None:
    def queue_of(task: str) -> str:
        return str(app.amqp.router.route({}, task, (), {})["queue"].name)

    for long_job in ("import_corpus", "import_job", "evaluator_upload", "release_build"):
        assert queue_of(f"annotations.{long_job}") == "long"
    assert queue_of("annotations.agreement_report") == "short"
    assert queue_of("annotations.sweep_expired_leases") == "short"


@pytest.mark.worker
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_short_queue_worker_computes_a_report_while_a_build_waits_for_a_long_one() -> None:
    """A release build queued on `long` never holds up an agreement report on `short`."""
    from django.core.management import call_command

    from annotations.models import AgreementReport, Release, ReleaseStatus, Round
    from annotations.services.releases import release_create
    from annotations.tasks import agreement_report_task, release_build_task

    call_command("load_demo", stdout=None)
    pilot = Round.objects.get(project__slug="demo")
    submit_every_unit_as_consistent(pilot)
    release = release_create(
        project=pilot.project,
        user=None,
        config={"version": "1.0.0", "rounds": [pilot.pk], "formats": ["native"]},
    )
    with worker_on("short") as broker_url, app.connection_for_write(broker_url) as broker:
        try:
            release_build_task.apply_async((release.pk,), connection=broker)
            agreement_report_task.apply_async((pilot.pk,), connection=broker)
            deadline = time.monotonic() + 120
            while (
                time.monotonic() < deadline
                and not AgreementReport.objects.filter(round=pilot).exists()
            ):
                time.sleep(0.5)
            assert AgreementReport.objects.filter(round=pilot).exists()
            assert Release.objects.get(pk=release.pk).status == ReleaseStatus.BUILDING
        finally:
            # The build stays queued for a `long` worker: none comes in this test.
            broker.default_channel.queue_purge("long")


@pytest.mark.worker
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_real_worker_recomputes_the_report_after_submits_once_debounced(
    real_worker: str, settings: Any
) -> None:
    """Two linguists submit; the site sends one debounced recompute to the broker after the
    commits, and the worker computes the report once (services/agreement_live.py)."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from annotations.models import AgreementReport, Assignment, Job, JobStatus, Round
    from annotations.services.judgements import assignment_submit
    from tests.labelling import label_units

    settings.AGREEMENT_DEBOUNCE_SECONDS = 10
    call_command("load_demo", stdout=None)
    pilot = Round.objects.get(project__slug="demo", kind="pilot", status="open")
    assignments = list(Assignment.objects.filter(round=pilot).order_by("topic_id")[:2])
    label_units(assignments, wrong=lambda summary, sentence: False)
    url = app.conf.broker_url
    app.conf.broker_url = real_worker  # the site sends to the worker's broker
    try:
        for assignment in assignments:
            user = get_user_model().objects.get(pk=assignment.annotator_id)
            assignment_submit(assignment_id=assignment.pk, user=user)
    finally:
        app.conf.broker_url = url
    # Nothing was computed in the submits, and the worker waits out the 10 s debounce.
    assert not AgreementReport.objects.filter(round=pilot).exists()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not AgreementReport.objects.filter(round=pilot).exists():
        time.sleep(0.5)
    assert AgreementReport.objects.filter(round=pilot).count() == 1
    (job,) = Job.objects.filter(kind="agreement", params__round=pilot.pk, params__auto=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and job.status != JobStatus.SUCCEEDED:
        time.sleep(0.2)
        job.refresh_from_db()
    assert job.status == JobStatus.SUCCEEDED
