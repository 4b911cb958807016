"""Storing an evaluator's run on a project's corpus, before any release (issue 31,
docs/models-in-the-loop.md, "Corpus runs").

``corpus_run_upload`` reads the file against the corpus's record ids
(``selectors/corpus_records.py``), every check before anything is written (a refused file
leaves no evaluator, run or prediction behind), then stores the run and one
``CorpusPrediction`` row per record in one transaction: on PostgreSQL by ``COPY`` (a million
rows in seconds), elsewhere (the embedded SQLite) by ``bulk_create`` in batches. Runs are
immutable; a correction is a new version.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, connection, transaction

from annotations.formats.corpus_copy import COLUMNS, copy_blocks
from annotations.formats.corpus_predictions import (
    LABEL_TEXT,
    CorpusPredictions,
    read_corpus_predictions,
)
from annotations.models import (
    CorpusPrediction,
    CorpusRecordsCache,
    CorpusRun,
    ErrorType,
    Evaluator,
    EvaluatorKind,
    Project,
    Summary,
    SummarySentence,
)
from annotations.selectors.corpus_records import corpus_records
from annotations.services.evaluator_runs import MAX_NAME, EvaluatorInvalid

MAX_VERSION = 100
BATCH = 5_000


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


def _rows(run_id: int, predictions: CorpusPredictions) -> Iterator[tuple[Any, ...]]:
    """The run's rows in slot order, as COPY and bulk_create take them: converted to Python
    values ``BATCH`` at a time (a million at once were ~150 MB of Python numbers)."""
    records = predictions.records
    sentences = records.sentences
    extras = (
        predictions.explanations.keys()
        | predictions.error_types.keys()
        | predictions.spans.keys()
        | predictions.evidence.keys()
    )
    for start in range(0, len(predictions.given), BATCH):
        part = slice(start, start + BATCH)
        given = predictions.given[part]
        keys = records.keys[given].tolist()
        summaries = records.summary[given].tolist()
        scores = predictions.scores[part].tolist()
        labels = predictions.labels[part].tolist()
        abstain = predictions.abstain[part].tolist()
        for i, slot in enumerate(given.tolist()):
            score = scores[i]
            row: tuple[Any, ...] = (
                run_id,
                summaries[i],
                keys[i] if slot < sentences else None,
                LABEL_TEXT.get(labels[i], ""),
                None if score != score else score,
                abstain[i],
            )
            if slot in extras:
                yield (
                    *row,
                    predictions.explanations.get(slot, ""),
                    json.dumps(list(predictions.error_types.get(slot, ()))),
                    json.dumps([list(s) for s in predictions.spans.get(slot, ())]),
                    json.dumps(list(predictions.evidence.get(slot, ()))),
                )
            else:
                yield (*row, "", "[]", "[]", "[]")


def _insert(run: CorpusRun, predictions: CorpusPredictions) -> None:
    if connection.vendor == "postgresql":
        table = connection.ops.quote_name(CorpusPrediction._meta.db_table)
        with connection.cursor() as cursor:
            raw = cursor.cursor  # psycopg 3's own cursor, for COPY
            statement = f"COPY {table} ({', '.join(COLUMNS)}) FROM STDIN (FORMAT BINARY)"
            with raw.copy(statement) as copy:
                for block in copy_blocks(run.pk, predictions):
                    copy.write(block)
        return
    batch: list[CorpusPrediction] = []
    for row in _rows(run.pk, predictions):
        batch.append(CorpusPrediction(**dict(zip(COLUMNS, row, strict=True))))
        if len(batch) == BATCH:
            CorpusPrediction.objects.bulk_create(batch)
            batch = []
    if batch:
        CorpusPrediction.objects.bulk_create(batch)


def _check_references(run: CorpusRun) -> str:
    """Every summary and sentence the run's rows name exists, each sentence in its summary:
    what the foreign keys the table does without (models/corpus_runs.py) would check, in two
    anti-joins. The tables are locked against writes until the commit, as the keys' row
    locks would, so nothing found can be deleted before the rows are committed. Returns the
    refusal, or "".

    The rows were just written, so PostgreSQL's statistics say the run has none and it
    plans a nested loop: 9.2 s for the bench's million rows (one index probe each), against
    1.7 s for the merge anti-joins it takes when nested loops are off, as they are here for
    these two statements only."""
    quote = connection.ops.quote_name
    table = quote(CorpusPrediction._meta.db_table)
    summaries = quote(Summary._meta.db_table)
    sentences = quote(SummarySentence._meta.db_table)
    checks = (  # the tables' names are the models' own; the run's id is bound
        f"""SELECT 1 FROM {table} p WHERE p.run_id = %s
            AND NOT EXISTS (SELECT 1 FROM {summaries} s WHERE s.id = p.summary_id) LIMIT 1""",
        f"""SELECT 1 FROM {table} p WHERE p.run_id = %s AND p.sentence_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM {sentences} x
                            WHERE x.id = p.sentence_id AND x.summary_id = p.summary_id)
            LIMIT 1""",
    )
    postgresql = connection.vendor == "postgresql"
    found = False
    with connection.cursor() as cursor:
        if postgresql:
            # SQLite has one writer at a time: its write transaction already excludes them.
            cursor.execute(f"LOCK TABLE {summaries}, {sentences} IN SHARE MODE")
            cursor.execute("SELECT set_config('enable_nestloop', 'off', true)")
        for check in checks:
            cursor.execute(check, [run.pk])
            found = found or cursor.fetchone() is not None
        if postgresql:
            cursor.execute("SELECT set_config('enable_nestloop', 'on', true)")
    if not found:
        return ""
    return (
        "names a summary or sentence that was deleted from the corpus while it was uploaded;"
        " nothing was stored: upload the file again"
    )


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
    changed = ""
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
        _insert(run, predictions)
        changed = _check_references(run)
        if changed:
            transaction.set_rollback(True)
    if changed:
        # The kept ids are stale (or the corpus changed meanwhile): the next upload computes
        # them again and names the record that is gone.
        CorpusRecordsCache.objects.filter(project=project).delete()
        raise EvaluatorInvalid({"file": [changed]})
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
