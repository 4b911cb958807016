"""The import a person starts from the browser (``POST .../imports/``, run by
``tasks.import_job_task``): which layouts an upload may be in, and the import of each.

Every layout of the registry (services/import_formats.py) is an upload; a layout that is a
folder comes as its .zip. A native JSONL file reports progress per batch; the others are read
whole first (a document's rows need not be together), so their jobs go from "reading" to
done. A circumstantial CSV's ``lenient`` choice is the command's ``--lenient``
(docs/formats/circumstantial.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from annotations.models import Project
from annotations.services.corpus_import import ImportReport
from annotations.services.import_formats import IMPORT_FORMATS, ImportRequest


def upload_suffix(layout: str, name: str) -> str:
    """The suffix an upload of ``layout`` is stored under: its own when the layout reads
    files of that kind (a .parquet stays a .parquet), else the layout's usual one."""
    suffixes = IMPORT_FORMATS[layout].suffixes
    own = Path(name).suffix.lower()
    return own if own in suffixes else suffixes[0]


def corpus_import_upload(
    *,
    project: Project,
    path: Path,
    name: str,
    params: dict[str, Any],
    progress: Callable[[int], None] | None = None,
) -> ImportReport:
    """Import an uploaded file in the layout its job's ``params`` name (``format``, default
    native; ``lenient`` for a circumstantial CSV), through the registry of import formats.
    Raises ImportFailed as each import does."""
    spec = IMPORT_FORMATS[params.get("format", "native")]
    assert spec.run is not None
    return spec.run(
        ImportRequest(
            project=project,
            path=path,
            name=name,
            progress=progress,
            options={"lenient": bool(params.get("lenient"))},
        )
    )


def import_result(report: ImportReport) -> dict[str, Any]:
    """A finished import job's result: the report's lines, and a lenient import's report as
    data (counts per reason, every affected row)."""
    result: dict[str, Any] = {"lines": report.lines()}
    if report.lenient_data is not None:
        result["lenient"] = report.lenient_data
    return result
