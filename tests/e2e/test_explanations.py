"""Explanation meta-annotation in Chromium (TofuEval Appendix H): an admin creates an
explanation round from the round form over a published release with two evaluators' runs, a
linguist judges each unnamed explanation by keyboard and submits, and the researcher reads
each evaluator's share judged "same error" on the release's Evaluators tab."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from annotations.formats.release_records import read_release_records
from annotations.models import Assignment, ExplanationJudgement, Round, RoundKind
from tests.e2e.conftest import sign_in
from tests.e2e.test_evaluators import published
from tests.e2e.test_release import label_pilot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]

# What each evaluator says: the linguist tells them apart by the words only.
SAYS = {
    "Judge-Alpha": "The summary states what the dialogue does not say.",
    "Judge-Beta": "The speaker's name is misspelled.",
}


def test_an_explanation_round_from_the_form_judged_blind_and_read_on_the_leaderboard(
    page: Page, live_server, settings: Any, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("load_demo", stdout=None)
    release = published(label_pilot().pk)
    with zipfile.ZipFile(release.archive.path) as packed:
        records = read_release_records(packed.read("records.csv"))
    ids, labels = records.sentences.record_id.tolist(), records.sentences.label.tolist()
    # Both flag the same three gold-inconsistent sentences (0 is inconsistent, as AggreFact
    # writes labels) and explain each; everything else they call consistent.
    flagged = {i for i, y in zip(ids, labels, strict=True) if y == 1}
    flagged = set(sorted(flagged)[:3])
    for name, text in SAYS.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_text(
            "".join(
                json.dumps(
                    {"record_id": i, "label": 0, "explanation": text}
                    if i in flagged
                    else {"record_id": i, "label": 1}
                )
                + "\n"
                for i in ids
            )
        )
        call_command(
            "evaluator_upload",
            str(path),
            "--release",
            "demo@1.0.0",
            "--evaluator",
            name,
            stdout=None,
        )

    sign_in(page, live_server.url, "admin")
    page.get_by_role("link", name="Manage Demo study (TofuEval scheme)").click()
    page.get_by_label("Round name").fill("Explanations 1")
    page.get_by_label("Kind", exact=True).select_option("explanation")
    page.get_by_label("Lena Linguist (linguist1)").check()
    page.get_by_label("Luis Linguist (linguist2)").check()
    page.get_by_role("button", name="Create round").click()
    expect(
        page.get_by_text("Choose a published release with evaluator explanations.")
    ).to_be_visible()
    page.get_by_label("Release", exact=True).select_option(label="1.0.0")
    expect(page.get_by_label("Judge-Alpha")).to_be_visible()
    page.get_by_role("button", name="Create round").click()
    page.get_by_role("button", name="Open round Explanations 1").click()
    expect(page.get_by_role("button", name="Close round Explanations 1")).to_be_visible()
    round_ = Round.objects.get(name="Explanations 1")
    assert round_.kind == RoundKind.EXPLANATION

    page.context.clear_cookies()
    sign_in(page, live_server.url, "linguist1")
    mine = list(Assignment.objects.filter(round=round_, annotator__username="linguist1"))
    assert mine
    for assignment in mine:
        page.goto(f"{live_server.url}/app/assignments/{assignment.pk}/items")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Explanations:")
        items = page.locator("[data-item-index]")
        expect(items.first).to_be_visible()
        for index in range(items.count()):
            if index > 0:
                page.keyboard.press("j")
            card = items.nth(index)
            # The human explanation beside the evaluators'.
            expect(card).to_contain_text("Not what the dialogue says.")
            texts = card.locator("[data-explanation]").all_inner_texts()
            assert len(texts) == len(SAYS)
            for text in texts:
                # 1: same error (Alpha's words); 3: a different error (Beta's).
                page.keyboard.press("1" if SAYS["Judge-Alpha"] in text else "3")
            expect(card.get_by_text("Done ✓")).to_be_visible()
        body = page.content()
        for name in SAYS:
            assert name not in body
        expect(page.locator(".save-status")).to_have_text("Saved ✓", timeout=15_000)
        page.keyboard.press("Control+Enter")
        page.get_by_role("dialog").wait_for()
        page.keyboard.press("Enter")
        expect(page.get_by_text("Submitted — thank you")).to_be_visible()
    verdicts = {
        (name, verdict)
        for name, verdict in ExplanationJudgement.objects.filter(
            sheet__assignment__in=mine
        ).values_list("item__run__evaluator__name", "verdict")
    }
    assert verdicts == {("Judge-Alpha", "same"), ("Judge-Beta", "different")}

    page.context.clear_cookies()
    sign_in(page, live_server.url, "researcher")
    page.get_by_role("link", name="Releases of Demo study (TofuEval scheme)").click()
    card = page.get_by_role("listitem", name="1.0.0")
    card.get_by_role("button", name="Show card, manifest and evaluators of 1.0.0").click()
    card.get_by_role("tab", name="Evaluators").click()
    shares = card.get_by_role("table", name="Explanations judged the same error")
    expect(shares.get_by_role("row", name="Judge-Alpha")).to_contain_text("1.000")
    expect(shares.get_by_role("row", name="Judge-Beta")).to_contain_text("0.000")
