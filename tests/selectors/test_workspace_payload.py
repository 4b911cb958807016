"""The workspace payload, as the client receives it, equals reviewed golden files
(fixtures/payloads/) on the demo study in the states a linguist meets: fresh, with saved
judgements and error types, with feedback, submitted siblings, a closed round, a draft
round, untitled documents.

The golden files replaced the ORM implementation the plain-SQL payload was first compared
with: they were written from payloads that matched it byte for byte. A change to the
payload is made on purpose: run ``UPDATE_GOLDEN=1 pytest tests/selectors`` and commit the
files with the diff. Database ids, handles and times differ from run to run, so the files
hold them as stable placeholders (``normalized``); everything else is compared exactly, key
order included, and the response's bytes are those of DRF's JSON renderer."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.renderers import JSONRenderer

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
from tests.api.item_urls import sentence_url, summary_url
from tests.demo_snapshot import real_loads
from tests.factories import SummaryFactory
from tests.people import LINGUIST, PASSWORD, SECOND_LINGUIST

pytestmark = pytest.mark.django_db


def user(username: str) -> Any:
    return get_user_model().objects.get(username=username)


def user_by_id(pk: int) -> Any:
    return get_user_model().objects.get(pk=pk)


def annotator_id(assignment: Assignment) -> int:
    assert assignment.annotator_id is not None
    return assignment.annotator_id


def assignments_of(username: str) -> list[Assignment]:
    """``username``'s assignments in the demo's first study: the golden files show that one."""
    return list(
        Assignment.objects.filter(
            annotator__username=username, round__project__slug="demo"
        ).order_by("id")
    )


def patch(client: Client, url: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.patch(url, json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()


GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "payloads"
# Keys whose values are database ids or handles (strings): stable placeholders in the files.
ID_KEYS = {"id", "round_id", "assignment", "next_assignment", "parent", "sentence", "summary"}
# An id under these keys of these objects names an error type, as the ids in error_types do.
ERROR_TYPE_IDS = {("types", "id"), ("types", "parent")}
FIRST_ID = 1_000_001


@pytest.fixture(autouse=True)
def stable_ids() -> Iterator[None]:
    """Every table's next id is FIRST_ID, on PostgreSQL and SQLite alike, whatever ran
    before: a linguist's summary order is a shuffle seeded from ids, so the golden files
    depend on them. No row has such an id (each test's rows are rolled back). The demo is
    loaded for real, with those ids (tests/demo_snapshot.py)."""
    with real_loads():
        _next_ids_from(FIRST_ID)
        yield


def _next_ids_from(first: int) -> None:
    with connection.cursor() as cursor:
        for model in apps.get_models():
            table = model._meta.db_table
            if not model._meta.managed or model._meta.pk is None or model._meta.pk.column != "id":
                continue
            if connection.vendor == "postgresql":
                cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [table])
                (sequence,) = cursor.fetchone()
                if sequence is not None:
                    cursor.execute("SELECT setval(%s, %s, false)", [sequence, first])
            else:
                cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [table])
                cursor.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, first - 1]
                )


def normalized(
    value: Any, key: str = "", container: str = "payload", ids: dict | None = None
) -> Any:
    """``value`` with ids, handles and times replaced by placeholders numbered in order of
    first appearance: an id per the key and object it is under (a turn's ``id`` and an error
    type's are numbered apart), a handle across the payload (a sentence's handle is the same
    placeholder in ``summaries`` and in ``judgements``)."""
    ids = {} if ids is None else ids

    def placeholder(namespace: str, raw: Any) -> str:
        numbers = ids.setdefault(namespace, {})
        return f"<{namespace} {numbers.setdefault(raw, len(numbers) + 1)}>"

    if isinstance(value, dict):
        return {k: normalized(v, k, key or container, ids) for k, v in value.items()}
    if isinstance(value, list):
        if key == "error_types":
            return [placeholder("error type", item) for item in value]
        return [normalized(item, "", key or container, ids) for item in value]
    if value is None or isinstance(value, bool):
        return value
    if key.endswith("_at"):
        return "<time>"
    if key in ID_KEYS:
        if isinstance(value, str):
            return placeholder("handle", value)
        if (container, key) in ERROR_TYPE_IDS:
            return placeholder("error type", value)
        return placeholder(f"{container}.{key}", value)
    return value


def payloads_of(client: Client, username: str, assignment_ids: list[int]) -> list[Any]:
    """What ``username`` receives for each assignment (404: ``None``), normalized."""
    assert client.login(username=username, password=PASSWORD)
    received: list[Any] = []
    for assignment_id in assignment_ids:
        response = client.get(f"/api/assignments/{assignment_id}/")
        if response.status_code == 404:
            assert workspace_payload(user_id=user(username).pk, assignment_id=assignment_id) is None
            received.append(None)
            continue
        assert response.status_code == 200
        assert response["Content-Type"] == "application/json"
        body = json.loads(response.content)
        assert response.content == JSONRenderer().render(body), assignment_id
        received.append(normalized(body))
    client.logout()
    return received


def assert_golden(name: str, received: dict[str, list[Any]]) -> None:
    """``received`` equals fixtures/payloads/<name>.json, text for text (key order too)."""
    text = json.dumps(received, ensure_ascii=False, indent=1) + "\n"
    path = GOLDEN / f"{name}.json"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"{path} is missing: write it with UPDATE_GOLDEN=1 and review it"
    golden = path.read_text(encoding="utf-8")
    # Structure first (a readable diff), then the text.
    assert json.loads(text) == json.loads(golden)
    assert text == golden


def save_some_judgements(client: Client, assignment: Assignment) -> None:
    """Labels (with explanations and error types, in an order unlike the sentences'), summary
    judgements (relevance, the not-a-summary flag, a comment) and the topic's category."""
    assert client.login(username=user_by_id(annotator_id(assignment)).username, password=PASSWORD)
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


def test_fresh_assignments_of_both_linguists_and_anothers_are_as_reviewed(
    client: Client, demo: None
) -> None:
    mine = [a.pk for a in assignments_of(LINGUIST)]
    theirs = [a.pk for a in assignments_of(SECOND_LINGUIST)]
    received = {
        "linguist1: theirs, another's, a missing one": payloads_of(
            client, LINGUIST, [*mine, theirs[0], Assignment.objects.order_by("-id")[0].pk + 1]
        ),
        "linguist2: theirs, another's": payloads_of(
            client, SECOND_LINGUIST, [*theirs[:3], mine[0]]
        ),
    }
    assert_golden("fresh", received)


def test_saved_judgements_with_error_types_are_as_reviewed(client: Client, demo: None) -> None:
    first, second = assignments_of(LINGUIST)[:2]
    save_some_judgements(client, first)
    other = Assignment.objects.get(topic_id=first.topic_id, annotator__username=SECOND_LINGUIST)
    save_some_judgements(client, other)  # never in linguist1's payload
    received = {
        "linguist1: saved, untouched": payloads_of(client, LINGUIST, [first.pk, second.pk]),
        "linguist2: saved on the same unit": payloads_of(client, SECOND_LINGUIST, [other.pk]),
    }
    assert_golden("saved_judgements", received)
    body = workspace_payload(user_id=annotator_id(first), assignment_id=first.pk)
    assert body is not None
    judgements = body["judgements"]
    assert len(judgements["sentences"]) == 4
    assert [len(j["error_types"]) for j in judgements["sentences"]] == [3, 0, 1, 0]
    assert len(judgements["summaries"]) == 2
    assert judgements["topic"]["category"] == "marginal"


def test_feedback_is_as_reviewed(client: Client, demo: None) -> None:
    first, second, third = assignments_of(LINGUIST)[:3]
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
        round=first.round, annotator=user(SECOND_LINGUIST), author=admin, text="For linguist2."
    )
    received = {
        "linguist1: with feedback, in another round": payloads_of(
            client, LINGUIST, [first.pk, second.pk, third.pk, elsewhere.pk]
        ),
        SECOND_LINGUIST: payloads_of(
            client, SECOND_LINGUIST, [a.pk for a in assignments_of(SECOND_LINGUIST)[:2]]
        ),
    }
    assert_golden("feedback", received)
    body = workspace_payload(user_id=annotator.pk, assignment_id=first.pk)
    assert body is not None
    assert [f["text"] for f in body["feedback"]] == [
        "About a sentence of the first unit.",
        "General.",
    ]


def test_submitted_closed_draft_and_untitled_are_as_reviewed(client: Client, demo: None) -> None:
    mine = assignments_of(LINGUIST)
    Assignment.objects.filter(pk__in=[mine[1].pk, mine[2].pk, mine[-1].pk]).update(
        status=AssignmentStatus.SUBMITTED
    )
    Assignment.objects.filter(pk=mine[3].pk).update(status=AssignmentStatus.IN_PROGRESS)
    Document.objects.filter(topics__id=mine[0].topic_id).update(title="")
    SummaryFactory(topic=mine[0].topic, position=99)  # a summary without sentences
    received = {"some submitted, one untitled": payloads_of(client, LINGUIST, [a.pk for a in mine])}
    # Every unit submitted: no next assignment.
    Assignment.objects.filter(annotator__username=LINGUIST).update(
        status=AssignmentStatus.SUBMITTED
    )
    received["all submitted"] = payloads_of(client, LINGUIST, [mine[0].pk, mine[4].pk])
    pilot = mine[0].round
    Round.objects.filter(pk=pilot.pk).update(status=RoundStatus.CLOSED)
    received["round closed"] = payloads_of(client, LINGUIST, [mine[0].pk, mine[5].pk])
    Round.objects.filter(pk=pilot.pk).update(status=RoundStatus.DRAFT)
    received["round back to draft: 404"] = payloads_of(client, LINGUIST, [mine[0].pk])
    assert_golden("submitted_closed_draft", received)


def test_the_payload_takes_five_statements_and_one_more_with_feedback(
    client: Client, demo: None
) -> None:
    first = assignments_of(LINGUIST)[0]
    save_some_judgements(client, first)
    assert client.login(username=LINGUIST, password=PASSWORD)
    with CaptureQueriesContext(connection) as quiet:
        workspace_payload(user_id=annotator_id(first), assignment_id=first.pk)
    Feedback.objects.create(
        round=first.round, annotator=user_by_id(annotator_id(first)), text="Hello."
    )
    with CaptureQueriesContext(connection) as with_feedback:
        workspace_payload(user_id=annotator_id(first), assignment_id=first.pk)
    assert len(quiet) == 5
    assert len(with_feedback) > len(quiet)
