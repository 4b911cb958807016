"""Serves the browser app (the Vite build's index.html, to signed-in users) and its icon."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET


@require_GET
@login_required
@ensure_csrf_cookie  # the app reads the token from the cookie for its POSTs
def app_shell(request: HttpRequest) -> HttpResponse:
    index = settings.FRONTEND_DIST / "index.html"
    if not index.is_file():
        return HttpResponse(
            "The browser app is not built: run `make frontend` (or `make run`).",
            status=503,
            content_type="text/plain",
        )
    return HttpResponse(index.read_text(encoding="utf-8"))


@require_GET
@cache_control(max_age=86400, public=True)
def favicon(request: HttpRequest) -> HttpResponse:
    """The site's icon at /favicon.ico and /favicon.svg, for every page and with no sign-in:
    Django's own pages (sign-in, errors) link it, and browsers ask for /favicon.ico anyway.
    Read from the frontend's source (its public assets), so it is there before any build."""
    svg = (settings.BASE_DIR / "frontend" / "public" / "favicon.svg").read_bytes()
    return HttpResponse(svg, content_type="image/svg+xml")
