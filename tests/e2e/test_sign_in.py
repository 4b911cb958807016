"""A demo person signs in and lands in the app, built by Vite and served by Django."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_a_linguist_signs_in_and_sees_their_project_and_role(
    page: Page, live_server, demo: None
) -> None:
    sign_in(page, live_server.url, "linguist1")
    expect(page.get_by_text("Signed in as")).to_contain_text("Lena Linguist")
    # The three demo projects, each with the linguist's role in it.
    projects = page.get_by_role("listitem").filter(has_text="Demo study")
    expect(projects).to_have_count(3)
    for project in projects.all():
        expect(project.get_by_text("Linguist", exact=True)).to_be_visible()
    expect(page.get_by_text("Demo study (TofuEval scheme)", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Django admin")).to_have_count(0)


def test_a_wrong_password_is_refused_with_a_message(page: Page, live_server, demo: None) -> None:
    sign_in(page, live_server.url, "linguist1", password="wrong")
    expect(page.get_by_role("alert")).to_contain_text("didn't match")
    expect(page).to_have_url(f"{live_server.url}/accounts/login/")


def test_the_admin_reaches_django_admin_and_signs_out(page: Page, live_server, demo: None) -> None:
    sign_in(page, live_server.url, "admin")
    expect(page.get_by_text("Signed in as")).to_contain_text("Ada Admin")
    expect(page.get_by_role("link", name="Django admin")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(f"{live_server.url}/accounts/login/")
    page.goto(f"{live_server.url}/")
    expect(page.get_by_label("Username")).to_be_visible()
