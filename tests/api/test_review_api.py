"""The reviewer's API over HTTP: the queue, the item screen, decisions and verdicts saved by
handle, who may reach what, the linguist's view of the outcome, and every response matching
its declared contract."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from annotations.api.review_contract import ItemsPayloadOutput, ReviewQueueOutput, RoundReviewOutput
from annotations.api.workspace_contract import kind_state_serializer
from annotations.handles import encode
from annotations.kinds import REVIEW, SECOND_REVIEW
from annotations.models import Assignment, AssignmentStage, Membership, Role, Round
from tests.api.test_contract import mismatches
from tests.people import signed_in
from tests.review.test_review_flow import add_reviewer, pilot_with_one_error, review_round

pytestmark = pytest.mark.django_db


def review_url(assignment_id: int, sentence_id: int, kind: str = "reviews") -> str:
    handle = encode(assignment_id, "sentence", sentence_id)
    return f"/api/assignments/{assignment_id}/{kind}/{handle}/"


def patch(client: Client, url: str, body: dict[str, Any]) -> Any:
    return client.patch(url, json.dumps(body), content_type="application/json")


@pytest.fixture
def review() -> tuple[Round, int, Assignment, Assignment]:
    pilot, sentence = pilot_with_one_error()
    add_reviewer(pilot.project, "reviewer2")
    round_ = review_round(pilot, ["reviewer", "reviewer2"])
    first = Assignment.objects.select_related("annotator").get(
        round=round_, stage=AssignmentStage.REVIEW
    )
    second = Assignment.objects.select_related("annotator").get(
        round=round_, stage=AssignmentStage.SECOND_REVIEW
    )
    return round_, sentence, first, second


def as_user(assignment: Assignment) -> Client:
    user = assignment.annotator
    user.set_password("demo")
    user.save()
    return signed_in(user.get_username())


def test_a_reviewer_decides_and_the_second_reviewer_confirms_over_http(review) -> None:  # type: ignore[no-untyped-def]
    round_, sentence, first, second = review
    reviewer = as_user(first)
    queue = reviewer.get("/api/reviews/").json()
    assert mismatches(ReviewQueueOutput(), queue) == []
    (entry,) = queue["assignments"]
    assert (entry["id"], entry["stage"], entry["screen"]) == (first.pk, "review", "items")
    assert entry["progress"] == {"done": 0, "total": 1}
    payload = reviewer.get(f"/api/assignments/{first.pk}/items/").json()
    assert mismatches(ItemsPayloadOutput(), payload) == []
    # The workspace does not open review work, nor the item screen annotation work.
    assert reviewer.get(f"/api/assignments/{first.pk}/").status_code == 404
    saved = patch(
        reviewer,
        review_url(first.pk, sentence),
        {"version": 0, "decision": "false_positive", "note": "Said in turn 2."},
    )
    assert saved.status_code == 200, saved.content
    assert mismatches(kind_state_serializer(REVIEW)(), saved.json()) == []
    assert saved.json()["sentence"] == payload["items"][0]["sentence"]
    stale = patch(reviewer, review_url(first.pk, sentence), {"version": 0, "note": "again"})
    assert stale.status_code == 409
    assert reviewer.post(f"/api/assignments/{first.pk}/submit/").status_code == 200
    confirmer = as_user(second)
    shown = confirmer.get(f"/api/assignments/{second.pk}/items/").json()
    assert shown["items"][0]["decision"]["decision"] == "false_positive"
    disputed = patch(
        confirmer,
        review_url(second.pk, sentence, "second_reviews"),
        {"version": 0, "verdict": "dispute"},
    )
    assert disputed.status_code == 200
    assert mismatches(kind_state_serializer(SECOND_REVIEW)(), disputed.json()) == []
    refused = confirmer.post(f"/api/assignments/{second.pk}/submit/")
    assert refused.status_code == 400
    assert [m["item"] for m in refused.json()["missing"]] == ["note"]
    admin = signed_in("admin")
    results = admin.get(f"/api/admin/rounds/{round_.pk}/review/").json()
    assert mismatches(RoundReviewOutput(), results) == []
    assert (results["decided"], results["disputed"]) == (1, 1)
    (flagger,) = results["false_positive_rate"]["by_annotator"]
    assert flagger == {"username": "linguist1", "reviewed": 1, "false_positive": 1, "rate": 1.0}


def test_reviewers_reach_review_items_only(review) -> None:  # type: ignore[no-untyped-def]
    round_, sentence, first, second = review
    linguist = signed_in("linguist1")
    assert linguist.get(f"/api/assignments/{first.pk}/items/").status_code == 404
    assert (
        patch(
            linguist, review_url(first.pk, sentence), {"version": 0, "decision": "confirmed"}
        ).status_code
        == 404
    )
    # A reviewer who loses the role is refused, and saves nothing.
    Membership.objects.filter(user=first.annotator, role=Role.REVIEWER).delete()
    reviewer = as_user(first)
    response = patch(
        reviewer, review_url(first.pk, sentence), {"version": 0, "decision": "confirmed"}
    )
    assert response.status_code == 403
    # A forged handle is not in the unit.
    forged = f"/api/assignments/{second.pk}/second_reviews/{'A' * 22}/"
    assert patch(as_user(second), forged, {"version": 0, "verdict": "confirm"}).status_code == 404
    assert signed_in("linguist1").get(f"/api/admin/rounds/{round_.pk}/review/").status_code == 404


def test_the_linguist_sees_what_review_decided_on_their_submitted_unit(review) -> None:  # type: ignore[no-untyped-def]
    round_, sentence, first, second = review
    patch(
        as_user(first),
        review_url(first.pk, sentence),
        {"version": 0, "decision": "false_positive", "note": "Said in turn 2."},
    )
    patch(
        as_user(second),
        review_url(second.pk, sentence, "second_reviews"),
        {"version": 0, "verdict": "confirm"},
    )
    linguist = get_user_model().objects.get(username="linguist1")
    own = Assignment.objects.get(
        round__in=round_.source_rounds.all(), topic=first.topic, annotator=linguist
    )
    payload = signed_in("linguist1").get(f"/api/assignments/{own.pk}/").json()
    (outcome,) = payload["review_outcomes"]
    assert outcome == {
        "sentence": encode(own.pk, "sentence", sentence),
        "decision": "false_positive",
        "error_types": [],
        "note": "Said in turn 2.",
        "status": "confirmed",
    }
