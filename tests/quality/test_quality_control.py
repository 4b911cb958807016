"""Quality control: an answer key imported as adjudicated gold scores practice work and is
shown to the linguist after they submit; gold units mixed into a production round pause an
annotator whose accuracy falls below the threshold, until an admin resumes them; the round
page reports accuracy, gold units by week, drift and who is paused."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from annotations.models import (
    Assignment,
    AssignmentStatus,
    ErrorType,
    GoldUnit,
    Membership,
    Project,
    Role,
    Round,
    RoundKind,
    SentenceJudgement,
    TopicJudgement,
    WebhookDelivery,
)
from annotations.services.answer_keys import AnswerKeyInvalid, answer_key_import
from annotations.services.gold_units import MIN_SCORED_UNITS, keyed_units
from annotations.services.rounds import round_create, round_open
from annotations.services.webhooks import webhook_create
from tests.people import signed_in

pytestmark = pytest.mark.django_db
DEMO_KEY = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "answer_key.json"


def demo_with_key() -> Project:
    call_command("load_demo", stdout=StringIO())
    project = Project.objects.get(slug="demo")
    out = StringIO()
    call_command("import_answer_key", str(DEMO_KEY), "--project", "demo", stdout=out)
    assert "keyed" in out.getvalue()
    return project


def answer_all(assignment: Assignment, *, right: bool) -> None:
    """Label every sentence of the unit as the key says (or the opposite), and submit."""
    key = {
        sentence_id: label
        for sentence_id, label in SentenceJudgement.objects.filter(
            assignment__round__kind=RoundKind.ADJUDICATION, assignment__topic=assignment.topic
        ).values_list("sentence_id", "label")
    }
    flip = {"consistent": "inconsistent", "inconsistent": "consistent"}
    for summary in assignment.topic.summaries.all():
        for sentence in summary.sentences.all():
            label = key[sentence.pk] if right else flip[key[sentence.pk]]
            judgement = SentenceJudgement.objects.create(
                assignment=assignment, sentence=sentence, label=label, explanation="x"
            )
            if label == "inconsistent":
                judgement.error_types.set(
                    ErrorType.objects.filter(taxonomy=assignment.round.project.taxonomy)[:1]
                )
    TopicJudgement.objects.create(assignment=assignment, category="main")


def test_a_bad_key_names_what_is_wrong_and_changes_nothing(tmp_path: Path) -> None:
    call_command("load_demo", stdout=StringIO())
    project = Project.objects.get(slug="demo")
    key = json.loads(DEMO_KEY.read_text())
    doc = next(iter(key["documents"]))
    topic = next(iter(key["documents"][doc]))
    system = next(iter(key["documents"][doc][topic]))
    key["documents"][doc][topic][system]["sentences"][0]["label"] = "maybe"
    key["documents"][doc][topic][system]["sentences"].append({"index": 99, "label": "consistent"})
    path = tmp_path / "key.json"
    path.write_text(json.dumps(key))
    admin = get_user_model().objects.get(username="admin")
    with pytest.raises(AnswerKeyInvalid) as invalid:
        answer_key_import(project=project, path=path, admin=admin)
    assert f"{doc} / {topic} / {system}, sentence 1: label is one of" in invalid.value.errors[0]
    assert "has no sentence 99" in invalid.value.errors[1]
    assert not SentenceJudgement.objects.filter(
        assignment__round__kind=RoundKind.ADJUDICATION
    ).exists()
    with pytest.raises(CommandError, match="label is one of"):
        call_command("import_answer_key", str(path), "--project", "demo", stdout=StringIO())


def test_a_practice_linguist_sees_the_key_after_submitting() -> None:
    project = demo_with_key()
    pilot = Round.objects.get(project=project, kind=RoundKind.PILOT)
    practice, _ = round_create(
        project=project,
        name="Practice",
        kind=RoundKind.PRACTICE,
        overlap=1,
        guideline_version=pilot.guideline_version.version,
        annotators=["linguist1"],
        topic_ids=[pilot.assignments.order_by("topic_id").first().topic_id],
    )
    round_open(round=practice)
    assignment = practice.assignments.get()
    client = signed_in("linguist1")
    assert client.get(f"/api/assignments/{assignment.pk}/").json()["answer_key"] is None
    answer_all(assignment, right=True)
    wrong = SentenceJudgement.objects.filter(assignment=assignment).first()
    wrong.label = "inconsistent" if wrong.label == "consistent" else "consistent"
    wrong.save()
    Assignment.objects.filter(pk=assignment.pk).update(status=AssignmentStatus.SUBMITTED)
    key = client.get(f"/api/assignments/{assignment.pk}/").json()["answer_key"]
    differing = [s for s in key["sentences"] if not s["agrees"]]
    assert len(differing) == 1
    assert differing[0]["yours"] == wrong.label
    total = len(key["sentences"])
    assert key["accuracy"]["sentence_label"] == round((total - 1) / total, 4)
    quality = signed_in("admin").get(f"/api/admin/rounds/{practice.pk}/quality/").json()
    (scored,) = quality["answer_key"]["annotators"]
    assert scored["username"] == "linguist1"
    assert scored["accuracy"]["sentence_label"] == key["accuracy"]["sentence_label"]


def test_failing_gold_units_pause_the_annotator_until_resumed() -> None:
    project = demo_with_key()
    pilot = Round.objects.get(project=project, kind=RoundKind.PILOT)
    # Half of the units are keyed gold; the other half are the production sample.
    keyed = sorted(
        set(
            SentenceJudgement.objects.filter(
                assignment__round__kind=RoundKind.ADJUDICATION
            ).values_list("assignment__topic_id", flat=True)
        )
    )
    assert len(keyed) >= 6
    production, _ = round_create(
        project=project,
        name="Production",
        kind=RoundKind.PRODUCTION,
        overlap=1,
        guideline_version=pilot.guideline_version.version,
        annotators=["linguist2"],
        topic_ids=keyed[:3],
        gold_rate=0.5,
        pause_below=0.8,
    )
    round_open(round=production)
    # The lab's pipeline listens for pauses (docs/webhooks.md).
    endpoint = webhook_create(
        project=project,
        user=None,
        url="https://hooks.example.org/in",
        events=["annotator.paused"],
        secret="whsec_test",
    )
    gold = set(GoldUnit.objects.filter(round=production).values_list("topic_id", flat=True))
    assert len(gold) == 3
    assert gold.isdisjoint(keyed[:3])
    client = signed_in("linguist2")
    from annotations.services.judgements import assignment_submit

    linguist = get_user_model().objects.get(username="linguist2")
    gold_assignments = production.assignments.filter(topic_id__in=gold).order_by("id")
    for assignment in gold_assignments:
        answer_all(assignment, right=False)
        for summary in assignment.topic.summaries.all():
            summary_judgement = assignment.summary_judgements.create(summary=summary, relevance=3)
            assert summary_judgement.pk
        assignment_submit(assignment_id=assignment.pk, user=linguist)
    membership = Membership.objects.get(project=project, user=linguist, role=Role.ANNOTATOR)
    assert membership.paused_at is not None
    (announced,) = WebhookDelivery.objects.filter(endpoint=endpoint, event="annotator.paused")
    assert announced.payload["data"]["annotator"] == "linguist2"
    assert announced.payload["data"]["round"] == {"id": production.pk, "name": "Production"}
    assert announced.payload["data"]["gold_accuracy"] == 0.0
    assert announced.payload["data"]["pause_below"] == 0.8
    queue = client.get("/api/assignments/").json()["assignments"]
    assert all(
        entry["status"] != "assigned" for entry in queue if entry["round"]["id"] == production.pk
    )
    admin = signed_in("admin")
    quality = admin.get(f"/api/admin/rounds/{production.pk}/quality/").json()
    assert [p["username"] for p in quality["paused"]] == ["linguist2"]
    (scores,) = quality["gold_units"]["annotators"]
    assert scores["accuracy"] == 0.0
    assert scores["paused"]
    assert admin.get(f"/api/admin/projects/{project.slug}/").json()["paused"][0]["username"] == (
        "linguist2"
    )
    assert (
        admin.post(f"/api/admin/projects/{project.slug}/members/linguist2/resume/").status_code
        == 204
    )
    membership.refresh_from_db()
    assert membership.paused_at is None
    assert any(
        entry["status"] == "assigned"
        for entry in client.get("/api/assignments/").json()["assignments"]
    )


def test_the_api_refuses_a_gold_unit_pause_that_could_never_trigger() -> None:
    call_command("load_demo", stdout=StringIO())
    project = Project.objects.get(slug="demo")
    keyed = len(keyed_units(project))
    assert keyed < MIN_SCORED_UNITS
    pilot = Round.objects.get(project=project, kind=RoundKind.PILOT)
    admin = signed_in("admin")
    body = {
        "name": "Production",
        "kind": "production",
        "overlap": 1,
        "guideline_version": pilot.guideline_version.version,
        "annotators": ["linguist2"],
        "units": {"sample": 2, "seed": 1, "include_busy": True},
        "pause_below": 0.8,
    }

    def create() -> Any:
        return admin.post(
            f"/api/admin/projects/{project.slug}/rounds/",
            json.dumps(body),
            content_type="application/json",
        )

    refused = create()

    # The body is well formed and the project's data refuses it: 409 like every such refusal
    # of a round (docs/api/admin.md), naming the field.
    assert refused.status_code == 409, refused.json()
    assert refused.json()["code"] == "round_refused"
    (message,) = refused.json()["errors"]["pause_below"]
    assert f"needs at least three scored gold units: {keyed} so far" in message
    assert not Round.objects.filter(project=project, name="Production").exists()
    # With the answer key imported there are enough keyed units: the same request succeeds.
    call_command("import_answer_key", str(DEMO_KEY), "--project", "demo", stdout=StringIO())
    assert create().status_code == 201
    assert Round.objects.get(project=project, name="Production").pause_below == 0.8
