"""The pilot loop in Chromium: an admin sets an agreement target, creates and opens a pilot
round, both demo linguists submit their unit, the admin reads the kappa against the target,
opens the disagreement and writes feedback; the linguist sees it, replies and reads it; the
admin sees the read state and the reply, and reopens the unit; the linguist can change it."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Browser, Page, expect

from annotations.models import Assignment, AssignmentStatus, Round, RoundStatus
from tests.e2e.conftest import annotate_by_keyboard, sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]

FEEDBACK = "Sentence 1 is supported by turn 5: please re-read the guidelines on mis-referencing."


def submit_unit(
    browser: Browser, base_url: str, username: str, assignment: Assignment, *, disagree: bool
) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    sign_in(page, base_url, username)
    expect(page.get_by_text("Signed in as")).to_be_visible()
    page.goto(f"{base_url}/app/assignments/{assignment.pk}")
    count = sum(s.sentences.count() for s in assignment.topic.summaries.all())
    annotate_by_keyboard(
        page, count, inconsistent_first="The analyst said this, not the host." if disagree else None
    )
    page.get_by_role("radio", name="Main").check()
    expect(page.locator(".save-status")).to_have_text("Saved ✓", timeout=15_000)
    page.keyboard.press("Control+Enter")
    page.get_by_role("dialog", name="Submit this unit?").wait_for()
    page.keyboard.press("Enter")  # confirms
    expect(page.get_by_text("Submitted — thank you")).to_be_visible()
    context.close()


@pytest.mark.long
def test_admin_runs_a_pilot_reads_the_kappa_and_sends_feedback(
    page: Page, browser: Browser, live_server
) -> None:
    call_command("load_demo", stdout=None)
    sign_in(page, live_server.url, "admin")
    page.get_by_role("link", name="Manage Demo study (TofuEval scheme)").click()
    # The convergence rule first: a target the report must show.
    targets = page.get_by_role("form", name="Agreement targets")
    targets.get_by_label("Target: Sentence consistency").fill("0.6")
    targets.get_by_role("button", name=re.compile("Save")).click()
    expect(targets.get_by_text("Targets saved.")).to_be_visible()
    page.get_by_label("Round name").fill("Pilot 2")
    page.get_by_label("Lena Linguist (linguist1)").check()
    page.get_by_label("Luis Linguist (linguist2)").check()
    page.get_by_label("Number of units to sample").fill("1")
    # Every demo unit is in the open Pilot 1: a second pilot samples them only when asked.
    page.get_by_role("button", name="Create round").click()
    expect(page.get_by_text("9 more are in another pilot round")).to_be_visible()
    page.get_by_label("Also sample units in another open round of this kind").check()
    page.get_by_role("button", name="Create round").click()
    page.get_by_role("button", name="Open round Pilot 2").click()
    expect(page.get_by_role("button", name="Close round Pilot 2")).to_be_visible()
    pilot = Round.objects.get(name="Pilot 2")
    assert pilot.status == RoundStatus.OPEN
    assignments = {a.annotator.username: a for a in Assignment.objects.filter(round=pilot)}
    assert set(assignments) == {"linguist1", "linguist2"}
    assert assignments["linguist1"].topic_id == assignments["linguist2"].topic_id

    submit_unit(browser, live_server.url, "linguist1", assignments["linguist1"], disagree=True)
    submit_unit(browser, live_server.url, "linguist2", assignments["linguist2"], disagree=False)
    assert Assignment.objects.filter(round=pilot, status=AssignmentStatus.SUBMITTED).count() == 2

    page.goto(f"{live_server.url}/app/admin/rounds/{pilot.pk}/agreement?project=demo")
    page.get_by_role("button", name="Compute now").click()
    expect(page.get_by_text("Cohen's kappa").first).to_be_visible(timeout=30_000)
    card = page.get_by_role("article", name="Sentence consistency")
    expect(card).to_contain_text("Target0.60")
    expect(card.get_by_text(re.compile(r"^Target (not )?met$"))).to_be_visible()
    expect(card).not_to_contain_text("No target")
    # One unit: the report says the sample is too small to read, instead of a bare kappa.
    expect(card).to_contain_text("Too few to read the coefficient as a finding")
    # Each annotator's competence in words, with intervals (docs/agreement.md, "Competence").
    competence = card.get_by_role("table", name="Annotator competence (Dawid\u2013Skene and MACE)")
    expect(competence.get_by_role("columnheader", name="Knows rather than guesses")).to_be_visible()
    for linguist in ("linguist1", "linguist2"):
        expect(competence.get_by_role("row", name=re.compile(linguist))).to_contain_text("95% CI")
    # The page says when the report was computed (by the click's job, or already by the
    # recompute the submits started: then the click reuses it), and nothing says computing.
    expect(page.get_by_test_id("computed-at")).to_contain_text("Computed")
    expect(page.get_by_text(re.compile("computing", re.I))).to_have_count(0)

    page.goto(f"{live_server.url}/app/admin/rounds/{pilot.pk}/disagreements?project=demo")
    page.get_by_role("link", name=assignments["linguist1"].topic.name).click()
    expect(page.get_by_text("The analyst said this, not the host.")).to_be_visible()
    page.get_by_role("textbox", name="Feedback to linguist1").fill(FEEDBACK)
    page.get_by_role("button", name="Send feedback to linguist1").click()
    # The box's own confirmation (a bare "sent" also matched "sentences" on this page), waited
    # for as long as a loaded CI machine may take to answer the POST.
    expect(page.get_by_text("Sent to linguist1.", exact=True)).to_be_visible(timeout=15_000)
    sent = page.get_by_role("list", name="Feedback sent")
    expect(sent).to_contain_text("Not read yet", timeout=15_000)
    # No button is ever cut off ("Rem" for "Remove"), at a laptop's width or a small one.
    # Attach the disagreeing sentence (only disagreements are listed; which one it is depends
    # on each linguist's own order of the summaries), so the Remove button shows.
    page.get_by_role(
        "button", name=re.compile(r"^Feedback to linguist2 about summary")
    ).first.click()
    for width in (1280, 1024):
        page.set_viewport_size({"width": width, "height": 800})
        clipped = page.evaluate(
            """() => [...document.querySelectorAll('button')]
                .filter((b) => b.offsetParent !== null)
                .filter((b) => b.scrollWidth > b.clientWidth + 1)
                .map((b) => b.getAttribute('aria-label') || b.textContent)"""
        )
        assert clipped == [], (width, clipped)

    linguist = browser.new_context().new_page()
    sign_in(linguist, live_server.url, "linguist1")
    expect(linguist.get_by_text(FEEDBACK)).to_be_visible()
    linguist.goto(f"{live_server.url}/app/assignments/{assignments['linguist1'].pk}")
    feedback = linguist.get_by_role("region", name="Feedback from your project admin")
    expect(feedback).to_contain_text(FEEDBACK)
    other = browser.new_context().new_page()
    sign_in(other, live_server.url, "linguist2")
    expect(other.get_by_text("Signed in as")).to_be_visible()
    expect(other.get_by_text(FEEDBACK)).to_have_count(0)

    # The linguist answers under the note and marks it read; the admin sees both.
    feedback.get_by_role("textbox", name="Reply").fill("Re-read turn 5: I keep my label.")
    feedback.get_by_role("button", name="Send reply").click()
    expect(feedback.get_by_role("list", name="Replies")).to_contain_text("I keep my label.")
    feedback.get_by_role("button", name="Mark as read").click()
    page.reload()
    sent = page.get_by_role("list", name="Feedback sent")
    expect(sent).to_contain_text("linguist1 replied")
    expect(sent).to_contain_text("I keep my label.")
    expect(sent.get_by_text(re.compile(r"^Read "))).to_be_visible()

    # The admin reopens the unit with a reason; the linguist sees why and can change it.
    page.goto(f"{live_server.url}/app/admin/rounds/{pilot.pk}/progress?project=demo")
    page.get_by_role("button", name=re.compile(r"^Reopen Lena Linguist")).click()
    page.get_by_role("textbox", name=re.compile("Reason")).fill("Please look at sentence 1 again.")
    page.get_by_role("button", name="Reopen the unit").click()
    expect(page.get_by_role("button", name=re.compile(r"^Reopen Lena Linguist"))).to_have_count(0)
    linguist.goto(f"{live_server.url}/app/queue")
    note = linguist.get_by_role("article").filter(has_text="Please look at sentence 1 again.")
    expect(note).to_contain_text("Unit reopened for you")
    linguist.goto(f"{live_server.url}/app/assignments/{assignments['linguist1'].pk}")
    expect(linguist.get_by_role("button", name="Submit")).to_be_visible()
    assignments["linguist1"].refresh_from_db()
    assert assignments["linguist1"].status == AssignmentStatus.IN_PROGRESS
