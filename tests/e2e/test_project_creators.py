"""Site staff let a person create projects from the app (docs/sign-in.md, "Who may create
projects"): the staff admin grants the right to a linguist by username, the linguist's landing
page then offers "New project"; an unknown username is named in the error; taking the right
back removes the offer. Non-staff are refused the page's data."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from tests.e2e.conftest import sign_in
from tests.e2e.test_accessibility import serious_violations

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def test_staff_grant_and_take_back_the_right_to_create_projects(page: Page, live_server) -> None:
    call_command("load_demo", stdout=None)

    sign_in(page, live_server.url, "linguist1")
    expect(page.get_by_role("link", name="API tokens")).to_be_visible()
    expect(page.get_by_role("link", name="New project")).to_have_count(0)
    # The staff-only link is not offered, and the list itself is refused.
    expect(page.get_by_role("link", name="Project creators")).to_have_count(0)
    page.goto(f"{live_server.url}/app/staff/project-creators")
    expect(page.get_by_role("alert")).to_contain_text("Only site staff")
    page.context.clear_cookies()

    sign_in(page, live_server.url, "admin")
    page.get_by_role("navigation", name="Account").get_by_role(
        "link", name="Project creators"
    ).click()
    expect(page.get_by_role("heading", name="Who may create projects", exact=True)).to_be_visible()
    form = page.get_by_role("form", name="Let a person create projects")
    box = form.get_by_role("textbox", name="Username")

    box.fill("nobody-here")
    box.press("Enter")
    expect(form).to_contain_text("No user 'nobody-here'")

    box.fill("linguist1")
    box.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("can now create projects")
    table = page.get_by_role("table", name="People who may create projects")
    expect(table.get_by_role("row", name="linguist1", exact=False)).to_be_visible()
    assert not serious_violations(page)
    page.context.clear_cookies()

    sign_in(page, live_server.url, "linguist1")
    expect(page.get_by_role("link", name="New project")).to_be_visible()
    page.context.clear_cookies()

    sign_in(page, live_server.url, "admin")
    page.goto(f"{live_server.url}/app/staff/project-creators")
    row = page.get_by_role("table", name="People who may create projects").get_by_role(
        "row", name="linguist1"
    )
    row.get_by_role("button", name="Take back").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("button", name="Take back").click()
    expect(page.get_by_role("status")).to_contain_text("can no longer create projects")
    expect(row).to_have_count(0)
    page.context.clear_cookies()

    sign_in(page, live_server.url, "linguist1")
    expect(page.get_by_role("link", name="API tokens")).to_be_visible()
    expect(page.get_by_role("link", name="New project")).to_have_count(0)
