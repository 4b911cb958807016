"""Storing an evaluator's run of predictions on a published release (docs/evaluation.md).

``evaluator_run_upload`` reads the file against the release's records (``records.npz``, or
``records.csv`` for a release built before it), every check before anything is written (a
refused file leaves no evaluator, run or stored file behind), then keeps the predictions,
aligned to the records, as one ``.npz`` in the storage and a row that names it. Runs are
immutable; a correction is a new run.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
import zipfile
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.db.models import Max

from annotations.content_cache import ContentCache
from annotations.formats.predictions import (
    Predictions,
    pack_predictions,
    read_predictions,
    unpack_predictions,
)
from annotations.formats.release_records import (
    ReleaseRecords,
    read_record_arrays,
    read_release_records,
)
from annotations.formats.writers.record_arrays import RECORD_ARRAYS_FILE
from annotations.formats.writers.records import RECORDS_FILE
from annotations.models import (
    Evaluator,
    EvaluatorKind,
    EvaluatorRun,
    Release,
    ReleaseStatus,
)
from annotations.models.webhooks import WebhookEvent
from annotations.services.webhooks import webhook_emit

MAX_NAME = 100


class EvaluatorInvalid(ValueError):
    """``errors``: field -> messages, as the API's error envelope lists them."""

    def __init__(self, errors: dict[str, list[str]]) -> None:
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))
        self.errors = errors


# A published release never changes: its loaded records are kept, by its checksum, for the
# next upload or report of the same release.
RECORDS_CACHE: ContentCache[ReleaseRecords] = ContentCache(8)


def release_checksum(release: Release) -> str:
    """What names a published release's bytes: the archive's sha256, or for a release built
    before the manifest recorded it, the sha256 of the manifest, which lists every file's."""
    recorded = release.manifest.get("archive_sha256")
    if recorded:
        return str(recorded)
    canonical = json.dumps(release.manifest, sort_keys=True, ensure_ascii=False)
    return "manifest:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _load_records(release: Release) -> ReleaseRecords:
    with release.archive.open("rb") as stored, zipfile.ZipFile(stored) as packed:
        names = set(packed.namelist())
        if RECORD_ARRAYS_FILE in names:
            # The arrays load in what they hold; parsing the CSV costs several times that.
            # Spilled to a scratch file first, so the member's bytes and the arrays read
            # from them are not both in memory.
            with packed.open(RECORD_ARRAYS_FILE) as member, tempfile.TemporaryFile() as spill:
                shutil.copyfileobj(member, spill, 1 << 20)
                spill.seek(0)
                return read_record_arrays(spill)
        if RECORDS_FILE not in names:
            raise EvaluatorInvalid(
                {
                    "release": [
                        f"{release.version} was built before releases carried {RECORDS_FILE};"
                        " build a new version of the same rounds to score evaluators on it"
                    ]
                }
            )
        with packed.open(RECORDS_FILE) as member:
            return read_release_records(member)


def release_records(release: Release) -> ReleaseRecords:
    """The records a published release's evaluators are scored on (kept by the release's
    checksum, never its id: annotations/content_cache.py says why)."""
    if release.status != ReleaseStatus.PUBLISHED:
        raise EvaluatorInvalid(
            {"release": [f"{release.version} is {release.status}; only a published one"]}
        )
    return RECORDS_CACHE.get(release_checksum(release), lambda: _load_records(release))


def run_predictions(run: EvaluatorRun) -> Predictions:
    """A stored run's predictions, as ``read_predictions`` returned them."""
    with run.predictions.open("rb") as stored:
        return unpack_predictions(stored.read())


def _evaluator(
    release: Release, name: str, kind: str, notes: str, user: AbstractBaseUser | None
) -> Evaluator:
    name = name.strip()
    errors: dict[str, list[str]] = {}
    if not name or len(name) > MAX_NAME:
        errors["evaluator"] = [f"a name of 1 to {MAX_NAME} characters"]
    if kind not in EvaluatorKind.values:
        errors["kind"] = [f"one of {', '.join(EvaluatorKind.values)}"]
    if errors:
        raise EvaluatorInvalid(errors)
    evaluator, _ = Evaluator.objects.get_or_create(
        project_id=release.project_id,
        name=name,
        defaults={"kind": kind, "notes": notes, "created_by_id": user.pk if user else None},
    )
    return evaluator


def evaluator_run_upload(
    *,
    release: Release,
    evaluator: str,
    data: bytes,
    file_name: str,
    kind: str = EvaluatorKind.METRIC,
    notes: str = "",
    number: int | None = None,
    user: AbstractBaseUser | None = None,
) -> EvaluatorRun:
    """Check ``data`` against the release's records and store it as run ``number`` (the
    next one when None) of ``evaluator`` (created on first use). Raises FormatError (file,
    line, field) or EvaluatorInvalid; either way nothing is stored."""
    if number is not None and not 1 <= number <= 1000:
        raise EvaluatorInvalid({"run": ["a run number from 1 to 1000"]})
    predictions = read_predictions(data, file=file_name, records=release_records(release))
    packed = pack_predictions(predictions)
    with transaction.atomic():
        owner = _evaluator(release, evaluator, kind, notes, user)
        # Serialise the numbering of this evaluator's runs.
        Evaluator.objects.select_for_update().get(pk=owner.pk)
        runs = EvaluatorRun.objects.filter(evaluator=owner, release=release)
        if number is None:
            number = (runs.aggregate(last=Max("number"))["last"] or 0) + 1
        elif runs.filter(number=number).exists():
            raise EvaluatorInvalid(
                {
                    "run": [
                        f"run {number} of {owner.name} on {release.version} exists; runs are"
                        " immutable: upload the corrected file as a new run"
                    ]
                }
            )
        run = EvaluatorRun(
            evaluator=owner,
            release=release,
            number=number,
            kind=predictions.kind,
            source_name=file_name[:255],
            sha256=hashlib.sha256(data).hexdigest(),
            sentences=predictions.sentences,
            summaries=predictions.summaries,
            explanations=len(predictions.sentence_explanations)
            + len(predictions.summary_explanations),
            created_by_id=user.pk if user else None,
        )
        stored_name = f"{release.project.slug}-{release.version}-{owner.pk}-run{number}.npz"
        run.predictions.save(stored_name, ContentFile(packed), save=False)
        try:
            with transaction.atomic():
                run.save()
        except IntegrityError:
            run.predictions.delete(save=False)
            raise EvaluatorInvalid(
                {"run": [f"run {number} was stored by another upload meanwhile"]}
            ) from None
        webhook_emit(
            project_id=release.project_id,
            event=WebhookEvent.EVALUATOR_RUN_SCORED,
            data={
                "evaluator": owner.name,
                "run": number,
                "release": {"id": release.pk, "version": release.version},
                "sentences": run.sentences,
                "summaries": run.summaries,
            },
        )
    return run


def run_summary(run: EvaluatorRun) -> dict[str, Any]:
    return {
        "id": run.pk,
        "evaluator": run.evaluator.name,
        "kind": run.evaluator.kind,
        "release": run.release.version,
        "run": run.number,
        "predictions": run.kind,
        "sentences": run.sentences,
        "summaries": run.summaries,
        "explanations": run.explanations,
        "source_name": run.source_name,
        "sha256": run.sha256,
    }


def published_release(reference: str) -> Release:
    """``SLUG@VERSION``: the project's published release of that version."""
    slug, at, version = reference.partition("@")
    if not at or not slug or not version:
        raise EvaluatorInvalid({"release": [f"{reference!r}: write SLUG@VERSION, e.g. demo@1.0.0"]})
    release = (
        Release.objects.filter(project__slug=slug, version=version, status=ReleaseStatus.PUBLISHED)
        .select_related("project")
        .first()
    )
    if release is None:
        published = list(
            Release.objects.filter(project__slug=slug, status=ReleaseStatus.PUBLISHED)
            .order_by("created_at")
            .values_list("version", flat=True)
        )
        raise EvaluatorInvalid(
            {
                "release": [
                    f"{slug} has no published release {version}; published:"
                    f" {', '.join(published) or 'none'}"
                ]
            }
        )
    return release
