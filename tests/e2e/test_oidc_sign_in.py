"""Sign-in with the lab's identity provider, in Chromium, against a real OpenID provider
(the certified `oidc-provider` from npm, tests/oidc/provider.mjs) started on 127.0.0.1
(docs/sign-in.md)."""

from __future__ import annotations

import os
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from annotations.models import Membership
from tests.e2e.test_accessibility import serious_violations

PROVIDER = Path(settings.BASE_DIR) / "tests" / "oidc" / "provider.mjs"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def identity_provider(live_server, settings) -> Iterator[str]:
    """The provider, with this site's live server as its one client, and the site's OIDC_*
    settings pointing at it (discovery from the issuer; only lab.example may sign in)."""
    if not (PROVIDER.parent / "node_modules" / "oidc-provider").is_dir():
        pytest.fail("the test provider is not installed: `make tests/oidc/node_modules/.installed`")
    port = free_port()
    env = {
        **os.environ,
        "OIDC_PORT": str(port),
        "OIDC_REDIRECT_URI": f"{live_server.url}/accounts/oidc/callback/",
        "OIDC_CLIENT_ID": "annotations",
        "OIDC_CLIENT_SECRET": "test-secret",
    }
    process = subprocess.Popen(
        ["node", str(PROVIDER)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # "listening <issuer>", or "" if node exited
        if not line.startswith("listening "):
            process.kill()
            pytest.fail(f"the OpenID provider did not start: {process.communicate()[1]}")
        issuer = line.split()[1]
        settings.OIDC_PROVIDER_NAME = "Lab Login"
        settings.OIDC_ISSUER = issuer
        settings.OIDC_RP_CLIENT_ID = "annotations"
        settings.OIDC_RP_CLIENT_SECRET = "test-secret"
        settings.OIDC_ALLOWED_EMAIL_DOMAINS = ["lab.example"]
        yield issuer
    finally:
        process.terminate()
        process.communicate()


def sign_in_at_provider(page: Page, base_url: str, login: str) -> None:
    page.goto(f"{base_url}/")
    # The button sits beside the password form, which stays.
    expect(page.get_by_label("Password")).to_be_visible()
    assert not serious_violations(page)
    page.get_by_role("link", name="Sign in with Lab Login").click()
    # The provider's own development sign-in form, then its consent screen.
    page.get_by_placeholder("Enter any login").fill(login)
    page.get_by_placeholder("and password").fill("anything")
    page.get_by_role("button", name="Sign-in").click()
    page.get_by_role("button", name="Continue").click()


def test_a_lab_member_signs_in_with_the_provider_and_gets_an_account_without_projects(
    page: Page, live_server, identity_provider: str
) -> None:
    sign_in_at_provider(page, live_server.url, "lena")
    expect(page.get_by_text("Signed in as")).to_contain_text("Lena Sso")
    expect(page.get_by_text("not a member of any project yet")).to_be_visible()
    user = get_user_model().objects.get(username="lena.sso")
    assert user.email == "lena@lab.example"
    assert not user.has_usable_password()
    assert not Membership.objects.filter(user=user).exists()

    # Signing in again is the same account, not a second one; the provider remembers its
    # own session (single sign-on), so one click brings Lena back. What the provider says of
    # her now replaces what the account held (an address and a name changed at the lab).
    get_user_model().objects.filter(pk=user.pk).update(
        email="lena.old@lab.example", first_name="Helena", last_name="Old"
    )
    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("link", name="Sign in with Lab Login").click()
    expect(page.get_by_text("Signed in as")).to_contain_text("Lena Sso")
    assert get_user_model().objects.filter(email="lena@lab.example").count() == 1
    user.refresh_from_db()
    assert (user.email, user.get_full_name()) == ("lena@lab.example", "Lena Sso")


def test_someone_outside_the_allowed_domain_is_refused_with_a_clear_page(
    page: Page, live_server, identity_provider: str
) -> None:
    sign_in_at_provider(page, live_server.url, "mallory")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("'mallory' may not sign in")
    expect(alert).to_contain_text("lab.example")
    assert not get_user_model().objects.filter(username="mallory").exists()
    assert not serious_violations(page)
    page.get_by_role("link", name="Back to sign in").click()
    expect(page.get_by_label("Username")).to_be_visible()
