"""Atomic facts of a summary (the ``atomic_facts`` kind, docs/completeness.md): written and
linked to their sentence, or given; verdicts and dialogue evidence checked as error spans'
evidence is; versioned; asked for by submit."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from annotations.handles import encode
from annotations.models import (
    Assignment,
    AtomicEvidence,
    AtomicFact,
    AtomicFactSheet,
    Project,
    Round,
    Summary,
    Turn,
)
from annotations.services.given_facts import given_atomic_facts_ensure
from tests.people import LINGUIST, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def unit(demo: Project) -> Assignment:
    Project.objects.filter(pk=demo.pk).update(ask_atomic_facts=True)
    return Assignment.objects.filter(annotator__username=LINGUIST).order_by("id").first()


def patch(client: Client, url: str, body: dict[str, Any]) -> Any:
    return client.patch(url, json.dumps(body), content_type="application/json")


def first_summary(assignment: Assignment) -> Summary:
    return Summary.objects.filter(topic_id=assignment.topic_id).order_by("id")[0]


def url(assignment: Assignment, summary: Summary) -> str:
    handle = encode(assignment.pk, "summary", summary.pk)
    return f"/api/assignments/{assignment.pk}/atomic_facts/{handle}/"


def acu(position: int, text: str, **fields: Any) -> dict[str, Any]:
    return {
        "position": position,
        "text": text,
        "given": None,
        "sentence": None,
        "verdict": "",
        "no_evidence": False,
        "evidence": [],
        **fields,
    }


def test_written_atomic_facts_with_verdicts_and_evidence(unit: Assignment) -> None:
    client = signed_in(LINGUIST)
    summary = first_summary(unit)
    sentence = summary.sentences.order_by("position")[0]
    turn = Turn.objects.filter(document__topics__id=unit.topic_id).order_by("position")[0]
    facts = [
        acu(
            1,
            "The caller phoned twice.",
            sentence=encode(unit.pk, "sentence", sentence.pk),
            verdict="supported",
            evidence=[{"turn": turn.pk, "start": 0, "end": 3}],
        ),
        acu(2, "The agent was rude.", verdict="not_supported", no_evidence=True),
    ]
    response = patch(client, url(unit, summary), {"facts": facts, "version": 0})
    assert response.status_code == 200, response.content
    state = response.json()
    assert state["facts"] == facts
    assert state["summary"] == encode(unit.pk, "summary", summary.pk)
    sheet = AtomicFactSheet.objects.get(assignment=unit, summary=summary)
    assert sheet.facts.get(position=1).sentence_id == sentence.pk
    assert AtomicEvidence.objects.filter(fact__sheet=sheet).count() == 1
    stale = patch(client, url(unit, summary), {"facts": [], "version": 0})
    assert stale.status_code == 409
    assert stale.json()["current"]["facts"] == facts


def test_evidence_is_checked_like_error_spans_evidence(unit: Assignment) -> None:
    client = signed_in(LINGUIST)
    summary = first_summary(unit)
    turn = Turn.objects.filter(document__topics__id=unit.topic_id).order_by("position")[0]
    other_turn = Turn.objects.exclude(document__topics__id=unit.topic_id).first()
    assert other_turn is not None
    cases = [
        (acu(1, "x", evidence=[{"turn": turn.pk, "start": 0, "end": 10_000}]), "must lie inside"),
        (acu(1, "x", evidence=[{"turn": other_turn.pk, "start": 0, "end": 1}]), "not in this unit"),
        (
            acu(1, "x", no_evidence=True, evidence=[{"turn": turn.pk, "start": 0, "end": 1}]),
            "says there is none",
        ),
        (acu(1, ""), "write the fact"),
    ]
    for fact, message in cases:
        response = patch(client, url(unit, summary), {"facts": [fact], "version": 0})
        assert response.status_code == 400, fact
        assert message in " ".join(response.json()["errors"]["facts"]), response.json()
    assert not AtomicFactSheet.objects.filter(assignment=unit).exists()


def test_given_atomic_facts_are_verified_as_given(unit: Assignment) -> None:
    summary = first_summary(unit)
    given_atomic_facts_ensure({summary.pk: ["Fact one.", "Fact two."]})
    Round.objects.filter(pk=unit.round_id).update(given_atomic_facts=True)
    given = list(AtomicFact.objects.filter(given_for=summary).order_by("position"))
    client = signed_in(LINGUIST)
    payload = client.get(f"/api/assignments/{unit.pk}/").json()
    shown = next(
        s for s in payload["summaries"] if s["id"] == encode(unit.pk, "summary", summary.pk)
    )
    assert [f["text"] for f in shown["given_atomic_facts"]] == ["Fact one.", "Fact two."]
    # Given ACUs travel as handles: their ids follow the summaries' import order.
    handles = [f["id"] for f in shown["given_atomic_facts"]]
    assert handles == [encode(unit.pk, "acu", fact.pk) for fact in given]
    rewritten = [acu(1, "Fact one!", given=handles[0]), acu(2, "Fact two.", given=handles[1])]
    response = patch(client, url(unit, summary), {"facts": rewritten, "version": 0})
    assert response.status_code == 400
    verified = [
        acu(1, "Fact one.", given=handles[0], verdict="supported"),
        acu(2, "Fact two.", given=handles[1]),
    ]
    response = patch(client, url(unit, summary), {"facts": verified, "version": 0})
    assert response.status_code == 200, response.content
    assert response.json()["facts"] == verified
    assert AtomicFact.objects.filter(sheet__summary=summary, given=given[1]).exists()
    from annotations.services.judgements import missing_items

    items = missing_items(
        assignment_id=unit.pk,
        topic_id=unit.topic_id,
        order_seed=unit.order_seed,
        scheme={"atomic_facts": True},
    )
    messages = [item.message for item in items]
    assert any(
        m.endswith("say whether atomic fact 2 is supported by the dialogue.") for m in messages
    )
    assert sum(m.endswith("write or verify its atomic facts.") for m in messages) == (
        Summary.objects.filter(topic_id=unit.topic_id).count() - 1
    )


def test_a_project_that_asks_no_atomic_facts_refuses_them(demo: Project) -> None:
    unit = Assignment.objects.filter(annotator__username=LINGUIST).order_by("id").first()
    response = patch(
        signed_in(LINGUIST), url(unit, first_summary(unit)), {"facts": [acu(1, "x")], "version": 0}
    )
    assert response.status_code == 400
    assert response.json()["errors"]["facts"] == ["this project does not ask for atomic facts"]
    assert not AtomicFactSheet.objects.filter(assignment=unit).exists()
