"""The Python client (clients/python) against a live server of the site.

The client is installed editable by requirements-dev.txt (``-e clients/python``); it is
imported here so a missing install fails with what to run, not with a bare ImportError."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

try:
    import annotations_client  # noqa: F401
except ImportError as missing:  # pragma: no cover - a broken install
    raise pytest.UsageError(
        "the Python client is not installed: `.venv/bin/pip install -e clients/python`"
        " (make install does it, from requirements-dev.txt)"
    ) from missing


@pytest.fixture(autouse=True)
def _live_server_closes_its_connections() -> Iterator[None]:
    """As tests/e2e/conftest.py: each live-server request thread closes its connection, so the
    test database can be dropped at the end of the run."""
    from django.db import connections

    previous = {alias: connections.settings[alias].get("CONN_MAX_AGE") for alias in connections}
    for alias in connections:
        connections.settings[alias]["CONN_MAX_AGE"] = 0
    yield
    for alias, value in previous.items():
        connections.settings[alias]["CONN_MAX_AGE"] = value
