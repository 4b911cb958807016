"""Error rates per summarizer of a published release (docs/evaluation.md, "Error rates per
summarizer"), computed from the release's own files (records.npz + native JSONL or
scores.csv) by annotations/analysis/, never from the database: a release is immutable, and
its figures must be those of its files.

Kept per process by the release's checksum, never its id (annotations/content_cache.py).
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from typing import Any

from annotations.analysis import ErrorRateTable, error_rates
from annotations.analysis.inputs import read_release_input
from annotations.analysis.tables import ANALYSIS_FILES, analysis_files
from annotations.content_cache import ContentCache
from annotations.formats.errors import FormatError
from annotations.models import Release, ReleaseStatus
from annotations.services.evaluator_runs import release_checksum
from annotations.services.stored_files import local_copy


@dataclass(frozen=True)
class ReleaseAnalysis:
    table: ErrorRateTable
    notes: tuple[str, ...]  # what the release lacks (e.g. relevance without native JSONL)
    report: dict[str, Any]  # the JSON the API and ``release_report --json`` give


ANALYSIS_CACHE: ContentCache[ReleaseAnalysis] = ContentCache(8)
# Downloadable under /api/releases/{id}/analysis/<name>: the analysis/ files' base names.
DOWNLOADS = {name.split("/", 1)[1]: name for name in ANALYSIS_FILES}


class AnalysisUnavailable(ValueError):
    """The release cannot be analysed (not published, or its files are unreadable)."""


def release_error_rates(
    release: Release, *, n_resamples: int = 1000, seed: int = 0
) -> dict[str, Any]:
    """The error-rate table of ``release`` as JSON-ready data: ``ErrorRateTable.as_dict()``
    with the release, the notes on what it lacks, the summaries it dropped as not a summary
    and its ``analysis/`` files."""
    return release_analysis(release, n_resamples=n_resamples, seed=seed).report


def release_analysis(
    release: Release, *, n_resamples: int = 1000, seed: int = 0
) -> ReleaseAnalysis:
    """The table, the notes and the report of ``release`` (kept by checksum)."""
    if release.status != ReleaseStatus.PUBLISHED:
        raise AnalysisUnavailable(f"{release.version} is {release.status}; only a published one")
    key = (release_checksum(release), n_resamples, seed)
    return ANALYSIS_CACHE.get(key, lambda: _compute(release, n_resamples=n_resamples, seed=seed))


def _compute(release: Release, *, n_resamples: int, seed: int) -> ReleaseAnalysis:
    try:
        with local_copy(release.archive) as path, zipfile.ZipFile(path) as packed:
            data, notes = read_release_input(packed)
    except FormatError as error:
        raise AnalysisUnavailable(str(error)) from None
    table = error_rates(data, n_resamples=n_resamples, seed=seed)
    manifest = release.manifest or {}
    stored = set(manifest.get("files", {}))
    report = table.as_dict()
    report["notes"] = [*report["notes"], *notes]
    return ReleaseAnalysis(
        table,
        tuple(notes),
        {
            "release": f"{release.project.slug}@{release.version}",
            **report,
            "dropped_not_a_summary": manifest.get("dropped_not_a_summary"),
            # The files a download link can name: stored in the release, or (a release built
            # before they existed) written on request from the same table.
            "files": [
                {"name": name.split("/", 1)[1], "stored": name in stored}
                for name in ANALYSIS_FILES
                if table.rows
            ],
        },
    )


def release_analysis_file(release: Release, name: str) -> bytes:
    """The bytes of ``analysis/<name>``: the stored file when the release has it, else the
    same file written from the release's table (default resamples and seed, as a build)."""
    if release.status != ReleaseStatus.PUBLISHED:
        raise AnalysisUnavailable(f"{release.version} is {release.status}; only a published one")
    member = DOWNLOADS[name]
    if member in (release.manifest or {}).get("files", {}):
        with local_copy(release.archive) as path, zipfile.ZipFile(path) as packed:
            return packed.read(member)
    try:
        with local_copy(release.archive) as path, zipfile.ZipFile(path) as packed:
            data, _ = read_release_input(packed)
    except FormatError as error:
        raise AnalysisUnavailable(str(error)) from None
    return analysis_files(error_rates(data))[member].encode("utf-8")
