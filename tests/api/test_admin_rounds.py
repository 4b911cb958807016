"""The project admin's API: rounds, progress, agreement with known answers, disagreements,
feedback, guidelines, imports, targets; and who may use it."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from annotations.agreement import cohen_kappa
from annotations.models import (
    AgreementReport,
    Assignment,
    AssignmentStatus,
    Document,
    ErrorSpan,
    EvidenceSpan,
    Feedback,
    Project,
    Round,
    RoundStatus,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
)
from tests.conftest import DEMO_DIR
from tests.people import ADMIN, LINGUIST, SECOND_LINGUIST, signed_in

# Jobs write their progress through the "progress" connection when it exists (PostgreSQL).
pytestmark = pytest.mark.django_db(databases="__all__")


def post(client: Client, url: str, body: Any) -> Any:
    return client.post(url, json.dumps(body), content_type="application/json")


def label_and_submit(assignment: Assignment, label_for: Any) -> None:
    """Give every sentence of the unit the label ``label_for(sentence)`` and submit."""
    for summary in assignment.topic.summaries.all():
        for sentence in summary.sentences.all():
            label = label_for(sentence)
            judgement = SentenceJudgement.objects.create(
                assignment=assignment,
                sentence=sentence,
                label=label,
                explanation="why" if label == "inconsistent" else "",
            )
            if label == "inconsistent":
                judgement.error_types.set(
                    [assignment.round.project.taxonomy.types.get(name="Contradiction")]
                )
        SummaryJudgement.objects.create(assignment=assignment, summary=summary, relevance=4)
    TopicJudgement.objects.create(assignment=assignment, category="main")
    assignment.status = AssignmentStatus.SUBMITTED
    assignment.save()


def test_the_report_on_a_constructed_round_has_the_known_kappa(
    client: Client, demo: Project, django_capture_on_commit_callbacks: Any
) -> None:
    pilot = Round.objects.get(project=demo, name="Pilot 1")
    expected_a, expected_b = [], []
    for assignment in Assignment.objects.filter(round=pilot).order_by("topic_id", "id"):
        mine = assignment.annotator.username == "linguist1"

        def label(sentence: Any, mine: bool = mine) -> str:
            # linguist1 flags every third sentence; linguist2 every second: a known overlap.
            step = 3 if mine else 2
            return "inconsistent" if sentence.pk % step == 0 else "consistent"

        label_and_submit(assignment, label)
    for sentence_id in sorted(
        SentenceJudgement.objects.filter(assignment__round=pilot)
        .values_list("sentence_id", flat=True)
        .distinct()
    ):
        expected_a.append("inconsistent" if sentence_id % 3 == 0 else "consistent")
        expected_b.append("inconsistent" if sentence_id % 2 == 0 else "consistent")
    signed_in(ADMIN, client)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/api/admin/rounds/{pilot.pk}/agreement/")
    assert response.status_code == 202  # computed in-process here (no broker), stored
    job = client.get(f"/api/admin/jobs/{response.json()['job']}/").json()
    assert (job["status"], job["kind"]) == ("succeeded", "agreement")
    # Finished says finished: not its last progress message ("computing agreement").
    assert job["message"] == "agreement computed"
    report = client.get(f"/api/admin/rounds/{pilot.pk}/agreement/").json()
    assert report["stale"] is False
    assert report["annotators"] == ["linguist1", "linguist2"]
    questions = {q["key"]: q for q in report["questions"]}
    consistency = questions["sentence_consistency"]
    assert consistency["coefficient"]["name"] == "Cohen's kappa"
    assert consistency["coefficient"]["value"] == pytest.approx(
        cohen_kappa(expected_a, expected_b), abs=1e-4
    )
    low, high = consistency["coefficient"]["ci"]
    assert low <= consistency["coefficient"]["value"] <= high
    assert consistency["n_units"] == 129
    agreeing = sum(a == b for a, b in zip(expected_a, expected_b, strict=True))
    assert consistency["percent_agreement"] == pytest.approx(agreeing / 129, abs=1e-4)
    assert sum(map(sum, consistency["confusion"]["counts"])) == 129
    # Everyone chose "main" and relevance 4: agreement is undefined, and the report says why.
    assert questions["topic_category"]["coefficient"] is None
    assert questions["topic_category"]["note"]
    assert questions["topic_category"]["percent_agreement"] == 1.0
    # The same labels give the same report: reused, not recomputed.
    again = client.post(f"/api/admin/rounds/{pilot.pk}/agreement/")
    assert again.status_code == 200
    assert AgreementReport.objects.filter(round=pilot).count() == 1
    assert consistency["target"] is None
    # A target saved after the report was computed reaches the report (it showed "No target").
    target = consistency["coefficient"]["value"] - 0.01
    saved = client.put(
        f"/api/admin/projects/{demo.slug}/targets/",
        json.dumps({"sentence_consistency": target}),
        content_type="application/json",
    )
    assert saved.status_code == 200
    for shown in (
        client.get(f"/api/admin/rounds/{pilot.pk}/agreement/").json(),
        client.post(f"/api/admin/rounds/{pilot.pk}/agreement/").json(),
    ):
        judged = {q["key"]: q for q in shown["questions"]}["sentence_consistency"]
        assert judged["target"] == pytest.approx(target)
        assert judged["met"] is True


def test_mappings_are_applied_at_analysis_time_only(client: Client, demo: Project) -> None:
    pilot = Round.objects.get(project=demo, name="Pilot 1")
    for assignment in Assignment.objects.filter(round=pilot):
        label_and_submit(assignment, lambda sentence: "consistent")
    TopicJudgement.objects.filter(assignment__annotator__username="linguist2").update(
        category="irrelevant"
    )
    four_topics = sorted(
        set(Assignment.objects.filter(round=pilot).values_list("topic_id", flat=True))
    )[:4]
    TopicJudgement.objects.filter(
        assignment__annotator__username="linguist1", assignment__topic_id__in=four_topics
    ).update(category="marginal")
    report = json.loads(_command("agreement", "--round", str(pilot.pk), "--json"))
    questions = {q["key"]: q for q in report["questions"]}
    assert questions["topic_category"]["percent_agreement"] == 0.0
    assert questions["topic_category_merged"]["percent_agreement"] == pytest.approx(4 / 9, abs=1e-4)
    assert set(TopicJudgement.objects.values_list("category", flat=True)) == {
        "main",
        "marginal",
        "irrelevant",
    }


def _command(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_the_agreement_command_prints_a_readable_report(demo: Project) -> None:
    pilot = Round.objects.get(project=demo, name="Pilot 1")
    for assignment in Assignment.objects.filter(round=pilot):
        label_and_submit(assignment, lambda s: "inconsistent" if s.pk % 2 else "consistent")
    text = _command("agreement", "--round", str(pilot.pk))
    assert "Sentence consistency" in text
    assert "Cohen's kappa 1.0" in text


def test_an_admin_creates_opens_and_closes_a_round_with_exact_overlap(
    client: Client, demo: Project, django_capture_on_commit_callbacks: Any
) -> None:
    signed_in(ADMIN, client)
    body = {
        "name": "Pilot 2",
        "kind": "pilot",
        "overlap": 2,
        "guideline_version": 1,
        "annotators": ["linguist1", "linguist2"],
        # Every demo unit is in the open Pilot 1: a second pilot samples them only if asked.
        "units": {"sample": 5, "seed": 11, "include_busy": True},
    }
    created = post(client, "/api/admin/projects/demo/rounds/", body)
    assert created.status_code == 201, created.json()
    round_id = created.json()["id"]
    assert created.json()["status"] == "draft"
    assignments = Assignment.objects.filter(round_id=round_id)
    per_unit = {}
    for topic_id, username in assignments.values_list("topic_id", "annotator__username"):
        per_unit.setdefault(topic_id, []).append(username)
    assert len(per_unit) == 5
    assert all(sorted(names) == ["linguist1", "linguist2"] for names in per_unit.values())
    # The same seed samples the same units.
    again = post(client, "/api/admin/projects/demo/rounds/", {**body, "name": "Pilot 3"})
    assert set(
        Assignment.objects.filter(round_id=again.json()["id"]).values_list("topic_id", flat=True)
    ) == set(per_unit)
    assert client.post(f"/api/admin/rounds/{round_id}/open/").json()["status"] == "open"
    again = client.post(f"/api/admin/rounds/{round_id}/open/")
    assert (again.status_code, again.json()["code"]) == (409, "round_state")
    with django_capture_on_commit_callbacks(execute=True):
        closed = client.post(f"/api/admin/rounds/{round_id}/close/")
    assert closed.json()["status"] == "closed"
    # Closing computes the report in the background (in-process without a broker).
    assert AgreementReport.objects.filter(round_id=round_id).exists()


def test_load_is_balanced_when_overlap_is_smaller_than_the_team(
    client: Client, demo: Project
) -> None:
    from annotations.models import Membership
    from tests.factories import UserFactory

    # The demo has linguist1 to 3.
    Membership.objects.create(
        project=demo, user=UserFactory(username="linguist4"), role="annotator"
    )
    signed_in(ADMIN, client)
    created = post(
        client,
        "/api/admin/projects/demo/rounds/",
        {
            "name": "Wide",
            "kind": "production",
            "overlap": 2,
            "guideline_version": 1,
            "annotators": ["linguist1", "linguist2", "linguist3", "linguist4"],
            "units": {"sample": 9, "seed": 1},
        },
    )
    loads = {}
    pairs = set()
    for topic_id, username in Assignment.objects.filter(round_id=created.json()["id"]).values_list(
        "topic_id", "annotator__username"
    ):
        loads[username] = loads.get(username, 0) + 1
        pairs.add((topic_id, username))
    assert sum(loads.values()) == 18
    assert max(loads.values()) - min(loads.values()) <= 1
    assert len(pairs) == 18  # nobody holds a unit twice


def test_a_sample_leaves_out_units_of_other_unclosed_rounds_of_its_kind_and_says_so(
    client: Client, demo: Project
) -> None:
    signed_in(ADMIN, client)
    pilot = Round.objects.get(project=demo)
    body = {
        "name": "Pilot 2",
        "kind": "pilot",
        "overlap": 1,
        "guideline_version": 1,
        "annotators": ["linguist1"],
        "units": {"sample": 3, "seed": 5},
    }
    refused = post(client, "/api/admin/projects/demo/rounds/", body)
    assert (refused.status_code, refused.json()["code"]) == (409, "round_refused")
    assert "9 more are in another pilot round" in refused.json()["errors"]["units"][0]
    # Two units of the open pilot freed (its round closed would free all): they are sampled.
    freed = sorted(set(Assignment.objects.filter(round=pilot).values_list("topic_id", flat=True)))
    Assignment.objects.filter(round=pilot, topic_id__in=freed[:3]).delete()
    created = post(client, "/api/admin/projects/demo/rounds/", body)
    assert created.status_code == 201, created.json()
    assert created.json()["skipped"] == 6
    busy = set(Assignment.objects.filter(round=pilot).values_list("topic_id", flat=True))
    chosen = set(
        Assignment.objects.filter(round_id=created.json()["id"]).values_list("topic_id", flat=True)
    )
    assert chosen.isdisjoint(busy)
    # Asked to, it samples among all; another kind is never held back by a pilot.
    both = post(
        client,
        "/api/admin/projects/demo/rounds/",
        {**body, "name": "Pilot 3", "units": {"sample": 9, "seed": 5, "include_busy": True}},
    )
    assert (both.status_code, both.json()["skipped"]) == (201, 0)
    production = post(
        client,
        "/api/admin/projects/demo/rounds/",
        {**body, "name": "Prod", "kind": "production", "units": {"sample": 9, "seed": 5}},
    )
    assert production.status_code == 201


def test_the_unit_list_searches_pages_and_says_where_each_unit_is(
    client: Client, demo: Project, django_assert_max_num_queries: Any
) -> None:
    signed_in(ADMIN, client)
    with django_assert_max_num_queries(12):
        page = client.get("/api/admin/projects/demo/units/").json()
    assert (page["count"], page["page"], page["pages"]) == (9, 1, 1)
    first = page["units"][0]
    assert first["rounds"] == ["Pilot 1"]
    assert first["summaries"] > 0
    assert set(first) == {"topic", "topic_name", "document", "corpus", "summaries", "rounds"}
    word = first["topic_name"].split()[0]
    found = client.get("/api/admin/projects/demo/units/", {"q": word}).json()
    assert 1 <= found["count"] <= 9
    assert all(
        word.lower() in (u["topic_name"] + " " + u["document"]).lower() for u in found["units"]
    )
    assert client.get("/api/admin/projects/demo/units/", {"q": "zzzz-nothing"}).json()["count"] == 0
    for bad in ("0", "-1", "x", "²", "1.5"):
        answer = client.get("/api/admin/projects/demo/units/", {"page": bad})
        assert answer.status_code == 400, bad
        assert "page" in answer.json()["errors"]
    linguist = Client()
    signed_in(LINGUIST, linguist)
    assert linguist.get("/api/admin/projects/demo/units/").status_code == 404


def test_round_creation_errors_name_each_field(client: Client, demo: Project) -> None:
    signed_in(ADMIN, client)
    body = {
        "name": "Pilot 1",
        "kind": "pilot",
        "overlap": 2,
        "guideline_version": 7,
        "annotators": ["linguist1", "reviewer"],
        "units": {"sample": 99},
    }
    # A body of the right shape that the project's data refuses: 409, every field named.
    response = post(client, "/api/admin/projects/demo/rounds/", body)
    assert (response.status_code, response.json()["code"]) == (409, "round_refused")
    errors = response.json()["errors"]
    assert errors["annotators"] == ["not annotators of this project: reviewer"]
    assert errors["guideline_version"] == ["no guideline version 7 in this project"]
    assert "exists" in errors["name"][0]
    assert errors["units"] == [
        "a sample of 1 to 0 units (the project has 0 free, 9 more are in another pilot round"
        " that is not closed)"
    ]
    assert Round.objects.filter(project=demo).count() == 1
    # A body the schema refuses (api/round_inputs.py): 400, before any data is read.
    for shape, field, message in [
        ({"overlap": 3}, "overlap", "an overlap of 3 needs at least 3 annotators"),
        ({"annotators": ["linguist1", "linguist1"]}, "annotators", "name each person once"),
        ({"gold_rate": 0.1}, "gold_rate", "not a field here"),
        ({"source_rounds": [1]}, "source_rounds", "not a field here"),
        ({"units": {"topics": []}}, "units.topics", "Ensure this field has at least 1"),
    ]:
        refused = post(client, "/api/admin/projects/demo/rounds/", {**body, **shape})
        assert (refused.status_code, refused.json()["code"]) == (400, "invalid"), shape
        assert set(refused.json()["errors"]) == {field}, refused.json()
        assert message in refused.json()["errors"][field][0]
    without_units = {key: value for key, value in body.items() if key != "units"}
    review = {**without_units, "kind": "review", "overlap": 1, "source_rounds": [1]}
    for shape, field in [({"units": {"sample": 3}}, "units"), ({"overlap": 2}, "overlap")]:
        refused = post(client, "/api/admin/projects/demo/rounds/", {**review, **shape})
        assert set(refused.json()["errors"]) == {field}, refused.json()
    assert Round.objects.filter(project=demo).count() == 1
    bad_kind = post(client, "/api/admin/projects/demo/rounds/", {"name": "X", "kind": "party"})
    assert bad_kind.status_code == 400
    assert "kind" in bad_kind.json()["errors"]


@pytest.mark.parametrize("username", ["linguist1", "reviewer", "researcher"])
def test_only_project_admins_manage_rounds_and_read_reports(
    client: Client, demo: Project, username: str
) -> None:
    pilot = Round.objects.get(project=demo)
    signed_in(username, client)
    assert client.get("/api/admin/projects/").json() == []
    assert client.get("/api/admin/projects/demo/").status_code == 404
    assert client.get(f"/api/admin/rounds/{pilot.pk}/progress/").status_code == 404
    assert client.post(f"/api/admin/rounds/{pilot.pk}/agreement/").status_code == 404
    assert client.post(f"/api/admin/rounds/{pilot.pk}/close/").status_code == 404
    assert client.get(f"/api/admin/rounds/{pilot.pk}/disagreements/").status_code == 404
    response = post(
        client, f"/api/admin/rounds/{pilot.pk}/feedback/", {"annotator": "linguist2", "text": "x"}
    )
    assert response.status_code == 404
    assert post(client, "/api/admin/projects/demo/rounds/", {}).status_code == 404
    pilot.refresh_from_db()
    assert pilot.status == RoundStatus.OPEN
    assert not Feedback.objects.exists()


def test_disagreements_show_everyones_labels_side_by_side_and_feedback_reaches_the_annotator(
    client: Client, demo: Project
) -> None:
    pilot = Round.objects.get(project=demo)
    for assignment in Assignment.objects.filter(round=pilot):
        mine = assignment.annotator.username == "linguist1"
        label_and_submit(
            assignment,
            lambda s, mine=mine: "inconsistent" if (mine and s.position == 0) else "consistent",
        )
    signed_in(ADMIN, client)
    listed = client.get(f"/api/admin/rounds/{pilot.pk}/disagreements/").json()
    units = listed["units"]
    assert listed["count"] == len(units) == 9
    assert all(u["sentences"] > 0 for u in units)
    unit = client.get(f"/api/admin/rounds/{pilot.pk}/disagreements/{units[0]['topic']}/").json()
    assert unit["next_topic"] == units[1]["topic"]
    assert unit["annotators"] == ["linguist1", "linguist2"]
    first = unit["summaries"][0]["sentences"][0]
    assert first["disagree"] is True
    answer = first["judgements"]["linguist1"]
    assert answer == {
        "label": "inconsistent",
        "explanation": "why",
        "error_types": ["Contradiction"],
        "spans": [],
        # Its audit history opens from here (docs/review.md, "History").
        "history": {"kind": "sentencejudgement", "id": answer["history"]["id"]},
    }
    assert first["judgements"]["linguist2"]["label"] == "consistent"
    assert unit["document"]["turns"][0]["text"]
    for system in ("Quillon-13B", "Zephyrix-7B", "Synopsia-2", "Brevlet-XL", "Gistrel-Chat"):
        assert system not in json.dumps(unit)
    sent = post(
        client,
        f"/api/admin/rounds/{pilot.pk}/feedback/",
        {"annotator": "linguist1", "text": "Sentence 1 is fine.", "sentence": first["id"]},
    )
    assert sent.status_code == 201
    nobody = post(
        client, f"/api/admin/rounds/{pilot.pk}/feedback/", {"annotator": "reviewer", "text": "x"}
    )
    assert nobody.status_code == 400
    linguist = Client()
    signed_in(LINGUIST, linguist)
    feedback = linguist.get("/api/assignments/").json()["feedback"]
    assert [f["text"] for f in feedback] == ["Sentence 1 is fine."]
    assert feedback[0]["sentence"]["number"] == 1
    other = Client()
    signed_in(SECOND_LINGUIST, other)
    assert other.get("/api/assignments/").json()["feedback"] == []


def test_the_disagreement_view_shows_everyones_spans_and_evidence_in_constant_queries(
    client: Client, demo: Project
) -> None:
    pilot = Round.objects.get(project=demo)
    assignments = list(Assignment.objects.filter(round=pilot).order_by("topic_id", "id"))
    topic_id = assignments[0].topic_id
    for assignment in assignments:
        label_and_submit(assignment, lambda s: "inconsistent" if s.position == 0 else "consistent")
    judgements = SentenceJudgement.objects.filter(
        assignment__topic_id=topic_id, label="inconsistent"
    ).select_related("sentence", "assignment__annotator")
    turn = Document.objects.get(topics__id=topic_id).turns.order_by("position")[1]
    signed_in(ADMIN, client)
    url = f"/api/admin/rounds/{pilot.pk}/disagreements/{topic_id}/"

    def mark_spans(count: int) -> None:
        ErrorSpan.objects.all().delete()
        for judgement in judgements:
            for n in range(count):
                span = ErrorSpan.objects.create(
                    judgement=judgement,
                    start=2 * n,
                    end=2 * n + 1,
                    no_evidence=judgement.assignment.annotator.username == "linguist2",
                )
                if not span.no_evidence:
                    EvidenceSpan.objects.create(error_span=span, turn=turn, start=0, end=4)

    mark_spans(1)
    with CaptureQueriesContext(connection) as one:
        unit = client.get(url).json()
    sentence = next(
        s
        for summary in unit["summaries"]
        for s in summary["sentences"]
        if s["judgements"]["linguist1"]["label"] == "inconsistent"
    )
    mine, theirs = sentence["judgements"]["linguist1"], sentence["judgements"]["linguist2"]
    assert mine["spans"] == [
        {
            "start": 0,
            "end": 1,
            "text": sentence["text"][0:1],
            "error_type": None,
            "note": "",
            "no_evidence": False,
            "evidence": [{"turn": turn.pk, "start": 0, "end": 4, "text": turn.text[0:4]}],
        }
    ]
    assert theirs["spans"][0]["no_evidence"] is True
    assert theirs["spans"][0]["evidence"] == []
    mark_spans(5)
    with CaptureQueriesContext(connection) as many:
        assert (
            len(
                client.get(url).json()["summaries"][0]["sentences"][0]["judgements"]["linguist1"][
                    "spans"
                ]
            )
            == 5
        )
    assert len(one) == len(many)


def test_progress_counts_status_and_time_per_annotator_and_unit(
    client: Client, demo: Project
) -> None:
    pilot = Round.objects.get(project=demo)
    first = Assignment.objects.filter(round=pilot, annotator__username="linguist1").first()
    label_and_submit(first, lambda s: "consistent")
    Assignment.objects.filter(pk=first.pk).update(active_seconds=300)
    progress = signed_in(ADMIN, client).get(f"/api/admin/rounds/{pilot.pk}/progress/").json()
    rows = {r["username"]: r for r in progress["annotators"]}
    assert rows["linguist1"]["submitted"] == 1
    assert rows["linguist1"]["active_seconds"] == 300
    assert rows["linguist2"]["submitted"] == 0
    assert len(progress["units"]) == 9


def test_guidelines_get_versions_with_a_changelog_and_a_diff(client: Client, demo: Project) -> None:
    signed_in(ADMIN, client)
    created = post(
        client,
        "/api/admin/projects/demo/guidelines/",
        {"markdown": "# Guidelines\n\nJudge each sentence.\n", "changelog": "Shorter."},
    )
    assert created.status_code == 201
    assert created.json()["version"] == 2
    diff = client.get("/api/admin/projects/demo/guidelines/diff/?from=1&to=2").json()["diff"]
    assert diff.startswith("--- v1\n+++ v2\n")
    assert "+Judge each sentence." in diff
    assert (
        post(client, "/api/admin/projects/demo/guidelines/", {"markdown": "x"}).status_code == 400
    )
    assert client.get("/api/admin/projects/demo/guidelines/diff/?from=1&to=9").status_code == 404


def test_span_questions_take_targets_and_are_judged_against_them(
    client: Client, demo: Project, django_capture_on_commit_callbacks: Any
) -> None:
    Project.objects.filter(pk=demo.pk).update(ask_error_spans=True, ask_evidence=True)
    signed_in(ADMIN, client)
    targets = {"span_exact": 0.9, "evidence_turns": 0.5}
    saved = client.put(
        "/api/admin/projects/demo/targets/",
        json.dumps(targets),
        content_type="application/json",
    )
    assert saved.json() == targets
    pilot = Round.objects.get(project=demo)
    for assignment in Assignment.objects.filter(round=pilot):
        label_and_submit(assignment, lambda s: "inconsistent" if s.position == 0 else "consistent")
    for judgement in SentenceJudgement.objects.filter(
        assignment__round=pilot, label="inconsistent"
    ):
        ErrorSpan.objects.create(judgement=judgement, start=0, end=3, no_evidence=True)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/api/admin/rounds/{pilot.pk}/agreement/")
    questions = {
        q["key"]: q
        for q in client.get(f"/api/admin/rounds/{pilot.pk}/agreement/").json()["questions"]
    }
    # Everyone marked the same words: exact span F1 is 1 and meets its target.
    exact = questions["span_exact"]
    assert (exact["coefficient"]["value"], exact["target"], exact["met"]) == (1.0, 0.9, True)
    assert questions["evidence_turns"]["target"] == 0.5


def test_targets_are_validated_and_judge_the_report(
    client: Client, demo: Project, django_capture_on_commit_callbacks: Any
) -> None:
    signed_in(ADMIN, client)
    bad = client.put(
        "/api/admin/projects/demo/targets/",
        json.dumps({"sentence_consistency": 3, "vibes": 0.5}),
        content_type="application/json",
    )
    assert bad.status_code == 400
    assert set(bad.json()["errors"]) == {"sentence_consistency", "vibes"}
    good = client.put(
        "/api/admin/projects/demo/targets/",
        json.dumps({"sentence_consistency": 0.4}),
        content_type="application/json",
    )
    assert good.json() == {"sentence_consistency": 0.4}
    pilot = Round.objects.get(project=demo)
    for assignment in Assignment.objects.filter(round=pilot):
        label_and_submit(assignment, lambda s: "inconsistent" if s.pk % 2 else "consistent")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/api/admin/rounds/{pilot.pk}/agreement/")
    report = client.get(f"/api/admin/rounds/{pilot.pk}/agreement/").json()
    consistency = next(q for q in report["questions"] if q["key"] == "sentence_consistency")
    assert (consistency["target"], consistency["met"]) == (0.4, True)
    history = client.get("/api/admin/projects/demo/agreement-history/").json()["questions"]
    entry = next(q for q in history if q["key"] == "sentence_consistency")
    # Each point carries its interval and n, drawn as error bars.
    assert entry["points"] == [
        {
            "round": "Pilot 1",
            "round_id": pilot.pk,
            "value": 1.0,
            "ci": consistency["coefficient"]["ci"],
            "n_units": consistency["n_units"],
        }
    ]


def test_a_corpus_file_imports_from_the_browser_as_a_job(
    client: Client,
    demo: Project,
    django_capture_on_commit_callbacks: Any,
    settings: Any,
    tmp_path: Path,
) -> None:
    settings.MEDIA_ROOT = tmp_path
    signed_in(ADMIN, client)
    lines = (DEMO_DIR / "corpus.jsonl").read_text().replace('"corpus": "demo"', '"corpus": "more"')
    upload = SimpleUploadedFile("more.jsonl", lines.encode(), content_type="application/jsonl")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/api/admin/projects/demo/imports/", {"file": upload})
    assert response.status_code == 202
    job = client.get(f"/api/admin/jobs/{response.json()['job']}/").json()
    assert job["status"] == "succeeded", job
    assert job["progress"] == 100
    assert any("3 created" in line for line in job["result"]["lines"])
    assert Document.objects.filter(corpus__slug="more").count() == 3
    broken = SimpleUploadedFile("broken.jsonl", b'{"id": "x"', content_type="application/jsonl")
    with django_capture_on_commit_callbacks(execute=True):
        started = client.post("/api/admin/projects/demo/imports/", {"file": broken})
    failed = client.get(f"/api/admin/jobs/{started.json()['job']}/").json()
    assert failed["status"] == "failed"
    assert "line 1: not valid JSON" in failed["error"]
