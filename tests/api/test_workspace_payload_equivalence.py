"""The workspace payload read with plain SQL (annotations/selectors/workspace_sql.py) is the
payload the ORM built before, byte for byte as the client receives it: compared with the
previous implementation, kept in tests/api/workspace_before.py, on the demo study in the
states a linguist meets (fresh, with saved judgements and error types, with feedback,
submitted siblings, a closed round, a draft round, untitled documents)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.renderers import JSONRenderer

from annotations.handles import encode
from annotations.models import (
    Assignment,
    AssignmentStatus,
    Document,
    ErrorType,
    Feedback,
    Round,
    RoundKind,
    RoundStatus,
    Summary,
    SummarySentence,
)
from annotations.selectors.workspace import workspace_payload
from tests.api import workspace_before
from tests.api.item_urls import sentence_url, summary_url
from tests.factories import SummaryFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo() -> None:
    call_command("load_demo", stdout=None)


def user(username: str) -> Any:
    return get_user_model().objects.get(username=username)


def user_by_id(pk: int) -> Any:
    return get_user_model().objects.get(pk=pk)


def annotator_id(assignment: Assignment) -> int:
    assert assignment.annotator_id is not None
    return assignment.annotator_id


def assignments_of(username: str) -> list[Assignment]:
    return list(Assignment.objects.filter(annotator__username=username).order_by("id"))


def patch(client: Client, url: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.patch(url, json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()


def expected_bytes(user_id: int, assignment_id: int) -> bytes | None:
    """What the client received before: the old payload through DRF's JSON renderer."""
    assignment = workspace_before.own_assignment(user_id, assignment_id)
    if assignment is None:
        return None
    payload = workspace_before.workspace_payload(assignment=assignment)
    return JSONRenderer().render(with_handles(payload, assignment_id))


def with_handles(payload: dict[str, Any], assignment_id: int) -> dict[str, Any]:
    """The old payload with the intended changes since: its sentence and summary ids turned
    into this assignment's handles (blinding, annotations/handles.py), feedback that says
    whether it reopened the unit and carries its thread of replies (none here), and sentence
    judgements with their optional comment and confidence (none saved here)."""
    payload["feedback"] = [
        {
            **{key: value for key, value in item.items() if key != "read"},
            "reopened": False,
            "replies": [],
            "read": item["read"],
        }
        for item in payload["feedback"]
    ]
    for summary in payload["summaries"]:
        summary["id"] = encode(assignment_id, "summary", summary["id"])
        for sentence in summary["sentences"]:
            sentence["id"] = encode(assignment_id, "sentence", sentence["id"])
    sentences = payload["judgements"]["sentences"]
    for index, judgement in enumerate(sentences):
        # Sentence judgements gained an optional comment and confidence after explanation.
        head = {key: judgement[key] for key in ("sentence", "label", "explanation")}
        tail = {key: judgement[key] for key in ("error_types", "version")}
        sentences[index] = {**head, "comment": "", "confidence": None, **tail}
        sentences[index]["sentence"] = encode(assignment_id, "sentence", judgement["sentence"])
    for judgement in payload["judgements"]["summaries"]:
        judgement["summary"] = encode(assignment_id, "summary", judgement["summary"])
    return payload


def assert_same_as_before(client: Client, username: str, assignment_ids: list[int]) -> None:
    user_id = user(username).pk
    assert client.login(username=username, password="demo")
    for assignment_id in assignment_ids:
        before = expected_bytes(user_id, assignment_id)
        response = client.get(f"/api/assignments/{assignment_id}/")
        if before is None:
            assert response.status_code == 404
            assert workspace_payload(user_id=user_id, assignment_id=assignment_id) is None
            continue
        assert response.status_code == 200
        assert response["Content-Type"] == "application/json"
        # Structure first (a readable diff), then the exact bytes.
        assert json.loads(response.content) == json.loads(before), assignment_id
        assert response.content == before, assignment_id
    client.logout()


def save_some_judgements(client: Client, assignment: Assignment) -> None:
    """Labels (with explanations and error types, in an order unlike the sentences'), summary
    judgements (relevance, the not-a-summary flag, a comment) and the topic's category."""
    assert client.login(username=user_by_id(annotator_id(assignment)).username, password="demo")
    base = f"/api/assignments/{assignment.pk}"
    types = list(
        ErrorType.objects.filter(taxonomy_id=assignment.round.project.taxonomy_id)
        .order_by("-id")
        .values_list("pk", flat=True)
    )
    summaries = list(Summary.objects.filter(topic_id=assignment.topic_id).order_by("-id"))
    sentences = list(
        SummarySentence.objects.filter(summary__topic_id=assignment.topic_id).order_by("-id")
    )
    saved = patch(
        client,
        sentence_url(assignment.pk, sentences[0].pk),
        {"label": "inconsistent", "explanation": "Wrong “date” \u2028 é", "version": 0},
    )
    patch(
        client,
        sentence_url(assignment.pk, sentences[0].pk),
        {"error_types": [types[0], types[3], types[1]], "version": saved["version"]},
    )
    patch(
        client, sentence_url(assignment.pk, sentences[2].pk), {"label": "consistent", "version": 0}
    )
    patch(
        client,
        sentence_url(assignment.pk, sentences[1].pk),
        {"label": "inconsistent", "error_types": [types[2]], "version": 0},
    )
    patch(client, sentence_url(assignment.pk, sentences[3].pk), {"label": "", "version": 0})
    patch(client, summary_url(assignment.pk, summaries[1].pk), {"relevance": 4, "version": 0})
    patch(
        client,
        summary_url(assignment.pk, summaries[0].pk),
        {"not_a_summary": True, "comment": "Just a list.", "version": 0},
    )
    patch(client, f"{base}/topic/", {"category": "marginal", "version": 0})
    client.logout()


def test_fresh_assignments_of_both_linguists_and_anothers_are_as_before(
    client: Client, demo: None
) -> None:
    mine = [a.pk for a in assignments_of("linguist1")]
    theirs = [a.pk for a in assignments_of("linguist2")]
    assert_same_as_before(client, "linguist1", [*mine, theirs[0], max(mine + theirs) + 1])
    assert_same_as_before(client, "linguist2", [*theirs[:3], mine[0]])


def test_saved_judgements_with_error_types_are_as_before(client: Client, demo: None) -> None:
    first, second = assignments_of("linguist1")[:2]
    save_some_judgements(client, first)
    other = Assignment.objects.get(topic_id=first.topic_id, annotator__username="linguist2")
    save_some_judgements(client, other)  # never in linguist1's payload
    assert_same_as_before(client, "linguist1", [first.pk, second.pk])
    assert_same_as_before(client, "linguist2", [other.pk])
    body = workspace_payload(user_id=annotator_id(first), assignment_id=first.pk)
    assert body is not None
    judgements = body["judgements"]
    assert len(judgements["sentences"]) == 4
    assert [len(j["error_types"]) for j in judgements["sentences"]] == [3, 0, 1, 0]
    assert len(judgements["summaries"]) == 2
    assert judgements["topic"]["category"] == "marginal"


def test_feedback_is_as_before(client: Client, demo: None) -> None:
    first, second, third = assignments_of("linguist1")[:3]
    annotator = user_by_id(annotator_id(first))
    admin = first.round.project.memberships.get(role="admin").user
    other_round = Round.objects.create(
        project=first.round.project,
        name="Production 1",
        kind=RoundKind.PRODUCTION,
        status=RoundStatus.OPEN,
        guideline_version=first.round.guideline_version,
    )
    elsewhere = Assignment.objects.create(
        round=other_round, topic=third.topic, annotator=annotator, order_seed=77
    )

    def sentence_of(assignment: Assignment, index: int) -> SummarySentence:
        return SummarySentence.objects.filter(summary__topic_id=assignment.topic_id).order_by(
            "summary_id", "position"
        )[index]

    Feedback.objects.create(round=first.round, annotator=annotator, author=admin, text="General.")
    Feedback.objects.create(
        round=first.round,
        annotator=annotator,
        author=admin,
        sentence=sentence_of(first, 7),
        text="About a sentence of the first unit.",
    )
    Feedback.objects.create(
        round=first.round,
        annotator=annotator,
        author=None,
        sentence=sentence_of(second, 3),
        text="About the second unit, author deleted.",
    )
    Feedback.objects.create(
        round=other_round,
        annotator=annotator,
        author=admin,
        sentence=sentence_of(third, 1),
        text="In another round.",
    )
    read = Feedback.objects.create(
        round=first.round, annotator=annotator, author=admin, text="Already read."
    )
    Feedback.objects.filter(pk=read.pk).update(read_at=read.created_at)
    Feedback.objects.create(
        round=first.round, annotator=user("linguist2"), author=admin, text="For linguist2."
    )
    assert_same_as_before(client, "linguist1", [first.pk, second.pk, third.pk, elsewhere.pk])
    assert_same_as_before(client, "linguist2", [a.pk for a in assignments_of("linguist2")[:2]])
    body = workspace_payload(user_id=annotator.pk, assignment_id=first.pk)
    assert body is not None
    assert [f["text"] for f in body["feedback"]] == [
        "About a sentence of the first unit.",
        "General.",
    ]


def test_submitted_closed_draft_and_untitled_are_as_before(client: Client, demo: None) -> None:
    mine = assignments_of("linguist1")
    Assignment.objects.filter(pk__in=[mine[1].pk, mine[2].pk, mine[-1].pk]).update(
        status=AssignmentStatus.SUBMITTED
    )
    Assignment.objects.filter(pk=mine[3].pk).update(status=AssignmentStatus.IN_PROGRESS)
    Document.objects.filter(topics__id=mine[0].topic_id).update(title="")
    SummaryFactory(topic=mine[0].topic, position=99)  # a summary without sentences
    assert_same_as_before(client, "linguist1", [a.pk for a in mine])
    # Every unit submitted: no next assignment.
    Assignment.objects.filter(annotator__username="linguist1").update(
        status=AssignmentStatus.SUBMITTED
    )
    assert_same_as_before(client, "linguist1", [mine[0].pk, mine[4].pk])
    pilot = mine[0].round
    Round.objects.filter(pk=pilot.pk).update(status=RoundStatus.CLOSED)
    assert_same_as_before(client, "linguist1", [mine[0].pk, mine[5].pk])
    Round.objects.filter(pk=pilot.pk).update(status=RoundStatus.DRAFT)
    assert_same_as_before(client, "linguist1", [mine[0].pk])  # a draft's units: 404


def test_the_payload_takes_five_statements_and_one_more_with_feedback(
    client: Client, demo: None
) -> None:
    first = assignments_of("linguist1")[0]
    save_some_judgements(client, first)
    assert client.login(username="linguist1", password="demo")
    with CaptureQueriesContext(connection) as quiet:
        workspace_payload(user_id=annotator_id(first), assignment_id=first.pk)
    Feedback.objects.create(
        round=first.round, annotator=user_by_id(annotator_id(first)), text="Hello."
    )
    with CaptureQueriesContext(connection) as with_feedback:
        workspace_payload(user_id=annotator_id(first), assignment_id=first.pk)
    assert len(quiet) == 5
    assert len(with_feedback) > len(quiet)
