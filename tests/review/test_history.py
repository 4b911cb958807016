"""A judgement's audit history for admins: its changes, its assignment's submit and
reopening, the review decisions on its sentence, and edits made in the Django admin."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from annotations.kinds import REVIEW, SENTENCE
from annotations.models import Assignment, AssignmentStage, JudgementChange, SentenceJudgement
from annotations.services.feedback import assignment_reopen
from annotations.services.judgements import judgement_save
from tests.people import signed_in
from tests.review.test_review_flow import add_reviewer, pilot_with_one_error, review_round

pytestmark = pytest.mark.django_db


def test_the_history_tells_the_whole_story_to_admins_only() -> None:
    pilot, sentence = pilot_with_one_error()
    judgement = SentenceJudgement.objects.select_related("assignment__annotator").get(
        sentence_id=sentence, label="inconsistent"
    )
    linguist = judgement.assignment.annotator
    # Reopened by the admin (the round is open again), changed by the linguist, submitted.
    pilot.status = "open"
    pilot.save()
    admin_user = get_user_model().objects.get(username="admin")
    assignment_reopen(
        assignment_id=judgement.assignment_id, actor=admin_user, reason="Check sentence 1."
    )
    judgement_save(
        SENTENCE,
        assignment_id=judgement.assignment_id,
        user=linguist,
        version=judgement.version,
        changes={"explanation": "Turn 3 never says so."},
        target_id=sentence,
    )
    pilot.status = "closed"
    pilot.save()
    add_reviewer(pilot.project, "reviewer2")
    round_ = review_round(pilot, ["reviewer", "reviewer2"])
    first = Assignment.objects.select_related("annotator").get(
        round=round_, stage=AssignmentStage.REVIEW
    )
    judgement_save(
        REVIEW,
        assignment_id=first.pk,
        user=first.annotator,
        version=0,
        changes={"decision": "confirmed"},
        target_id=sentence,
    )
    url = f"/api/admin/history/sentencejudgement/{judgement.pk}/"
    entries = signed_in("admin").get(url).json()["entries"]
    assert [(e["action"], e["kind"], e["source"]) for e in entries] == [
        ("reopen", "assignment", "workspace"),
        ("update", "sentencejudgement", "workspace"),
        ("create", "reviewdecision", "review"),
    ]
    assert entries[1]["after"]["explanation"] == "Turn 3 never says so."
    assert entries[1]["actor"] == linguist.username
    for username in ("linguist1", "reviewer"):
        assert signed_in(username).get(url).status_code == 404
    assert signed_in("admin").get("/api/admin/history/nosuchkind/1/").status_code == 404


def test_an_edit_in_the_django_admin_is_audited() -> None:
    _pilot, sentence = pilot_with_one_error()
    judgement = SentenceJudgement.objects.get(sentence_id=sentence, label="inconsistent")
    admin = signed_in("admin")
    page = f"/admin/annotations/sentencejudgement/{judgement.pk}/change/"
    assert admin.get(page).status_code == 200
    response = admin.post(
        page,
        {
            "assignment": judgement.assignment_id,
            "sentence": judgement.sentence_id,
            "label": "consistent",
            "explanation": "Corrected by the admin.",
            "comment": "",
            "confidence": "",
            "guideline_version": "",
            "version": judgement.version,
            "spans-TOTAL_FORMS": "0",
            "spans-INITIAL_FORMS": "0",
            "spans-MIN_NUM_FORMS": "0",
            "spans-MAX_NUM_FORMS": "1000",
        },
    )
    assert response.status_code == 302, response.content[:2000]
    entries = admin.get(f"/api/admin/history/sentencejudgement/{judgement.pk}/").json()["entries"]
    last = entries[-1]
    assert (last["action"], last["source"], last["actor"]) == (
        "admin_edit",
        "django_admin",
        "admin",
    )
    assert (last["before"]["label"], last["after"]["label"]) == ("inconsistent", "consistent")
    # The trail itself is read there, never changed or deleted.
    change = JudgementChange.objects.latest("pk")
    page = f"/admin/annotations/judgementchange/{change.pk}/"
    assert admin.get(f"{page}change/").status_code == 200
    assert admin.post(f"{page}delete/", {"post": "yes"}).status_code == 403
    assert admin.get("/admin/annotations/judgementchange/add/").status_code == 403
    assert JudgementChange.objects.filter(pk=change.pk).exists()


def test_a_units_whole_history_and_each_compared_answers_history_open_for_admins() -> None:
    """The round progress opens a unit's history (every judgement's changes, its reopening),
    and the disagreement view gives each answer its own history."""
    pilot, sentence = pilot_with_one_error()
    judgement = SentenceJudgement.objects.get(sentence_id=sentence, label="inconsistent")
    pilot.status = "open"
    pilot.save()
    admin_user = get_user_model().objects.get(username="admin")
    assignment_reopen(assignment_id=judgement.assignment_id, actor=admin_user, reason="Look again.")
    judgement_save(
        SENTENCE,
        assignment_id=judgement.assignment_id,
        user=judgement.assignment.annotator,
        version=judgement.version,
        changes={"explanation": "Turn 3 never says so."},
        target_id=sentence,
    )
    admin = signed_in("admin")
    unit = admin.get(f"/api/admin/history/assignment/{judgement.assignment_id}/").json()
    assert [(e["action"], e["kind"]) for e in unit["entries"]][-2:] == [
        ("reopen", "assignment"),
        ("update", "sentencejudgement"),
    ]
    assert (
        signed_in("linguist1")
        .get(f"/api/admin/history/assignment/{judgement.assignment_id}/")
        .status_code
        == 404
    )
    assert admin.get("/api/admin/history/assignment/999999/").status_code == 404

    pilot.status = "closed"
    pilot.save()
    Assignment.objects.filter(pk=judgement.assignment_id).update(status="submitted")
    compared = admin.get(
        f"/api/admin/rounds/{pilot.pk}/disagreements/{judgement.assignment.topic_id}/"
    ).json()
    answers = [
        answer
        for summary in compared["summaries"]
        for s in summary["sentences"]
        if s["id"] == sentence
        for answer in s["judgements"].values()
    ]
    assert {"kind": "sentencejudgement", "id": judgement.pk} in [a["history"] for a in answers]
    assert all(
        answer["history"]["kind"] == "summaryjudgement"
        for summary in compared["summaries"]
        for answer in summary["judgements"].values()
    )
