"""A demo linguist annotates a whole unit in Chromium, mostly by keyboard: labels, an
explanation, error types, relevance, the topic; reloads; loses and regains the connection;
submits. What the database holds is checked at each step."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import BrowserContext, Page, expect

from annotations.models import (
    Assignment,
    AssignmentStatus,
    RoundStatus,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    TopicJudgement,
)
from tests.e2e.conftest import annotate_by_keyboard, sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

EXPLANATION = "Jonah said the pump sounded fine; the summary says the opposite."
SYSTEMS = ["Quillon-13B", "Zephyrix-7B", "Synopsia-2", "Brevlet-XL", "Gistrel-Chat"]


def save_state(page: Page):
    return page.locator(".save-status")


def test_a_linguist_annotates_a_unit_by_keyboard_survives_reload_and_offline_and_submits(
    page: Page, live_server
) -> None:
    call_command("load_demo", stdout=None)
    assignment = Assignment.objects.filter(annotator__username="linguist1").order_by("id")[0]
    summaries = list(Summary.objects.filter(topic=assignment.topic))
    sentence_count = sum(s.sentences.count() for s in summaries)

    sign_in(page, live_server.url, "linguist1")
    page.get_by_role("link", name=re.compile(r"^Start")).first.click()  # not started yet
    topic = page.get_by_role("region", name="Topic")
    expect(topic.get_by_text(assignment.topic.name, exact=True)).to_be_visible()
    for system in SYSTEMS:
        expect(page.get_by_text(system)).to_have_count(0)

    # Every sentence by keyboard: j moves, 1/2 label; the first is inconsistent, explained
    # (e), typed (t, filter, Enter); r then 4 rates the summary of the focused sentence.
    annotate_by_keyboard(page, sentence_count, inconsistent_first=EXPLANATION)
    page.get_by_role("radio", name="Main").check()
    expect(save_state(page)).to_have_text("Saved ✓", timeout=15_000)

    assert SentenceJudgement.objects.filter(assignment=assignment).exclude(label="").count() == (
        sentence_count
    )
    explained = SentenceJudgement.objects.get(assignment=assignment, label="inconsistent")
    assert explained.explanation == EXPLANATION
    assert list(explained.error_types.values_list("name", flat=True)) == ["Contradiction"]
    assert set(
        SummaryJudgement.objects.filter(assignment=assignment).values_list("relevance", flat=True)
    ) == {4}
    assert TopicJudgement.objects.get(assignment=assignment).category == "main"

    # Reload: everything is still there.
    page.reload()
    first = page.get_by_role("group", name=re.compile(r"Summary A, sentence 1$"))
    expect(page.get_by_label("Explanation for summary A, sentence 1")).to_have_value(EXPLANATION)
    expect(
        first.get_by_role("button", name="Summary A, sentence 1: inconsistent")
    ).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("radio", name="Main")).to_be_checked()

    # Offline while editing: the change waits, visibly; back online it is saved.
    context: BrowserContext = page.context
    context.set_offline(True)
    comment = page.get_by_label("Comment on summary B (optional)")
    comment.fill("Hesitated over sentence 2.")
    expect(save_state(page)).to_contain_text("Offline", timeout=15_000)
    expect(save_state(page)).to_contain_text("pending")
    context.set_offline(False)
    expect(save_state(page)).to_have_text("Saved ✓", timeout=30_000)
    assert SummaryJudgement.objects.filter(
        assignment=assignment, comment="Hesitated over sentence 2."
    ).exists()

    # Submit with Ctrl+Enter: accepted, then read-only.
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("Control+Enter")
    page.get_by_role("dialog", name="Submit this unit?").wait_for()
    page.keyboard.press("Enter")  # confirms
    expect(page.get_by_text("Submitted — thank you")).to_be_visible(timeout=15_000)
    assignment.refresh_from_db()
    assert assignment.status == AssignmentStatus.SUBMITTED
    assert assignment.submitted_at is not None


def test_submit_lists_what_is_missing_and_the_first_missing_item_can_be_reached(
    page: Page, live_server
) -> None:
    call_command("load_demo", stdout=None)
    sign_in(page, live_server.url, "linguist1")
    page.get_by_role("link", name=re.compile(r"^Start")).first.click()  # not started yet
    page.get_by_role("button", name="Submit").click()
    page.get_by_role("button", name="Submit (Enter)").click()
    expect(
        page.get_by_text("Summary A, sentence 1: choose consistent or inconsistent.")
    ).to_be_visible()
    expect(page.get_by_text("Topic: choose main, marginal or irrelevant.")).to_be_visible()
    assert not Assignment.objects.filter(
        status=AssignmentStatus.SUBMITTED, round__status=RoundStatus.OPEN
    ).exists()  # the demo's closed key-fact round is submitted work of its own
