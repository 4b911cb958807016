"""The admin's daily use in Chromium (issue 29): every control of the project page has a
name, a missing round is "Not found", the new-round form says why error typing cannot be
created yet and starts afresh after a create, and the history of a unit opens from the round
progress."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from annotations.models import Round
from tests.e2e.conftest import sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def test_every_input_of_the_project_page_has_an_accessible_name(page: Page, live_server) -> None:
    call_command("load_demo", stdout=StringIO())
    sign_in(page, live_server.url, "admin")
    page.goto(f"{live_server.url}/app/admin/projects/demo")
    expect(page.get_by_role("heading", name="Demo study (TofuEval scheme)")).to_be_visible()
    page.get_by_role("combobox", name="Kind").select_option("production")
    fields = page.locator("main input:not([type=hidden]), main select, main textarea")
    assert fields.count() > 10
    for index in range(fields.count()):
        field = fields.nth(index)
        if not field.is_visible():
            continue
        expect(field).to_have_accessible_name(re.compile(r"\S"))


def test_a_missing_round_is_not_found_and_the_new_round_form_explains_and_resets(
    page: Page, live_server
) -> None:
    call_command("load_demo", stdout=StringIO())
    sign_in(page, live_server.url, "admin")
    page.goto(f"{live_server.url}/app/admin/rounds/9999/agreement")
    expect(page.get_by_role("heading", name="Round 9999 not found")).to_be_visible()
    expect(page.get_by_role("button", name="Compute now")).to_have_count(0)

    page.goto(f"{live_server.url}/app/admin/projects/demo")
    form = page.get_by_role("form", name="New round")
    form.get_by_role("combobox", name="Kind").select_option("error_typing")
    # The demo has three linguists: the form asks to choose them, before any submit.
    expect(form.get_by_text("Choose at least 3 annotators")).to_be_visible()
    expect(form.get_by_role("textbox", name="Overlap (annotators per unit)")).to_have_value("3")

    # The pilot's units are all in the open Pilot 1: a production round samples them.
    form.get_by_role("combobox", name="Kind").select_option("production")
    form.get_by_role("textbox", name="Round name").fill("Production 1")
    form.get_by_role("checkbox", name=re.compile(r"\(linguist1\)")).check()
    form.get_by_role("checkbox", name=re.compile(r"\(linguist3\)")).check()
    form.get_by_role("textbox", name="Number of units to sample").fill("2")
    form.get_by_role("button", name="Create round").click()
    expect(form.get_by_role("status")).to_contain_text("Production 1")
    expect(form.get_by_role("textbox", name="Round name")).to_have_value("")
    expect(form.get_by_role("checkbox", name=re.compile(r"\(linguist1\)"))).not_to_be_checked()
    assert Round.objects.filter(project__slug="demo", name="Production 1").exists()
    expect(form.get_by_role("combobox", name="Kind")).to_have_value("pilot")

    # A unit's whole history opens from the closed key-facts round's progress.
    closed = Round.objects.get(project__slug="demo-facts", status="closed")
    page.goto(f"{live_server.url}/app/admin/rounds/{closed.pk}/progress?project=demo-facts")
    page.get_by_role("button", name=re.compile(r"^History of .+'s work on ")).first.click()
    dialog = page.get_by_role("dialog", name=re.compile(r"^History of "))
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("table")).to_be_visible()
