"""Key facts and their alignments (the ``key_facts`` kind, docs/completeness.md): written or
given lists, saved whole and versioned, checked against the unit, blinded by handles, and
asked for by submit summary by summary."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.test import Client

from annotations.handles import encode
from annotations.models import (
    AlignedSentence,
    Assignment,
    JudgementChange,
    KeyFact,
    KeyFactAlignment,
    KeyFactList,
    KeyFactSheet,
    Project,
    Round,
    Summary,
    SummarySentence,
)
from annotations.selectors.workspace import workspace_payload
from annotations.services.given_facts import given_lists_ensure
from tests.people import LINGUIST, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def unit(demo: Project) -> Assignment:
    Project.objects.filter(pk=demo.pk).update(ask_completeness=True)
    return Assignment.objects.filter(annotator__username=LINGUIST).order_by("id").first()


def patch(client: Client, url: str, body: dict[str, Any]) -> Any:
    return client.patch(url, json.dumps(body), content_type="application/json")


def url(assignment: Assignment) -> str:
    return f"/api/assignments/{assignment.pk}/key_facts/"


def summaries(assignment: Assignment) -> list[Summary]:
    return list(Summary.objects.filter(topic_id=assignment.topic_id).order_by("id"))


def sentences(summary: Summary) -> list[SummarySentence]:
    return list(summary.sentences.order_by("position"))


def handle(assignment: Assignment, kind: str, pk: int) -> str:
    return encode(assignment.pk, kind, pk)  # type: ignore[arg-type]


def fact(
    position: int, text: str, *alignments: dict[str, Any], given: int | None = None
) -> dict[str, Any]:
    return {"position": position, "text": text, "given": given, "alignments": list(alignments)}


def test_written_key_facts_with_alignments_are_saved_versioned_and_audited(
    unit: Assignment,
) -> None:
    client = signed_in(LINGUIST)
    a, b = summaries(unit)[:2]
    first = sentences(a)[0]
    # B before A: alignments stay in the order sent (ids would give the import order).
    body = {
        "facts": [
            fact(
                1,
                "The caller wants a refund.",
                {"summary": handle(unit, "summary", b.pk), "covered": False, "sentences": []},
                {
                    "summary": handle(unit, "summary", a.pk),
                    "covered": True,
                    "sentences": [{"sentence": handle(unit, "sentence", first.pk)}],
                },
            ),
            fact(2, "The agent escalates."),
        ],
        "version": 0,
    }
    response = patch(client, url(unit), body)
    assert response.status_code == 200, response.content
    state = response.json()
    assert state["version"] == 1
    assert state["facts"] == [
        {**body["facts"][0]},
        {**body["facts"][1]},
    ]
    sheet = KeyFactSheet.objects.get(assignment=unit)
    assert list(sheet.facts.order_by("position").values_list("text", flat=True)) == [
        "The caller wants a refund.",
        "The agent escalates.",
    ]
    assert KeyFactAlignment.objects.filter(key_fact__sheet=sheet, covered=True).count() == 1
    assert list(
        AlignedSentence.objects.filter(alignment__key_fact__sheet=sheet).values_list(
            "sentence_id", flat=True
        )
    ) == [first.pk]
    change = JudgementChange.objects.get(kind="keyfactsheet")
    assert change.after["facts"][0]["alignments"][1]["summary"] == a.pk  # ids in the audit
    # The payload shows the same state, with handles.
    payload = workspace_payload(user_id=unit.annotator_id, assignment_id=unit.pk)
    assert payload is not None
    assert payload["judgements"]["key_facts"]["facts"] == state["facts"]
    # Reordering is one save: the alignments move with their fact.
    reordered = [dict(state["facts"][1], position=1), dict(state["facts"][0], position=2)]
    response = patch(client, url(unit), {"facts": reordered, "version": 1})
    assert response.status_code == 200, response.content
    assert [f["text"] for f in response.json()["facts"]] == [
        "The agent escalates.",
        "The caller wants a refund.",
    ]
    assert response.json()["facts"][1]["alignments"] == state["facts"][0]["alignments"]
    # A stale save gets the saved facts and changes nothing.
    stale = patch(client, url(unit), {"facts": [], "version": 1})
    assert stale.status_code == 409
    assert [f["text"] for f in stale.json()["current"]["facts"]] == [
        "The agent escalates.",
        "The caller wants a refund.",
    ]
    assert KeyFact.objects.filter(sheet=sheet).count() == 2


@pytest.mark.parametrize(
    ("facts", "message"),
    [
        ([fact(1, "a"), fact(3, "b")], "numbered 1 to 2"),
        ([fact(1, "   ")], "key fact 1: write the fact"),
        ([fact(1, "x", given=1)], "written, not given"),
    ],
)
def test_invalid_written_lists_are_refused_and_change_nothing(
    unit: Assignment, facts: list[dict[str, Any]], message: str
) -> None:
    response = patch(signed_in(LINGUIST), url(unit), {"facts": facts, "version": 0})
    assert response.status_code == 400, response.content
    assert message in " ".join(response.json()["errors"]["facts"])
    assert not KeyFactSheet.objects.filter(assignment=unit).exists()


def test_alignments_must_name_this_units_summaries_and_their_own_sentences(
    unit: Assignment,
) -> None:
    client = signed_in(LINGUIST)
    a, b = summaries(unit)[:2]
    other = Assignment.objects.exclude(topic_id=unit.topic_id).first()
    assert other is not None
    foreign = Summary.objects.filter(topic_id=other.topic_id).first()
    assert foreign is not None
    wrong_sentence = {
        "summary": handle(unit, "summary", a.pk),
        "covered": True,
        "sentences": [{"sentence": handle(unit, "sentence", sentences(b)[0].pk)}],
    }
    response = patch(client, url(unit), {"facts": [fact(1, "x", wrong_sentence)], "version": 0})
    assert response.status_code == 400
    assert "not in the aligned summary" in response.json()["errors"]["facts"][0]
    not_covered = dict(wrong_sentence, summary=handle(unit, "summary", b.pk), covered=False)
    response = patch(client, url(unit), {"facts": [fact(1, "x", not_covered)], "version": 0})
    assert "does not state it" in response.json()["errors"]["facts"][0]
    twice = {"summary": handle(unit, "summary", a.pk), "covered": False, "sentences": []}
    response = patch(client, url(unit), {"facts": [fact(1, "x", twice, twice)], "version": 0})
    assert "twice" in response.json()["errors"]["facts"][0]
    # Another unit's summary, by a valid handle of this assignment: not in the unit.
    elsewhere = {"summary": handle(unit, "summary", foreign.pk), "covered": False, "sentences": []}
    response = patch(client, url(unit), {"facts": [fact(1, "x", elsewhere)], "version": 0})
    assert "not in this unit" in response.json()["errors"]["facts"][0]
    # Another assignment's handle does not decode: a 400 naming the field.
    forged = {"summary": encode(other.pk, "summary", a.pk), "covered": False, "sentences": []}
    response = patch(client, url(unit), {"facts": [fact(1, "x", forged)], "version": 0})
    assert response.status_code == 400
    assert "summary" in response.json()["errors"]
    assert not KeyFactSheet.objects.filter(assignment=unit).exists()


def test_a_given_list_is_aligned_as_given_and_cannot_be_edited(unit: Assignment) -> None:
    ids = given_lists_ensure(
        "finesure", {unit.topic_id: [("First fact.", False), ("Second.", False)]}
    )[unit.topic_id]
    Round.objects.filter(pk=unit.round_id).update(key_fact_source="finesure")
    client = signed_in(LINGUIST)
    payload = client.get(f"/api/assignments/{unit.pk}/").json()
    assert payload["key_fact_source"] == "finesure"
    assert payload["given_key_facts"] == [
        {"id": ids[0], "position": 1, "text": "First fact."},
        {"id": ids[1], "position": 2, "text": "Second."},
    ]
    edited = [fact(1, "First fact, edited.", given=ids[0]), fact(2, "Second.", given=ids[1])]
    response = patch(client, url(unit), {"facts": edited, "version": 0})
    assert response.status_code == 400
    assert "cannot be edited" in response.json()["errors"]["facts"][0]
    as_given = [fact(1, "First fact.", given=ids[0]), fact(2, "Second.", given=ids[1])]
    response = patch(client, url(unit), {"facts": as_given, "version": 0})
    assert response.status_code == 200, response.content
    assert KeyFact.objects.filter(sheet__assignment=unit, given_id=ids[0]).exists()
    # The given list itself is untouched, and one fact has exactly one owner.
    assert KeyFactList.objects.get(source="finesure").facts.count() == 2
    with pytest.raises(IntegrityError), transaction.atomic():
        KeyFact.objects.create(
            sheet=KeyFactSheet.objects.get(assignment=unit),
            given_list=KeyFactList.objects.get(source="finesure"),
            position=9,
            text="both owners",
        )


def test_submit_asks_for_every_fact_decided_for_every_summary(unit: Assignment) -> None:
    from annotations.services.judgements import missing_items

    client = signed_in(LINGUIST)
    a = summaries(unit)[0]
    body = {
        "facts": [
            fact(
                1,
                "Only fact.",
                {"summary": handle(unit, "summary", a.pk), "covered": True, "sentences": []},
            )
        ],
        "version": 0,
    }
    assert patch(client, url(unit), body).status_code == 200
    items = missing_items(
        assignment_id=unit.pk,
        topic_id=unit.topic_id,
        order_seed=unit.order_seed,
        scheme={
            **unit.round.project.scheme,
            "consistency": False,
            "relevance": False,
            "topic_category": False,
        },
    )
    messages = [item.message for item in items]
    assert "Topic: mark the sentences that state key fact 1." in messages
    coverage = [m for m in messages if "say whether it states key fact 1" in m]
    # Every summary but the one decided.
    assert len(coverage) == len(summaries(unit)) - 1
    assert all(m.startswith("Summary ") for m in coverage)


def test_a_project_that_asks_no_key_facts_refuses_them(demo: Project) -> None:
    unit = Assignment.objects.filter(annotator__username=LINGUIST).order_by("id").first()
    response = patch(signed_in(LINGUIST), url(unit), {"facts": [fact(1, "x")], "version": 0})
    assert response.status_code == 400
    assert response.json()["errors"]["facts"] == ["this project does not ask for key facts"]
    assert not KeyFactSheet.objects.filter(assignment=unit).exists()
