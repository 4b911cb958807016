"""Personal API tokens in Chromium (docs/api/tokens.md): a linguist makes a read-only token on
their Tokens page by keyboard, copies its secret, calls the API with it from a client with no
session (Playwright's request context), sees it refused a write and its last use listed, then
revokes it and gets 401 naming why."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Browser, Page, expect

from annotations.models import ApiToken
from tests.e2e.conftest import sign_in
from tests.e2e.test_accessibility import serious_violations

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def test_a_token_made_in_the_app_calls_the_api_until_it_is_revoked(
    page: Page, browser: Browser, live_server
) -> None:
    call_command("load_demo", stdout=None)
    sign_in(page, live_server.url, "linguist1")
    page.get_by_role("navigation", name="Account").get_by_role("link", name="API tokens").click()
    expect(page.get_by_role("heading", name="API tokens")).to_be_visible()
    expect(page.get_by_text("You have no tokens yet.")).to_be_visible()

    # By keyboard: the name, then Tab to the access and expiry, Tab to the button, Enter.
    form = page.get_by_role("form", name="Create a token")
    form.get_by_role("textbox", name="Name").fill("nightly export")
    page.keyboard.press("Tab")
    expect(form.get_by_role("combobox", name="Access")).to_be_focused()
    form.get_by_role("combobox", name="Access").select_option("read")
    page.keyboard.press("Tab")
    form.get_by_role("combobox", name="Expires in").select_option("7")
    page.keyboard.press("Tab")
    expect(form.get_by_role("button", name="Create token")).to_be_focused()
    page.keyboard.press("Enter")

    shown = page.get_by_role("group", name="The new token")
    secret_box = shown.get_by_role("textbox", name="Token")
    expect(secret_box).to_have_value(re.compile(r"^fct_[\w-]{40,}$"))
    secret = secret_box.input_value()
    expect(shown.get_by_role("button", name="Copy token")).to_be_visible()
    table = page.get_by_role("table", name="Your tokens")
    expect(table.get_by_role("row", name=re.compile("nightly export"))).to_contain_text("Never")
    # The secret on show and the list, as axe-core sees them (the empty page is in ROUTES).
    assert not serious_violations(page)
    # Only the digest is stored.
    assert ApiToken.objects.get().digest != secret

    # A script: no cookies, only the token.
    script = browser.new_context()
    try:
        api = script.request
        auth = {"Authorization": f"Token {secret}"}
        me = api.get(f"{live_server.url}/api/me/", headers=auth)
        assert me.status == 200
        assert me.json()["username"] == "linguist1"
        # A write (here, revoking itself) is refused: the token is read-only.
        write = api.delete(
            f"{live_server.url}/api/me/tokens/{ApiToken.objects.get().pk}/", headers=auth
        )
        assert write.status == 403
        assert "read-only" in write.json()["message"]

        page.reload()
        row = page.get_by_role("table", name="Your tokens").get_by_role(
            "row", name=re.compile("nightly export")
        )
        expect(row).not_to_contain_text("Never")
        expect(row).to_contain_text("active")

        # Revoke, after confirming.
        row.get_by_role("button", name="Revoke nightly export").click()
        dialog = page.get_by_role("dialog", name="Revoke the token “nightly export”?")
        expect(dialog.get_by_role("button", name="Revoke token")).to_be_visible()
        assert not serious_violations(page)
        dialog.get_by_role("button", name="Revoke token").click()
        expect(dialog).to_be_hidden()
        expect(row).to_contain_text("revoked")
        expect(page.get_by_role("button", name="Revoke nightly export")).to_have_count(0)

        refused = api.get(f"{live_server.url}/api/me/", headers=auth)
        assert refused.status == 401
        assert refused.json()["code"] == "token_revoked"
        assert "revoked" in refused.json()["message"]
    finally:
        script.close()
