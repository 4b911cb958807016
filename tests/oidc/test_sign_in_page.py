"""The sign-in page and the OIDC endpoints with and without OIDC_* settings (docs/sign-in.md)."""

from __future__ import annotations

import socket

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def configured(settings):  # type: ignore[no-untyped-def]
    settings.OIDC_PROVIDER_NAME = "Lab Login"
    settings.OIDC_ISSUER = f"http://127.0.0.1:{closed_port()}"
    settings.OIDC_RP_CLIENT_ID = "annotations"
    settings.OIDC_RP_CLIENT_SECRET = "secret"
    return settings


def test_without_oidc_settings_the_sign_in_page_has_only_the_password_form(client: Client) -> None:
    page = client.get("/accounts/login/")
    assert page.status_code == 200
    assert b"Sign in with" not in page.content
    assert client.get("/accounts/oidc/authenticate/").status_code == 404
    assert client.get("/accounts/oidc/callback/?code=x&state=y").status_code == 404


def test_with_oidc_settings_the_sign_in_page_offers_the_provider(
    client: Client, configured: object
) -> None:
    page = client.get("/accounts/login/?next=/app/admin/")
    assert b"Sign in with Lab Login" in page.content
    assert b'href="/accounts/oidc/authenticate/?next=/app/admin/"' in page.content
    # The password form stays beside it.
    assert b'name="password"' in page.content


def test_an_unreachable_provider_is_a_clear_page_not_a_server_error(
    client: Client, configured: object
) -> None:
    page = client.get("/accounts/oidc/authenticate/")
    assert page.status_code == 503
    assert b"could not reach Lab Login" in page.content


def test_explicit_endpoints_need_no_discovery(client: Client, configured) -> None:  # type: ignore[no-untyped-def]
    configured.OIDC_ISSUER = ""
    configured.OIDC_OP_AUTHORIZATION_ENDPOINT = "https://idp.lab.example/authorize"
    configured.OIDC_OP_TOKEN_ENDPOINT = "https://idp.lab.example/token"
    configured.OIDC_OP_USER_ENDPOINT = "https://idp.lab.example/userinfo"
    answer = client.get("/accounts/oidc/authenticate/")
    assert answer.status_code == 302
    assert answer["Location"].startswith("https://idp.lab.example/authorize?")
    assert "client_id=annotations" in answer["Location"]
    assert "code_challenge=" in answer["Location"]


def test_a_cancelled_sign_in_lands_on_a_page_that_says_so(
    client: Client, configured: object
) -> None:
    page = client.get("/accounts/oidc/refused/")
    assert page.status_code == 400
    assert b"did not complete" in page.content


def test_a_password_sign_in_never_reaches_the_provider(
    client: Client, configured: object, django_user_model
) -> None:  # type: ignore[no-untyped-def]
    django_user_model.objects.create_user("ada", password="a-long-password-1")
    answer = client.post(
        "/accounts/login/?code=x&state=y",
        {"username": "ada", "password": "a-long-password-1", "next": "/"},
    )
    assert answer.status_code == 302
    assert answer["Location"] == "/"


def test_refused_provider_sign_ins_never_lock_out_the_address(settings) -> None:  # type: ignore[no-untyped-def]
    """Five outsiders refused behind one address leave single sign-on open to colleagues."""
    from django.contrib.auth import authenticate
    from django.contrib.auth.signals import user_login_failed
    from django.test import RequestFactory

    settings.AXES_FAILURE_LIMIT = 2
    request = RequestFactory().get("/accounts/oidc/callback/", REMOTE_ADDR="10.0.0.7")
    request.session = {}  # type: ignore[assignment]
    for _ in range(3):
        # What Django sends when no backend signs in the callback's credentials.
        user_login_failed.send(
            sender=__name__, credentials={"nonce": "n", "code_verifier": None}, request=request
        )
    # The callback's own call: no lockout answer (axes would mark the request locked out).
    assert authenticate(request, nonce="n", code_verifier=None) is None
    assert not getattr(request, "axes_locked_out", False)


def test_a_provider_without_published_keys_is_a_clear_page_not_a_server_error(
    client: Client, configured
) -> None:  # type: ignore[no-untyped-def]
    # Explicit endpoints without OIDC_OP_JWKS_ENDPOINT: an RS256 id token cannot be checked.
    configured.OIDC_ISSUER = ""
    configured.OIDC_OP_AUTHORIZATION_ENDPOINT = "https://idp.lab.example/authorize"
    configured.OIDC_OP_TOKEN_ENDPOINT = "https://idp.lab.example/token"
    configured.OIDC_OP_USER_ENDPOINT = "https://idp.lab.example/userinfo"
    session = client.session
    session["oidc_states"] = {"s": {"nonce": "n", "code_verifier": None, "added_on": 0}}
    session.save()
    page = client.get("/accounts/oidc/callback/?code=c&state=s")
    assert page.status_code == 503
    assert b"not set up correctly" in page.content
