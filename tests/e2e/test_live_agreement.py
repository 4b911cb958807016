"""Agreement that updates itself, in Chromium: the admin has the round's agreement page open;
two linguists submit the same unit in their own browsers; the admin's page shows the report
without any click (the server recomputes after the submits, debounced; the page polls)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import Browser, Page, Request, expect

from annotations.models import AgreementReport, Assignment, AssignmentStatus, Round
from tests.e2e.conftest import sign_in
from tests.e2e.test_pilot_round import submit_unit

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def test_the_open_agreement_page_updates_after_submits_without_a_click(
    page: Page, browser: Browser, live_server, settings
) -> None:
    settings.AGREEMENT_DEBOUNCE_SECONDS = 1
    call_command("load_demo", stdout=None)
    pilot = Round.objects.get(project__slug="demo", name="Pilot 1")
    first = Assignment.objects.filter(round=pilot).order_by("topic_id").first()
    assert first is not None
    pair = {
        a.annotator.username: a for a in Assignment.objects.filter(round=pilot, topic=first.topic)
    }
    assert set(pair) == {"linguist1", "linguist2"}
    posts: list[str] = []

    def record(request: Request) -> None:
        if request.method == "POST" and "/agreement/" in request.url:
            posts.append(request.url)

    page.on("request", record)
    sign_in(page, live_server.url, "admin")
    page.goto(f"{live_server.url}/app/admin/rounds/{pilot.pk}/agreement?project=demo")
    expect(page.get_by_text("No agreement report yet.")).to_be_visible()

    submit_unit(browser, live_server.url, "linguist1", pair["linguist1"], disagree=True)
    submit_unit(browser, live_server.url, "linguist2", pair["linguist2"], disagree=False)
    assert Assignment.objects.filter(round=pilot, status=AssignmentStatus.SUBMITTED).count() == 2

    # No click: the page, open all along, shows the report once the recompute has run.
    card = page.get_by_role("article", name="Sentence consistency")
    expect(card).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("computed-at")).to_contain_text("Computed")
    # The first submit's recompute may land first (one rater, nothing to compare); the page
    # keeps polling and shows the report of both submits when it lands, still without a click.
    expect(card.get_by_text("Most frequent disagreements")).to_be_visible(timeout=30_000)
    expect(card.get_by_text("“consistent” vs “inconsistent”")).to_be_visible()
    assert posts == []
    # One report per state of the labels the recomputes saw (one per submit here, as the two
    # submits are further apart than the 1 s debounce); the page shows the latest, both raters.
    latest = AgreementReport.objects.filter(round=pilot).order_by("-computed_at").first()
    assert latest is not None
    assert latest.results["annotators"] == ["linguist1", "linguist2"]
