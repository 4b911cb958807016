"""Clearing a sentence's label (the workspace's Delete key and undo back to "not labelled")
is an ordinary save: label "" goes through the one pipeline, moves the version and is audited,
through the kind's own route and through the batch route alike."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from annotations.handles import encode
from annotations.models import Assignment, JudgementChange, SentenceJudgement, SummarySentence
from tests.people import LINGUIST, signed_in

pytestmark = pytest.mark.django_db


def first_assignment() -> tuple[Assignment, SummarySentence]:
    assignment = Assignment.objects.filter(annotator__username=LINGUIST).order_by("id").first()
    assert assignment is not None
    sentence = (
        SummarySentence.objects.filter(summary__topic_id=assignment.topic_id)
        .order_by("summary_id", "position")
        .first()
    )
    assert sentence is not None
    return assignment, sentence


def patch(client: Client, assignment: Assignment, sentence: SummarySentence, **body: Any) -> Any:
    handle = encode(assignment.pk, "sentence", sentence.pk)
    return client.patch(
        f"/api/assignments/{assignment.pk}/sentences/{handle}/",
        json.dumps(body),
        content_type="application/json",
    )


def test_a_label_is_cleared_by_its_own_route_and_the_change_is_audited(
    client: Client, demo: None
) -> None:
    assignment, sentence = first_assignment()
    signed_in(LINGUIST, client)
    assert patch(client, assignment, sentence, label="consistent", version=0).status_code == 200
    response = patch(client, assignment, sentence, label="", version=1)
    assert response.status_code == 200, response.content
    assert response.json()["label"] == ""
    assert response.json()["version"] == 2
    judgement = SentenceJudgement.objects.get(assignment=assignment, sentence=sentence)
    assert (judgement.label, judgement.version) == ("", 2)
    last = JudgementChange.objects.filter(object_id=judgement.pk, kind="sentencejudgement").last()
    assert last is not None
    assert last.action == "update"
    assert (last.before or {}).get("label") == "consistent"
    assert (last.after or {}).get("label") == ""


def test_an_undo_that_clears_a_label_in_a_batch_is_checked_against_the_current_version(
    client: Client, demo: None
) -> None:
    assignment, sentence = first_assignment()
    signed_in(LINGUIST, client)
    handle = encode(assignment.pk, "sentence", sentence.pk)

    def batch(version: int, label: str) -> Any:
        entry = {"kind": "sentence", "handle": handle, "version": version, "label": label}
        return client.post(
            f"/api/assignments/{assignment.pk}/batch/",
            json.dumps({"entries": [entry]}),
            content_type="application/json",
        ).json()["entries"][0]

    assert batch(0, "inconsistent")["status"] == 200
    # An undo is a save like any other: made from a stale version it is refused, not applied.
    stale = batch(0, "")
    assert stale["status"] == 409
    assert stale["error"]["current"]["label"] == "inconsistent"
    cleared = batch(1, "")
    assert cleared["status"] == 200
    assert cleared["state"]["label"] == ""
    judgement = SentenceJudgement.objects.get(assignment=assignment, sentence=sentence)
    assert judgement.label == ""
    actions = list(
        JudgementChange.objects.filter(object_id=judgement.pk, kind="sentencejudgement")
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == ["create", "update"]
