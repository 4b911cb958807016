"""Batched saves in Chromium: a linguist types a whole unit by keyboard, the network goes down
halfway, the page is reloaded and the network comes back; everything typed is saved, each
judgement once per change (versions = audit rows), in a few requests per unit."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from playwright.sync_api import Browser, Request, expect

from annotations.models import (
    Assignment,
    JudgementChange,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
)
from tests.e2e.conftest import sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]

EXPLANATION = "The analyst said this, not the host."


def test_a_unit_typed_through_a_lost_network_and_a_reload_is_saved_whole(
    browser: Browser, live_server
) -> None:
    call_command("load_demo", stdout=StringIO())
    assignment = Assignment.objects.filter(annotator__username="linguist1").order_by("id").first()
    assert assignment is not None
    summaries = list(assignment.topic.summaries.all())
    count = sum(summary.sentences.count() for summary in summaries)
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    saves: list[str] = []

    def record(request: Request) -> None:
        is_save = request.method in ("POST", "PATCH") and "/api/assignments/" in request.url
        if is_save and not request.url.endswith(("/heartbeat/", "/submit/")):
            saves.append(f"{request.method} {request.url}")

    page.on("request", record)
    sign_in(page, live_server.url, "linguist1")
    expect(page.get_by_text("Signed in as")).to_be_visible()
    page.goto(f"{live_server.url}/app/assignments/{assignment.pk}")
    page.locator(".sentence").first.wait_for()

    seen: set[str] = set()
    for index in range(count):
        if index == count // 2:
            # The network goes down halfway: the rest is typed offline.
            context.set_offline(True)
        page.keyboard.press("j")
        name = page.locator(".sentence[data-active]").get_attribute("aria-label") or ""
        letter = name.split(",")[0]
        if index % 3 == 0:
            page.keyboard.press("2")
            page.keyboard.press("e")
            page.keyboard.type(f"{EXPLANATION} ({index})")
            page.keyboard.press("Escape")  # back to the sentence
        else:
            page.keyboard.press("1")
        if letter not in seen:
            seen.add(letter)
            page.keyboard.press("r")
            page.keyboard.press("4")
    page.get_by_role("radio", name="Main").check()
    expect(page.locator(".save-status")).not_to_have_text("Saved ✓")

    # Reload before the network is back: the saves stay blocked while the page loads again,
    # so what was typed offline can only come from the stored queue.
    page.route("**/batch/", lambda route: route.abort())
    context.set_offline(False)
    page.reload()
    page.locator(".sentence").first.wait_for()
    page.unroute("**/batch/")
    expect(page.locator(".save-status")).to_have_text("Saved ✓", timeout=40_000)
    context.close()

    judgements = SentenceJudgement.objects.filter(assignment=assignment)
    assert judgements.count() == count
    explained = sorted(j.explanation for j in judgements if j.label == "inconsistent")
    assert explained == sorted(f"{EXPLANATION} ({i})" for i in range(0, count, 3))
    assert all(j.label == "consistent" for j in judgements if not j.explanation)
    relevance = SummaryJudgement.objects.filter(assignment=assignment)
    assert sorted(j.relevance for j in relevance) == [4] * len(summaries)
    assert TopicJudgement.objects.get(assignment=assignment).category == "main"
    # Nothing lost and nothing saved twice: each judgement's version is its audit rows.
    audit = JudgementChange.objects.filter(assignment=assignment)
    versions = (
        sum(j.version for j in judgements)
        + sum(j.version for j in relevance)
        + TopicJudgement.objects.get(assignment=assignment).version
    )
    assert audit.count() == versions
    # A few requests per unit: every save went in a batch, about one per summary (plus the
    # retries of the blocked ones), where one request per change made ~2 per sentence.
    assert not [save for save in saves if save.startswith("PATCH")], saves
    assert len(saves) <= len(summaries) + 8, saves
