"""Blinding has no side channel: nothing a linguist receives (identifiers, their order) lets
them recover which summarizer wrote a summary, even when every unit lists its systems in the
same import order, as real corpora do."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from annotations.handles import HANDLE, decode
from annotations.models import Membership, Role, RoundStatus
from tests.factories import (
    AssignmentFactory,
    DocumentFactory,
    GuidelineFactory,
    ProjectFactory,
    RoundFactory,
    SentenceFactory,
    SummaryFactory,
    TopicFactory,
    UserFactory,
)
from tests.people import signed_in

pytestmark = pytest.mark.django_db

SYSTEMS = ["gpt-x", "llama-y", "mistral-z", "claude-w", "bart-v", "pegasus-u"]
UNITS = 40


@pytest.fixture
def study() -> dict[str, Any]:
    """40 units of 6 summaries (3 sentences each), systems always imported in one order, and
    two linguists with an assignment of every unit."""
    project = ProjectFactory()
    round_ = RoundFactory(
        project=project,
        status=RoundStatus.OPEN,
        guideline_version=GuidelineFactory(project=project),
    )
    linguists = [UserFactory(username=f"blind{n}") for n in (1, 2)]
    for person in linguists:
        Membership.objects.create(project=project, user=person, role=Role.ANNOTATOR)
    system_of: dict[int, str] = {}
    rng = random.Random(7)
    assignments: dict[str, list[int]] = {p.username: [] for p in linguists}
    for unit in range(UNITS):
        topic = TopicFactory(document=DocumentFactory(corpus__project=project))
        for position, system in enumerate(SYSTEMS):
            summary = SummaryFactory(topic=topic, system=system, position=position)
            system_of[summary.pk] = system
            for number in range(3):
                SentenceFactory(summary=summary, position=number, text=f"Claim {number} of {unit}.")
        for person in linguists:
            assignment = AssignmentFactory(
                round=round_, topic=topic, annotator=person, order_seed=rng.randrange(2**31)
            )
            assignments[person.username].append(assignment.pk)
    return {"system_of": system_of, "assignments": assignments}


def test_no_identifier_or_order_in_the_payload_reveals_the_summarizer(
    study: dict[str, Any],
) -> None:
    system_of = study["system_of"]
    for username, assignment_ids in study["assignments"].items():
        client = signed_in(username)
        by_sorted_summary: list[Counter[str]] = [Counter() for _ in SYSTEMS]
        by_sorted_sentence: list[Counter[str]] = [Counter() for _ in range(3 * len(SYSTEMS))]
        by_position: list[Counter[str]] = [Counter() for _ in SYSTEMS]
        for assignment_id in assignment_ids:
            response = client.get(f"/api/assignments/{assignment_id}/")
            text = response.content.decode()
            assert not any(system in text for system in SYSTEMS)
            summaries = response.json()["summaries"]
            systems = {
                s["id"]: system_of[decode(assignment_id, "summary", s["id"])] for s in summaries
            }
            sentence_system = {
                sentence["id"]: systems[s["id"]] for s in summaries for sentence in s["sentences"]
            }
            # The attack that worked before: sort the identifiers, read the rank.
            for rank, handle in enumerate(sorted(systems)):
                by_sorted_summary[rank][systems[handle]] += 1
            for rank, handle in enumerate(sorted(sentence_system)):
                by_sorted_sentence[rank][sentence_system[handle]] += 1
            for position, summary in enumerate(summaries):
                by_position[position][systems[summary["id"]]] += 1
            assert all(HANDLE.match(h) for h in [*systems, *sentence_system])
        # By chance a system holds a rank in about 1/6 of 40 units; the old ids gave 40 of 40.
        # Half the units is out of reach by chance (p < 1e-9 for any rank).
        for counters in (by_sorted_summary, by_sorted_sentence, by_position):
            for counter in counters:
                assert counter.most_common(1)[0][1] <= UNITS // 2, counter


def test_two_linguists_never_share_a_handle_and_one_assignments_handle_fails_in_another(
    study: dict[str, Any],
) -> None:
    first, second = (study["assignments"][name][0] for name in ("blind1", "blind2"))
    handles: dict[int, set[str]] = {}
    for username, assignment_id in (("blind1", first), ("blind2", second)):
        body = signed_in(username).get(f"/api/assignments/{assignment_id}/").json()
        handles[assignment_id] = {s["id"] for s in body["summaries"]} | {
            x["id"] for s in body["summaries"] for x in s["sentences"]
        }
    assert not handles[first] & handles[second]
    foreign = next(iter(handles[second]))
    own_other = study["assignments"]["blind1"][1]
    client = signed_in("blind1")
    for url in (
        f"/api/assignments/{first}/sentences/{foreign}/",
        f"/api/assignments/{own_other}/sentences/{next(iter(handles[first]))}/",
        f"/api/assignments/{first}/sentences/{'A' * 22}/",
    ):
        response = client.patch(
            url, json.dumps({"label": "consistent", "version": 0}), content_type="application/json"
        )
        assert response.status_code == 404


def test_saves_conflicts_and_refusals_carry_handles_never_ids(study: dict[str, Any]) -> None:
    assignment_id = study["assignments"]["blind1"][0]
    client = signed_in("blind1")
    body = client.get(f"/api/assignments/{assignment_id}/").json()
    summary = body["summaries"][0]
    sentence = summary["sentences"][0]["id"]
    url = f"/api/assignments/{assignment_id}/sentences/{sentence}/"

    def patch(target: str, data: dict[str, Any]) -> Any:
        return client.patch(target, json.dumps(data), content_type="application/json")

    saved = patch(url, {"label": "consistent", "version": 0})
    assert saved.json()["sentence"] == sentence
    stale = patch(url, {"label": "inconsistent", "version": 0})
    assert stale.status_code == 409
    assert stale.json()["current"]["sentence"] == sentence
    rated = patch(
        f"/api/assignments/{assignment_id}/summaries/{summary['id']}/",
        {"relevance": 3, "version": 0},
    )
    assert rated.json()["summary"] == summary["id"]
    refused = client.post(f"/api/assignments/{assignment_id}/submit/")
    assert refused.status_code == 400
    queue = client.get("/api/assignments/")
    reloaded = client.get(f"/api/assignments/{assignment_id}/").json()
    assert reloaded["judgements"]["sentences"][0]["sentence"] == sentence
    # A refused submit names items as the linguist sees them: letter and sentence number.
    for item in refused.json()["missing"]:
        assert item["summary"] in (None, *"ABCDEF")
        assert item["sentence"] in (None, 1, 2, 3)
    # No other response names a sentence or summary by a number.
    for response in (saved, stale, rated, queue):
        text = response.content.decode()
        assert not re.findall(r'"(?:sentence|summary)":\s*\d', text), text[:300]
