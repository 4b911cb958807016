"""An assisted unit in Chromium (docs/models-in-the-loop.md, "Assisted rounds"): the linguist
labels a sentence, the label is saved, and only then the model's verdict appears under it as
"Model" (never the evaluator's name or version); the linguist revises, and the first label
is kept. An unassisted unit shows nothing of the model. Both pages are axe-clean."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from annotations.models import JudgementChange, SentenceJudgement
from tests.assisted import EVALUATOR_NAME, EXPLANATION_MARK, LINGUISTS, RUN_VERSION, assisted_study
from tests.corpus_predictions import prediction_of
from tests.e2e.conftest import sign_in
from tests.e2e.test_accessibility import serious_violations

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def saved(page: Page) -> None:
    expect(page.locator(".save-status")).to_have_text("Saved ✓", timeout=15_000)


def test_label_save_reveal_revise_in_an_assisted_unit(page: Page, live_server) -> None:
    study = assisted_study(units=4)
    assisted = study.assignments(LINGUISTS[0], assisted=True)[0]
    unassisted = study.assignments(LINGUISTS[0], assisted=False)[0]
    sign_in(page, live_server.url, LINGUISTS[0])

    page.goto(f"{live_server.url}/app/assignments/{assisted.pk}")
    first = page.get_by_role("group", name=re.compile(r"Summary A, sentence 1$"))
    expect(first).to_be_visible()
    # Before any label: nothing of the model anywhere on the page.
    expect(page.get_by_text(EXPLANATION_MARK)).to_have_count(0)
    expect(page.get_by_role("note", name="Model's verdict")).to_have_count(0)

    first.get_by_role("button", name="Summary A, sentence 1: consistent").click()
    saved(page)
    judgement = SentenceJudgement.objects.get(assignment=assisted)
    prediction = prediction_of(study.run, judgement.sentence_id)
    verdict = first.get_by_role("note", name="Model's verdict")
    expect(verdict).to_be_visible(timeout=10_000)
    expect(verdict).to_contain_text(f"Model: {prediction['label']}")
    expect(verdict).to_contain_text(prediction["explanation"])
    # Only this sentence's verdict, and never the evaluator's name or version.
    expect(page.get_by_role("note", name="Model's verdict")).to_have_count(1)
    body = page.locator("body")
    expect(body).not_to_contain_text(EVALUATOR_NAME)
    expect(body).not_to_contain_text(RUN_VERSION)
    assert not serious_violations(page)

    # The linguist revises after the reveal: the first label is kept beside the final one.
    first.get_by_role("button", name="Summary A, sentence 1: inconsistent").click()
    page.get_by_label("Explanation for summary A, sentence 1").fill("The model is right here.")
    saved(page)
    judgement.refresh_from_db()
    assert (judgement.pre_reveal_label, judgement.label) == ("consistent", "inconsistent")
    assert JudgementChange.objects.filter(object_id=judgement.pk, after_reveal=True).exists()
    expect(verdict).to_be_visible()

    # An unassisted unit: a saved label reveals nothing.
    page.goto(f"{live_server.url}/app/assignments/{unassisted.pk}")
    other = page.get_by_role("group", name=re.compile(r"Summary A, sentence 1$"))
    other.get_by_role("button", name="Summary A, sentence 1: consistent").click()
    saved(page)
    page.wait_for_load_state("networkidle")
    expect(page.get_by_role("note", name="Model's verdict")).to_have_count(0)
    expect(page.get_by_text(EXPLANATION_MARK)).to_have_count(0)
    assert not serious_violations(page)
