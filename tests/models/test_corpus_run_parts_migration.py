"""Migration 0033 keeps every corpus run stored before it: a run's rows (one per record) become
its parts, each record with its verdict, score, abstention and extras."""

from __future__ import annotations

import importlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from annotations.formats.corpus_predictions import CONSISTENT, INCONSISTENT, NO_LABEL
from annotations.formats.corpus_run_parts import SUMMARY_LEVEL, Extra, RunRecords, part_records
from tests.models.migration_support import historical_unit, migration_and_parent

BEFORE, AFTER = migration_and_parent("_corpus_run_parts")


@pytest.mark.long
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.parametrize("part_records_at_least", [None, 2])
def test_a_run_s_rows_become_its_parts_record_for_record(
    part_records_at_least: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Converted a part at a time; with parts of 2 records or more, each summary's rows
    stay in one part (2 of them, then 3)."""
    if part_records_at_least is not None:
        migration = importlib.import_module(f"annotations.migrations.{AFTER[0][1]}")
        monkeypatch.setattr(migration, "PART_RECORDS", part_records_at_least)
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    project, _, summaries, sentences = historical_unit(old, summaries=2, sentences=2)
    evaluator = old.get_model("annotations", "Evaluator").objects.create(
        project=project, name="Judge", kind="llm"
    )
    run = old.get_model("annotations", "CorpusRun").objects.create(
        project=project,
        evaluator=evaluator,
        version="v1",
        sha256="0" * 64,
        sentences=4,
        summaries=1,
    )
    Prediction = old.get_model("annotations", "CorpusPrediction")
    Prediction.objects.create(run=run, summary=summaries[1], label="inconsistent")
    Prediction.objects.create(
        run=run,
        summary=summaries[0],
        sentence=sentences[1],
        label="inconsistent",
        score=0.25,
        explanation="Turn 2 says otherwise.",
        error_types=["EntE"],
        spans=[[0, 3]],
        evidence=[2],
    )
    Prediction.objects.create(
        run=run, summary=summaries[0], sentence=sentences[0], label="consistent"
    )
    Prediction.objects.create(run=run, summary=summaries[1], sentence=sentences[2], abstain=True)
    Prediction.objects.create(run=run, summary=summaries[1], sentence=sentences[3], score=0.9)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    parts = list(
        new.get_model("annotations", "CorpusRunPart")
        .objects.filter(run_id=run.pk)
        .order_by("number")
    )
    assert [p.records for p in parts] == ([5] if part_records_at_least is None else [2, 3])
    assert [(p.first_summary, p.last_summary) for p in parts] == (
        [(summaries[0].pk, summaries[1].pk)]
        if part_records_at_least is None
        else [(summaries[0].pk,) * 2, (summaries[1].pk,) * 2]
    )
    records = RunRecords.joined([part_records(p.records, bytes(p.arrays), p.extras) for p in parts])
    got = [
        (
            int(records.summary[at]),
            int(records.sentence[at]),
            int(records.labels[at]),
            None if records.scores[at] != records.scores[at] else float(records.scores[at]),
            bool(records.abstain[at]),
        )
        for at in range(len(records))
    ]
    first, second = (s.pk for s in summaries)
    assert got == [
        (first, sentences[0].pk, CONSISTENT, None, False),
        (first, sentences[1].pk, INCONSISTENT, 0.25, False),
        (second, SUMMARY_LEVEL, INCONSISTENT, None, False),
        (second, sentences[2].pk, NO_LABEL, None, True),
        (second, sentences[3].pk, NO_LABEL, 0.9, False),
    ]
    assert dict(records.extras) == {1: Extra("Turn 2 says otherwise.", ("EntE",), ((0, 3),), (2,))}
