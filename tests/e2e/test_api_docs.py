"""The API documentation renders offline: Swagger UI's assets come from the site itself."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, Request, expect

from tests.e2e.conftest import sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_the_api_docs_page_lists_the_operations_without_leaving_the_site(
    page: Page, live_server
) -> None:
    call_command("load_demo", stdout=None)
    sign_in(page, live_server.url, "researcher")
    elsewhere: list[str] = []

    def record(request: Request) -> None:
        if not request.url.startswith(live_server.url) and not request.url.startswith("data:"):
            elsewhere.append(request.url)

    page.on("request", record)
    page.goto(f"{live_server.url}/api/docs/")
    # The first visit of a process generates the schema: seconds on a busy machine.
    expect(page.get_by_text("Factual consistency studio API")).to_be_visible(timeout=30_000)
    expect(page.locator(".opblock-summary-path", has_text="/api/me/").first).to_be_visible()
    assert page.locator(".opblock").count() >= 30
    assert elsewhere == [], f"the docs page fetched from outside the site: {elsewhere}"
