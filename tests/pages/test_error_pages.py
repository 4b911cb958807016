"""Django's own pages outside /app/ and /api/: the site's look, never a traceback."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SITE_LOOK = "Factual consistency studio"


def assert_styled_page(html: str, heading: str) -> None:
    assert SITE_LOOK in html
    assert f"<h2>{heading}</h2>" in html
    assert '<link rel="icon" href="/favicon.svg"' in html
    assert "<style>" in html
    assert 'href="/"' in html
    # Django's plain defaults, and any trace of the error's internals.
    assert "<h1>Not Found</h1>" not in html
    assert "Server Error (500)" not in html
    assert "Traceback" not in html
    assert "RuntimeError" not in html


def test_an_unknown_page_is_a_404_in_the_sites_style(client: Client) -> None:
    response = client.get("/nonexistent")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert_styled_page(html, "Page not found")
    assert "<code>/nonexistent</code>" in html


def test_a_404_names_the_path_escaped(client: Client) -> None:
    response = client.get("/<script>alert(1)</script>")
    assert response.status_code == 404
    assert "<script>alert" not in response.content.decode()


def test_an_unknown_api_path_stays_json(client: Client) -> None:
    response = client.get("/api/nothing-here/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"


@pytest.mark.urls("tests.pages.error_urls")
def test_a_crash_renders_the_styled_500_page_without_a_traceback(settings) -> None:
    settings.DEBUG = False
    client = Client(raise_request_exception=False)
    response = client.get("/crash/")
    assert response.status_code == 500
    assert_styled_page(response.content.decode(), "Something went wrong on the server")


@pytest.mark.urls("tests.pages.error_urls")
def test_a_refusal_renders_the_styled_403_page(client: Client) -> None:
    response = client.get("/forbidden/")
    assert response.status_code == 403
    assert_styled_page(response.content.decode(), "You do not have permission to see this page")


@pytest.mark.urls("tests.pages.error_urls")
def test_a_malformed_request_renders_the_styled_400_page(client: Client) -> None:
    response = client.get("/bad/")
    assert response.status_code == 400
    assert_styled_page(response.content.decode(), "The server could not understand this request")


def test_a_sign_in_without_the_csrf_cookie_renders_the_styled_form_expired_page() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "x", "password": "y"})
    assert response.status_code == 403
    assert_styled_page(response.content.decode(), "This form has expired")


def test_the_favicon_is_served_to_anyone_at_both_addresses(client: Client) -> None:
    for path in ("/favicon.ico", "/favicon.svg"):
        response = client.get(path)
        assert response.status_code == 200
        assert response["Content-Type"] == "image/svg+xml"
        assert response.content.startswith(b"<svg")
        assert "max-age" in response["Cache-Control"]


def test_the_sign_in_page_links_the_favicon(client: Client) -> None:
    html = client.get("/accounts/login/").content.decode()
    assert '<link rel="icon" href="/favicon.svg"' in html


def test_the_browser_app_links_the_favicon_from_its_public_assets() -> None:
    from django.conf import settings

    frontend = settings.BASE_DIR / "frontend"
    assert '<link rel="icon" href="/favicon.svg"' in (frontend / "index.html").read_text()
    assert (frontend / "public" / "favicon.svg").read_text().startswith("<svg")
