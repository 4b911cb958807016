"""Key-fact adjudication in Chromium (issue 33 §4): two linguists wrote their own key-fact
lists for a unit; the admin opens the unit for adjudication from the round's progress page,
sees both lists side by side with their alignments, copies one, edits it, and the release
built afterwards carries the admin's list as `adjudicated`."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from annotations.models import AtomicFact, AtomicFactSheet, KeyFact, Project, RoundKind
from tests.e2e.conftest import sign_in
from tests.formats.test_written_key_facts_release import Written, write_list
from tests.review.test_review_flow import native
from tests.services.test_release_rows import first_unit, labelled_demo

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def eventually(check: Callable[[], bool], limit: float = 10.0) -> None:
    """Wait, bounded, until the page's debounced save has reached the database."""
    deadline = time.monotonic() + limit
    while not check():
        assert time.monotonic() < deadline, "the save never arrived"
        time.sleep(0.1)


def adjudicated_texts() -> list[str]:
    return list(
        KeyFact.objects.filter(sheet__assignment__round__kind=RoundKind.ADJUDICATION)
        .order_by("position")
        .values_list("text", flat=True)
    )


def test_an_admin_copies_a_linguists_key_facts_edits_them_and_the_release_says_adjudicated(
    page: Page, live_server
) -> None:
    pilot = labelled_demo()
    Project.objects.filter(pk=pilot.project_id).update(ask_completeness=True)
    first, second = first_unit(pilot)
    saved = Written()
    write_list(first, "Lena", 3, 0, saved)
    write_list(second, "Luis", 4, 1, saved)
    before = native(pilot)
    assert {r["provenance"]["key_facts"] for r in before if r["topic"] == first.topic.name} == {
        "written"
    }

    sign_in(page, live_server.url, "admin")
    page.goto(f"{live_server.url}/app/admin/rounds/{pilot.pk}/progress")
    page.get_by_role("button", name=f"Adjudicate {first.topic.name}", exact=True).click()
    expect(page.get_by_role("heading", name=re.compile(r"^Adjudicate: "))).to_be_visible()

    # Both lists side by side, each with its own alignment and completeness.
    lena = page.get_by_role("region", name=f"{first.annotator.username}'s key facts")
    luis = page.get_by_role("region", name=f"{second.annotator.username}'s key facts")
    expect(lena).to_contain_text("Lena wrote fact 3.")
    expect(luis).to_contain_text("Luis wrote fact 4.")
    expect(lena.get_by_role("row", name=re.compile("Completeness"))).to_be_visible()
    expect(page.get_by_text(f"Gold list: {first.annotator.username}'s (written)")).to_be_visible()

    luis.get_by_role("button", name=f"Copy {second.annotator.username}'s list").click()
    gold = page.get_by_role("region", name="Gold key facts")
    expect(gold.get_by_text("Gold key facts saved.")).to_be_visible()
    expect(page.get_by_text("Gold list: yours (adjudicated)")).to_be_visible()
    eventually(lambda: adjudicated_texts() == saved.lists["Luis"])

    gold.get_by_role("button", name="Remove key fact 4").click()
    eventually(lambda: len(adjudicated_texts()) == 3)
    gold.get_by_role("textbox", name="Key fact 1").fill("The agreed first fact.")
    eventually(lambda: adjudicated_texts()[:1] == ["The agreed first fact."])

    from tests.e2e.test_accessibility import serious_violations

    page.wait_for_load_state("networkidle")
    violations = serious_violations(page)
    assert not violations, [(v["id"], [n["html"] for n in v["nodes"]]) for v in violations]

    page.reload()
    expect(
        page.get_by_role("region", name="Gold key facts").get_by_role("textbox", name="Key fact 1")
    ).to_have_value("The agreed first fact.")

    records = [r for r in native(pilot) if r["topic"] == first.topic.name]
    assert records
    for record in records:
        assert record["provenance"]["key_facts"] == "adjudicated"
        assert [fact["text"] for fact in record["key_facts"]] == [
            "The agreed first fact.",
            *saved.lists["Luis"][1:3],
        ]


def test_an_admin_sets_a_gold_verdict_on_an_atomic_fact_and_the_release_says_adjudicated(
    page: Page, live_server
) -> None:
    pilot = labelled_demo()
    Project.objects.filter(pk=pilot.project_id).update(ask_atomic_facts=True)
    first, second = first_unit(pilot)
    summary = first.topic.summaries.order_by("position", "id")[0]  # shown as summary A
    acus = [
        AtomicFact.objects.create(given_for=summary, position=p, text=t)
        for p, t in enumerate(["The council meets.", "A vote is due."], start=1)
    ]
    for assignment, verdicts in (
        (first, ["supported", "not_supported"]),
        (second, ["supported", "supported"]),
    ):
        sheet = AtomicFactSheet.objects.create(assignment=assignment, summary=summary)
        for acu, verdict in zip(acus, verdicts, strict=True):
            AtomicFact.objects.create(
                sheet=sheet, given=acu, position=acu.position, text=acu.text, verdict=verdict
            )

    sign_in(page, live_server.url, "admin")
    page.goto(f"{live_server.url}/app/admin/rounds/{pilot.pk}/progress")
    page.get_by_role("button", name=f"Adjudicate {first.topic.name}", exact=True).click()
    table = page.get_by_role("table", name="Verdicts on the atomic facts of summary A")
    row = table.get_by_role("row", name=re.compile("A vote is due"))
    expect(row).to_contain_text("not supported")
    expect(row).to_contain_text("supported")

    page.get_by_label("Gold verdict on atomic fact 2 of summary A").select_option("supported")
    expect(page.get_by_text("Gold atomic facts saved.")).to_be_visible()
    expect(page.get_by_text("Gold verdicts: yours (adjudicated)")).to_be_visible()

    (record,) = [
        r for r in native(pilot) if r["topic"] == first.topic.name and r["system"] == summary.system
    ]
    assert record["provenance"]["atomic_facts"] == "adjudicated"
    assert [f["supported"] for f in record["atomic_facts"]] == [True, True]
