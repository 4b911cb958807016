"""Celery tasks: thin. Load by id, call a service, return a small JSON result. Queue them
with ``transaction.on_commit`` so a worker never sees a row that is not committed yet."""

from __future__ import annotations

from pathlib import Path

from celery import shared_task

from annotations.models import Project
from annotations.services.corpus_import import corpus_import_native
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
