"""The save path's plain statements (annotations/services/save_sql.py) and the payload's
judgement reads: the states they return are the saved rows', error types and audit included,
and the number of statements of a save does not depend on the unit."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from annotations.models import (
    Assignment,
    AssignmentStatus,
    JudgementChange,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
)
from annotations.selectors.workspace import (
    sentence_judgement_state,
    summary_judgement_state,
    topic_judgement_state,
)
from annotations.selectors.workspace_sql import own_judgements
from annotations.services.judgements import (
    StaleVersion,
    _update_versioned,
    sentence_judgement_save,
    summary_judgement_save,
    topic_judgement_save,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def assignment() -> Assignment:
    call_command("load_demo", stdout=None)
    return Assignment.objects.filter(annotator__username="linguist1").order_by("id")[0]


def sentence_ids(assignment: Assignment) -> list[int]:
    return [
        s.pk
        for summary in assignment.topic.summaries.order_by("id")
        for s in summary.sentences.order_by("position")
    ]


def test_a_sentence_save_returns_and_audits_the_row_as_stored(assignment: Assignment) -> None:
    user = assignment.annotator
    sentence = sentence_ids(assignment)[0]
    types = list(assignment.round.project.taxonomy.types.order_by("-id").values_list("pk")[:2])
    type_ids = [t for (t,) in types]
    first = sentence_judgement_save(
        assignment_id=assignment.pk,
        sentence_id=sentence,
        user=user,
        version=0,
        changes={"label": "inconsistent", "explanation": "Wrong figure.", "error_types": type_ids},
    )
    second = sentence_judgement_save(
        assignment_id=assignment.pk,
        sentence_id=sentence,
        user=user,
        version=1,
        changes={"error_types": type_ids[:1]},
    )
    stored = SentenceJudgement.objects.get(assignment=assignment, sentence_id=sentence)
    assert first == {
        "sentence": sentence,
        "label": "inconsistent",
        "explanation": "Wrong figure.",
        "error_types": sorted(type_ids),
        "version": 1,
    }
    assert second == sentence_judgement_state(stored)
    assert second == {**first, "error_types": type_ids[:1], "version": 2}
    changes = list(JudgementChange.objects.filter(assignment=assignment).order_by("id"))
    assert [c.before for c in changes] == [None, first]
    assert [c.after for c in changes] == [first, second]
    assert stored.guideline_version_id == assignment.round.guideline_version_id
    assignment.refresh_from_db()
    assert assignment.status == AssignmentStatus.IN_PROGRESS


def test_a_stale_save_carries_the_saved_error_types(assignment: Assignment) -> None:
    user = assignment.annotator
    sentence = sentence_ids(assignment)[1]
    type_id = assignment.round.project.taxonomy.types.first().pk
    saved = sentence_judgement_save(
        assignment_id=assignment.pk,
        sentence_id=sentence,
        user=user,
        version=0,
        changes={"label": "inconsistent", "error_types": [type_id]},
    )
    with pytest.raises(StaleVersion) as stale:
        sentence_judgement_save(
            assignment_id=assignment.pk,
            sentence_id=sentence,
            user=user,
            version=0,
            changes={"label": "consistent"},
        )
    assert stale.value.current == saved
    assert JudgementChange.objects.filter(assignment=assignment).count() == 1


def test_summary_and_topic_saves_return_the_stored_state(assignment: Assignment) -> None:
    user = assignment.annotator
    summary = assignment.topic.summaries.order_by("id").first()
    created = summary_judgement_save(
        assignment_id=assignment.pk,
        summary_id=summary.pk,
        user=user,
        version=0,
        changes={"relevance": 4},
    )
    updated = summary_judgement_save(
        assignment_id=assignment.pk,
        summary_id=summary.pk,
        user=user,
        version=1,
        changes={"comment": "Reads well.", "not_a_summary": False},
    )
    stored = SummaryJudgement.objects.get(assignment=assignment, summary=summary)
    assert created == {
        "summary": summary.pk,
        "relevance": 4,
        "not_a_summary": False,
        "comment": "",
        "version": 1,
    }
    assert updated == summary_judgement_state(stored)
    topic = topic_judgement_save(assignment_id=assignment.pk, user=user, version=0, category="main")
    topic = topic_judgement_save(
        assignment_id=assignment.pk, user=user, version=1, category="marginal"
    )
    assert topic == topic_judgement_state(TopicJudgement.objects.get(assignment=assignment))
    assert topic == {"category": "marginal", "version": 2}


def test_an_update_from_a_version_no_longer_stored_writes_nothing(
    assignment: Assignment,
) -> None:
    """The version guard of the UPDATE, for a writer that would not hold the row lock."""
    saved = sentence_judgement_save(
        assignment_id=assignment.pk,
        sentence_id=sentence_ids(assignment)[0],
        user=assignment.annotator,
        version=0,
        changes={"label": "consistent"},
    )
    judgement = SentenceJudgement.objects.get(assignment=assignment)
    with pytest.raises(StaleVersion), transaction.atomic():
        _update_versioned(SentenceJudgement, judgement.pk, 5, {"label": "inconsistent"})
    judgement.refresh_from_db()
    assert (judgement.label, judgement.version) == ("consistent", saved["version"])


def test_the_payload_judgements_are_the_stored_states(assignment: Assignment) -> None:
    user = assignment.annotator
    ids = sentence_ids(assignment)
    types = list(assignment.round.project.taxonomy.types.values_list("pk", flat=True)[:3])
    for index, sentence in enumerate(ids[:4]):
        sentence_judgement_save(
            assignment_id=assignment.pk,
            sentence_id=sentence,
            user=user,
            version=0,
            changes={"label": "inconsistent", "error_types": types[: index % 3]},
        )
    summary = assignment.topic.summaries.first()
    summary_judgement_save(
        assignment_id=assignment.pk,
        summary_id=summary.pk,
        user=user,
        version=0,
        changes={"relevance": 2},
    )
    # Another annotator's judgements of the same unit never show.
    other = Assignment.objects.exclude(annotator=user).filter(topic=assignment.topic).first()
    if other is not None and other.annotator is not None:
        sentence_judgement_save(
            assignment_id=other.pk,
            sentence_id=ids[5],
            user=other.annotator,
            version=0,
            changes={"label": "consistent"},
        )
    judgements = own_judgements(assignment.pk)
    expected = [
        sentence_judgement_state(j)
        for j in SentenceJudgement.objects.filter(assignment=assignment).order_by("id")
    ]
    assert judgements["sentences"] == expected
    assert [j["error_types"] for j in judgements["sentences"]] == [
        sorted(types[: i % 3]) for i in range(4)
    ]
    assert judgements["summaries"] == [
        summary_judgement_state(SummaryJudgement.objects.get(assignment=assignment))
    ]
    assert judgements["topic"] is None


def test_a_saves_statement_count_is_fixed(assignment: Assignment) -> None:
    """Lock, read, write, audit: the same count for the first and the tenth sentence, and a
    label save needs no query of the error types table."""
    user = assignment.annotator
    ids = sentence_ids(assignment)
    counts = []
    for sentence in (ids[0], ids[-1]):
        sentence_judgement_save(
            assignment_id=assignment.pk,
            sentence_id=sentence,
            user=user,
            version=0,
            changes={"label": "consistent"},
        )
        with CaptureQueriesContext(connection) as queries:
            sentence_judgement_save(
                assignment_id=assignment.pk,
                sentence_id=sentence,
                user=user,
                version=1,
                changes={"label": "inconsistent"},
            )
        counts.append([q["sql"] for q in queries.captured_queries])
    assert len(counts[0]) == len(counts[1])
    # Savepoints aside (the test runs inside a transaction): lock, read, UPDATE, audit INSERT.
    statements = [sql for sql in counts[0] if "SAVEPOINT" not in sql]
    assert len(statements) == 4, statements
