"""The import a person starts from the browser (``POST .../imports/``, run by
``tasks.import_job_task``): which layouts an upload may be in, and the import of each.

A native JSONL file reports progress per batch; a circumstantial CSV is read whole (a
document's rows need not be together), so its job goes from "reading" to done, and its
``lenient`` choice is the command's ``--lenient`` (docs/formats/circumstantial.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from annotations.models import Project
from annotations.services.circumstantial_import import circumstantial_import
from annotations.services.corpus_import import ImportReport, corpus_import_native

# The layouts the browser import reads, and the file suffix each upload is stored under.
UPLOAD_FORMATS: dict[str, str] = {"native": ".jsonl", "circumstantial": ".csv"}


def corpus_import_upload(
    *,
    project: Project,
    path: Path,
    name: str,
    params: dict[str, Any],
    progress: Callable[[int], None] | None = None,
) -> ImportReport:
    """Import an uploaded file in the layout its job's ``params`` name (``format``, default
    native; ``lenient`` for a circumstantial CSV). Raises ImportFailed as each import does."""
    if params.get("format", "native") == "circumstantial":
        return circumstantial_import(
            project=project, path=path, name=name, lenient=bool(params.get("lenient"))
        )
    return corpus_import_native(project=project, path=path, progress=progress, name=name)


def import_result(report: ImportReport) -> dict[str, Any]:
    """A finished import job's result: the report's lines, and a lenient import's report as
    data (counts per reason, every affected row)."""
    result: dict[str, Any] = {"lines": report.lines()}
    if report.lenient_data is not None:
        result["lenient"] = report.lenient_data
    return result
