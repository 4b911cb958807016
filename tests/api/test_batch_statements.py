"""A batch's saves share their statements (annotations/services/batch_saves.py): its cost
does not grow with its entries, and each entry is still checked, versioned and audited as
its own save."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from annotations.handles import encode
from annotations.kinds import TYPING
from annotations.models import (
    Assignment,
    ErrorType,
    JudgementChange,
    Membership,
    Project,
    Role,
    RoundKind,
    SentenceJudgement,
    SummarySentence,
    Turn,
)
from annotations.services.item_rounds import ItemRoundRequest, item_round_create
from annotations.services.judgements import BatchSave, judgement_save_batch
from annotations.services.rounds import round_open
from tests.api.test_batch_saves import batch, first_assignment, sentence_entry, sentences_of
from tests.people import LINGUIST, signed_in
from tests.review.test_review_flow import pilot_with_one_error

pytestmark = pytest.mark.django_db


def type_ids(assignment: Assignment) -> list[int]:
    ids = list(
        ErrorType.objects.filter(taxonomy_id=assignment.round.project.taxonomy_id)
        .order_by("id")
        .values_list("id", flat=True)
    )
    assert len(ids) >= 3
    return ids


def summary_entry(assignment: Assignment, summary_id: int, relevance: int) -> dict[str, Any]:
    handle = encode(assignment.pk, "summary", summary_id)
    return {"kind": "summary", "handle": handle, "version": 0, "relevance": relevance}


def test_a_batch_costs_the_same_statements_for_one_entry_per_kind_as_for_many(
    client: Client, demo: None
) -> None:
    assignment = first_assignment(LINGUIST)
    sentences = sentences_of(assignment)
    summaries = sorted({s.summary_id for s in sentences})
    assert len(sentences) >= 8
    assert len(summaries) >= 4
    types = type_ids(assignment)
    signed_in(LINGUIST, client)
    # Started first, so that no batch below also moves the assignment to in progress.
    batch(client, assignment.pk, [{"kind": "topic", "version": 0, "category": "main"}])
    versions: dict[tuple[str, str], int] = {}  # (kind, handle) -> version

    def cost(chosen: list[SummarySentence], summary_ids: list[int], typed: list[int]) -> int:
        entries = [
            sentence_entry(assignment, s.pk, label="inconsistent", error_types=typed)
            for s in chosen
        ] + [summary_entry(assignment, pk, relevance=len(typed) + 1) for pk in summary_ids]
        for entry in entries:
            entry["version"] = versions.get((entry["kind"], entry["handle"]), 0)
        with CaptureQueriesContext(connection) as queries:
            response = batch(client, assignment.pk, entries)
        results = response.json()["entries"]
        assert [r["status"] for r in results] == [200] * len(entries)
        for entry, result in zip(entries, results, strict=True):
            versions[(entry["kind"], entry["handle"])] = result["state"]["version"]
        return len(queries)

    # First saves (rows created, error types inserted), then updates (types replaced).
    one_new = cost(sentences[:1], summaries[:1], types[:1])
    many_new = cost(sentences[1:8], summaries[1:4], types[:2])
    one_update = cost(sentences[:1], summaries[:1], types[1:3])
    many_update = cost(sentences[1:8], summaries[1:4], types[1:3])
    assert many_new == one_new, (one_new, many_new)
    assert many_update == one_update, (one_update, many_update)
    # The session, the lock, a read per kind, the taxonomy, a write per kind, the error
    # types' delete and insert, the audit: about a dozen, whatever the batch's size.
    assert max(one_new, one_update) <= 14, (one_new, one_update)


def test_each_entry_keeps_its_own_error_types_versions_and_audit_row(
    client: Client, demo: None
) -> None:
    assignment = first_assignment(LINGUIST)
    first, second, third = sentences_of(assignment)[:3]
    a, b, c = type_ids(assignment)[:3]
    signed_in(LINGUIST, client)
    created = batch(
        client,
        assignment.pk,
        [
            sentence_entry(assignment, first.pk, label="inconsistent", error_types=[a, b]),
            sentence_entry(assignment, second.pk, label="inconsistent", error_types=[c]),
        ],
    ).json()["entries"]
    assert [r["state"]["error_types"] for r in created] == [[a, b], [c]]
    response = batch(
        client,
        assignment.pk,
        [
            {**sentence_entry(assignment, first.pk, error_types=[b, c]), "version": 1},
            {**sentence_entry(assignment, second.pk, error_types=[]), "version": 1},
            sentence_entry(assignment, third.pk, label="consistent"),
        ],
    )
    results = response.json()["entries"]
    assert [(r["status"], r["state"]["version"]) for r in results] == [(200, 2), (200, 2), (200, 1)]
    assert [r["state"]["error_types"] for r in results] == [[b, c], [], []]
    stored = {
        j.sentence_id: sorted(j.error_types.values_list("id", flat=True))
        for j in SentenceJudgement.objects.filter(assignment=assignment)
    }
    assert stored == {first.pk: [b, c], second.pk: [], third.pk: []}
    # One audit row per saved judgement, in the entries' order, each with its own before
    # (what the previous save wrote) and after (what this one answered, by database id).
    audit = list(JudgementChange.objects.filter(assignment=assignment).order_by("id"))
    assert [(change.action, change.object_id) for change in audit] == [
        ("create", SentenceJudgement.objects.get(assignment=assignment, sentence=s).pk)
        for s in (first, second)
    ] + [
        ("update", SentenceJudgement.objects.get(assignment=assignment, sentence=s).pk)
        for s in (first, second)
    ] + [("create", SentenceJudgement.objects.get(assignment=assignment, sentence=third).pk)]
    assert audit[2].before == audit[0].after
    assert audit[2].after["error_types"] == [b, c]
    assert audit[2].after["version"] == 2
    assert audit[3].before["error_types"] == [c]
    assert audit[3].after["error_types"] == []
    assert audit[4].before is None
    assert audit[4].after["label"] == "consistent"


def test_a_sentence_twice_in_one_batch_is_saved_in_order_from_version_to_version(
    client: Client, demo: None
) -> None:
    """Entries of one target depend on each other: the second names the version the first
    makes, and a second one naming the same version as the first is stale."""
    assignment = first_assignment(LINGUIST)
    sentence = sentences_of(assignment)[0]
    signed_in(LINGUIST, client)
    response = batch(
        client,
        assignment.pk,
        [
            sentence_entry(assignment, sentence.pk, label="inconsistent"),
            {**sentence_entry(assignment, sentence.pk, explanation="then explained"), "version": 1},
            {**sentence_entry(assignment, sentence.pk, label="consistent"), "version": 1},
        ],
    )
    results = response.json()["entries"]
    assert [r["status"] for r in results] == [200, 200, 409]
    assert results[1]["state"]["explanation"] == "then explained"
    assert results[2]["error"]["current"]["version"] == 2
    judgement = SentenceJudgement.objects.get(assignment=assignment, sentence=sentence)
    assert (judgement.label, judgement.explanation, judgement.version) == (
        "inconsistent",
        "then explained",
        2,
    )
    assert JudgementChange.objects.filter(assignment=assignment).count() == 2


def test_an_unknown_type_refuses_only_the_entry_naming_it(client: Client, demo: None) -> None:
    """The taxonomy is looked up once for the whole batch, and still answered per entry."""
    assignment = first_assignment(LINGUIST)
    first, second, third = sentences_of(assignment)[:3]
    known = type_ids(assignment)[0]
    foreign = ErrorType.objects.exclude(taxonomy_id=assignment.round.project.taxonomy_id).first()
    assert foreign is not None
    signed_in(LINGUIST, client)
    response = batch(
        client,
        assignment.pk,
        [
            sentence_entry(assignment, first.pk, label="inconsistent", error_types=[known]),
            sentence_entry(assignment, second.pk, error_types=[known, foreign.pk]),
            sentence_entry(assignment, third.pk, error_types=[known]),
        ],
    )
    results = response.json()["entries"]
    assert [r["status"] for r in results] == [200, 400, 200]
    assert results[1]["error"]["errors"]["error_types"] == [
        f"unknown error type id(s) [{foreign.pk}] for this project's taxonomy"
    ]
    assert set(
        SentenceJudgement.objects.filter(assignment=assignment).values_list(
            "sentence_id", flat=True
        )
    ) == {first.pk, third.pk}


def test_spans_with_evidence_in_a_batch_cost_the_same_statements_for_one_as_for_many(
    client: Client, demo: Project
) -> None:
    """A sentence's spans and their evidence: the checks read the unit's sentences, turns
    and types once, and each level of rows is one DELETE and one INSERT for the batch."""
    Project.objects.filter(pk=demo.pk).update(ask_error_spans=True, ask_evidence=True)
    assignment = first_assignment(LINGUIST)
    sentences = sentences_of(assignment)
    turns = list(Turn.objects.filter(document__topics__id=assignment.topic_id).order_by("id"))
    typed = type_ids(assignment)[0]
    signed_in(LINGUIST, client)
    batch(client, assignment.pk, [{"kind": "topic", "version": 0, "category": "main"}])
    versions: dict[int, int] = {}

    def cost(chosen: list[SummarySentence], end: int) -> int:
        entries = [
            {
                **sentence_entry(assignment, s.pk, label="inconsistent"),
                "version": versions.get(s.pk, 0),
                "spans": [
                    {
                        "start": 0,
                        "end": end,
                        "error_type": typed,
                        "evidence": [{"turn": turns[1].pk, "start": 0, "end": end}],
                    },
                    {"start": end + 1, "end": end + 3, "no_evidence": True},
                ],
            }
            for s in chosen
        ]
        with CaptureQueriesContext(connection) as queries:
            response = batch(client, assignment.pk, entries)
        results = response.json()["entries"]
        assert [r["status"] for r in results] == [200] * len(entries), results
        for s, result in zip(chosen, results, strict=True):
            versions[s.pk] = result["state"]["version"]
            assert [span["end"] for span in result["state"]["spans"]] == [end, end + 3]
        return len(queries)

    one_new, many_new = cost(sentences[:1], 3), cost(sentences[1:5], 3)
    one_update, many_update = cost(sentences[:1], 4), cost(sentences[1:5], 4)
    assert many_new == one_new, (one_new, many_new)
    assert many_update == one_update, (one_update, many_update)
    stored = SentenceJudgement.objects.get(assignment=assignment, sentence=sentences[4])
    assert list(stored.spans.order_by("start").values_list("start", "end")) == [(0, 4), (5, 7)]
    assert (
        JudgementChange.objects.filter(assignment=assignment, kind="sentencejudgement").count()
        == 10
    )


def test_an_item_round_batch_saves_its_items_and_refuses_other_sentences() -> None:
    """An error-typing round answers only its items (a kind judging items only): the batch's
    one read of the saved states keeps that rule for every entry."""
    pilot, item = pilot_with_one_error()
    SentenceJudgement.objects.filter(sentence_id=item).update(label="inconsistent")
    request = ItemRoundRequest(
        project=pilot.project,
        name="Typing",
        kind=RoundKind.ERROR_TYPING,
        guideline_version=pilot.guideline_version.version,
        people=["linguist1", "linguist2"],
        source_rounds=[pilot.pk],
        overlap=3,
    )
    # The demo's third linguist (error typing needs three).
    third = get_user_model().objects.get(username="linguist3")
    Membership.objects.get_or_create(project=pilot.project, user=third, role=Role.ANNOTATOR)
    round_, _ = item_round_create(replace(request, people=["linguist1", "linguist2", "linguist3"]))
    round_open(round=round_)
    typer = Assignment.objects.filter(round=round_).select_related("annotator").first()
    assert typer is not None
    assert typer.annotator is not None
    other = SummarySentence.objects.filter(summary__topic_id=typer.topic_id).exclude(pk=item)[0]
    types = type_ids(typer)
    outcomes = judgement_save_batch(
        assignment_id=typer.pk,
        user=typer.annotator,
        saves=[
            BatchSave(TYPING, 0, {"error_types": [types[1], types[0]]}, item),
            BatchSave(TYPING, 0, {"error_types": [types[0]]}, other.pk),
        ],
    )
    assert isinstance(outcomes[0], dict)
    assert outcomes[0]["error_types"] == sorted(types[:2])
    assert isinstance(outcomes[1], SummarySentence.DoesNotExist)
    assert JudgementChange.objects.filter(assignment=typer).count() == 1
