"""The batch save route (annotations/api/batch.py): many judgements of one assignment in one
request, each through the one save pipeline with its own version check and audit row."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from annotations.api.save_inputs import SAVE_APIS
from annotations.handles import encode
from annotations.models import (
    Assignment,
    AssignmentStatus,
    ErrorType,
    JudgementChange,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    SummarySentence,
)
from tests.people import LINGUIST, SECOND_LINGUIST, signed_in

pytestmark = pytest.mark.django_db


def first_assignment(username: str) -> Assignment:
    assignment = Assignment.objects.filter(annotator__username=username).order_by("id").first()
    assert assignment is not None
    return assignment


def batch(client: Client, assignment_id: int, entries: Any) -> Any:
    return client.post(
        f"/api/assignments/{assignment_id}/batch/",
        json.dumps({"entries": entries}),
        content_type="application/json",
    )


def sentences_of(assignment: Assignment) -> list[SummarySentence]:
    return list(
        SummarySentence.objects.filter(summary__topic_id=assignment.topic_id).order_by(
            "summary_id", "position"
        )
    )


def sentence_entry(assignment: Assignment, sentence_id: int, **fields: Any) -> dict[str, Any]:
    return {
        "kind": "sentence",
        "handle": encode(assignment.pk, "sentence", sentence_id),
        "version": 0,
        **fields,
    }


def test_one_request_saves_judgements_of_every_kind_of_the_unit_in_order(
    client: Client, demo: None
) -> None:
    assignment = first_assignment(LINGUIST)
    sentence = sentences_of(assignment)[0]
    summary_handle = encode(assignment.pk, "summary", sentence.summary_id)
    error_type = ErrorType.objects.filter(taxonomy_id=assignment.round.project.taxonomy_id).first()
    assert error_type is not None
    signed_in(LINGUIST, client)
    response = batch(
        client,
        assignment.pk,
        [
            sentence_entry(
                assignment,
                sentence.pk,
                label="inconsistent",
                explanation="Says Tuesday; the dialogue says Monday.",
                error_types=[error_type.pk],
            ),
            {"kind": "summary", "handle": summary_handle, "version": 0, "relevance": 4},
            {"kind": "topic", "version": 0, "category": "main"},
        ],
    )
    assert response.status_code == 200, response.content
    results = response.json()["entries"]
    assert [(r["kind"], r["status"]) for r in results] == [
        ("sentence", 200),
        ("summary", 200),
        ("topic", 200),
    ]
    # Each state is what the kind's own save route answers: by handle, at version 1.
    assert results[0]["handle"] == results[0]["state"]["sentence"]
    assert results[0]["state"]["label"] == "inconsistent"
    assert results[0]["state"]["error_types"] == [error_type.pk]
    assert results[1]["state"] == {
        "summary": summary_handle,
        "relevance": 4,
        "not_a_summary": False,
        "comment": "",
        "version": 1,
    }
    assert results[2] == {
        "kind": "topic",
        "status": 200,
        "state": {"category": "main", "version": 1},
    }
    judgement = SentenceJudgement.objects.get(assignment=assignment, sentence=sentence)
    assert (judgement.label, judgement.version) == ("inconsistent", 1)
    assert SummaryJudgement.objects.get(assignment=assignment).relevance == 4
    audit = JudgementChange.objects.filter(assignment=assignment).order_by("id")
    assert [change.action for change in audit] == ["create", "create", "create"]
    assignment.refresh_from_db()
    assert assignment.status == AssignmentStatus.IN_PROGRESS


def test_a_stale_entry_gets_its_own_409_and_the_fresh_ones_are_saved(
    client: Client, demo: None
) -> None:
    assignment = first_assignment(LINGUIST)
    first, second, third = sentences_of(assignment)[:3]
    signed_in(LINGUIST, client)
    assert (
        batch(
            client, assignment.pk, [sentence_entry(assignment, second.pk, label="consistent")]
        ).status_code
        == 200
    )
    before = JudgementChange.objects.count()
    response = batch(
        client,
        assignment.pk,
        [
            sentence_entry(assignment, first.pk, label="consistent"),
            # Another tab saved version 1 meanwhile: this edit of version 0 is stale.
            sentence_entry(assignment, second.pk, label="inconsistent"),
            sentence_entry(assignment, third.pk, explanation="typed last"),
        ],
    )
    assert response.status_code == 200
    results = response.json()["entries"]
    assert [r["status"] for r in results] == [200, 409, 200]
    stale = results[1]["error"]
    assert stale["code"] == "stale_version"
    assert stale["current"]["label"] == "consistent"
    assert stale["current"]["version"] == 1
    assert stale["current"]["sentence"] == encode(assignment.pk, "sentence", second.pk)
    assert "state" not in results[1]
    # Nothing was overwritten, and the audit has a row for each saved judgement exactly.
    assert (
        SentenceJudgement.objects.get(assignment=assignment, sentence=second).label == "consistent"
    )
    saved = JudgementChange.objects.order_by("id")[before:]
    assert [change.object_id for change in saved] == [
        SentenceJudgement.objects.get(assignment=assignment, sentence=s).pk for s in (first, third)
    ]


def test_an_invalid_entry_gets_its_own_400_and_does_not_fail_the_others(
    client: Client, demo: None
) -> None:
    assignment = first_assignment(LINGUIST)
    first, second, third, fourth = sentences_of(assignment)[:4]
    foreign = ErrorType.objects.exclude(taxonomy_id=assignment.round.project.taxonomy_id).first()
    assert foreign is not None
    signed_in(LINGUIST, client)
    response = batch(
        client,
        assignment.pk,
        [
            sentence_entry(assignment, first.pk, label="yes"),  # not a label
            sentence_entry(assignment, second.pk),  # a version and nothing to save
            sentence_entry(assignment, third.pk, error_types=[foreign.pk]),  # another taxonomy
            sentence_entry(assignment, fourth.pk, label="consistent"),
        ],
    )
    assert response.status_code == 200
    results = response.json()["entries"]
    assert [r["status"] for r in results] == [400, 400, 400, 200]
    assert "label" in results[0]["error"]["errors"]
    assert results[1]["error"]["code"] == "empty_change"
    assert results[2]["error"]["code"] == "invalid_judgement"
    assert "unknown error type" in results[2]["error"]["errors"]["error_types"][0]
    assert list(
        SentenceJudgement.objects.filter(assignment=assignment).values_list(
            "sentence_id", flat=True
        )
    ) == [fourth.pk]
    assert JudgementChange.objects.filter(assignment=assignment).count() == 1


def test_entries_name_handles_of_this_assignment_only(client: Client, demo: None) -> None:
    mine = first_assignment(LINGUIST)
    theirs = first_assignment(SECOND_LINGUIST)
    sentence = sentences_of(theirs)[0]
    signed_in(LINGUIST, client)
    # The other linguist's handle of a sentence: not one of this assignment's (a 404 entry),
    # even when the sentence is in both units.
    response = batch(client, mine.pk, [sentence_entry(theirs, sentence.pk, label="consistent")])
    assert response.status_code == 200
    [result] = response.json()["entries"]
    assert (result["status"], result["error"]["code"]) == (404, "not_found")
    # Nor a database id where a handle goes (the handle's pattern refuses it).
    by_id = batch(
        client,
        mine.pk,
        [{"kind": "sentence", "handle": str(sentence.pk), "version": 0, "label": "consistent"}],
    )
    assert by_id.json()["entries"][0]["status"] == 400
    # Another linguist's assignment: the whole request is a 404, and nothing is written.
    other = batch(client, theirs.pk, [sentence_entry(theirs, sentence.pk, label="consistent")])
    assert other.status_code == 404
    # Even when none of its entries is valid: nothing is said about another's unit.
    invalid = batch(client, theirs.pk, [{"kind": "topic", "version": 0, "category": "maybe"}])
    assert invalid.status_code == 404
    assert not SentenceJudgement.objects.exists()
    # The answer carries handles and the kinds' states, no database id and no summarizer.
    saved = batch(
        client, mine.pk, [sentence_entry(mine, sentences_of(mine)[0].pk, label="consistent")]
    )
    text = saved.content.decode()
    assert f'"{sentences_of(mine)[0].pk}"' not in text
    assert not any(name in text for name in Summary.objects.values_list("system", flat=True))


def test_a_kind_this_round_does_not_answer_is_a_404_entry(client: Client, demo: None) -> None:
    assignment = first_assignment(LINGUIST)
    sentence = sentences_of(assignment)[0]
    signed_in(LINGUIST, client)
    handle = encode(assignment.pk, "sentence", sentence.pk)
    response = batch(
        client,
        assignment.pk,
        [
            {"kind": "review", "handle": handle, "version": 0, "decision": "confirmed"},
            sentence_entry(assignment, sentence.pk, label="consistent"),
        ],
    )
    assert [r["status"] for r in response.json()["entries"]] == [404, 200]


@pytest.mark.parametrize(
    "body",
    [
        [],
        {"entries": []},
        {"entries": "sentence"},
        {"entries": [1]},
        {"entries": [{"kind": "label", "version": 0}]},
        {"entries": [{"kind": ["sentence"], "version": 0}]},
        {"entries": [{"kind": "topic", "version": 0, "category": "main"}] * 201},
    ],
)
def test_a_malformed_envelope_refuses_the_whole_request(
    client: Client, demo: None, body: Any
) -> None:
    assignment = first_assignment(LINGUIST)
    signed_in(LINGUIST, client)
    response = client.post(
        f"/api/assignments/{assignment.pk}/batch/",
        json.dumps(body),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert not JudgementChange.objects.exists()


def test_a_submitted_assignment_refuses_the_whole_batch(client: Client, demo: None) -> None:
    assignment = first_assignment(LINGUIST)
    Assignment.objects.filter(pk=assignment.pk).update(status=AssignmentStatus.SUBMITTED)
    signed_in(LINGUIST, client)
    response = batch(client, assignment.pk, [{"kind": "topic", "version": 0, "category": "main"}])
    assert (response.status_code, response.json()["code"]) == (403, "read_only")


def test_the_query_count_grows_by_the_pipelines_own_queries_only(
    client: Client, demo: None
) -> None:
    """One lock and membership look-up per request: n entries cost the pipeline's queries n
    times (plus a savepoint each), never the request's own look-ups again."""
    assignment = first_assignment(LINGUIST)
    sentences = sentences_of(assignment)
    signed_in(LINGUIST, client)
    # Start the assignment first, so both batches below are updates of the same shape.
    batch(client, assignment.pk, [{"kind": "topic", "version": 0, "category": "main"}])

    def cost(chosen: list[SummarySentence]) -> int:
        with CaptureQueriesContext(connection) as queries:
            response = batch(
                client,
                assignment.pk,
                [sentence_entry(assignment, s.pk, label="consistent") for s in chosen],
            )
        assert [r["status"] for r in response.json()["entries"]] == [200] * len(chosen)
        return len(queries)

    one = cost(sentences[:1])
    four = cost(sentences[1:5])
    per_entry = (four - one) / 3
    # A sentence's first save: read, insert, audit, savepoint and release; the request's
    # session, user and lock are not repeated.
    assert per_entry <= 6, (one, four)
    assert one - per_entry >= 3  # the per-request part exists once


def test_every_kind_with_a_save_route_is_in_the_batch_schema(client: Client, demo: None) -> None:
    schema = client.get("/api/schema/?format=json").json()
    entry = schema["components"]["schemas"]["BatchEntry"]
    whole = {api.kind.key for api in SAVE_APIS if not api.part}
    assert set(entry["discriminator"]["mapping"]) == whole
    topic = schema["components"]["schemas"]["TopicBatchEntry"]
    assert topic["additionalProperties"] is False
    assert topic["minProperties"] == 3  # kind, version and a change
    assert schema["components"]["schemas"]["SentenceBatchEntry"]["minProperties"] == 4
