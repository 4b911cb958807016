"""Error spans and their dialogue evidence, saved with the sentence's judgement (a child
collection of the sentence kind, docs/kinds.md): offsets checked against the sentence and
the unit's turns, versioned and audited with the judgement, in the payload, and required by
submit when the scheme says so."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from annotations.models import (
    Assignment,
    ErrorSpan,
    ErrorType,
    EvidenceSpan,
    JudgementChange,
    Project,
    SummarySentence,
    Turn,
)
from annotations.selectors.workspace import workspace_payload
from tests.api.item_urls import sentence_url
from tests.people import LINGUIST, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def unit(demo: Project) -> Assignment:
    Project.objects.filter(pk=demo.pk).update(ask_error_spans=True, ask_evidence=True)
    return Assignment.objects.filter(annotator__username=LINGUIST).order_by("id").first()


def patch(client: Client, url: str, body: dict[str, Any]) -> Any:
    return client.patch(url, json.dumps(body), content_type="application/json")


def first_sentence(assignment: Assignment) -> SummarySentence:
    return SummarySentence.objects.filter(summary__topic_id=assignment.topic_id).order_by("id")[0]


def turns_of(assignment: Assignment) -> list[Turn]:
    return list(Turn.objects.filter(document__topics__id=assignment.topic_id).order_by("position"))


def error_type(assignment: Assignment) -> int:
    return ErrorType.objects.filter(taxonomy_id=assignment.round.project.taxonomy_id)[0].pk


def test_spans_with_evidence_are_saved_in_order_and_read_back(unit: Assignment) -> None:
    client = signed_in(LINGUIST)
    sentence = first_sentence(unit)
    turn = turns_of(unit)[1]
    kind = error_type(unit)
    body = {
        "label": "inconsistent",
        "spans": [
            {"start": 6, "end": 10, "no_evidence": True, "note": "Not in the dialogue."},
            {
                "start": 0,
                "end": 4,
                "error_type": kind,
                "evidence": [
                    {"turn": turn.pk, "start": 5, "end": 9},
                    {"turn": turn.pk, "start": 0, "end": 3},
                ],
            },
        ],
        "version": 0,
    }
    response = patch(client, sentence_url(unit.pk, sentence.pk), body)
    assert response.status_code == 200, response.content
    spans = response.json()["spans"]
    assert spans == [
        {
            "start": 0,
            "end": 4,
            "error_type": kind,
            "note": "",
            "no_evidence": False,
            "evidence": [
                {"turn": turn.pk, "start": 0, "end": 3},
                {"turn": turn.pk, "start": 5, "end": 9},
            ],
        },
        {
            "start": 6,
            "end": 10,
            "error_type": None,
            "note": "Not in the dialogue.",
            "no_evidence": True,
            "evidence": [],
        },
    ]
    payload = client.get(f"/api/assignments/{unit.pk}/").json()
    (saved,) = payload["judgements"]["sentences"]
    assert saved["spans"] == spans
    change = JudgementChange.objects.filter(kind="sentencejudgement").latest("id")
    assert change.after["spans"] == spans

    # A save that leaves the spans out keeps them; one that sends [] removes them all.
    labelled = patch(client, sentence_url(unit.pk, sentence.pk), {"explanation": "x", "version": 1})
    assert labelled.json()["spans"] == spans
    cleared = patch(client, sentence_url(unit.pk, sentence.pk), {"spans": [], "version": 2})
    assert cleared.json()["spans"] == []
    assert not ErrorSpan.objects.exists()
    assert not EvidenceSpan.objects.exists()


@pytest.mark.parametrize(
    ("span", "message"),
    [
        ({"start": 0, "end": 10_000}, "must lie inside the sentence's"),
        ({"start": 0, "end": 4, "error_type": 999_999}, "unknown error type 999999"),
        (
            {"start": 0, "end": 4, "no_evidence": True, "evidence": "TURN"},
            "has evidence but says there is none",
        ),
        ({"start": 0, "end": 4, "evidence": "OTHER_TURN"}, "is not in this unit's dialogue"),
        ({"start": 0, "end": 4, "evidence": "PAST_TURN_END"}, "must lie inside turn"),
    ],
)
def test_a_span_outside_its_sentence_or_dialogue_is_refused_naming_it(
    unit: Assignment, span: dict[str, Any], message: str
) -> None:
    turn = turns_of(unit)[0]
    other = Turn.objects.exclude(document__topics__id=unit.topic_id).first()
    assert other is not None
    evidence = {
        "TURN": [{"turn": turn.pk, "start": 0, "end": 2}],
        "OTHER_TURN": [{"turn": other.pk, "start": 0, "end": 2}],
        "PAST_TURN_END": [{"turn": turn.pk, "start": 0, "end": len(turn.text) + 1}],
    }
    if "evidence" in span:
        span = {**span, "evidence": evidence[span["evidence"]]}
    client = signed_in(LINGUIST)
    url = sentence_url(unit.pk, first_sentence(unit).pk)
    response = patch(client, url, {"label": "inconsistent", "spans": [span], "version": 0})
    assert response.status_code == 400
    (error,) = response.json()["errors"]["spans"]
    assert error.startswith("span 1 [0, ")
    assert message in error
    assert not ErrorSpan.objects.exists()
    assert not JudgementChange.objects.exists()


def test_overlapping_spans_are_refused(unit: Assignment) -> None:
    response = patch(
        signed_in(LINGUIST),
        sentence_url(unit.pk, first_sentence(unit).pk),
        {"spans": [{"start": 0, "end": 5}, {"start": 3, "end": 8}], "version": 0},
    )
    assert response.status_code == 400
    assert response.json()["errors"]["spans"] == ["span 2 [3, 8): overlaps the span before it"]


def test_a_stale_span_save_gets_the_saved_spans_back(unit: Assignment) -> None:
    client = signed_in(LINGUIST)
    url = sentence_url(unit.pk, first_sentence(unit).pk)
    assert patch(client, url, {"spans": [{"start": 0, "end": 3}], "version": 0}).status_code == 200
    stale = patch(client, url, {"spans": [{"start": 1, "end": 2}], "version": 0})
    assert stale.status_code == 409
    assert [(s["start"], s["end"]) for s in stale.json()["current"]["spans"]] == [(0, 3)]


def missing_items(client: Client, assignment: Assignment) -> list[tuple[Any, ...]]:
    response = client.post(f"/api/assignments/{assignment.pk}/submit/")
    assert response.status_code == 400
    return [(m["summary"], m["sentence"], m["item"]) for m in response.json()["missing"]]


def test_submit_asks_for_required_spans_and_evidence(unit: Assignment) -> None:
    Project.objects.filter(pk=unit.round.project_id).update(
        require_error_spans=True, require_evidence=True
    )
    client = signed_in(LINGUIST)
    sentence = first_sentence(unit)
    url = sentence_url(unit.pk, sentence.pk)
    patch(client, url, {"label": "inconsistent", "explanation": "Wrong.", "version": 0})
    place = next(m for m in missing_items(client, unit) if m[2] == "error_spans")
    summary, number, _ = place
    assert number == sentence.position + 1

    patch(client, url, {"spans": [{"start": 0, "end": 3}], "version": 1})
    assert (summary, number, "evidence") in missing_items(client, unit)
    assert (summary, number, "error_spans") not in missing_items(client, unit)

    # Saying the dialogue has nothing to point at answers the evidence question.
    patch(client, url, {"spans": [{"start": 0, "end": 3, "no_evidence": True}], "version": 2})
    asked = {m[2] for m in missing_items(client, unit) if m[:2] == (summary, number)}
    assert asked == {"error_types"}  # the demo asks for types too; spans and evidence are done


def test_spans_cost_the_payload_no_statement(unit: Assignment) -> None:
    client = signed_in(LINGUIST)
    turn = turns_of(unit)[0]
    for sentence in SummarySentence.objects.filter(summary__topic_id=unit.topic_id)[:6]:
        spans = [{"start": 0, "end": 2, "evidence": [{"turn": turn.pk, "start": 0, "end": 1}]}]
        response = patch(client, sentence_url(unit.pk, sentence.pk), {"spans": spans, "version": 0})
        assert response.status_code == 200, response.content
    assert unit.annotator_id is not None
    # The first opening computes the unit's evidence hints (tests/test_hints.py); measure after.
    workspace_payload(user_id=unit.annotator_id, assignment_id=unit.pk)
    with CaptureQueriesContext(connection) as queries:
        payload = workspace_payload(user_id=unit.annotator_id, assignment_id=unit.pk)
    assert payload is not None
    assert len(queries) == 5
    assert all(len(s["spans"]) == 1 for s in payload["judgements"]["sentences"])


def test_the_spans_and_evidence_operations_save_the_same_judgement(unit: Assignment) -> None:
    client = signed_in(LINGUIST)
    url = sentence_url(unit.pk, first_sentence(unit).pk)
    turn = turns_of(unit)[2]
    spans = patch(client, f"{url}spans/", {"spans": [{"start": 5, "end": 9}], "version": 0})
    assert spans.status_code == 200, spans.content
    assert spans.json()["version"] == 1
    assert [(s["start"], s["end"], s["evidence"]) for s in spans.json()["spans"]] == [(5, 9, [])]

    linked = patch(
        client,
        f"{url}evidence/",
        {
            "span": {"start": 5, "end": 9},
            "evidence": [{"turn": turn.pk, "start": 0, "end": 4}],
            "version": 1,
        },
    )
    assert linked.status_code == 200, linked.content
    (span,) = linked.json()["spans"]
    assert span["evidence"] == [{"turn": turn.pk, "start": 0, "end": 4}]
    assert linked.json()["version"] == 2

    # No such span, a stale version, evidence outside the dialogue: refused, nothing saved.
    missing = patch(
        client, f"{url}evidence/", {"span": {"start": 0, "end": 2}, "evidence": [], "version": 2}
    )
    assert missing.status_code == 400
    assert "no error span [0, 2)" in missing.json()["errors"]["span"][0]
    stale = patch(
        client, f"{url}evidence/", {"span": {"start": 5, "end": 9}, "evidence": [], "version": 1}
    )
    assert stale.status_code == 409
    assert stale.json()["current"]["spans"][0]["evidence"] == span["evidence"]
    outside = patch(
        client,
        f"{url}evidence/",
        {
            "span": {"start": 5, "end": 9},
            "evidence": [{"turn": turn.pk, "start": 0, "end": 10_000}],
            "version": 2,
        },
    )
    assert outside.status_code == 400
    assert EvidenceSpan.objects.get().end == 4


def test_a_project_that_does_not_ask_for_spans_refuses_them_and_shows_none(
    unit: Assignment,
) -> None:
    client = signed_in(LINGUIST)
    url = sentence_url(unit.pk, first_sentence(unit).pk)
    assert patch(client, url, {"spans": [{"start": 0, "end": 3}], "version": 0}).status_code == 200
    Project.objects.filter(pk=unit.round.project_id).update(
        ask_error_spans=False, ask_evidence=False
    )
    refused = patch(client, f"{url}spans/", {"spans": [], "version": 1})
    assert refused.status_code == 400
    assert refused.json()["errors"]["spans"] == ["this project does not ask for error spans"]
    # The saved spans stay stored but are not read: a label save and the payload show none.
    labelled = patch(client, url, {"label": "consistent", "version": 1})
    assert labelled.json()["spans"] == []
    payload = client.get(f"/api/assignments/{unit.pk}/").json()
    assert payload["judgements"]["sentences"][0]["spans"] == []
    assert ErrorSpan.objects.count() == 1


def test_a_span_save_costs_the_same_statements_for_one_span_or_many(unit: Assignment) -> None:
    client = signed_in(LINGUIST)
    turns = turns_of(unit)
    sentences = list(SummarySentence.objects.filter(summary__topic_id=unit.topic_id)[:2])

    def spans(count: int, shift: int = 0) -> list[dict[str, Any]]:
        return [
            {
                "start": 2 * n + shift,
                "end": 2 * n + 1 + shift,
                "evidence": [{"turn": turn.pk, "start": 0, "end": 1} for turn in turns[:2]],
            }
            for n in range(count)
        ]

    counts = []
    for sentence, count in zip(sentences, (1, 10), strict=True):
        url = sentence_url(unit.pk, sentence.pk)
        assert patch(client, url, {"spans": spans(count, shift=1), "version": 0}).status_code == 200
        with CaptureQueriesContext(connection) as queries:
            response = patch(client, url, {"spans": spans(count), "version": 1})
        assert response.status_code == 200, response.content
        counts.append(len(queries))
    assert counts[0] == counts[1]
    assert EvidenceSpan.objects.count() == 2 * (1 + 10)
