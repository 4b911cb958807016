"""An admin imports a corpus file in Chromium: the styled file field, the format's
documentation served by the app, a refusal that names the uploaded file, and the corpus
browser showing what is in the project."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from tests.e2e.conftest import sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def test_an_admin_imports_reads_the_format_and_browses_the_corpus(
    page: Page, live_server, tmp_path: Path
) -> None:
    call_command("load_demo", stdout=None)
    sign_in(page, live_server.url, "admin")
    page.get_by_role("link", name="Manage Demo study (TofuEval scheme)").click()
    form = page.get_by_role("form", name="Import a corpus file")

    bad = tmp_path / "my-dialogues.jsonl"
    bad.write_text('{"id": "d1", "turns": "not a list"}\n')
    form.locator('input[type="file"]').set_input_files(str(bad))
    expect(form.get_by_text("my-dialogues.jsonl")).to_be_visible()
    form.get_by_role("button", name="Import").click()
    failure = form.get_by_role("alert")
    expect(failure).to_contain_text("my-dialogues.jsonl", timeout=30_000)
    expect(failure).not_to_contain_text(re.compile(r"/tmp/|\.upload|tmp[a-z0-9_]{6,}"))

    form.get_by_role("link", name="the format, field by field").click()
    expect(page.get_by_role("heading", level=1).first).to_be_visible()
    expect(page.locator(".guidelines table").first).to_be_visible()
    page.go_back()

    page.get_by_role("link", name="Browse what was imported").click()
    expect(page.get_by_role("heading", name="Corpus", exact=True)).to_be_visible()
    expect(page.get_by_role("table", name="Imported")).to_contain_text("9")
    page.get_by_role("button", name=re.compile(r"^Show the summaries of ")).first.click()
    expect(page.get_by_role("region", name=re.compile(r"^Summaries of "))).to_be_visible()


def test_an_admin_imports_the_study_csv_refused_strictly_then_leniently_with_its_report(
    page: Page, live_server, tmp_path: Path
) -> None:
    from tests.formats.test_circumstantial import LENIENT_FIXTURE

    call_command("load_demo", stdout=None)
    sign_in(page, live_server.url, "admin")
    page.get_by_role("link", name="Manage Demo study (TofuEval scheme)").click()
    form = page.get_by_role("form", name="Import a corpus file")
    study = tmp_path / "study.csv"
    study.write_bytes(LENIENT_FIXTURE.read_bytes())

    form.get_by_text("Circumstantial CSV").click()
    lenient = form.get_by_role("checkbox", name="Lenient: import the study's own file as published")
    expect(lenient).not_to_be_checked()
    form.locator('input[type="file"]').set_input_files(str(study))
    form.get_by_role("button", name="Import").click()
    failure = form.get_by_role("alert")
    expect(failure).to_contain_text("study.csv, row 1 (line 2)", timeout=30_000)
    expect(failure).to_contain_text("lenient mode")

    lenient.check()
    form.get_by_role("button", name="Import").click()
    done = form.get_by_role("status").filter(has_text="Import finished")
    expect(done).to_be_visible(timeout=30_000)
    expect(done).to_contain_text(
        "lenient: 6 row(s) imported, 2 as published, 4 with something not imported as it is written"
    )
    expect(done).to_contain_text(
        "lenient: row 3 (line 8), field nonfactual_spans: span_none: item 1 of 2 is None"
    )


def test_an_admin_picks_any_format_the_server_reads_and_imports_a_potato_project(
    page: Page, live_server, tmp_path: Path
) -> None:
    from annotations.services.import_formats import IMPORT_FORMATS
    from tests.formats.test_tool_imports import TOOLS, zipped

    call_command("load_demo", stdout=None)
    sign_in(page, live_server.url, "admin")
    page.get_by_role("link", name="Manage Demo study (TofuEval scheme)").click()
    form = page.get_by_role("form", name="Import a corpus file")
    formats = form.get_by_role("radiogroup", name="Format")
    # Every format of the server's registry is offered, by its label.
    expect(formats.get_by_role("radio")).to_have_count(len(IMPORT_FORMATS))
    for spec in IMPORT_FORMATS.values():
        expect(formats.get_by_role("radio", name=spec.label)).to_be_visible()

    formats.get_by_role("radio", name="Potato project").check()
    expect(form.get_by_text("Folder (.zip)")).to_be_visible()
    form.locator('input[type="file"]').set_input_files(
        str(zipped(TOOLS / "potato", tmp_path / "factcheck.zip"))
    )
    form.get_by_role("button", name="Import").click()
    done = form.get_by_role("status").filter(has_text="Import finished")
    expect(done).to_be_visible(timeout=30_000)
    expect(done).to_contain_text("published judgements: 4")

    form.get_by_role("link", name="the format, field by field").click()
    expect(
        page.get_by_role("heading", name="Potato: import of a project's annotation output")
    ).to_be_visible()
