"""Adjudicating the fact layers (issue 33 §4, docs/review.md "Key facts and atomic facts"):
the adjudication screen shows every annotator's key-fact list and atomic-fact verdicts side
by side under the admin's handles, the admin copies one into their own sheet through the
ordinary save (version, 409, audit), and releases take it as `adjudicated`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from annotations.api.adjudication_contract import AdjudicationPayloadOutput
from annotations.formats.writers.rows import ExportError
from annotations.handles import encode
from annotations.models import (
    JudgementChange,
    Project,
    Round,
)
from tests.api.test_contract import mismatches
from tests.formats.test_completeness_release import built, facts_round  # noqa: F401
from tests.formats.test_written_key_facts_release import Written, records, write_list
from tests.formats.writers.builders import consistent_summary
from tests.people import signed_in
from tests.services.test_release_rows import first_unit, labelled_demo

pytestmark = pytest.mark.django_db


def patch(client: Any, url: str, body: dict[str, Any]) -> Any:
    return client.patch(url, json.dumps(body), content_type="application/json")


def written_unit() -> tuple[Round, Written]:
    """The demo pilot asking for key facts; in its first unit linguist 1 wrote three facts
    and linguist 2 four, each aligned with every summary."""
    round_ = labelled_demo()
    Project.objects.filter(pk=round_.project_id).update(ask_completeness=True)
    first, second = first_unit(round_)
    saved = Written()
    write_list(first, "Lena", 3, 0, saved)
    write_list(second, "Luis", 4, 1, saved)
    return round_, saved


def opened(admin: Any, round_: Round) -> tuple[int, dict[str, Any]]:
    first, _ = first_unit(round_)
    response = admin.post(
        f"/api/admin/projects/{round_.project.slug}/adjudication/units/{first.topic_id}/"
    )
    assert response.status_code == 200, response.content
    assignment = response.json()["assignment"]
    shown = admin.get(f"/api/admin/adjudication/{assignment}/?round={round_.pk}")
    assert shown.status_code == 200, shown.content
    return assignment, shown.json()


def test_the_screen_shows_every_raters_key_fact_list_under_the_admins_handles() -> None:
    round_, saved = written_unit()
    first, second = first_unit(round_)
    _, payload = opened(signed_in("admin"), round_)

    lists = payload["key_facts"]["lists"]
    assert [entry["rater"] for entry in lists] == [
        first.annotator.username,
        second.annotator.username,
    ]
    assert [[f["text"] for f in entry["facts"]] for entry in lists] == [
        saved.lists["Lena"],
        saved.lists["Luis"],
    ]
    letters = {summary["id"]: summary for summary in payload["summaries"]}
    numbers = {
        sentence["id"]: sentence["number"]
        for summary in payload["summaries"]
        for sentence in summary["sentences"]
    }
    systems = {s.pk: s.system for s in first.topic.summaries.all()}
    by_letter = {
        summary["label"]: system
        for summary, system in zip(
            payload["summaries"],
            [s.system for s in first.topic.summaries.order_by("position", "id")],
            strict=True,
        )
    }
    # Each alignment names a summary and sentences of the screen, and says what was saved.
    for entry, who in zip(lists, ["Lena", "Luis"], strict=True):
        for fact in entry["facts"]:
            assert fact["given"] is None
            for alignment in fact["alignments"]:
                system = by_letter[letters[alignment["summary"]]["label"]]
                covered, positions = saved.decided[(system, fact["text"])]
                assert alignment["covered"] is covered
                assert tuple(numbers[s["sentence"]] - 1 for s in alignment["sentences"]) == (
                    positions
                )
        assert entry["given"] is False, who
    # Gold until the admin writes one: the first rater's list, as a release takes it.
    assert payload["key_facts"]["gold"] == {"rule": "written", "rater": first.annotator.username}
    assert mismatches(AdjudicationPayloadOutput(), payload) == []
    # Blinding: summaries travel as letters and handles, never as their systems.
    body = json.dumps(payload)
    assert not any(system in body for system in systems.values())


def test_an_admin_copies_a_list_edits_it_and_the_release_takes_it_as_adjudicated(
    settings: Any, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    round_, saved = written_unit()
    first, _ = first_unit(round_)
    admin = signed_in("admin")
    assignment, payload = opened(admin, round_)
    copied = payload["key_facts"]["lists"][1]["facts"]  # Luis's four facts
    copied[0] = {**copied[0], "text": "The agreed first fact."}
    route = f"/api/assignments/{assignment}/key_facts/"

    response = patch(admin, route, {"facts": copied, "version": 0})
    assert response.status_code == 200, response.content
    # A second tab still on version 0 is refused with the saved state, and writes nothing.
    stale = patch(admin, route, {"facts": copied[:1], "version": 0})
    assert stale.status_code == 409, stale.content
    assert JudgementChange.objects.filter(assignment_id=assignment).count() == 1

    shown = admin.get(f"/api/admin/adjudication/{assignment}/?round={round_.pk}").json()
    assert shown["key_facts"]["gold"] == {"rule": "adjudicated", "rater": None}
    assert [f["text"] for f in shown["judgements"]["key_facts"]["facts"]] == [
        "The agreed first fact.",
        *saved.lists["Luis"][1:],
    ]

    folder, _ = built(round_, ["native"], tmp_path)
    native = [
        record
        for path in sorted((folder / "native").glob("*.jsonl"))
        for record in records(folder, f"native/{path.name}", first.topic.name)
    ]
    assert native
    for record in native:
        assert record["provenance"]["key_facts"] == "adjudicated"
        assert [fact["text"] for fact in record["key_facts"]] == [
            "The agreed first fact.",
            *saved.lists["Luis"][1:],
        ]
        # The copied coverage is Luis's, now the admin's own decision.
        for fact, text in zip(record["key_facts"], saved.lists["Luis"], strict=True):
            covered, positions = saved.decided[(record["system"], text)]
            assert (fact["covered"], tuple(fact["sentences"])) == (covered, positions)


def test_a_linguist_can_neither_open_the_screen_nor_save_the_admins_list() -> None:
    round_, _ = written_unit()
    first, _ = first_unit(round_)
    assignment, payload = opened(signed_in("admin"), round_)
    linguist = signed_in(first.annotator.username)

    assert linguist.get(f"/api/admin/adjudication/{assignment}/").status_code == 404
    copied = payload["key_facts"]["lists"][1]["facts"]
    refused = patch(
        linguist, f"/api/assignments/{assignment}/key_facts/", {"facts": copied, "version": 0}
    )
    assert refused.status_code in (403, 404), refused.content
    assert not JudgementChange.objects.filter(assignment_id=assignment).exists()
    # Their own workspace carries their own list only, never the other linguist's.
    own = linguist.get(f"/api/assignments/{first.pk}/")
    assert own.status_code == 200, own.content
    body = json.dumps(own.json())
    assert "Lena wrote fact 1." in body
    assert "Luis wrote" not in body


def test_the_screen_costs_the_same_queries_for_one_list_as_for_two() -> None:
    round_ = labelled_demo()
    Project.objects.filter(pk=round_.project_id).update(ask_completeness=True)
    first, second = first_unit(round_)
    admin = signed_in("admin")
    write_list(first, "Lena", 2, 0, Written())
    assignment, _ = opened(admin, round_)
    url = f"/api/admin/adjudication/{assignment}/?round={round_.pk}"
    with CaptureQueriesContext(connection) as one:
        admin.get(url)
    write_list(second, "Luis", 6, 1, Written())
    with CaptureQueriesContext(connection) as two:
        assert len(admin.get(url).json()["key_facts"]["lists"][1]["facts"]) == 6
    assert len(two) == len(one)


def test_adjudicated_atomic_facts_are_gold_with_their_provenance_in_native_and_rose(
    facts_round: Round,  # noqa: F811
    tmp_path: Path,
) -> None:
    """The first linguist verified the given ACUs of summaries one and two and wrote one ACU of
    three; the admin copies their verdicts on summary one, changes one verdict and saves: the
    release takes the admin's verdicts there (`adjudicated`) and the linguist's elsewhere."""
    Project.objects.filter(pk=facts_round.project_id).update(ask_atomic_facts=True)
    writer, other = first_unit(facts_round)
    one, two, three, *_ = writer.topic.summaries.order_by("position")
    admin = signed_in("admin")
    assignment, payload = opened(admin, facts_round)
    handle = encode(assignment, "summary", one.pk)
    shown = payload["atomic_facts"][handle]
    assert [answer["rater"] for answer in shown["answers"]] == [
        writer.annotator.username,
        other.annotator.username,
    ]
    theirs = shown["answers"][0]["facts"]
    assert [fact["verdict"] for fact in theirs] == ["supported", "not_supported", "supported"]
    assert shown["gold"] == {"rule": "given", "rater": None}
    assert mismatches(AdjudicationPayloadOutput(), payload) == []

    route = f"/api/assignments/{assignment}/atomic_facts/{handle}/"
    wrong = [{**theirs[0], "text": "Edited given text."}, *theirs[1:]]
    refused = patch(admin, route, {"facts": wrong, "version": 0})
    assert refused.status_code == 400, refused.content
    assert "a given atomic fact is one of this summary's" in refused.content.decode()
    mine = [theirs[0], {**theirs[1], "verdict": "supported"}, theirs[2]]
    assert patch(admin, route, {"facts": mine, "version": 0}).status_code == 200
    again = admin.get(f"/api/admin/adjudication/{assignment}/?round={facts_round.pk}").json()
    assert again["atomic_facts"][handle]["gold"] == {"rule": "adjudicated", "rater": None}

    folder, _ = built(facts_round, ["native", "rose"], tmp_path)
    native = {
        record["system"]: record
        for path in sorted((folder / "native").glob("*.jsonl"))
        for record in records(folder, f"native/{path.name}", writer.topic.name)
    }
    assert native[one.system]["provenance"]["atomic_facts"] == "adjudicated"
    assert [f["supported"] for f in native[one.system]["atomic_facts"]] == [True, True, True]
    assert native[two.system]["provenance"]["atomic_facts"] == "given"
    assert [f["supported"] for f in native[two.system]["atomic_facts"]] == [True, None, False]
    assert native[three.system]["provenance"]["atomic_facts"] == "written"
    (rose,) = records(folder, "rose/rose.jsonl", writer.topic.name)
    assert rose["acu_labels"][one.system] == [1, 1, 1]
    assert rose["acu_labels"][two.system] == [1, None, 0]
    assert rose["acu_provenance"][one.system] == "adjudicated"
    assert rose["acu_provenance"][two.system] == "given"
    assert rose["acu_provenance"][three.system] == "written"


def test_a_row_whose_atomic_facts_name_an_unknown_rule_is_refused_naming_it() -> None:
    with pytest.raises(ExportError, match="atomic-fact source 'majority' is not one of"):
        consistent_summary(atomic_facts_source="majority")
