"""Storing an evaluator's run on a project's corpus, before any release (issue 31,
docs/models-in-the-loop.md, "Corpus runs").

``corpus_run_upload`` reads the file against the corpus's record ids
(``selectors/corpus_records.py``), every check before anything is written (a refused file
leaves no evaluator, run or prediction behind), then stores the run and its
records as arrays in parts (``CorpusRunPart``, ``formats/corpus_run_parts.py``) in one
transaction: on PostgreSQL by binary ``COPY``, elsewhere (the embedded SQLite) by
``bulk_create``. Runs are
immutable; a correction is a new version.
"""

from __future__ import annotations

import hashlib
import json
import struct
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, connection, transaction

from annotations.formats.corpus_predictions import read_corpus_predictions
from annotations.formats.corpus_run_parts import (
    PART_RECORDS,
    RunRecords,
    checked_records,
    parts_of,
)
from annotations.models import (
    CorpusRun,
    CorpusRunPart,
    ErrorType,
    Evaluator,
    EvaluatorKind,
    Project,
)
from annotations.selectors.corpus_records import corpus_records
from annotations.services.evaluator_runs import MAX_NAME, EvaluatorInvalid

MAX_VERSION = 100


def taxonomy_spellings(project: Project) -> dict[str, str]:
    """Each spelling an upload may use for one of the project taxonomy's types (its code or
    its name) -> the code stored."""
    spellings: dict[str, str] = {}
    for code, name in ErrorType.objects.filter(taxonomy_id=project.taxonomy_id).values_list(
        "code", "name"
    ):
        spellings[name] = code
    for code in list(spellings.values()):
        spellings[code] = code
    return spellings


def _checked_names(evaluator: str, version: str, kind: str) -> tuple[str, str]:
    name, label = evaluator.strip(), version.strip()
    errors: dict[str, list[str]] = {}
    if not name or len(name) > MAX_NAME:
        errors["evaluator"] = [f"a name of 1 to {MAX_NAME} characters"]
    if not label or len(label) > MAX_VERSION:
        errors["version"] = [f"a version label of 1 to {MAX_VERSION} characters, e.g. prompt-v2"]
    if kind not in EvaluatorKind.values:
        errors["kind"] = [f"one of {', '.join(EvaluatorKind.values)}"]
    if errors:
        raise EvaluatorInvalid(errors)
    return name, label


def _version_taken(project: Project, name: str, version: str) -> EvaluatorInvalid:
    return EvaluatorInvalid(
        {
            "version": [
                f"{name} already has a corpus run {version!r} in {project.slug}; runs are"
                " immutable: upload the corrected file under a new version label"
            ]
        }
    )


def _copy_field(value: bytes | None) -> bytes:
    return b"\xff\xff\xff\xff" if value is None else struct.pack(">i", len(value)) + value


def store_run_records(run: CorpusRun, records: RunRecords, *, size: int = PART_RECORDS) -> None:
    """Write ``records`` (``sorted_records`` order) as the run's parts of about ``size``
    records: on PostgreSQL by binary COPY (through the ORM a bytea is a hex literal in the
    SQL text, twice its size), elsewhere (the embedded SQLite) by ``bulk_create``."""
    parts = parts_of(records, size)
    if connection.vendor != "postgresql":
        CorpusRunPart.objects.bulk_create(
            CorpusRunPart(
                run=run,
                number=part.number,
                first_summary=part.first_summary,
                last_summary=part.last_summary,
                records=part.records,
                arrays=part.arrays,
                extras=part.extras,
            )
            for part in parts
        )
        return
    table = connection.ops.quote_name(CorpusRunPart._meta.db_table)
    columns = "run_id, number, first_summary, last_summary, records, arrays, extras"
    # Binary COPY (PostgreSQL's "Binary Format"): a signature; per row a 16-bit field count
    # and per field a 32-bit length and its bytes, big-endian; jsonb is a version byte (1)
    # and the text; a -1 field count ends the stream.
    statement = f"COPY {table} ({columns}) FROM STDIN (FORMAT BINARY)"
    with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
        copy.write(b"PGCOPY\n\xff\r\n\x00" + struct.pack(">ii", 0, 0))
        for part in parts:
            fields = (
                struct.pack(">q", run.pk),
                struct.pack(">i", part.number),
                struct.pack(">q", part.first_summary),
                struct.pack(">q", part.last_summary),
                struct.pack(">i", part.records),
                part.arrays,
                b"\x01" + json.dumps(part.extras, ensure_ascii=False).encode("utf-8"),
            )
            copy.write(struct.pack(">h", len(fields)))
            copy.write(b"".join(_copy_field(value) for value in fields))
        copy.write(struct.pack(">h", -1))


def corpus_run_upload(
    *,
    project: Project,
    evaluator: str,
    version: str,
    data: bytes,
    file_name: str,
    kind: str = EvaluatorKind.METRIC,
    notes: str = "",
    user: AbstractBaseUser | None = None,
) -> CorpusRun:
    """Check ``data`` against the project's corpus and store it as ``version`` of
    ``evaluator`` (created on first use, of ``kind``). Raises FormatError (file, line, field)
    or EvaluatorInvalid; either way nothing is stored."""
    name, label = _checked_names(evaluator, version, kind)
    if CorpusRun.objects.filter(project=project, evaluator__name=name, version=label).exists():
        raise _version_taken(project, name, label)
    predictions = read_corpus_predictions(
        data, file=file_name, records=corpus_records(project), types=taxonomy_spellings(project)
    )
    with transaction.atomic():
        owner, _ = Evaluator.objects.get_or_create(
            project=project,
            name=name,
            defaults={"kind": kind, "notes": notes, "created_by_id": user.pk if user else None},
        )
        run = CorpusRun(
            project=project,
            evaluator=owner,
            version=label,
            source_name=file_name[:255],
            sha256=hashlib.sha256(data).hexdigest(),
            sentences=predictions.sentences,
            summaries=predictions.summaries,
            abstained=predictions.abstained,
            has_scores=predictions.has_scores,
            has_labels=predictions.has_labels,
            notes=notes,
            created_by_id=user.pk if user else None,
        )
        try:
            with transaction.atomic():
                run.save()
        except IntegrityError:
            raise _version_taken(project, name, label) from None
        store_run_records(run, checked_records(predictions))
    return run


def corpus_run_summary(run: CorpusRun, *, corpus: tuple[int, int] | None = None) -> dict[str, Any]:
    """What the command prints and the API lists; ``corpus``: the corpus's (sentences,
    summaries), to say what share the run covers."""
    summary: dict[str, Any] = {
        "id": run.pk,
        "evaluator": run.evaluator.name,
        "kind": run.evaluator.kind,
        "version": run.version,
        "sentences": run.sentences,
        "summaries": run.summaries,
        "abstained": run.abstained,
        "has_scores": run.has_scores,
        "has_labels": run.has_labels,
        "source_name": run.source_name,
        "sha256": run.sha256,
        "created_at": run.created_at.isoformat(),
    }
    if corpus is not None:
        summary["corpus_sentences"], summary["corpus_summaries"] = corpus
    return summary


def coverage_text(summary: dict[str, Any]) -> str:
    """What share of the corpus a run covers, e.g. "covers 10 of 90 sentences and 0 of 45
    summaries; abstained on 1"."""
    parts = [
        f"{summary[level]} of {summary.get(f'corpus_{level}', '?')} {level}"
        for level in ("sentences", "summaries")
    ]
    return f"covers {' and '.join(parts)}; abstained on {summary['abstained']}"
