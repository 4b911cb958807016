"""Celery tasks: thin. Load by id, call a service, record the outcome. Queue them with
``transaction.on_commit`` so a worker never looks for a row that is not committed yet."""

from __future__ import annotations

from pathlib import Path

from celery import shared_task

from annotations.models import Job, Project, Release, Round
from annotations.services.agreement_reports import agreement_report_compute
from annotations.services.corpus_import import ImportFailed, corpus_import_native
from annotations.services.jobs import job_finish, job_progress
from annotations.services.tofueval_import import tofueval_import


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
    return {
        "documents_created": report.documents_created,
        "summaries": report.summaries,
        "sentences": report.sentences,
        "lines": report.lines(),
    }


@shared_task(name="annotations.import_job")
def import_job_task(job_id: int) -> None:
    """An import started from the browser: progress per batch, the report or the error."""
    job = Job.objects.select_related("project").get(pk=job_id)
    path = Path(job.params["path"])
    total = max(sum(1 for _ in path.open("rb")), 1)

    def progress(lines_read: int) -> None:
        job_progress(
            job_id, progress=lines_read * 100 // total, message=f"line {lines_read} of {total}"
        )

    job_progress(job_id, progress=0, message=f"reading {job.params.get('name', path.name)}")
    try:
        report = corpus_import_native(project=job.project, path=path, progress=progress)
    except ImportFailed as error:
        job_finish(job_id, error=str(error))
        return
    job_finish(job_id, result={"lines": report.lines()})


@shared_task(name="annotations.agreement_report")
def agreement_report_task(round_id: int, job_id: int | None = None) -> int:
    if job_id is not None:
        job_progress(job_id, progress=10, message="computing agreement")
    report = agreement_report_compute(
        round=Round.objects.select_related("project").get(pk=round_id)
    )
    if job_id is not None:
        job_finish(job_id, result={"report": report.pk})
    return report.pk


@shared_task(name="annotations.release_build", acks_late=True, reject_on_worker_lost=True)
def release_build_task(release_id: int) -> str:
    """Build a release. A worker killed mid-build leaves no published release: the message
    is redelivered (acks late) and the build starts again from scratch."""
    from annotations.services.releases import release_build

    def progress(percent: int, message: str) -> None:
        Release.objects.filter(pk=release_id).update(progress=min(percent, 99))

    return release_build(release_id=release_id, progress=progress).status
