"""The save pipeline's generated statements (annotations/kinds/rows.py) and the payload's
judgement reads: the states they return are the saved rows', error types and audit included,
and the number of statements of a save does not depend on the unit."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from annotations.kinds import KINDS, SENTENCE, SUMMARY, TOPIC, Kind
from annotations.kinds.rows import saved_states, update_versioned
from annotations.kinds.spec import Child
from annotations.models import (
    Assignment,
    AssignmentStatus,
    JudgementChange,
    Project,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
    Turn,
)
from annotations.services.judgements import StaleVersion, judgement_save

pytestmark = pytest.mark.django_db


@pytest.fixture
def assignment() -> Assignment:
    call_command("load_demo", stdout=None)
    return Assignment.objects.filter(annotator__username="linguist1").order_by("id")[0]


def orm_state(kind: Kind, row: Any) -> dict[str, Any]:
    """A row's state read through the ORM, in the spec's key order: what the generated
    statements must agree with."""
    state: dict[str, Any] = (
        {} if kind.target_field is None else {kind.target: getattr(row, kind.target_field)}
    )
    for name in kind.scalars:
        state[name] = getattr(row, name)
    for id_set in kind.id_sets:
        state[id_set.name] = sorted(item.pk for item in getattr(row, id_set.name).all())
    for child in kind.children:
        state[child.name] = orm_children(child, row)
    state["version"] = row.version
    return state


def orm_children(child: Child, parent: Any) -> list[dict[str, Any]]:
    """A child collection read through the ORM, nested children included."""
    rows = child.model._default_manager.filter(**{child.parent: parent.pk}).order_by(
        *child.order_by
    )
    return [
        {
            **{
                name: getattr(row, child.model._meta.get_field(name).attname)
                for name in child.fields
            },
            **{grand.name: orm_children(grand, row) for grand in child.children},
        }
        for row in rows
    ]


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
    first = judgement_save(
        SENTENCE,
        assignment_id=assignment.pk,
        target_id=sentence,
        user=user,
        version=0,
        changes={"label": "inconsistent", "explanation": "Wrong figure.", "error_types": type_ids},
    )
    second = judgement_save(
        SENTENCE,
        assignment_id=assignment.pk,
        target_id=sentence,
        user=user,
        version=1,
        changes={"error_types": type_ids[:1]},
    )
    stored = SentenceJudgement.objects.get(assignment=assignment, sentence_id=sentence)
    assert first == {
        "sentence": sentence,
        "label": "inconsistent",
        "explanation": "Wrong figure.",
        "comment": "",
        "confidence": None,
        "error_types": sorted(type_ids),
        "spans": [],
        "version": 1,
    }
    assert second == orm_state(SENTENCE, stored)
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
    saved = judgement_save(
        SENTENCE,
        assignment_id=assignment.pk,
        target_id=sentence,
        user=user,
        version=0,
        changes={"label": "inconsistent", "error_types": [type_id]},
    )
    with pytest.raises(StaleVersion) as stale:
        judgement_save(
            SENTENCE,
            assignment_id=assignment.pk,
            target_id=sentence,
            user=user,
            version=0,
            changes={"label": "consistent"},
        )
    assert stale.value.current == saved
    assert JudgementChange.objects.filter(assignment=assignment).count() == 1


def test_summary_and_topic_saves_return_the_stored_state(assignment: Assignment) -> None:
    user = assignment.annotator
    summary = assignment.topic.summaries.order_by("id").first()
    created = judgement_save(
        SUMMARY,
        assignment_id=assignment.pk,
        target_id=summary.pk,
        user=user,
        version=0,
        changes={"relevance": 4},
    )
    updated = judgement_save(
        SUMMARY,
        assignment_id=assignment.pk,
        target_id=summary.pk,
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
    assert updated == orm_state(SUMMARY, stored)
    judgement_save(
        TOPIC, assignment_id=assignment.pk, user=user, version=0, changes={"category": "main"}
    )
    topic = judgement_save(
        TOPIC, assignment_id=assignment.pk, user=user, version=1, changes={"category": "marginal"}
    )
    assert topic == orm_state(TOPIC, TopicJudgement.objects.get(assignment=assignment))
    assert topic == {"category": "marginal", "version": 2}


def test_an_update_from_a_version_no_longer_stored_writes_nothing(
    assignment: Assignment,
) -> None:
    """The version guard of the UPDATE, for a writer that would not hold the row lock."""
    saved = judgement_save(
        SENTENCE,
        assignment_id=assignment.pk,
        target_id=sentence_ids(assignment)[0],
        user=assignment.annotator,
        version=0,
        changes={"label": "consistent"},
    )
    judgement = SentenceJudgement.objects.get(assignment=assignment)
    with transaction.atomic():
        assert not update_versioned(SentenceJudgement, judgement.pk, 5, {"label": "inconsistent"})
    judgement.refresh_from_db()
    assert (judgement.label, judgement.version) == ("consistent", saved["version"])


def test_the_payload_judgements_are_the_stored_states(assignment: Assignment) -> None:
    user = assignment.annotator
    ids = sentence_ids(assignment)
    types = list(assignment.round.project.taxonomy.types.values_list("pk", flat=True)[:3])
    for index, sentence in enumerate(ids[:4]):
        judgement_save(
            SENTENCE,
            assignment_id=assignment.pk,
            target_id=sentence,
            user=user,
            version=0,
            changes={"label": "inconsistent", "error_types": types[: index % 3]},
        )
    summary = assignment.topic.summaries.first()
    judgement_save(
        SUMMARY,
        assignment_id=assignment.pk,
        target_id=summary.pk,
        user=user,
        version=0,
        changes={"relevance": 2},
    )
    # Another annotator's judgements of the same unit never show.
    other = Assignment.objects.exclude(annotator=user).filter(topic=assignment.topic).first()
    if other is not None and other.annotator is not None:
        judgement_save(
            SENTENCE,
            assignment_id=other.pk,
            target_id=ids[5],
            user=other.annotator,
            version=0,
            changes={"label": "consistent"},
        )
    judgements = saved_states(KINDS, [assignment.pk])[assignment.pk]
    expected = [
        orm_state(SENTENCE, j)
        for j in SentenceJudgement.objects.filter(assignment=assignment).order_by("id")
    ]
    assert judgements["sentence"] == expected
    assert [j["error_types"] for j in judgements["sentence"]] == [
        sorted(types[: i % 3]) for i in range(4)
    ]
    assert judgements["summary"] == [
        orm_state(SUMMARY, SummaryJudgement.objects.get(assignment=assignment))
    ]
    assert judgements["topic"] == []


def test_a_saves_statement_count_is_fixed(assignment: Assignment) -> None:
    """Lock, read, write, audit: the same count for the first and the tenth sentence, and a
    label save needs no query of the error types table."""
    user = assignment.annotator
    ids = sentence_ids(assignment)
    counts = []
    for sentence in (ids[0], ids[-1]):
        judgement_save(
            SENTENCE,
            assignment_id=assignment.pk,
            target_id=sentence,
            user=user,
            version=0,
            changes={"label": "consistent"},
        )
        with CaptureQueriesContext(connection) as queries:
            judgement_save(
                SENTENCE,
                assignment_id=assignment.pk,
                target_id=sentence,
                user=user,
                version=1,
                changes={"label": "inconsistent"},
            )
        counts.append([q["sql"] for q in queries.captured_queries])
    assert len(counts[0]) == len(counts[1])
    # Savepoints aside (the test runs inside a transaction): lock, read, UPDATE, audit INSERT.
    statements = [sql for sql in counts[0] if "SAVEPOINT" not in sql]
    assert len(statements) == 4, statements


def test_spans_are_returned_and_read_back_as_stored(assignment: Assignment) -> None:
    Project.objects.filter(pk=assignment.round.project_id).update(ask_error_spans=True)
    user = assignment.annotator
    sentence = sentence_ids(assignment)[0]
    turns = list(Turn.objects.filter(document__topics__id=assignment.topic_id).order_by("id"))
    saved = judgement_save(
        SENTENCE,
        assignment_id=assignment.pk,
        target_id=sentence,
        user=user,
        version=0,
        changes={
            "label": "inconsistent",
            "spans": [
                {
                    "start": 4,
                    "end": 6,
                    "error_type": None,
                    "note": "",
                    "no_evidence": True,
                    "evidence": [],
                },
                {
                    "start": 0,
                    "end": 3,
                    "error_type": None,
                    "note": "b",
                    "no_evidence": False,
                    "evidence": [
                        {"turn": turns[1].pk, "start": 0, "end": 2},
                        {"turn": turns[0].pk, "start": 1, "end": 2},
                    ],
                },
            ],
        },
    )
    stored = SentenceJudgement.objects.get(assignment=assignment, sentence_id=sentence)
    assert saved == orm_state(SENTENCE, stored)
    assert [(s["start"], s["end"]) for s in saved["spans"]] == [(0, 3), (4, 6)]
    assert saved_states(KINDS, [assignment.pk])[assignment.pk]["sentence"] == [saved]
