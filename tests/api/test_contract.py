"""Real responses of the linguist API against their declared output serializers
(annotations/api/workspace_contract.py): every field declared is sent with its type, and
nothing is sent that is not declared. So the OpenAPI schema, and the frontend types generated
from it, describe what the server actually answers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework import serializers

from annotations.api.workspace_contract import (
    QueueOutput,
    WorkspacePayloadOutput,
    kind_state_serializer,
)
from annotations.kinds import SENTENCE, SUMMARY, TOPIC
from annotations.models import Assignment, Feedback, Project
from tests.api.item_urls import sentence_url, summary_url

pytestmark = pytest.mark.django_db


def mismatches(field: serializers.Field, value: Any, path: str = "") -> list[str]:
    """Where ``value`` differs from ``field``'s declaration: missing or undeclared keys, and
    values the field would not accept."""
    if value is None:
        return [] if getattr(field, "allow_null", False) else [f"{path}: null not allowed"]
    if isinstance(field, serializers.ListSerializer):
        if not isinstance(value, list):
            return [f"{path}: not a list"]
        return [
            m for i, item in enumerate(value) for m in mismatches(field.child, item, f"{path}[{i}]")
        ]
    if isinstance(field, serializers.Serializer):
        if not isinstance(value, dict):
            return [f"{path}: not an object"]
        declared = set(field.fields)
        problems = [f"{path}.{key}: undeclared" for key in sorted(set(value) - declared)]
        problems += [
            f"{path}.{key}: missing"
            for key in sorted(declared - set(value))
            if field.fields[key].required
        ]
        for key in sorted(declared & set(value)):
            problems += mismatches(field.fields[key], value[key], f"{path}.{key}")
        return problems
    if isinstance(field, serializers.ListField):
        if not isinstance(value, list):
            return [f"{path}: not a list"]
        return [
            m for i, item in enumerate(value) for m in mismatches(field.child, item, f"{path}[{i}]")
        ]
    try:
        field.run_validation(value)
    except serializers.ValidationError as error:
        return [f"{path}: {value!r} {error.detail}"]
    return []


@pytest.fixture
def linguist(client: Client) -> tuple[Client, Assignment]:
    call_command("load_demo", stdout=None)
    Project.objects.filter(slug="demo").update(ask_sentence_comment=True, ask_confidence=True)
    assignment = Assignment.objects.filter(annotator__username="linguist1").order_by("id")[0]
    assert client.login(username="linguist1", password="demo")
    return client, assignment


def patch(client: Client, url: str, body: dict[str, Any]) -> Any:
    response = client.patch(url, json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()


def test_the_payload_queue_and_saves_are_what_the_contract_declares(
    linguist: tuple[Client, Assignment],
) -> None:
    client, assignment = linguist
    sentence = assignment.topic.summaries.first().sentences.first()
    summary = assignment.topic.summaries.first()
    saved_sentence = patch(
        client,
        sentence_url(assignment.pk, sentence.pk),
        {"label": "inconsistent", "explanation": "x", "confidence": 2, "version": 0},
    )
    saved_summary = patch(
        client, summary_url(assignment.pk, summary.pk), {"relevance": 3, "version": 0}
    )
    saved_topic = patch(
        client, f"/api/assignments/{assignment.pk}/topic/", {"category": "main", "version": 0}
    )
    admin = assignment.round.project.memberships.get(role="admin").user
    note = Feedback.objects.create(
        round=assignment.round,
        annotator=assignment.annotator,
        author=admin,
        text="Check.",
        sentence=sentence,
    )
    note.replies.create(author=assignment.annotator, text="Done.")

    assert mismatches(kind_state_serializer(SENTENCE)(), saved_sentence) == []
    assert mismatches(kind_state_serializer(SUMMARY)(), saved_summary) == []
    assert mismatches(kind_state_serializer(TOPIC)(), saved_topic) == []
    payload = client.get(f"/api/assignments/{assignment.pk}/").json()
    assert payload["feedback"]  # the nested feedback shape is exercised too
    assert mismatches(WorkspacePayloadOutput(), payload) == []
    queue = client.get("/api/assignments/").json()
    assert queue["feedback"][0]["replies"]
    assert mismatches(QueueOutput(), queue) == []


def test_the_check_itself_notices_an_undeclared_or_missing_field() -> None:
    state = kind_state_serializer(TOPIC)()
    assert mismatches(state, {"category": "main", "version": 1}) == []
    assert mismatches(state, {"category": "main", "version": 1, "system": "x"}) == [
        ".system: undeclared"
    ]
    assert mismatches(state, {"version": 1}) == [".category: missing"]
    assert mismatches(state, {"category": "lunch", "version": 1})[0].startswith(".category:")


def test_the_admin_responses_are_what_the_contract_declares(client: Client) -> None:
    from annotations.api.admin_agreement import DisagreementPageOutput
    from annotations.api.admin_contract import (
        AdminProjectOutput,
        AgreementHistoryOutput,
        AgreementReportOutput,
        CorpusOverviewOutput,
        CorpusUnitOutput,
        CreatedRoundOutput,
        DisagreementUnitOutput,
        GuidelineDiffOutput,
        GuidelineOutput,
        JobOutput,
        RoundProgressOutput,
        TargetsOutput,
    )
    from annotations.api.admin_imports import UnitPageOutput
    from annotations.api.releases import ProjectReleasesOutput

    call_command("load_demo", stdout=None)
    assert client.login(username="admin", password="demo")

    def put(url: str, body: Any) -> Any:
        return client.put(url, json.dumps(body), content_type="application/json")

    targets = put("/api/admin/projects/demo/targets/", {"sentence_consistency": 0.6}).json()
    assert mismatches(TargetsOutput(), targets) == []
    created = client.post(
        "/api/admin/projects/demo/guidelines/",
        json.dumps({"markdown": "# G\n", "changelog": "Shorter."}),
        content_type="application/json",
    ).json()
    assert mismatches(GuidelineOutput(), created) == []
    diff = client.get("/api/admin/projects/demo/guidelines/diff/?from=1&to=2").json()
    assert mismatches(GuidelineDiffOutput(), diff) == []
    round_ = client.post(
        "/api/admin/projects/demo/rounds/",
        json.dumps(
            {
                "name": "Production 1",
                "kind": "production",
                "overlap": 1,
                "guideline_version": 2,
                "annotators": ["linguist1"],
                "units": {"sample": 2, "seed": 3},
            }
        ),
        content_type="application/json",
    ).json()
    assert mismatches(CreatedRoundOutput(), round_) == []
    project = client.get("/api/admin/projects/demo/").json()
    assert mismatches(AdminProjectOutput(), project) == []
    pilot = next(r for r in project["rounds"] if r["name"] == "Pilot 1")
    started = client.post(f"/api/admin/rounds/{pilot['id']}/agreement/")
    job = client.get(f"/api/admin/jobs/{started.json()['job']}/").json()
    assert mismatches(JobOutput(), job) == []
    history = client.get("/api/admin/projects/demo/agreement-history/").json()
    assert mismatches(AgreementHistoryOutput(), history) == []
    from annotations.models import Round
    from annotations.services.agreement_reports import agreement_report_compute
    from tests.api.test_admin_rounds import label_and_submit

    for index, assignment in enumerate(Assignment.objects.filter(round_id=pilot["id"])):
        label_and_submit(assignment, lambda s, i=index: "inconsistent" if i % 2 else "consistent")
    agreement_report_compute(round=Round.objects.get(pk=pilot["id"]))
    report = client.get(f"/api/admin/rounds/{pilot['id']}/agreement/").json()
    assert report["questions"]
    assert report["competence"]["questions"]
    assert mismatches(AgreementReportOutput(), report) == []
    # The demo's closed key-fact round: counts and shares, measured as interval questions.
    facts = Round.objects.get(project__slug="demo-facts", status="closed")
    report = client.get(f"/api/admin/rounds/{facts.pk}/agreement/").json()
    assert "interval" in {question["level"] for question in report["questions"]}
    assert mismatches(AgreementReportOutput(), report) == []
    listed = client.get(f"/api/admin/rounds/{pilot['id']}/disagreements/").json()
    assert mismatches(DisagreementPageOutput(), listed) == []
    [first, *_] = listed["units"]
    compared = client.get(f"/api/admin/rounds/{pilot['id']}/disagreements/{first['topic']}/")
    assert mismatches(DisagreementUnitOutput(), compared.json()) == []
    progress = client.get(f"/api/admin/rounds/{pilot['id']}/progress/").json()
    assert mismatches(RoundProgressOutput(), progress) == []
    corpus = client.get("/api/admin/projects/demo/corpus/").json()
    assert mismatches(CorpusOverviewOutput(), corpus) == []
    units = client.get("/api/admin/projects/demo/units/").json()
    assert mismatches(UnitPageOutput(), units) == []
    unit = client.get(f"/api/admin/projects/demo/units/{units['units'][0]['topic']}/").json()
    assert mismatches(CorpusUnitOutput(), unit) == []
    releases = client.get("/api/projects/demo/releases/")
    assert releases.status_code == 200
    assert mismatches(ProjectReleasesOutput(), releases.json()) == []
