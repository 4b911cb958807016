"""Adjudication over HTTP: the queue (disputes and disagreements, lowest agreement first,
filterable), opening a unit, setting its gold through the ordinary save route, provenance,
notes and flags answered by the next guideline version, and who may see any of it."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from annotations.handles import encode
from annotations.kinds import REVIEW, SECOND_REVIEW
from annotations.models import (
    Assignment,
    AssignmentStage,
    Disagreement,
    Round,
    SentenceJudgement,
    Summary,
)
from annotations.services.judgements import judgement_save
from annotations.services.rounds import round_close
from tests.people import signed_in
from tests.review.test_review_flow import add_reviewer, pilot_with_one_error, review_round

pytestmark = pytest.mark.django_db


def put(client, url, body):  # type: ignore[no-untyped-def]
    return client.put(url, json.dumps(body), content_type="application/json")


def test_the_queue_payload_gold_and_cases() -> None:
    pilot, sentence = pilot_with_one_error()
    slug = pilot.project.slug
    admin = signed_in("admin")
    queue = admin.get(f"/api/admin/projects/{slug}/adjudication/").json()
    (item,) = queue["items"]
    assert (item["question"], item["agreement"], item["decided"]) == ("sentence_label", 0.5, False)
    assert item["sentence"] == 1
    assert item["summary"] == "A"
    assert (
        admin.get(f"/api/admin/projects/{slug}/adjudication/?question=relevance").json()["count"]
        == 0
    )
    assert admin.get(f"/api/admin/projects/{slug}/adjudication/?question=nope").status_code == 400
    assert admin.get(f"/api/admin/projects/{slug}/adjudication/?page=x").status_code == 400
    # Nobody else sees it.
    for username in ("linguist1", "reviewer"):
        other = signed_in(username)
        assert other.get(f"/api/admin/projects/{slug}/adjudication/").status_code == 404
    opened = admin.post(f"/api/admin/projects/{slug}/adjudication/units/{item['topic_id']}/")
    assert opened.status_code == 200
    assignment_id = opened.json()["assignment"]
    again = admin.post(f"/api/admin/projects/{slug}/adjudication/units/{item['topic_id']}/")
    assert again.json()["assignment"] == assignment_id
    assert (
        signed_in("linguist1").get(f"/api/admin/adjudication/{assignment_id}/").status_code == 404
    )
    payload = admin.get(f"/api/admin/adjudication/{assignment_id}/").json()
    handle = encode(assignment_id, "sentence", sentence)
    shown = next(s for m in payload["summaries"] for s in m["sentences"] if s["id"] == handle)
    assert shown["gold"]["label"] == {"value": "inconsistent", "provenance": "tie"}
    assert set(shown["answers"]) == {"linguist1", "linguist2"}
    assert shown["answers"]["linguist1"]["history"]["kind"] == "sentencejudgement"
    body = json.dumps(payload)
    for system in Summary.objects.filter(topic_id=item["topic_id"]).values_list(
        "system", flat=True
    ):
        assert system not in body
    # The gold is saved through the sentence kind's own route, validated and versioned.
    saved = admin.patch(
        f"/api/assignments/{assignment_id}/sentences/{handle}/",
        json.dumps({"version": 0, "label": "consistent"}),
        content_type="application/json",
    )
    assert saved.status_code == 200, saved.content
    payload = admin.get(f"/api/admin/adjudication/{assignment_id}/").json()
    shown = next(s for m in payload["summaries"] for s in m["sentences"] if s["id"] == handle)
    assert shown["gold"]["label"] == {"value": "consistent", "provenance": "adjudicated"}
    assert payload["judgements"]["sentences"][0]["sentence"] == handle
    assert admin.get(f"/api/admin/projects/{slug}/adjudication/").json()["items"][0]["decided"]
    assert admin.get(f"/api/admin/projects/{slug}/adjudication/?decided=false").json()["count"] == 0
    # A note and a flag for the guidelines; the next version answers it.
    case = put(
        admin,
        f"/api/admin/adjudication/{assignment_id}/cases/",
        {"question": "sentence_label", "target": handle, "note": "Hedged claims.", "flagged": True},
    )
    assert case.status_code == 200, case.content
    bad = put(
        admin,
        f"/api/admin/adjudication/{assignment_id}/cases/",
        {"question": "sentence_label", "target": "A" * 22, "note": "", "flagged": False},
    )
    # A body of the documented shape naming what the unit lacks: a data refusal, as a save's.
    assert (bad.status_code, bad.json()["code"]) == (400, "invalid_judgement")
    flagged = admin.get(f"/api/admin/projects/{slug}/flagged-cases/").json()["cases"]
    assert [c["note"] for c in flagged] == ["Hedged claims."]
    version = admin.post(
        f"/api/admin/projects/{slug}/guidelines/",
        json.dumps(
            {"markdown": "# v2", "changelog": "Hedges.", "answers_cases": [flagged[0]["id"]]}
        ),
        content_type="application/json",
    )
    assert version.status_code == 201
    assert "Hedged claims." in version.json()["changelog"]
    assert admin.get(f"/api/admin/projects/{slug}/flagged-cases/").json()["cases"] == []


def test_a_disputed_review_comes_first() -> None:
    pilot, sentence = pilot_with_one_error()
    add_reviewer(pilot.project, "reviewer2")
    round_ = review_round(pilot, ["reviewer", "reviewer2"])
    first = Assignment.objects.select_related("annotator").get(
        round=round_, stage=AssignmentStage.REVIEW
    )
    second = Assignment.objects.select_related("annotator").get(
        round=round_, stage=AssignmentStage.SECOND_REVIEW
    )
    judgement_save(
        REVIEW,
        assignment_id=first.pk,
        user=first.annotator,
        version=0,
        changes={"decision": "false_positive", "note": "Said in turn 2."},
        target_id=sentence,
    )
    judgement_save(
        SECOND_REVIEW,
        assignment_id=second.pk,
        user=second.annotator,
        version=0,
        changes={"verdict": "dispute", "note": "Turn 2 says the opposite."},
        target_id=sentence,
    )
    items = (
        signed_in("admin")
        .get(f"/api/admin/projects/{pilot.project.slug}/adjudication/")
        .json()["items"]
    )
    assert [(i["question"], i["agreement"]) for i in items] == [
        ("review_dispute", 0.0),
        ("sentence_label", 0.5),
    ]


def test_the_queue_costs_the_same_queries_for_one_disagreement_as_for_many() -> None:
    """A closed round's disagreements are listed once (at close, or on the first read), then
    each page is the same few queries however many there are."""
    pilot, _ = pilot_with_one_error()
    admin = signed_in("admin")
    url = f"/api/admin/projects/{pilot.project.slug}/adjudication/"
    assert admin.get(url).json()["count"] == 1  # lists them
    with CaptureQueriesContext(connection) as one:
        assert admin.get(url).json()["count"] == 1
    # The same round with every sentence in dispute, listed anew.
    Disagreement.objects.filter(round=pilot).delete()
    Round.objects.filter(pk=pilot.pk).update(disagreements_at=None)
    SentenceJudgement.objects.filter(
        assignment__round=pilot, assignment__annotator__username="linguist1"
    ).update(label="inconsistent")
    assert admin.get(url).json()["count"] > 20
    with CaptureQueriesContext(connection) as many:
        assert admin.get(url).json()["count"] > 20
    assert len(many) == len(one)


# Closing the round runs its agreement report as a job, in-process here, which reports progress
# through the "progress" connection when it exists (PostgreSQL).
@pytest.mark.django_db(databases="__all__")
def test_closing_a_round_lists_its_disagreements(django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    pilot, _ = pilot_with_one_error()
    Round.objects.filter(pk=pilot.pk).update(status="open")
    pilot.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        round_close(round=pilot)  # its task runs eagerly in tests
    pilot.refresh_from_db()
    assert pilot.disagreements_at is not None
    assert Disagreement.objects.filter(round=pilot, question="sentence_label").count() == 1


def test_different_error_types_on_an_agreed_error_are_a_question_of_their_own() -> None:
    """Both linguists call the sentence inconsistent, with different types: the label is
    agreed, so it is not a label disagreement; the types are, and the unit shows the types
    given by both (none here) as the vote's gold until the admin sets theirs."""
    pilot, sentence = pilot_with_one_error()
    types = list(pilot.project.taxonomy.types.order_by("id")[:2])
    other = SentenceJudgement.objects.get(
        assignment__round=pilot, assignment__annotator__username="linguist2", sentence=sentence
    )
    other.label = "inconsistent"
    other.save()
    other.error_types.set(types[1:])
    admin = signed_in("admin")
    url = f"/api/admin/projects/{pilot.project.slug}/adjudication/"
    (item,) = admin.get(url).json()["items"]
    assert (item["question"], item["agreement"], item["answers"]) == ("error_types", 0.5, 2)
    assert admin.get(f"{url}?question=sentence_label").json()["count"] == 0
    assignment_id = admin.post(f"{url}units/{item['topic_id']}/").json()["assignment"]
    handle = encode(assignment_id, "sentence", sentence)

    def shown() -> dict:  # type: ignore[type-arg]
        payload = admin.get(f"/api/admin/adjudication/{assignment_id}/").json()
        return next(s for m in payload["summaries"] for s in m["sentences"] if s["id"] == handle)

    first = shown()
    assert (first["disagree"], first["types_disagree"]) == (False, True)
    assert first["gold"]["label"] == {"value": "inconsistent", "provenance": "unanimous"}
    assert first["gold"]["error_types"] == {"value": [], "provenance": "majority"}
    saved = admin.patch(
        f"/api/assignments/{assignment_id}/sentences/{handle}/",
        json.dumps({"version": 0, "label": "inconsistent", "error_types": [types[1].pk]}),
        content_type="application/json",
    )
    assert saved.status_code == 200, saved.content
    assert shown()["gold"]["error_types"] == {"value": [types[1].name], "provenance": "adjudicated"}
    assert admin.get(f"{url}?decided=false").json()["count"] == 0
    case = put(
        admin,
        f"/api/admin/adjudication/{assignment_id}/cases/",
        {"question": "error_types", "target": handle, "note": "A name swap.", "flagged": True},
    )
    assert case.status_code == 200, case.content


def test_an_empty_queue_says_what_its_filter_hides_and_which_rounds_are_still_open() -> None:
    pilot, sentence = pilot_with_one_error()
    admin = signed_in("admin")
    url = f"/api/admin/projects/{pilot.project.slug}/adjudication/"
    assert admin.get(url, {"decided": "false"}).json()["hidden"] == 0
    item = admin.get(url).json()["items"][0]
    assignment = admin.post(f"{url}units/{item['topic_id']}/").json()["assignment"]
    handle = encode(assignment, "sentence", sentence)
    saved = admin.patch(
        f"/api/assignments/{assignment}/sentences/{handle}/",
        json.dumps({"version": 0, "label": "consistent"}),
        content_type="application/json",
    )
    assert saved.status_code == 200, saved.content
    undecided = admin.get(url, {"decided": "false"}).json()
    assert (undecided["count"], undecided["hidden"]) == (0, 1)
    assert admin.get(url, {"decided": "true"}).json()["hidden"] == 0
    assert "hidden" in admin.get(url).json()
    # The demo's other rounds are open: their disagreements come when they close.
    assert (
        undecided["open_rounds"]
        == Round.objects.filter(project=pilot.project, kind="pilot", status="open").count()
    )
