"""Saves racing for real: threads with their own database connections (PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from annotations.kinds import SENTENCE
from annotations.models import Assignment, JudgementChange, SentenceJudgement
from annotations.services.judgements import StaleVersion, judgement_save
from tests.concurrency import race

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


@pytest.fixture
def unit() -> tuple[Assignment, int]:
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL; .ci/run runs this against it")
    call_command("load_demo", stdout=None)
    assignment = Assignment.objects.filter(annotator__username="linguist1").order_by("id")[0]
    return assignment, assignment.topic.summaries.first().sentences.first().pk


@pytest.mark.parametrize("version", [0, 1])
def test_of_two_simultaneous_saves_of_one_version_exactly_one_wins(
    unit: tuple[Assignment, int], version: int
) -> None:
    assignment, sentence_id = unit
    user = assignment.annotator
    if version == 1:
        judgement_save(
            SENTENCE,
            assignment_id=assignment.pk,
            target_id=sentence_id,
            user=user,
            version=0,
            changes={"label": "consistent"},
        )

    def save(text: str) -> Callable[[], Any]:
        return lambda: judgement_save(
            SENTENCE,
            assignment_id=assignment.pk,
            target_id=sentence_id,
            user=user,
            version=version,
            changes={"explanation": text},
        )

    results = race([save(f"writer {i}") for i in range(6)])
    won = [r for r in results if isinstance(r, dict)]
    stale = [r for r in results if isinstance(r, StaleVersion)]
    assert len(won) == 1, results
    assert len(stale) == 5, results
    judgement = SentenceJudgement.objects.get(assignment=assignment, sentence_id=sentence_id)
    assert judgement.explanation == won[0]["explanation"]
    assert judgement.version == version + 1
    assert all(s.current["explanation"] == won[0]["explanation"] for s in stale)
    assert JudgementChange.objects.filter(kind="sentencejudgement").count() == version + 1
