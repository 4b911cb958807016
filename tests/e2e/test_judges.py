"""An admin follows the Judges page while the study runs: each model run scored against the
experts' gold, a trend over an evaluator's versions, and the figures moving by themselves
after an adjudication, down to the unit where the model and the experts disagree."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Page, expect

from annotations.models import SentenceJudgement, SummarySentence
from annotations.services.adjudication_round import adjudication_open
from tests.e2e.conftest import sign_in
from tests.evaluators.test_judges import _gold, _scores, corpus_run, label_pilot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def test_an_admin_watches_the_judges_agree_with_the_experts(
    page: Page, live_server, settings
) -> None:
    # The request after the change waits for the new figures (the page's faster asking
    # while the server computes them is tested in tests/evaluators and by vitest).
    settings.JUDGES_DEBOUNCE_SECONDS = 0
    call_command("load_demo", stdout=None)
    pilot = label_pilot()
    project = pilot.project
    gold = _gold(pilot)
    scores = _scores(pilot)
    corpus_run(project, "SummaC", "v1", {pk: {"score": s} for pk, s in scores.items()})
    corpus_run(
        project,
        "SummaC",
        "v2",
        {pk: {"score": min(1.0, s + 0.05)} for pk, s in scores.items()},
    )
    oracle = {pk: "inconsistent" if bad else "consistent" for pk, bad in gold.items()}
    corpus_run(project, "Oracle", "v1", {pk: {"label": v} for pk, v in oracle.items()})

    page.clock.install()
    sign_in(page, live_server.url, "admin")
    page.get_by_role("link", name="Manage Demo study (TofuEval scheme)").click()
    # The project page first (its first answer imports the admin API on a cold server): a
    # page that failed to load says so here rather than as a missing link.
    expect(page.get_by_role("heading", name="Demo study (TofuEval scheme)", level=1)).to_be_visible(
        timeout=60_000
    )
    page.get_by_role("link", name=re.compile("^Judges")).click()
    # The first answer scores every run with 1,000 resamples: seconds on a busy machine.
    expect(page.get_by_role("heading", name="Judges", level=1)).to_be_visible(timeout=60_000)
    expect(page.get_by_text(f"{len(gold)} sentences", exact=False)).to_be_visible()

    runs = page.get_by_role("table", name="All runs")
    expect(runs.get_by_role("row")).to_have_count(4)  # the header and three runs
    oracle_row = runs.get_by_role("row", name=re.compile("^Oracle"))
    expect(oracle_row).to_contain_text("labels")
    # The oracle copies the gold: kappa 1 and no disagreement.
    expect(oracle_row.get_by_role("cell").nth(4)).to_have_text("1.00")
    expect(oracle_row.get_by_role("cell").last).to_have_text("0")
    expect(
        page.get_by_role("img", name=re.compile(r"^SummaC by version\. v1: .*; v2: "))
    ).to_be_visible()
    expect(
        page.get_by_role("img", name=re.compile(r"^Reliability of SummaC v1: calibration error"))
    ).to_be_visible()

    # Another admin overturns one sentence's gold; the page follows without a click.
    pk = sorted(gold)[0]
    sentence = SummarySentence.objects.get(pk=pk)
    admin = get_user_model().objects.get(username="admin")
    assignment = adjudication_open(project, sentence.summary.topic_id, admin)
    SentenceJudgement.objects.create(
        assignment=assignment, sentence=sentence, label="consistent" if gold[pk] else "inconsistent"
    )
    page.clock.run_for(31_000)
    expect(oracle_row.get_by_role("cell").last).to_have_text("1", timeout=60_000)
    oracle_section = page.get_by_role("region", name="Oracle v1")
    expect(oracle_section).to_contain_text(sentence.text)
    oracle_section.get_by_role("link", name=re.compile("^Open the unit")).click()
    expect(page).to_have_url(
        re.compile(rf"/app/admin/rounds/{pilot.pk}/disagreements/{sentence.summary.topic_id}")
    )


def test_the_summary_level_and_a_linguist_is_not_shown_the_page(page: Page, live_server) -> None:
    call_command("load_demo", stdout=None)
    pilot = label_pilot()
    corpus_run(
        pilot.project, "SummaC", "v1", {pk: {"score": s} for pk, s in _scores(pilot).items()}
    )
    sign_in(page, live_server.url, "admin")
    page.goto(f"{live_server.url}/app/admin/projects/demo/judges")
    expect(page.get_by_role("heading", name="Judges", level=1)).to_be_visible(timeout=60_000)
    page.get_by_text("Summaries", exact=True).click()
    expect(page.get_by_role("radio", name="Summaries")).to_be_checked()
    expect(page.get_by_role("region", name="SummaC v1")).to_contain_text(
        re.compile(r"(measured|tuned) on \d+")
    )
    page.get_by_role("button", name="Sign out").click()
    # The sign-out's own navigation ends on the sign-in page before the next one starts.
    expect(page.get_by_label("Username")).to_be_visible()

    sign_in(page, live_server.url, "linguist1")
    page.goto(f"{live_server.url}/app/admin/projects/demo/judges")
    expect(page.get_by_role("alert")).to_contain_text("Not found", timeout=30_000)
    expect(page.get_by_text("SummaC")).to_have_count(0)
