"""Adjudication in Chromium: an admin finds a disagreement in the queue from the project
page, reads both linguists' answers beside the dialogue, sets the gold label, writes a note
and flags it for the guideline; the release's gold then carries the admin's label with the
provenance "adjudicated", and the flagged case waits in the guideline editor."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from annotations.models import AdjudicationCase, SummarySentence
from tests.e2e.conftest import sign_in
from tests.review.test_review_flow import gold_of, native, pilot_with_one_error

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def test_an_admin_adjudicates_a_disagreement_and_the_release_says_so(
    page: Page, live_server
) -> None:
    pilot, sentence_id = pilot_with_one_error()
    sentence = SummarySentence.objects.get(pk=sentence_id)
    assert gold_of(native(pilot), sentence.text) == ("inconsistent", "tie")

    sign_in(page, live_server.url, "admin")
    page.goto(f"{live_server.url}/app/admin/projects/demo")
    # Once the page's sections have loaded, as a person sees it: CI once clicked the link
    # while they were still loading and stayed on the project page (not reproduced since;
    # docs/testing.md, "Known flakes").
    page.wait_for_load_state("networkidle")
    page.get_by_role("link", name="Adjudicate disputes and disagreements").click()
    expect(page).to_have_url(re.compile(r"/app/admin/projects/demo/adjudication"))
    items = page.get_by_role("table", name="Items to adjudicate")
    expect(items.get_by_role("row")).to_have_count(2)  # the header and the one disagreement
    expect(items).to_contain_text("Sentence label")
    expect(items).to_contain_text("50% of 2")
    items.get_by_role("button", name="Adjudicate:").click()

    expect(page.get_by_role("heading", name=re.compile(r"^Adjudicate: "))).to_be_visible()
    # The dialogue is beside the answers; each linguist's answer is there, by name.
    expect(page.get_by_role("region", name="Dialogue")).to_be_visible()
    case = page.get_by_label("Summary A, sentence 1", exact=True)
    expect(case).to_contain_text("The dialogue never says so.")
    expect(case).to_contain_text("linguist1")
    expect(case).to_contain_text("linguist2")
    expect(case.get_by_text("gold: inconsistent (tie)")).to_be_visible()

    case.get_by_role("button", name="Gold: consistent").click()
    expect(case.get_by_text("gold: consistent (adjudicated)")).to_be_visible()
    case.get_by_label("Note on Summary A, sentence 1").fill("Hedged claims are not errors.")
    case.get_by_role("checkbox", name="Flag for guideline update").check()
    case.get_by_role("button", name="Save note").click()
    expect(case.get_by_text("Saved and flagged for the next guideline version.")).to_be_visible()

    assert gold_of(native(pilot), sentence.text) == ("consistent", "adjudicated")
    flagged = AdjudicationCase.objects.get()
    assert (flagged.question, flagged.note, flagged.flagged) == (
        "sentence_label",
        "Hedged claims are not errors.",
        True,
    )
    # Back in the queue the item shows as decided.
    page.go_back()
    page.get_by_label("Decided").select_option("Decided")
    expect(page.get_by_role("table", name="Items to adjudicate")).to_contain_text("decided")
