"""Acting on feedback: an admin reopens a submitted unit (audited, the linguist sees why and
can change it again), and linguist and admin reply to each other under a note."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from annotations.models import (
    Assignment,
    AssignmentStatus,
    Feedback,
    JudgementChange,
    Project,
    Round,
    RoundStatus,
    SummarySentence,
)
from tests.api.test_admin_rounds import label_and_submit, post
from tests.people import ADMIN, LINGUIST, SECOND_LINGUIST, signed_in

pytestmark = pytest.mark.django_db(databases="__all__")


def _submitted(username: str) -> Assignment:
    pilot = Round.objects.get(project__slug="demo")
    assignment = Assignment.objects.filter(round=pilot, annotator__username=username).first()
    assert assignment is not None
    label_and_submit(assignment, lambda s: "consistent")
    return assignment


def test_an_admin_reopens_a_submitted_unit_and_the_linguist_sees_why_and_can_save_again(
    demo: Project,
) -> None:
    assignment = _submitted("linguist1")
    admin = signed_in(ADMIN, Client())
    reopened = post(
        admin,
        f"/api/admin/assignments/{assignment.pk}/reopen/",
        {"reason": "Please re-check sentence 2 of summary A."},
    )
    assert reopened.status_code == 200, reopened.content
    assert reopened.json()["status"] == "in_progress"
    assignment.refresh_from_db()
    assert assignment.status == AssignmentStatus.IN_PROGRESS
    assert assignment.submitted_at is None
    change = JudgementChange.objects.get(assignment=assignment, action="reopen")
    assert change.actor is not None
    assert change.actor.username == "admin"
    assert change.after["reason"] == "Please re-check sentence 2 of summary A."

    linguist = signed_in(LINGUIST, Client())
    queue = linguist.get("/api/assignments/").json()
    note = queue["feedback"][0]
    assert note["reopened"] is True
    assert note["text"] == "Please re-check sentence 2 of summary A."
    assert note["assignment"] == assignment.pk
    entry = next(a for a in queue["assignments"] if a["id"] == assignment.pk)
    assert entry["status"] == "in_progress"
    payload = linguist.get(f"/api/assignments/{assignment.pk}/").json()
    assert payload["read_only"] is False


def test_reopen_is_refused_with_the_reason_and_changes_nothing(demo: Project) -> None:
    pilot = Round.objects.get(project__slug="demo")
    unsubmitted = Assignment.objects.filter(round=pilot, annotator__username="linguist2").first()
    assert unsubmitted is not None
    admin = signed_in(ADMIN, Client())
    url = f"/api/admin/assignments/{unsubmitted.pk}/reopen/"
    refused = post(admin, url, {"reason": "x"})
    assert refused.status_code == 409
    assert "not submitted" in refused.json()["message"]

    submitted = _submitted("linguist1")
    empty = post(admin, f"/api/admin/assignments/{submitted.pk}/reopen/", {"reason": ""})
    assert empty.status_code == 400
    assert "reason" in empty.json()["errors"]

    Round.objects.filter(pk=pilot.pk).update(status=RoundStatus.CLOSED)
    closed = post(admin, f"/api/admin/assignments/{submitted.pk}/reopen/", {"reason": "x"})
    assert closed.status_code == 409
    assert "closed" in closed.json()["message"]

    linguist = signed_in(LINGUIST, Client())
    not_theirs = post(linguist, f"/api/admin/assignments/{submitted.pk}/reopen/", {"reason": "x"})
    assert not_theirs.status_code == 404
    submitted.refresh_from_db()
    assert submitted.status == AssignmentStatus.SUBMITTED
    assert not JudgementChange.objects.filter(action="reopen").exists()
    assert not Feedback.objects.exists()


def test_linguist_and_admin_reply_in_a_thread_and_an_admin_reply_is_unread_again(
    demo: Project,
) -> None:
    pilot = Round.objects.get(project__slug="demo")
    admin = signed_in(ADMIN, Client())
    sent = post(
        admin,
        f"/api/admin/rounds/{pilot.pk}/feedback/",
        {"annotator": "linguist1", "text": "Is sentence 1 really consistent?"},
    )
    note_id = sent.json()["id"]
    linguist = signed_in(LINGUIST, Client())
    reply = post(linguist, f"/api/feedback/{note_id}/replies/", {"text": "Yes: turn 3 says so."})
    assert reply.status_code == 201, reply.content
    assert reply.json()["mine"] is True
    assert linguist.post(f"/api/feedback/{note_id}/read/").status_code == 204
    assert linguist.get("/api/assignments/").json()["feedback"] == []

    answer = post(admin, f"/api/feedback/{note_id}/replies/", {"text": "Thanks, agreed."})
    assert answer.status_code == 201
    [note] = linguist.get("/api/assignments/").json()["feedback"]
    assert [(r["text"], r["mine"]) for r in note["replies"]] == [
        ("Yes: turn 3 says so.", True),
        ("Thanks, agreed.", False),
    ]

    other = signed_in(SECOND_LINGUIST, Client())
    assert post(other, f"/api/feedback/{note_id}/replies/", {"text": "me too"}).status_code == 404
    blank = post(linguist, f"/api/feedback/{note_id}/replies/", {"text": ""})
    assert blank.status_code == 400
    assert "text" in blank.json()["errors"]
    assert Feedback.objects.get(pk=note_id).replies.count() == 2


def test_the_admin_lists_sent_feedback_with_read_state_and_replies_in_fixed_queries(
    demo: Project, django_assert_max_num_queries: Any
) -> None:
    pilot = Round.objects.get(project__slug="demo")
    admin = signed_in(ADMIN, Client())
    url = f"/api/admin/rounds/{pilot.pk}/feedback/"
    sentence = SummarySentence.objects.filter(summary__topic__assignments__round=pilot).first()
    assert sentence is not None
    first = post(admin, url, {"annotator": "linguist1", "text": "General note."}).json()["id"]
    post(admin, url, {"annotator": "linguist2", "text": "About one.", "sentence": sentence.pk})
    linguist = signed_in(LINGUIST, Client())
    post(linguist, f"/api/feedback/{first}/replies/", {"text": "Understood."})
    linguist.post(f"/api/feedback/{first}/read/")

    with django_assert_max_num_queries(8):
        listed = admin.get(url).json()
    by_text = {note["text"]: note for note in listed}
    general = by_text["General note."]
    assert general["annotator"] == "linguist1"
    assert general["read_at"] is not None
    assert [(r["text"], r["from_annotator"]) for r in general["replies"]] == [("Understood.", True)]
    about = by_text["About one."]
    assert about["read_at"] is None
    assert about["sentence"]["number"] == sentence.position + 1
    assert about["topic"] == sentence.summary.topic_id

    for index in range(6):  # more notes about more units: the same number of queries
        other = SummarySentence.objects.filter(summary__topic__assignments__round=pilot)[index * 7]
        post(admin, url, {"annotator": "linguist2", "text": f"n{index}", "sentence": other.pk})
    with django_assert_max_num_queries(8):
        assert len(admin.get(url).json()) == 8
    assert linguist.get(url).status_code == 404


def test_unread_replies_are_counted_for_the_admins_until_read_and_a_reply_reads_the_note(
    demo: Project,
) -> None:
    pilot = Round.objects.get(project__slug="demo", name="Pilot 1")
    admin = signed_in(ADMIN, Client())
    url = f"/api/admin/rounds/{pilot.pk}/feedback/"
    note = post(admin, url, {"annotator": "linguist1", "text": "General note."}).json()["id"]
    linguist = signed_in(LINGUIST, Client())
    post(linguist, f"/api/feedback/{note}/replies/", {"text": "Understood."})
    post(linguist, f"/api/feedback/{note}/replies/", {"text": "One more thing."})

    listed = admin.get(url).json()[0]
    # Replying, the linguist read the note: it no longer says "not read yet".
    assert listed["read_at"] is not None
    assert listed["unread_replies"] == 2
    assert [r["unread"] for r in listed["replies"]] == [True, True]
    project = admin.get("/api/admin/projects/demo/").json()
    assert project["unread_replies"] == [{"round": pilot.pk, "topic": None, "count": 2}]

    # Only an admin of the project marks them read.
    assert post(linguist, f"/api/admin/feedback/{note}/replies/read/", {}).status_code == 404
    assert post(admin, f"/api/admin/feedback/{note}/replies/read/", {}).json() == {"read": 2}
    assert admin.get("/api/admin/projects/demo/").json()["unread_replies"] == []
    # A new reply is unread again; an admin's answer reads it.
    post(linguist, f"/api/feedback/{note}/replies/", {"text": "And a question."})
    assert admin.get(url).json()[0]["unread_replies"] == 1
    post(admin, f"/api/feedback/{note}/replies/", {"text": "Answered."})
    assert admin.get(url).json()[0]["unread_replies"] == 0
