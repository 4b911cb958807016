"""Where a person signs in to the site that `make run` or `make serve` just started."""

from __future__ import annotations

import os

DEFAULT_PORT = 8000


def sign_in_address(port: int | str | None = None, host: str = "127.0.0.1") -> str:
    """The sign-in page's address on ``port``: the one given, else the PORT environment
    variable (which `make run PORT=8400` and bin/serve set), else 8000. Raises ValueError,
    naming the value, for a port that is not a number from 1 to 65535."""
    value = port if port not in (None, "") else os.environ.get("PORT") or DEFAULT_PORT
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = 0
    if not 1 <= number <= 65535:
        raise ValueError(f"port {value!r} is not a number from 1 to 65535")
    return f"http://{host}:{number}/"
