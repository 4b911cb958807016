"""The accessibility check's table of screens (tests/e2e/test_accessibility.py) keeps up with
the app's routes: a screen added to frontend/src/routes.tsx without a row fails here."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

from tests.e2e.test_accessibility import ROUTES

# Layout routes: their children are the screens (a round's pages share the one that looks it up).
LAYOUTS = {"app/admin", "app/projects/:slug", "rounds/:id"}


def test_every_route_of_the_app_has_a_row_in_the_accessibility_check() -> None:
    source = (Path(settings.BASE_DIR) / "frontend" / "src" / "routes.tsx").read_text()
    patterns = set(re.findall(r'path="([^"*]+)"', source)) - LAYOUTS
    assert len(patterns) > 15, 'routes.tsx no longer lists its paths as path="..."'
    visited = [route.path for route in ROUTES]
    missing = [
        pattern
        for pattern in sorted(patterns)
        if not any(
            re.search(rf"/{re.sub(r':[A-Za-z]+', '[^/?]+', pattern)}(?:$|\?)", path)
            for path in visited
        )
    ]
    assert not missing, f"add a row to ROUTES in tests/e2e/test_accessibility.py for {missing}"
