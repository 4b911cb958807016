"""The common flows of the site's API, each a few calls of the generated client.

Every function takes an ``AuthenticatedClient`` from :func:`connect` and returns the
generated models (``annotations_api.models``). An error answer raises :class:`ApiError`
with the envelope's code, message and per-field errors (docs/api/errors.md); a background
job that fails raises :class:`JobFailed`. Waiting polls: no flow holds a request open.
"""

from __future__ import annotations

import hashlib
import json
import time
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import httpx
from annotations_api import AuthenticatedClient
from annotations_api.api.admin import (
    admin_jobs_retrieve,
    admin_projects_imports_create,
    admin_projects_rounds_create,
    admin_rounds_agreement_create,
    admin_rounds_agreement_retrieve,
    admin_rounds_open_create,
)
from annotations_api.api.projects import projects_releases_create
from annotations_api.api.releases import (
    evaluator_leaderboard,
    evaluator_run_upload,
    releases_retrieve,
)
from annotations_api.models import (
    AdminProjectsImportsCreateBody,
    AdminProjectsImportsCreateBodyFormat,
    AdminRoundOutput,
    AgreementReportOutput,
    AnnotationRoundInput,
    CreatedRoundOutput,
    ErrorEnvelope,
    ErrorTypingRoundInput,
    EvaluatorKindEnum,
    ExplanationRoundInput,
    JobOutput,
    JobStartedOutput,
    JobStatusEnum,
    LeaderboardOutput,
    ProductionRoundInput,
    ReleaseConfigInput,
    ReleaseDetailOutput,
    ReleaseStartedOutput,
    ReleaseStatusEnum,
    ReviewRoundInput,
    RunUploadInput,
)
from annotations_api.types import UNSET, File, Response

T = TypeVar("T")
RoundInput = (
    AnnotationRoundInput
    | ProductionRoundInput
    | ReviewRoundInput
    | ErrorTypingRoundInput
    | ExplanationRoundInput
)


class ApiError(Exception):
    """An error answer of the API: its status and the envelope's code, message and errors."""

    def __init__(
        self, status: int, code: str, message: str, errors: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = dict(errors or {})


class JobFailed(Exception):
    """A background job (import, agreement, evaluator run) ended failed; ``job`` says why."""

    def __init__(self, job: JobOutput) -> None:
        super().__init__(f"job {job.id} ({job.kind}) failed: {job.error}")
        self.job = job


class ReleaseFailed(Exception):
    def __init__(self, release: ReleaseDetailOutput) -> None:
        super().__init__(f"release {release.version} failed: {release.error}")
        self.release = release


class ChecksumMismatch(Exception):
    """A downloaded archive, or a file in it, differs from the release's manifest."""


def connect(base_url: str, token: str, *, timeout: float = 60.0) -> AuthenticatedClient:
    """A client that sends ``Authorization: Token <token>``: a token from the Django admin or a
    personal token of the app (docs/api/python-client.md)."""
    return AuthenticatedClient(
        base_url=base_url.rstrip("/"),
        token=token,
        prefix="Token",
        timeout=httpx.Timeout(timeout),
        raise_on_unexpected_status=True,
    )


def _parsed(response: Response[Any], expected: type[T]) -> T:
    """The answer as ``expected``, or ApiError from its envelope."""
    parsed = response.parsed
    if isinstance(parsed, expected):
        return parsed
    if isinstance(parsed, ErrorEnvelope):
        raise ApiError(parsed.status, parsed.code, parsed.message, parsed.errors.to_dict())
    raise ApiError(int(response.status_code), "unexpected", response.content[:300].decode())


def _waited(timeout: float, poll: float, what: str, check: Callable[[], T | None]) -> T:
    """check()'s first answer that is not None, polled every ``poll`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result is not None:
            return result
        if time.monotonic() >= deadline:
            raise TimeoutError(f"{what} did not finish within {timeout:g} s")
        time.sleep(poll)


def wait_for_job(
    client: AuthenticatedClient, job_id: int, *, timeout: float = 600.0, poll: float = 1.0
) -> JobOutput:
    """The job once it succeeded; JobFailed when it failed, TimeoutError after ``timeout``."""

    def check() -> JobOutput | None:
        job = _parsed(admin_jobs_retrieve.sync_detailed(job_id, client=client), JobOutput)
        if job.status == JobStatusEnum.FAILED:
            raise JobFailed(job)
        return job if job.status == JobStatusEnum.SUCCEEDED else None

    return _waited(timeout, poll, f"job {job_id}", check)


def import_corpus(
    client: AuthenticatedClient,
    project: str,
    path: Path | str,
    *,
    format: str = "native",
    lenient: bool = False,
    timeout: float = 600.0,
) -> JobOutput:
    """Upload a corpus file in one of the import formats and wait for its job; the job's
    ``result`` holds what was imported. A refused file raises JobFailed naming the line."""
    path = Path(path)
    with path.open("rb") as stream:
        body = AdminProjectsImportsCreateBody(
            file=File(payload=stream, file_name=path.name),
            format_=AdminProjectsImportsCreateBodyFormat(format),
            lenient=lenient,
        )
        started = _parsed(
            admin_projects_imports_create.sync_detailed(project, client=client, body=body),
            JobStartedOutput,
        )
    return wait_for_job(client, started.job, timeout=timeout)


def create_round(client: AuthenticatedClient, project: str, body: RoundInput) -> CreatedRoundOutput:
    """Create a round, a draft; its answer says how many units the sample skipped."""
    return _parsed(
        admin_projects_rounds_create.sync_detailed(project, client=client, body=body),
        CreatedRoundOutput,
    )


def open_round(client: AuthenticatedClient, round_id: int) -> AdminRoundOutput:
    """Open a draft round: its annotators see their units."""
    return _parsed(
        admin_rounds_open_create.sync_detailed(round_id, client=client), AdminRoundOutput
    )


def create_and_open_round(
    client: AuthenticatedClient, project: str, body: RoundInput
) -> AdminRoundOutput:
    """Create a round and open it."""
    return open_round(client, create_round(client, project, body).id)


def read_agreement(
    client: AuthenticatedClient, round_id: int, *, timeout: float = 600.0
) -> AgreementReportOutput:
    """The round's agreement report, computed first (a background job) unless the labels
    have not changed since the last one."""
    answer = admin_rounds_agreement_create.sync_detailed(round_id, client=client)
    if isinstance(answer.parsed, AgreementReportOutput):
        return answer.parsed
    started = _parsed(answer, JobStartedOutput)
    wait_for_job(client, started.job, timeout=timeout)
    return _parsed(
        admin_rounds_agreement_retrieve.sync_detailed(round_id, client=client),
        AgreementReportOutput,
    )


def build_release(
    client: AuthenticatedClient,
    project: str,
    config: ReleaseConfigInput,
    *,
    timeout: float = 1800.0,
    poll: float = 1.0,
) -> ReleaseDetailOutput:
    """Start a release build and wait until it is published (ReleaseFailed if it fails)."""
    started = _parsed(
        projects_releases_create.sync_detailed(project, client=client, body=config),
        ReleaseStartedOutput,
    )

    def check() -> ReleaseDetailOutput | None:
        release = _parsed(
            releases_retrieve.sync_detailed(started.release, client=client), ReleaseDetailOutput
        )
        if release.status == ReleaseStatusEnum.FAILED:
            raise ReleaseFailed(release)
        return release if release.status == ReleaseStatusEnum.PUBLISHED else None

    return _waited(timeout, poll, f"release {started.release}", check)


def download_release(client: AuthenticatedClient, release_id: int, folder: Path | str) -> Path:
    """Download a published release's zip into ``folder`` and verify it against its manifest:
    the whole archive's sha256 and every file's in it. A mismatch raises ChecksumMismatch and
    leaves no archive behind. Returns the archive's path.

    Streams to disk instead of the generated operation, which holds the whole answer in memory;
    follows the redirect to a bucket's presigned address (httpx drops the token on the way
    to another host)."""
    release = _parsed(
        releases_retrieve.sync_detailed(release_id, client=client), ReleaseDetailOutput
    )
    if release.status != ReleaseStatusEnum.PUBLISHED or release.download is None:
        raise ApiError(409, "not_published", f"release {release.version} is {release.status}")
    manifest: dict[str, Any] = release.manifest if isinstance(release.manifest, dict) else {}
    target = Path(folder) / f"{release.version}.zip"
    partial = target.with_suffix(".zip.part")
    digest = hashlib.sha256()
    http = client.get_httpx_client()
    with http.stream("GET", release.download, follow_redirects=True) as answer:
        if answer.status_code != 200:
            answer.read()
            envelope = (
                answer.json()
                if answer.headers.get("content-type", "").startswith("application/json")
                else {}
            )
            raise ApiError(
                answer.status_code,
                envelope.get("code", "download_failed"),
                envelope.get("message", answer.text[:300]),
            )
        with partial.open("wb") as out:
            for block in answer.iter_bytes(1 << 20):
                digest.update(block)
                out.write(block)
    try:
        _verify(partial, digest.hexdigest(), manifest)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    partial.replace(target)
    return target


def verify_archive(archive: Path | str, manifest: Mapping[str, Any]) -> None:
    """Verify a release's zip, however it was fetched, against the manifest of
    ``GET /api/releases/{id}/``; ChecksumMismatch says what differs."""
    digest = hashlib.sha256()
    with Path(archive).open("rb") as stream:
        while block := stream.read(1 << 20):
            digest.update(block)
    _verify(Path(archive), digest.hexdigest(), manifest)


def _verify(archive: Path, archive_sha256: str, manifest: Mapping[str, Any]) -> None:
    expected = manifest.get("archive_sha256")
    if expected and expected != archive_sha256:
        raise ChecksumMismatch(f"the archive's sha256 is {archive_sha256}, not {expected}")
    files: Mapping[str, Mapping[str, Any]] = manifest.get("files") or {}
    if not files:
        raise ChecksumMismatch("the release's manifest lists no files to verify")
    with zipfile.ZipFile(archive) as packed:
        names = set(packed.namelist())
        for name, info in files.items():
            if name not in names:
                raise ChecksumMismatch(f"{name} is in the manifest but not in the archive")
            digest = hashlib.sha256()
            with packed.open(name) as stream:
                while block := stream.read(1 << 20):
                    digest.update(block)
            if digest.hexdigest() != info["sha256"]:
                raise ChecksumMismatch(f"{name} differs from its manifest checksum")
        unlisted = names - set(files) - {"manifest.json"}
        if unlisted:
            raise ChecksumMismatch(f"files not in the manifest: {', '.join(sorted(unlisted))}")
        packed_manifest = json.loads(packed.read("manifest.json"))
        if packed_manifest.get("files") != dict(files):
            raise ChecksumMismatch("the archive's manifest.json differs from the release's")


def upload_evaluator_run(
    client: AuthenticatedClient,
    release_id: int,
    path: Path | str,
    *,
    evaluator: str,
    kind: str = "metric",
    run: int | None = None,
    notes: str = "",
    timeout: float = 600.0,
) -> JobOutput:
    """Upload an evaluator's predictions on a release (docs/evaluation.md) and wait for the
    job that scores them; a refused file raises JobFailed naming its line and field."""
    path = Path(path)
    with path.open("rb") as stream:
        body = RunUploadInput(
            file=File(payload=stream, file_name=path.name),
            evaluator=evaluator,
            kind=EvaluatorKindEnum(kind),
            run=UNSET if run is None else run,
            notes=notes,
        )
        started = _parsed(
            evaluator_run_upload.sync_detailed(release_id, client=client, body=body),
            JobStartedOutput,
        )
    return wait_for_job(client, started.job, timeout=timeout)


def leaderboard(client: AuthenticatedClient, release_id: int) -> LeaderboardOutput:
    """The release's evaluators ranked, per level, with intervals (docs/evaluation.md)."""
    return _parsed(
        evaluator_leaderboard.sync_detailed(release_id, client=client), LeaderboardOutput
    )
