"""Explanation meta-annotation (TofuEval Appendix H): a round over the sentences the release's
gold calls inconsistent that an evaluator flagged with an explanation; linguists judge each
explanation blind to its evaluator, the report gives their agreement and the leaderboard each
evaluator's share judged "same error"."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from annotations.models import Assignment, ExplanationItem, Release, Round, RoundKind
from tests.evaluators.test_runs import media, record_ids, upload  # noqa: F401
from tests.people import ADMIN, LINGUIST, RESEARCHER, SECOND_LINGUIST, signed_in
from tests.scoring.test_release_scores import build, labelled_round  # noqa: F401

pytestmark = pytest.mark.django_db(databases="__all__")

EVALUATORS = ("Judge-Alpha", "Judge-Beta")


@pytest.fixture
def release(labelled_round: Round, tmp_path: Path) -> Release:  # noqa: F811
    """A release with two evaluators' label runs: each flags every inconsistent sentence
    (and Beta one consistent sentence too, which no round may ask about), explaining each."""
    released = build(labelled_round, ["native"])
    ids, labels = record_ids(released)
    consistent = ids[labels.index(0)]
    for name in EVALUATORS:
        rows = [
            {
                "record_id": i,
                # 0 calls the sentence inconsistent (labels as AggreFact writes them).
                "label": int(not (label == 1 or (name == "Judge-Beta" and i == consistent))),
                **({"explanation": f"{name} says: record {i} is wrong"} if label == 1 else {}),
            }
            for i, label in zip(ids, labels, strict=True)
        ]
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(json.dumps(row) + "\n" for row in rows))
        upload(released, path, "--evaluator", name)
    return released


def create_round(release: Release | None, **extra: Any) -> Any:
    body = {
        "name": "Explanations",
        "kind": "explanation",
        "overlap": 2,
        "guideline_version": 1,
        "annotators": [LINGUIST, SECOND_LINGUIST],
        "release": release.pk if release else None,
        **extra,
    }
    return signed_in(ADMIN).post(
        "/api/admin/projects/demo/rounds/", body, content_type="application/json"
    )


def open_round(round_id: int) -> None:
    response = signed_in(ADMIN).post(f"/api/admin/rounds/{round_id}/open/")
    assert response.status_code == 200, response.content


def items_of(client: Client, username: str, round_id: int) -> list[tuple[int, dict[str, Any]]]:
    assignments = Assignment.objects.filter(round_id=round_id, annotator__username=username)
    return [
        (a.pk, client.get(f"/api/assignments/{a.pk}/items/").json())
        for a in assignments.order_by("pk")
    ]


def judge_all(username: str, round_id: int, verdict_of: Any) -> None:
    """Judge every explanation ``verdict_of(text)`` and submit every unit."""
    client = signed_in(username)
    for assignment_id, payload in items_of(client, username, round_id):
        saved_before = {j["sentence"]: j["version"] for j in payload["judgements"]["explanations"]}
        for item in payload["items"]:
            rows = [
                {"position": n, "item": e["id"], "verdict": verdict_of(e["text"])}
                for n, e in enumerate(item["explanations"], start=1)
            ]
            version = saved_before.get(item["sentence"], 0)
            saved = client.patch(
                f"/api/assignments/{assignment_id}/explanations/{item['sentence']}/",
                {"explanations": rows, "version": version},
                content_type="application/json",
            )
            assert saved.status_code == 200, saved.content
        submitted = client.post(f"/api/assignments/{assignment_id}/submit/")
        assert submitted.status_code == 200, submitted.content


def test_the_round_asks_about_flagged_inconsistent_sentences_blind_to_the_evaluator(
    release: Release,
) -> None:
    _, labels = record_ids(release)
    created = create_round(release)
    assert created.status_code == 201, created.content
    # Every gold-inconsistent sentence, once per evaluator; never Beta's consistent one.
    assert created.json()["items"] == 2 * labels.count(1)
    round_ = Round.objects.get(pk=created.json()["id"])
    assert round_.kind == RoundKind.EXPLANATION
    open_round(round_.pk)
    client = signed_in(LINGUIST)
    queue = client.get("/api/assignments/").json()
    rows = [row for row in queue["assignments"] if row["round"]["kind"] == "explanation"]
    # Listed in the linguist's own queue, opening the item screen.
    assert rows
    assert {row["screen"] for row in rows} == {"items"}
    orders = []
    for _, payload in items_of(client, LINGUIST, round_.pk):
        body = json.dumps(payload)
        assert payload["stage"] == "explanation"
        # Blind: no evaluator name, run or database id of an explanation reaches the linguist.
        for name in EVALUATORS:
            assert name not in body.replace(f"{name} says", "")
        item_ids = {str(pk) for pk in ExplanationItem.objects.values_list("pk", flat=True)}
        for item in payload["items"]:
            assert len(item["explanations"]) == 2
            assert not {e["id"] for e in item["explanations"]} & item_ids
            # The human explanation is shown beside the evaluators'.
            assert [label["explanation"] for label in item["labels"]] == [
                "Not what the dialogue says."
            ] * len(item["labels"])
            assert item["labels"]
            orders.append([e["text"].split(" says")[0] for e in item["explanations"]])
    # Order randomised per item: not always the same evaluator first.
    assert len({order[0] for order in orders}) == 2


def test_saves_are_checked_and_the_report_and_leaderboard_read_the_verdicts(
    release: Release,
) -> None:
    round_id = create_round(release).json()["id"]
    open_round(round_id)
    client = signed_in(LINGUIST)
    assignment_id, payload = items_of(client, LINGUIST, round_id)[0]
    item = payload["items"][0]
    url = f"/api/assignments/{assignment_id}/explanations/{item['sentence']}/"
    one = [{"position": 1, "item": item["explanations"][0]["id"], "verdict": "same"}]
    partial = client.patch(url, {"explanations": one, "version": 0}, "application/json")
    assert partial.status_code == 400
    assert "explanations" in partial.json()["errors"]
    _, other = items_of(signed_in(SECOND_LINGUIST), SECOND_LINGUIST, round_id)[0]
    foreign = [
        {"position": n, "item": e["id"], "verdict": "same"}
        for n, e in enumerate(other["items"][0]["explanations"], start=1)
    ]
    refused = client.patch(url, {"explanations": foreign, "version": 0}, "application/json")
    assert refused.status_code == 400
    unjudged = [
        {"position": n, "item": e["id"], "verdict": ""}
        for n, e in enumerate(item["explanations"], start=1)
    ]
    saved = client.patch(url, {"explanations": unjudged, "version": 0}, "application/json")
    assert saved.status_code == 200
    assert [row["item"] for row in saved.json()["explanations"]] == [
        e["id"] for e in item["explanations"]
    ]
    # Not done until every explanation has a verdict.
    missing = client.post(f"/api/assignments/{assignment_id}/submit/")
    assert missing.status_code == 400
    assert "explanation 1" in json.dumps(missing.json())

    # Both linguists: Alpha's explanations the same error, Beta's a different one, except
    # that the second linguist calls Beta's "partially".
    judge_all(LINGUIST, round_id, lambda text: "same" if "Alpha" in text else "different")
    judge_all(SECOND_LINGUIST, round_id, lambda text: "same" if "Alpha" in text else "partially")
    out = StringIO()
    call_command("agreement", "--round", str(round_id), "--json", stdout=out)
    questions = {q["key"]: q for q in json.loads(out.getvalue())["questions"]}
    verdict, same = questions["explanation_verdict"], questions["explanation_same"]
    assert verdict["n_units"] == same["n_units"] == ExplanationItem.objects.count()
    assert same["coefficient"]["value"] == pytest.approx(1.0)
    assert verdict["coefficient"]["value"] < 1.0

    board = signed_in(RESEARCHER).get(f"/api/releases/{release.pk}/leaderboard/").json()
    shares = board["explanations_same"]
    assert shares["Judge-Alpha"]["value"] == 1.0
    assert shares["Judge-Beta"]["value"] == 0.0
    assert (
        shares["Judge-Alpha"]["n"]
        == ExplanationItem.objects.filter(run__evaluator__name="Judge-Alpha").count() * 2
    )


def test_a_release_without_explanations_or_a_bad_request_is_refused(
    labelled_round: Round,  # noqa: F811
) -> None:
    released = build(labelled_round, ["native"])
    # What the release holds decides: a 409 naming the field.
    refused = create_round(released)
    assert (refused.status_code, refused.json()["code"]) == (409, "round_refused")
    assert "evaluators" in refused.json()["errors"]
    unknown = create_round(released, evaluators=["Nope"])
    assert unknown.status_code == 409
    assert "evaluators" in unknown.json()["errors"]
    # The body's shape: a 400 before any data is looked at.
    one_linguist = create_round(released, overlap=1, annotators=[LINGUIST], evaluators=["Nope"])
    assert (one_linguist.status_code, one_linguist.json()["code"]) == (400, "invalid")
    assert set(one_linguist.json()["errors"]) == {"overlap"}
    no_release = create_round(None)
    assert no_release.status_code == 400
    assert "release" in no_release.json()["errors"]
