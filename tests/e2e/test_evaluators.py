"""A researcher scores two evaluators on the demo release in Chromium: uploads a run of each
(one refused first, naming its line), reads the leaderboard, compares the two, and
downloads the LaTeX table."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from annotations.formats.release_records import read_release_records
from annotations.models import Project, Release, ReleaseStatus
from annotations.services.releases import release_build, release_create
from tests.e2e.conftest import sign_in
from tests.e2e.test_release import label_pilot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def published(pilot_id: int) -> Release:
    release = release_build(
        release_id=release_create(
            project=Project.objects.get(slug="demo"),
            user=None,
            config={"version": "1.0.0", "rounds": [pilot_id], "formats": ["native"]},
        ).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    return release


def test_a_researcher_scores_two_evaluators_and_downloads_the_table(
    page: Page, live_server, settings: Any, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("load_demo", stdout=None)
    release = published(label_pilot().pk)
    with zipfile.ZipFile(release.archive.path) as packed:
        records = read_release_records(packed.read("records.csv"))
    ids, labels = records.sentences.record_id.tolist(), records.sentences.label.tolist()
    sharp = tmp_path / "sharp.csv"
    sharp.write_text(
        "record_id,score\n"
        + "".join(f"{i},{0.1 if y == 1 else 0.9}\n" for i, y in zip(ids, labels, strict=True))
    )
    blunt = tmp_path / "blunt.jsonl"
    blunt.write_text(
        "".join(
            json.dumps({"record_id": i, "label": 1, "explanation": "Looks fine."}) + "\n"
            for i in ids
        )
    )
    broken = tmp_path / "broken.csv"
    broken.write_text("record_id,score\nno-such-record,0.5\n")

    sign_in(page, live_server.url, "researcher")
    page.get_by_role("link", name="Releases of Demo study (TofuEval scheme)").click()
    card = page.get_by_role("listitem", name="1.0.0")
    card.get_by_role("button", name="Show card, manifest and evaluators of 1.0.0").click()
    card.get_by_role("tab", name="Evaluators").click()
    expect(card.get_by_text("No evaluator runs on 1.0.0 yet")).to_be_visible()

    def upload(path: Path, name: str, kind: str | None = None) -> None:
        card.get_by_label("Evaluator", exact=True).fill(name)
        if kind:
            card.get_by_text(kind, exact=True).click()
        with page.expect_file_chooser() as chooser:
            card.get_by_role("button", name="Predictions").click()
        chooser.value.set_files(str(path))
        card.get_by_role("button", name="Upload").click()

    upload(broken, "Broken")
    expect(card.get_by_role("alert")).to_contain_text(
        "broken.csv, line 2, field record_id: 'no-such-record' is not a record of this release"
    )
    upload(sharp, "SharpMetric")
    expect(card.get_by_text("stored run 1")).to_be_visible()
    upload(blunt, "BluntLLM", kind="LLM")
    expect(card.get_by_role("table", name="Runs on 1.0.0")).to_contain_text("BluntLLM (llm)")

    # The demo's test split is one dialogue: the intervals are said to mean little.
    expect(card.get_by_text("Only 1 document measured")).to_be_visible()
    board = card.get_by_role("table", name="Evaluators on 1.0.0, sentence level")
    expect(board.get_by_role("row").nth(1)).to_contain_text("SharpMetric")
    expect(board.get_by_role("row").nth(1)).to_contain_text("1.000 [1.000, 1.000]")
    expect(board.get_by_role("row").nth(2)).to_contain_text("BluntLLM")
    expect(board.get_by_role("row").nth(2)).to_contain_text("0.500")
    card.get_by_label("Evaluator A").select_option("SharpMetric")
    card.get_by_label("Evaluator B").select_option("BluntLLM")
    expect(card.get_by_text("SharpMetric \u2212 BluntLLM, balanced accuracy")).to_be_visible()
    # One document cannot support a paired test: the page says so instead of a p-value.
    comparison = card.get_by_role("status").filter(has_text="SharpMetric \u2212 BluntLLM")
    expect(comparison).to_contain_text("0.500 [0.500, 0.500]; not enough documents to test")
    expect(comparison).not_to_contain_text("paired bootstrap p")
    expect(card.get_by_role("table", name="Confusion matrix of BluntLLM")).to_be_visible()

    with page.expect_download() as waiting:
        card.get_by_role("link", name="LaTeX", exact=True).click()
    saved = tmp_path / "table.tex"
    waiting.value.save_as(saved)
    latex = saved.read_text()
    assert r"\begin{tabular}" in latex
    assert latex.index("SharpMetric") < latex.index("BluntLLM")
