"""Assisted rounds through the API (docs/models-in-the-loop.md, "Assisted rounds"): the model's
verdict on a sentence reaches the linguist only after their own label for it is saved, named
"Model"; and the independence test: no response a linguist or reviewer can get about an
unassisted unit carries any model content, like the blinding tests (tests/api/test_blinding.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from annotations.handles import decode
from annotations.models import (
    Assignment,
    JudgementChange,
    Membership,
    Role,
    RoundKind,
    SentenceJudgement,
)
from annotations.services.item_rounds import ItemRoundRequest, item_round_create
from annotations.services.rounds import round_open
from tests.assisted import (
    EVALUATOR_NAME,
    EXPLANATION_MARK,
    LINGUISTS,
    RUN_VERSION,
    AssistedStudy,
    assisted_study,
)
from tests.corpus_predictions import prediction_of
from tests.factories import UserFactory
from tests.people import signed_in

pytestmark = pytest.mark.django_db

# Keys only a model verdict has: a linguist's own judgement never carries them.
MODEL_KEYS = {"score", "abstain"}


def patch(client: Client, url: str, data: dict[str, Any]) -> Any:
    return client.patch(url, json.dumps(data), content_type="application/json")


def keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from keys(inner)


def assert_no_model_content(response: Any, where: str) -> None:
    text = response.content.decode()
    for marker in (EVALUATOR_NAME, RUN_VERSION, EXPLANATION_MARK, '"Model"'):
        assert marker not in text, (where, marker, text[:400])
    if response.get("Content-Type", "").startswith("application/json") and text:
        assert not MODEL_KEYS & set(keys(response.json())), (where, text[:400])


def sentence_handles(payload: dict[str, Any]) -> list[str]:
    return [s["id"] for summary in payload["summaries"] for s in summary["sentences"]]


def test_the_verdict_appears_only_after_the_label_is_saved_and_names_the_model() -> None:
    study = assisted_study()
    assignment = study.assignments(LINGUISTS[0], assisted=True)[0]
    client = signed_in(LINGUISTS[0])
    payload = client.get(f"/api/assignments/{assignment.pk}/")
    assert_no_model_content(payload, "payload before")
    before = client.get(f"/api/assignments/{assignment.pk}/reveal/").json()
    assert before == {"assisted": True, "source": "Model", "sentences": []}
    first, second = sentence_handles(payload.json())[:2]
    url = f"/api/assignments/{assignment.pk}/sentences/{first}/"
    saved = patch(client, url, {"label": "consistent", "version": 0})
    assert saved.status_code == 200
    assert_no_model_content(saved, "save response")  # the save carries the linguist's own
    revealed = client.get(f"/api/assignments/{assignment.pk}/reveal/")
    body = revealed.json()
    assert body["assisted"] is True
    assert body["source"] == "Model"
    (verdict,) = body["sentences"]  # only the saved sentence, not ``second``
    assert verdict["sentence"] == first != second
    sentence_id = decode(assignment.pk, "sentence", first)
    expected = prediction_of(study.run, sentence_id)
    assert verdict["label"] == expected["label"]
    assert verdict["explanation"] == expected["explanation"]
    assert verdict["evidence"] == [1]
    for secret in (EVALUATOR_NAME, RUN_VERSION):
        assert secret not in revealed.content.decode()
    # The linguist revises: the save is marked after the reveal; the first label is kept.
    revised = patch(client, url, {"label": "inconsistent", "explanation": "No.", "version": 1})
    assert revised.status_code == 200
    judgement = SentenceJudgement.objects.get(assignment=assignment, sentence_id=sentence_id)
    assert (judgement.pre_reveal_label, judgement.label) == ("consistent", "inconsistent")
    assert list(
        JudgementChange.objects.filter(object_id=judgement.pk, kind="sentencejudgement")
        .order_by("pk")
        .values_list("after_reveal", flat=True)
    ) == [False, True]
    # Nobody else sees it: the other linguist's reveal of this assignment is a 404.
    other = signed_in(LINGUISTS[1]).get(f"/api/assignments/{assignment.pk}/reveal/")
    assert other.status_code == 404


def _review_round(study: AssistedStudy) -> list[Assignment]:
    for name in ("rev1", "rev2"):
        user = UserFactory(username=name)
        Membership.objects.create(project=study.project, user=user, role=Role.REVIEWER)
    round_, _ = item_round_create(
        ItemRoundRequest(
            project=study.project,
            name="Review",
            kind=RoundKind.REVIEW,
            guideline_version=1,
            people=["rev1", "rev2"],
            source_rounds=[study.round.pk],
        )
    )
    round_open(round=round_)
    return list(Assignment.objects.filter(round=round_).select_related("annotator"))


def test_independence_no_response_about_an_unassisted_unit_carries_model_content() -> None:
    """Walk every response a linguist can get for their unassisted units (queue, payload,
    reveal, saves, revisions, batch, conflicts, submit, history) and a reviewer's screens of
    those units; none may carry the model's explanation, name, version or verdict fields.
    The same walk over an assisted unit does find the explanation (the check can fail)."""
    study = assisted_study()
    client = signed_in(LINGUISTS[0])
    found_in_assisted = False
    for assisted in (False, True):
        for assignment in study.assignments(LINGUISTS[0], assisted=assisted):
            responses: list[tuple[str, Any]] = []
            base = f"/api/assignments/{assignment.pk}/"
            payload = client.get(base)
            responses += [("queue", client.get("/api/assignments/")), ("payload", payload)]
            responses.append(("reveal before", client.get(f"{base}reveal/")))
            first, *rest = sentence_handles(payload.json())
            url = f"{base}sentences/{first}/"
            responses.append(("save", patch(client, url, {"label": "consistent", "version": 0})))
            responses.append(("stale", patch(client, url, {"label": "consistent", "version": 0})))
            responses.append(
                (
                    "revise",
                    patch(client, url, {"label": "inconsistent", "explanation": "x", "version": 1}),
                )
            )
            entries = [
                {"kind": "sentence", "handle": h, "version": 0, "label": "consistent"} for h in rest
            ]
            batch = client.post(
                f"{base}batch/", json.dumps({"entries": entries}), content_type="application/json"
            )
            assert batch.status_code == 200, batch.content
            responses.append(("batch", batch))
            responses.append(("submit", client.post(f"{base}submit/")))
            responses.append(("payload after", client.get(base)))
            reveal_after = client.get(f"{base}reveal/")
            judgement = SentenceJudgement.objects.filter(assignment=assignment).first()
            assert judgement is not None
            responses.append(
                ("history", client.get(f"/api/admin/history/sentencejudgement/{judgement.pk}/"))
            )
            if assisted:
                found_in_assisted |= EXPLANATION_MARK in reveal_after.content.decode()
                continue
            assert reveal_after.json() == {"assisted": False, "source": None, "sentences": []}
            responses.append(("reveal after", reveal_after))
            for where, response in responses:
                assert response.status_code < 500, where
                assert_no_model_content(response, where)
    assert found_in_assisted
    # Reviewers of the round never see model content, whatever the arm of the unit.
    unassisted_topics = {a.topic_id for a in study.assignments(LINGUISTS[0], assisted=False)}
    reviewed = 0
    for review in _review_round(study):
        reviewer = signed_in(review.annotator.username)  # type: ignore[union-attr]
        screen = reviewer.get(f"/api/assignments/{review.pk}/items/")
        assert screen.status_code == 200
        assert_no_model_content(screen, "review items")
        assert_no_model_content(reviewer.get("/api/reviews/"), "review queue")
        reviewed += review.topic_id in unassisted_topics
    assert reviewed


def test_the_admin_api_creates_an_assisted_round_and_refuses_another_projects_run() -> None:
    from annotations.models import Round

    study = assisted_study(units=4)
    admin = UserFactory(username="assist-admin")
    Membership.objects.create(project=study.project, user=admin, role=Role.ADMIN)
    client = signed_in("assist-admin")
    body = {
        "name": "Assisted pilot 2",
        "kind": "pilot",
        "overlap": 2,
        "guideline_version": 1,
        "annotators": list(LINGUISTS),
        # The study's round holds every unit: take them again.
        "units": {"sample": 4, "seed": 9, "include_busy": True},
        "assistance": {"run": study.run.pk, "share": 0.5},
    }
    url = f"/api/admin/projects/{study.project.slug}/rounds/"
    created = client.post(url, json.dumps(body), content_type="application/json")
    assert created.status_code == 201, created.content
    round_ = Round.objects.get(pk=created.json()["id"])
    assert round_.assistance.share == 0.5  # type: ignore[attr-defined]
    arms = list(round_.assignments.values_list("assisted", flat=True))
    assert sorted(arms) == [False] * 4 + [True] * 4
    refused = client.post(
        url,
        json.dumps({**body, "name": "Other", "assistance": {"run": 999999, "share": 0.5}}),
        content_type="application/json",
    )
    assert refused.status_code == 409
    assert "no corpus run 999999" in refused.json()["errors"]["assistance.run"][0]
    bad = client.post(
        url,
        json.dumps({**body, "name": "Other", "assistance": {"run": study.run.pk, "share": 1.5}}),
        content_type="application/json",
    )
    assert bad.status_code == 400
    assert Round.objects.filter(project=study.project).count() == 2
