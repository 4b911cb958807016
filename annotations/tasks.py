"""Celery tasks: thin. Load by id, call a service, record the outcome. Queue them through
services/dispatch.py (after the commit, so a worker never looks for a row that is not committed
yet; sent again by the sweep when the broker was down)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from celery import shared_task

from annotations.models import Job, Project, Release, Round
from annotations.selectors.adjudication_queue import disagreements_list
from annotations.selectors.assistance_inputs import AssistanceChoiceError
from annotations.selectors.corpus_records import corpus_records_prepare
from annotations.services.agreement_reports import agreement_report_compute
from annotations.services.corpus_import import ImportFailed, corpus_import_native
from annotations.services.jobs import job_finish, job_progress
from annotations.services.judges_live import judges_changed, judges_recompute_run, judges_sweep
from annotations.services.leases import (
    failure_message,
    job_claim,
    jobs_sweep,
    lease_heartbeat,
    step_pause,
    upload_discard,
)
from annotations.services.stored_files import local_copy
from annotations.services.tofueval_import import tofueval_import
from annotations.services.upload_import import corpus_import_upload, import_result


@contextmanager
def _uploaded(params: dict[str, Any]) -> Iterator[Path]:
    """The job's uploaded file as a local path: a copy from the storage (the request that
    stored it may have run on another machine), or, for a job queued before uploads went
    through the storage, the local path its params name."""
    if "upload" in params:
        with local_copy(params["upload"]) as path:
            yield path
    else:
        yield Path(params["path"])


@shared_task(name="annotations.import_corpus")
def import_corpus_task(
    project_id: int, path: str, format: str = "native", documents: str | None = None
) -> dict[str, object]:
    project = Project.objects.get(pk=project_id)
    if format == "tofueval":
        if documents is None:
            raise ValueError("a TofuEval import needs its documents file")
        report = tofueval_import(project=project, release_dir=Path(path), documents=Path(documents))
    else:
        report = corpus_import_native(project=project, path=Path(path))
    corpus_records_prepare(project)
    return {
        "documents_created": report.documents_created,
        "summaries": report.summaries,
        "sentences": report.sentences,
        "lines": report.lines(),
    }


@shared_task(name="annotations.import_job")
def import_job_task(job_id: int) -> None:
    """An import started from the browser: progress per batch, the report or the error.

    Claimed under a lease (services/leases.py); any exception ends the job failed with its
    message, and the uploaded file is deleted when the job ends, whatever the outcome."""
    if not job_claim(job_id):
        return
    job = Job.objects.select_related("project").get(pk=job_id)
    try:
        with lease_heartbeat(Job, job_id), _uploaded(job.params) as path:
            with path.open("rb") as lines:
                total = max(sum(1 for _ in lines), 1)

            def progress(lines_read: int) -> None:
                job_progress(
                    job_id,
                    progress=lines_read * 100 // total,
                    message=f"line {lines_read} of {total}",
                )
                step_pause()

            name = job.params.get("name", path.name)
            job_progress(job_id, progress=0, message=f"reading {name}")
            report = corpus_import_upload(
                project=job.project, path=path, name=name, params=job.params, progress=progress
            )
            job_progress(job_id, progress=100, message="keeping the corpus's record ids")
            corpus_records_prepare(job.project)
        job_finish(job_id, result=import_result(report))
    except Exception as error:
        job_finish(job_id, error=failure_message(error, expected=(ImportFailed,)))
    finally:
        upload_discard(job.params)


@shared_task(name="annotations.evaluator_upload")
def evaluator_upload_task(job_id: int) -> None:
    """A run of an evaluator's predictions uploaded from the browser: checked against the
    release's records and stored, under a lease; the uploaded file is deleted at the end."""
    from annotations.formats.errors import FormatError
    from annotations.services.evaluator_runs import (
        EvaluatorInvalid,
        evaluator_run_upload,
        run_summary,
    )

    if not job_claim(job_id):
        return
    job = Job.objects.get(pk=job_id)
    params = job.params
    try:
        with lease_heartbeat(Job, job_id), _uploaded(params) as path:
            job_progress(job_id, progress=10, message=f"checking {params['name']}")
            run = evaluator_run_upload(
                release=Release.objects.get(pk=params["release"]),
                evaluator=params["evaluator"],
                data=path.read_bytes(),
                file_name=params["name"],
                kind=params["kind"],
                notes=params.get("notes", ""),
                number=params.get("run"),
                user=job.created_by,
            )
        job_finish(job_id, result=run_summary(run), message=f"stored run {run.number}")
    except Exception as error:
        job_finish(job_id, error=failure_message(error, expected=(FormatError, EvaluatorInvalid)))
    finally:
        upload_discard(params)


@shared_task(name="annotations.corpus_run_upload")
def corpus_run_upload_task(job_id: int) -> None:
    """A run of an evaluator's predictions on a project's corpus, uploaded from the browser:
    checked against the corpus's record ids and stored, under a lease; the uploaded file is
    deleted at the end."""
    from annotations.formats.errors import FormatError
    from annotations.selectors.corpus_records import corpus_size
    from annotations.services.corpus_runs import (
        corpus_run_summary,
        corpus_run_upload,
        coverage_text,
    )
    from annotations.services.evaluator_runs import EvaluatorInvalid

    if not job_claim(job_id):
        return
    job = Job.objects.select_related("project").get(pk=job_id)
    params = job.params
    try:
        with lease_heartbeat(Job, job_id), _uploaded(params) as path:
            job_progress(job_id, progress=10, message=f"checking {params['name']}")
            run = corpus_run_upload(
                project=job.project,
                evaluator=params["evaluator"],
                version=params["version"],
                data=path.read_bytes(),
                file_name=params["name"],
                kind=params["kind"],
                notes=params.get("notes", ""),
                user=job.created_by,
            )
        summary = corpus_run_summary(run, corpus=corpus_size(job.project))
        job_finish(
            job_id,
            result=summary,
            message=f"stored {run.evaluator.name} {run.version}: {coverage_text(summary)}",
        )
        judges_changed(project_id=job.project_id)  # the Judges page scores the new run
    except Exception as error:
        job_finish(job_id, error=failure_message(error, expected=(FormatError, EvaluatorInvalid)))
    finally:
        upload_discard(params)


@shared_task(name="annotations.agreement_report")
def agreement_report_task(
    round_id: int, job_id: int | None = None, compare: int | None = None, close: bool = False
) -> int | None:
    """A round's agreement report. ``close``: the report of a round that just closed, which
    also lists its disagreements for adjudication. Without a job (messages queued before
    closing a round made one), it runs as a round's close report, unleased."""
    round_ = Round.objects.select_related("project").get(pk=round_id)
    if job_id is None:
        disagreements_list(round_)
        return agreement_report_compute(round=round_, compare=compare).pk
    if not job_claim(job_id):
        return None
    try:
        with lease_heartbeat(Job, job_id):
            if close:
                job_progress(job_id, progress=5, message="listing the disagreements")
                disagreements_list(round_)
            job_progress(job_id, progress=10, message="computing agreement")
            report = agreement_report_compute(round=round_, compare=compare)
    except Exception as error:
        # The round named to compare with may have changed since the request was checked.
        job_finish(job_id, error=failure_message(error, expected=(AssistanceChoiceError,)))
        return None
    job_finish(job_id, result={"report": report.pk}, message="agreement computed")
    return report.pk


@shared_task(name="annotations.judges_report")
def judges_report_task(job_id: int) -> None:
    """A project's Judges figures, computed and persisted (services/judges_live.py)."""
    if job_claim(job_id):
        judges_recompute_run(job_id=job_id)


@shared_task(name="annotations.release_build")
def release_build_task(release_id: int) -> str:
    """Build a release under a lease: a worker killed mid-build leaves no published release,
    the sweep fails it within a lease, and a retry starts again from scratch."""
    from annotations.services.releases import release_build

    def progress(percent: int, message: str) -> None:
        Release.objects.filter(pk=release_id).update(progress=min(percent, 99))

    return release_build(release_id=release_id, progress=progress).status


@shared_task(name="annotations.sweep_expired_leases")
def sweep_expired_leases_task() -> dict[str, int]:
    """Celery beat, every minute: fail the jobs and builds whose worker died; queue again the
    Judges recomputes whose job so ended."""
    return {**jobs_sweep(), "judges": judges_sweep()}


@shared_task(name="annotations.webhook_deliver")
def webhook_deliver_task(delivery_id: int) -> str | None:
    """One attempt of a webhook delivery (services/webhooks.py): claimed, sent, recorded."""
    from annotations.services.webhooks import webhook_deliver

    return webhook_deliver(delivery_id=delivery_id)


@shared_task(name="annotations.webhooks_sweep")
def webhooks_sweep_task() -> dict[str, int]:
    """Celery beat: re-send due deliveries and those whose worker died."""
    from annotations.services.webhooks import webhooks_sweep

    return webhooks_sweep()
