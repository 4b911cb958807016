"""Browser tests: Playwright (Python) driving Debian's Chromium against a live server."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Browser, Page, sync_playwright

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# Without these, Chromium reaches for Google's services, which this network refuses.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install chromium` (.ci/run does it)")
    if not (Path(settings.FRONTEND_DIST) / "index.html").exists():
        pytest.fail("the frontend is not built: run `make frontend` first")
    # Playwright's sync API runs an event loop in this thread; the ORM calls in the tests
    # are still synchronous, so Django's async-safety guard does not apply to them.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            yield browser
            browser.close()
    finally:
        # Never leak it: a later subprocess (check --deploy) would rightly refuse it.
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(autouse=True)
def _live_server_closes_its_connections() -> Iterator[None]:
    """The live server answers each request on a new thread. With persistent connections
    (CONN_MAX_AGE, 60 s on PostgreSQL) each of those threads left its connection open, and
    the test database could not be dropped at the end of the run. Connections opened
    during a browser test close when their request ends."""
    from django.db import connections

    previous = {alias: connections.settings[alias].get("CONN_MAX_AGE") for alias in connections}
    for alias in connections:
        connections.settings[alias]["CONN_MAX_AGE"] = 0
    yield
    for alias, value in previous.items():
        connections.settings[alias]["CONN_MAX_AGE"] = value


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
    _wait_for_requests_in_flight()


def _wait_for_requests_in_flight(limit: float = 5.0) -> None:
    """Closing the page sends what its save queue still holds (keepalive on unload), and the
    live server answers it on its own thread. A flush of the test database while that request
    writes deadlocked (CI, test_workspace_keys): wait, bounded, until no request is running."""
    deadline = time.monotonic() + limit
    time.sleep(0.2)  # the browser sends the unload request just after the close returns
    while time.monotonic() < deadline and any(
        "process_request_thread" in thread.name for thread in threading.enumerate()
    ):
        time.sleep(0.05)


def sign_in(page: Page, base_url: str, username: str, password: str = "demo") -> None:
    page.goto(f"{base_url}/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()


def annotate_by_keyboard(
    page: Page,
    sentence_count: int,
    *,
    inconsistent_first: str | None = None,
    error_type: str = "Contradict",
) -> None:
    """Label every sentence of the open unit with j and 1 (the first one inconsistent with
    ``inconsistent_first`` as its explanation, when given) and rate each summary with r 4."""
    page.locator(".sentence").first.wait_for()
    seen: set[str] = set()
    for index in range(sentence_count):
        page.keyboard.press("j")
        name = page.locator(".sentence[data-active]").get_attribute("aria-label") or ""
        letter = name.split(",")[0]
        if index == 0 and inconsistent_first is not None:
            page.keyboard.press("2")
            page.keyboard.press("e")
            page.keyboard.type(inconsistent_first)
            page.keyboard.press("Escape")
            page.keyboard.press("t")
            page.keyboard.type(error_type)
            page.keyboard.press("Enter")
            page.keyboard.press("Escape")
            page.keyboard.press("Escape")
        else:
            page.keyboard.press("1")
        if letter not in seen:
            seen.add(letter)
            page.keyboard.press("r")
            page.keyboard.press("4")
