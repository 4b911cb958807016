"""A researcher reads a release's error rates per summarizer in Chromium: the table in words,
the chart, the error types, and a download of the LaTeX table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from tests.e2e.conftest import sign_in
from tests.e2e.test_evaluators import published
from tests.e2e.test_release import label_pilot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def open_error_rates(page: Page) -> None:
    card = page.get_by_role("listitem", name="1.0.0")
    card.get_by_role("button", name="Show card, manifest and evaluators of 1.0.0").click()
    card.get_by_role("tab", name="Error rates").click()
    expect(
        card.get_by_role("table", name="Error rates per summarizer of 1.0.0, demo")
    ).to_be_visible()


def test_the_release_page_shows_the_error_rates_per_summarizer(
    page: Page, live_server, settings: Any, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("load_demo", stdout=None)
    release = published(label_pilot().pk)
    systems = sorted(s["system"] for s in release.manifest["scores"]["systems"])
    sign_in(page, live_server.url, "researcher")
    page.get_by_role("link", name="Releases of Demo study (TofuEval scheme)").click()
    open_error_rates(page)
    card = page.get_by_role("listitem", name="1.0.0")
    table = card.get_by_role("table", name="Error rates per summarizer of 1.0.0, demo")
    # One row per summarizer on main topics, the rate as a percentage with its interval.
    expect(table.get_by_role("row")).to_have_count(1 + len(systems))
    for system in systems:
        expect(table.get_by_role("row", name=system)).to_contain_text("Main topics")
    expect(table.get_by_role("columnheader", name="Inconsistent sentences")).to_be_visible()
    expect(table).to_contain_text("%")
    expect(
        card.get_by_role("img", name="Inconsistent sentences by summarizer, main topics (demo)")
    ).to_be_visible()
    expect(
        card.get_by_role("table", name="Error types per summarizer of 1.0.0, demo")
    ).to_be_visible()
    # The tab itself passes axe-core (tests/e2e/test_accessibility.py checks it among every
    # screen; imported here, not at the top, as that module imports this one).
    from tests.e2e.test_accessibility import serious_violations

    page.wait_for_load_state("networkidle")
    assert not serious_violations(page)
    with page.expect_download() as download:
        card.get_by_role("link", name="Error rates (LaTeX)").click()
    assert download.value.suggested_filename == "demo-1.0.0-error_rates.tex"
    assert "\\toprule" in Path(download.value.path()).read_text()
