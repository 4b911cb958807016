"""The linguist's API on the demo study: payload, blinding, permissions, saves, submit."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from annotations.handles import decode
from annotations.models import (
    Assignment,
    AssignmentStatus,
    ErrorType,
    Feedback,
    JudgementChange,
    Project,
    Round,
    RoundStatus,
    SentenceJudgement,
    Summary,
)
from tests.api.item_urls import sentence_url as handle_url
from tests.api.item_urls import summary_url
from tests.factories import SentenceFactory, SummaryFactory
from tests.people import LINGUIST, SECOND_LINGUIST, signed_in

pytestmark = pytest.mark.django_db

DEMO_SYSTEMS = ["Quillon-13B", "Zephyrix-7B", "Synopsia-2", "Brevlet-XL", "Gistrel-Chat"]


def first_assignment(username: str) -> Assignment:
    return Assignment.objects.filter(annotator__username=username).order_by("id").first()


def patch(client: Client, url: str, body: dict[str, Any]) -> Any:
    return client.patch(url, json.dumps(body), content_type="application/json")


def sentence_url(assignment: Assignment, sentence_id: int) -> str:
    return handle_url(assignment.pk, sentence_id)


def test_the_queue_lists_the_linguists_units_with_progress(client: Client, demo: None) -> None:
    body = signed_in(LINGUIST, client).get("/api/assignments/").json()
    # The demo's three studies, each with its open pilot, the older round first; the
    # key-facts study also has a closed round, already submitted.
    rounds = [(a["project"]["slug"], a["round"]["name"]) for a in body["assignments"]]
    assert (
        rounds
        == [("demo", "Pilot 1")] * 9
        + [("demo-dialogue", "Pilot 1")] * 3
        + [("demo-facts", "Pilot 1")] * 3
        + [("demo-facts", "Pilot 0 (key facts, closed)")] * 3
    )
    # A key-fact unit counts its list and each summary's atomic facts.
    facts = body["assignments"][-4]
    assert facts["progress"] == {"done": 0, "total": 1 + 3}
    assert body["assignments"][-1]["progress"] == {"done": 1 + 3, "total": 1 + 3}
    first = body["assignments"][0]
    assert first["round"]["name"] == "Pilot 1"
    assert first["status"] == "assigned"
    assert (first["position"], first["count"]) == (1, 9)
    assert first["progress"]["done"] == 0
    assert first["progress"]["total"] > 0


def test_the_payload_has_the_dialogue_summaries_in_order_and_the_scheme(
    client: Client, demo: None
) -> None:
    assignment = first_assignment("linguist1")
    body = signed_in(LINGUIST, client).get(f"/api/assignments/{assignment.pk}/").json()
    assert [s["label"] for s in body["summaries"]] == ["A", "B", "C", "D", "E"]
    assert body["topic"]["name"] == assignment.topic.name
    turns = body["document"]["turns"]
    assert turns[0]["start"] == 0
    assert all(t["end"] - t["start"] == len(t["text"]) for t in turns)
    assert body["guideline"]["version"] == 1
    assert body["scheme"]["relevance"] is True
    assert {t["name"] for t in body["taxonomy"]["types"]} >= {"Extrinsic Information"}
    assert all(t["definition"] for t in body["taxonomy"]["types"])
    assert len(body["relevance_anchors"]) == 5
    assert body["judgements"] == {
        "sentences": [],
        "summaries": [],
        "atomic_facts": [],
        "topic": None,
        "key_facts": None,
    }


def test_each_annotator_sees_the_summaries_in_their_own_stable_order(
    client: Client, demo: None
) -> None:
    orders = {}
    for username in ("linguist1", "linguist2"):
        fresh = Client()
        signed_in(username, fresh)
        topic_orders = []
        for assignment in Assignment.objects.filter(annotator__username=username).order_by(
            "topic_id"
        ):
            body = fresh.get(f"/api/assignments/{assignment.pk}/").json()
            again = fresh.get(f"/api/assignments/{assignment.pk}/").json()
            assert body["summaries"] == again["summaries"]
            topic_orders.append(
                [decode(assignment.pk, "summary", s["id"]) for s in body["summaries"]]
            )
        orders[username] = topic_orders
    assert orders["linguist1"] != orders["linguist2"]
    assert [sorted(o) for o in orders["linguist1"]] == [sorted(o) for o in orders["linguist2"]]


def test_no_response_a_linguist_can_request_names_a_summarizer(client: Client, demo: None) -> None:
    systems = set(Summary.objects.values_list("system", flat=True))
    assert systems == set(DEMO_SYSTEMS)
    signed_in(LINGUIST, client)
    assignment = first_assignment("linguist1")
    sentence = assignment.topic.summaries.first().sentences.first()
    summary = assignment.topic.summaries.first()
    responses = [
        client.get("/api/me/"),
        client.get("/api/assignments/"),
        client.get(f"/api/assignments/{assignment.pk}/"),
        patch(client, sentence_url(assignment, sentence.pk), {"label": "consistent", "version": 0}),
        patch(client, sentence_url(assignment, sentence.pk), {"label": "consistent", "version": 0}),
        patch(
            client,
            summary_url(assignment.pk, summary.pk),
            {"relevance": 4, "version": 0},
        ),
        patch(
            client, f"/api/assignments/{assignment.pk}/topic/", {"category": "main", "version": 0}
        ),
        client.post(f"/api/assignments/{assignment.pk}/submit/"),
        client.post(
            f"/api/assignments/{assignment.pk}/heartbeat/",
            json.dumps({"seconds": 10}),
            content_type="application/json",
        ),
    ]
    for response in responses:
        text = response.content.decode()
        for system in systems:
            assert system not in text, (response.request["PATH_INFO"], system)


def test_the_payload_never_contains_another_annotators_labels(client: Client, demo: None) -> None:
    mine = first_assignment("linguist1")
    theirs = Assignment.objects.get(topic=mine.topic, annotator__username="linguist2")
    sentence = mine.topic.summaries.first().sentences.first()
    other = Client()
    signed_in(SECOND_LINGUIST, other)
    patch(
        other,
        sentence_url(theirs, sentence.pk),
        {"label": "inconsistent", "explanation": "SECRET-EXPLANATION-OF-LINGUIST-2", "version": 0},
    )
    body = signed_in(LINGUIST, client).get(f"/api/assignments/{mine.pk}/")
    assert b"SECRET-EXPLANATION-OF-LINGUIST-2" not in body.content
    assert body.json()["judgements"]["sentences"] == []


def test_another_linguists_assignment_is_not_found(client: Client, demo: None) -> None:
    theirs = first_assignment("linguist2")
    sentence = theirs.topic.summaries.first().sentences.first()
    signed_in(LINGUIST, client)
    assert client.get(f"/api/assignments/{theirs.pk}/").status_code == 404
    response = patch(
        client, sentence_url(theirs, sentence.pk), {"label": "consistent", "version": 0}
    )
    assert response.status_code == 404
    assert client.post(f"/api/assignments/{theirs.pk}/submit/").status_code == 404
    assert not SentenceJudgement.objects.exists()


@pytest.mark.parametrize("username", ["reviewer", "researcher", "admin"])
def test_reviewers_researchers_and_admins_have_nothing_to_annotate(
    client: Client, demo: None, username: str
) -> None:
    signed_in(username, client)
    assert client.get("/api/assignments/").json()["assignments"] == []
    assignment = first_assignment("linguist1")
    sentence = assignment.topic.summaries.first().sentences.first()
    response = patch(
        client, sentence_url(assignment, sentence.pk), {"label": "consistent", "version": 0}
    )
    assert response.status_code == 404


def test_an_assignment_held_by_someone_no_longer_an_annotator_cannot_be_changed(
    client: Client, demo: None
) -> None:
    assignment = first_assignment("linguist1")
    assignment.round.project.memberships.filter(user__username="linguist1").update(role="reviewer")
    sentence = assignment.topic.summaries.first().sentences.first()
    response = patch(
        signed_in(LINGUIST, client),
        sentence_url(assignment, sentence.pk),
        {"label": "consistent", "version": 0},
    )
    assert response.status_code == 403
    assert response.json()["code"] == "not_annotator"


def test_anonymous_requests_are_refused(client: Client, demo: None) -> None:
    assignment = first_assignment("linguist1")
    assert client.get("/api/assignments/").status_code in (401, 403)
    assert client.get(f"/api/assignments/{assignment.pk}/").status_code in (401, 403)
    assert client.post(f"/api/assignments/{assignment.pk}/submit/").status_code in (401, 403)


def test_a_sentence_from_another_unit_is_not_found(client: Client, demo: None) -> None:
    assignment = first_assignment("linguist1")
    elsewhere = Assignment.objects.filter(annotator__username="linguist1").exclude(
        topic=assignment.topic
    )[0]
    foreign = elsewhere.topic.summaries.first().sentences.first()
    response = patch(
        signed_in(LINGUIST, client),
        sentence_url(assignment, foreign.pk),
        {"label": "consistent", "version": 0},
    )
    assert response.status_code == 404


def test_saves_chain_versions_and_a_stale_save_gets_409_with_the_saved_state(
    client: Client, demo: None
) -> None:
    assignment = first_assignment("linguist1")
    sentence = assignment.topic.summaries.first().sentences.first()
    url = sentence_url(assignment, sentence.pk)
    signed_in(LINGUIST, client)
    first = patch(client, url, {"label": "inconsistent", "version": 0})
    assert first.status_code == 200
    assert first.json()["version"] == 1
    # Two tabs both edit version 1: one wins, the other is refused and loses nothing.
    tab_a = patch(client, url, {"explanation": "From tab A", "version": 1})
    tab_b = patch(client, url, {"explanation": "From tab B", "version": 1})
    assert (tab_a.status_code, tab_b.status_code) == (200, 409)
    assert tab_b.json()["current"]["explanation"] == "From tab A"
    assert tab_b.json()["current"]["version"] == 2
    judgement = SentenceJudgement.objects.get(assignment=assignment, sentence=sentence)
    assert (judgement.explanation, judgement.version, judgement.label) == (
        "From tab A",
        2,
        "inconsistent",
    )
    retry = patch(client, url, {"explanation": "From tab B", "version": 2})
    assert retry.json()["version"] == 3


def test_a_first_save_against_an_existing_judgement_is_stale(client: Client, demo: None) -> None:
    assignment = first_assignment("linguist1")
    sentence = assignment.topic.summaries.first().sentences.first()
    url = sentence_url(assignment, sentence.pk)
    signed_in(LINGUIST, client)
    patch(client, url, {"label": "consistent", "version": 0})
    response = patch(client, url, {"label": "inconsistent", "version": 0})
    assert response.status_code == 409
    assert response.json()["current"]["label"] == "consistent"


def test_saves_are_recorded_in_the_audit_trail_and_start_the_assignment(
    client: Client, demo: None
) -> None:
    assignment = first_assignment("linguist1")
    sentence = assignment.topic.summaries.first().sentences.first()
    url = sentence_url(assignment, sentence.pk)
    signed_in(LINGUIST, client)
    patch(client, url, {"label": "consistent", "version": 0})
    patch(client, url, {"label": "inconsistent", "version": 1})
    changes = list(JudgementChange.objects.filter(assignment=assignment).order_by("id"))
    assert [c.action for c in changes] == ["create", "update"]
    assert changes[1].before["label"] == "consistent"
    assert changes[1].after["label"] == "inconsistent"
    assert changes[1].actor.username == "linguist1"
    assignment.refresh_from_db()
    assert assignment.status == AssignmentStatus.IN_PROGRESS


def test_invalid_values_are_refused_with_the_allowed_ones(client: Client, demo: None) -> None:
    assignment = first_assignment("linguist1")
    summary = assignment.topic.summaries.first()
    sentence = summary.sentences.first()
    signed_in(LINGUIST, client)
    bad_label = patch(client, sentence_url(assignment, sentence.pk), {"label": "yes", "version": 0})
    assert bad_label.status_code == 400
    assert "label" in bad_label.json()["errors"]
    foreign_type = ErrorType.objects.filter(taxonomy__slug="frank").first()
    bad_type = patch(
        client,
        sentence_url(assignment, sentence.pk),
        {"error_types": [foreign_type.pk], "version": 0},
    )
    assert bad_type.status_code == 400
    assert "unknown error type" in bad_type.json()["errors"]["error_types"][0]
    bad_relevance = patch(
        client,
        summary_url(assignment.pk, summary.pk),
        {"relevance": 6, "version": 0},
    )
    assert bad_relevance.status_code == 400
    assert "relevance" in bad_relevance.json()["errors"]
    no_version = patch(client, sentence_url(assignment, sentence.pk), {"label": "consistent"})
    assert no_version.status_code == 400
    assert not SentenceJudgement.objects.exists()
    malformed = client.patch(
        sentence_url(assignment, sentence.pk), "{not json", content_type="application/json"
    )
    assert malformed.status_code == 400


def answer_everything(client: Client, assignment: Assignment, *, skip: set[str]) -> None:
    project = assignment.round.project
    error_type = project.taxonomy.types.get(name="Mis-Referencing")
    for index, summary in enumerate(assignment.topic.summaries.order_by("id")):
        for sentence in summary.sentences.order_by("position"):
            label = "inconsistent" if sentence.position == 0 and index == 0 else "consistent"
            body: dict[str, Any] = {"label": label, "version": 0}
            if label == "inconsistent" and "explanation" not in skip:
                body["explanation"] = "Patel said this, not Ortiz."
            if label == "inconsistent" and "types" not in skip:
                body["error_types"] = [error_type.pk]
            patch(client, sentence_url(assignment, sentence.pk), body)
        if "relevance" not in skip:
            patch(
                client,
                summary_url(assignment.pk, summary.pk),
                {"relevance": 5, "version": 0},
            )
    if "topic" not in skip:
        patch(
            client, f"/api/assignments/{assignment.pk}/topic/", {"category": "main", "version": 0}
        )


def test_submit_lists_each_missing_item_by_summary_letter_and_sentence_number(
    client: Client, demo: None
) -> None:
    assignment = first_assignment("linguist1")
    signed_in(LINGUIST, client)
    answer_everything(client, assignment, skip={"explanation", "types", "relevance", "topic"})
    payload = client.get(f"/api/assignments/{assignment.pk}/").json()
    letter = next(
        s["label"]
        for s in payload["summaries"]
        if decode(assignment.pk, "summary", s["id"])
        == assignment.topic.summaries.order_by("id").first().pk
    )
    response = client.post(f"/api/assignments/{assignment.pk}/submit/")
    assert response.status_code == 400
    missing = response.json()["missing"]
    assert {
        "summary": letter,
        "sentence": 1,
        "item": "explanation",
        "message": f"Summary {letter}, sentence 1: explain the inconsistency.",
    } in missing
    assert any(m["item"] == "error_types" and m["summary"] == letter for m in missing)
    assert [m["summary"] for m in missing if m["item"] == "relevance"] == ["A", "B", "C", "D", "E"]
    assert missing[-1]["item"] == "topic_category"
    assignment.refresh_from_db()
    assert assignment.status == AssignmentStatus.IN_PROGRESS


def test_a_complete_assignment_submits_and_becomes_read_only(client: Client, demo: None) -> None:
    assignment = first_assignment("linguist1")
    signed_in(LINGUIST, client)
    answer_everything(client, assignment, skip=set())
    response = client.post(f"/api/assignments/{assignment.pk}/submit/")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "submitted"
    assert response.json()["progress"]["done"] == response.json()["progress"]["total"]
    sentence = assignment.topic.summaries.first().sentences.first()
    judgement = SentenceJudgement.objects.get(assignment=assignment, sentence=sentence)
    refused = patch(
        client,
        sentence_url(assignment, sentence.pk),
        {"label": "inconsistent", "version": judgement.version},
    )
    assert refused.status_code == 403
    assert refused.json()["code"] == "read_only"
    assert client.get(f"/api/assignments/{assignment.pk}/").json()["read_only"] is True
    assert client.post(f"/api/assignments/{assignment.pk}/submit/").status_code == 403


def test_a_not_a_summary_flag_answers_relevance(client: Client, demo: None) -> None:
    assignment = first_assignment("linguist1")
    signed_in(LINGUIST, client)
    answer_everything(client, assignment, skip={"relevance"})
    for summary in assignment.topic.summaries.all():
        patch(
            client,
            summary_url(assignment.pk, summary.pk),
            {"not_a_summary": True, "version": 0},
        )
    assert client.post(f"/api/assignments/{assignment.pk}/submit/").status_code == 200


def test_a_sentence_keeps_an_optional_comment_and_confidence(client: Client, demo: None) -> None:
    assignment = first_assignment("linguist1")
    Project.objects.filter(pk=assignment.round.project_id).update(
        ask_sentence_comment=True, ask_confidence=True
    )
    signed_in(LINGUIST, client)
    payload = client.get(f"/api/assignments/{assignment.pk}/").json()
    assert payload["scheme"]["sentence_comment"] is True
    assert payload["scheme"]["confidence"] is True
    sentence = assignment.topic.summaries.first().sentences.first()
    url = sentence_url(assignment, sentence.pk)
    saved = patch(client, url, {"label": "consistent", "confidence": 1, "version": 0}).json()
    assert (saved["confidence"], saved["comment"]) == (1, "")
    saved = patch(
        client, url, {"comment": "Turn 7 is ambiguous.", "version": saved["version"]}
    ).json()
    assert (saved["label"], saved["confidence"]) == ("consistent", 1)
    assert saved["comment"] == "Turn 7 is ambiguous."
    refused = patch(client, url, {"confidence": 4, "version": saved["version"]})
    assert refused.status_code == 400
    assert "confidence" in refused.json()["errors"]
    payload = client.get(f"/api/assignments/{assignment.pk}/").json()
    [judgement] = payload["judgements"]["sentences"]
    assert judgement["comment"] == "Turn 7 is ambiguous."
    assert judgement["confidence"] == 1
    # Optional: a consistent label with a low confidence is still answered.
    answer_everything(client, assignment, skip=set())
    assert client.post(f"/api/assignments/{assignment.pk}/submit/").status_code == 200


def test_a_taxonomy_without_types_asks_for_none(client: Client, demo: None) -> None:
    """The workspace shows no error-type picker when the taxonomy has no types; submit and
    the queue's progress must not wait for a choice that cannot be made."""
    assignment = first_assignment("linguist1")
    signed_in(LINGUIST, client)
    answer_everything(client, assignment, skip={"types"})
    assignment.round.project.taxonomy.types.all().delete()
    queue_entry = next(
        a for a in client.get("/api/assignments/").json()["assignments"] if a["id"] == assignment.pk
    )
    assert queue_entry["progress"]["done"] == queue_entry["progress"]["total"]
    response = client.post(f"/api/assignments/{assignment.pk}/submit/")
    assert response.status_code == 200, response.json()


def test_a_closed_round_is_read_only(client: Client, demo: None) -> None:
    assignment = first_assignment("linguist1")
    Round.objects.filter(pk=assignment.round_id).update(status=RoundStatus.CLOSED)
    sentence = assignment.topic.summaries.first().sentences.first()
    response = patch(
        signed_in(LINGUIST, client),
        sentence_url(assignment, sentence.pk),
        {"label": "consistent", "version": 0},
    )
    assert response.status_code == 403


def test_heartbeats_count_active_time_capped_by_the_time_elapsed(
    client: Client, demo: None
) -> None:
    assignment = first_assignment("linguist1")
    url = f"/api/assignments/{assignment.pk}/heartbeat/"
    signed_in(LINGUIST, client)

    def beat(seconds: int) -> int:
        response = client.post(
            url, json.dumps({"seconds": seconds}), content_type="application/json"
        )
        return response.json()["active_seconds"]

    assert beat(3000) == 60  # one beat never counts more than a minute
    # Right after, a replayed or forged beat counts only the seconds really elapsed (+ slack).
    assert beat(60) <= 60 + 6
    assignment.refresh_from_db()
    assert assignment.active_seconds <= 66


def test_feedback_waits_in_the_queue_until_read(client: Client, demo: None) -> None:
    assignment = first_assignment("linguist1")
    sentence = assignment.topic.summaries.first().sentences.order_by("position")[1]
    feedback = Feedback.objects.create(
        round=assignment.round,
        annotator=assignment.annotator,
        author=assignment.round.project.memberships.get(role="admin").user,
        sentence=sentence,
        text="Check who made the promise.",
    )
    Feedback.objects.create(
        round=assignment.round,
        annotator=Assignment.objects.filter(annotator__username="linguist2")[0].annotator,
        text="For linguist2 only.",
    )
    signed_in(LINGUIST, client)
    body = client.get("/api/assignments/").json()
    assert [f["text"] for f in body["feedback"]] == ["Check who made the promise."]
    letters = {
        decode(assignment.pk, "summary", s["id"]): s["label"]
        for s in client.get(f"/api/assignments/{assignment.pk}/").json()["summaries"]
    }
    assert body["feedback"][0]["sentence"] == {
        "summary_label": letters[sentence.summary_id],
        "number": 2,
    }
    assert body["feedback"][0]["author"] == "Ada Admin"
    in_unit = client.get(f"/api/assignments/{assignment.pk}/").json()["feedback"]
    assert [f["text"] for f in in_unit] == ["Check who made the promise."]
    elsewhere = Assignment.objects.filter(annotator__username="linguist1").exclude(
        pk=assignment.pk
    )[0]
    assert client.get(f"/api/assignments/{elsewhere.pk}/").json()["feedback"] == []
    assert client.post(f"/api/feedback/{feedback.pk}/read/").status_code == 204
    assert client.get("/api/assignments/").json()["feedback"] == []
    other = Feedback.objects.get(text="For linguist2 only.")
    assert client.post(f"/api/feedback/{other.pk}/read/").status_code == 404


def add_summaries(assignment: Assignment, count: int) -> None:
    for index in range(count):
        summary = SummaryFactory(topic=assignment.topic, position=100 + index)
        for position in range(5):
            SentenceFactory(summary=summary, position=position)


def test_the_payloads_query_count_does_not_grow_with_the_unit(client: Client, demo: None) -> None:
    small = first_assignment("linguist1")
    large = Assignment.objects.filter(annotator__username="linguist1").order_by("id")[1]
    Summary.objects.filter(topic=small.topic).exclude(
        pk=Summary.objects.filter(topic=small.topic).order_by("id").first().pk
    ).delete()
    add_summaries(large, 5)
    assert small.topic.summaries.count() == 1
    assert large.topic.summaries.count() == 10
    signed_in(LINGUIST, client)
    for assignment in (small, large):
        for summary in assignment.topic.summaries.all()[:3]:
            sentence = summary.sentences.first()
            patch(
                client,
                sentence_url(assignment, sentence.pk),
                {
                    "label": "inconsistent",
                    "error_types": [assignment.round.project.taxonomy.types.first().pk],
                    "version": 0,
                },
            )
    counts = []
    for assignment in (small, large):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/api/assignments/{assignment.pk}/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_queues_query_count_does_not_grow_with_the_number_of_units(
    client: Client, demo: None
) -> None:
    signed_in(LINGUIST, client)
    with CaptureQueriesContext(connection) as nine:
        client.get("/api/assignments/")
    Assignment.objects.filter(annotator__username="linguist1").order_by("-id")[0].delete()
    Assignment.objects.filter(annotator__username="linguist1").order_by("-id")[0].delete()
    with CaptureQueriesContext(connection) as seven:
        client.get("/api/assignments/")
    assert len(nine) == len(seven)


def test_the_payload_request_takes_six_statements_with_a_token_and_seven_with_a_session(
    client: Client, demo: None
) -> None:
    """The numbers docs/api/workspace.md states: the payload's five statements (the
    selector's own test) after authentication's, one for a token (the token with its user),
    two for a session (the session, then the user); two more when there is feedback (the
    notes, then their replies)."""
    assignment = first_assignment("linguist1")
    token = Token.objects.create(user=assignment.annotator).key
    url = f"/api/assignments/{assignment.pk}/"

    def statements(by: Client, **headers: str) -> int:
        with CaptureQueriesContext(connection) as queries:
            assert by.get(url, **headers).status_code == 200
        return len(queries)

    signed_in(LINGUIST, client)
    assert statements(Client(), HTTP_AUTHORIZATION=f"Token {token}") == 6
    assert statements(client) == 7
    Feedback.objects.create(round=assignment.round, annotator=assignment.annotator, text="Hi.")
    assert statements(Client(), HTTP_AUTHORIZATION=f"Token {token}") == 8
