"""The environment a benchmark runs the site in: the production settings on a bench database.

Imported before Django (nothing here imports it): the settings read these variables once.
"""

from __future__ import annotations

import os
import secrets
import sys
from urllib.parse import urlsplit


def production_environment(database_url: str, **extra: str) -> dict[str, str]:
    """Set this process's environment to the production settings (PRODUCTION=1) on
    ``database_url``, plus ``extra`` variables, and return it for child processes. Refuses a
    database whose name does not contain 'bench': the benchmarks drop and recreate it."""
    name = urlsplit(database_url).path.lstrip("/")
    if "bench" not in name:
        sys.exit(f"bench: refusing to drop and recreate {name!r}: its name must contain 'bench'")
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "annotation_site.settings",
            "DATABASE_URL": database_url,
            "PRODUCTION": "1",
            "DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(38)[:50],
            "ALLOWED_HOSTS": "127.0.0.1",
            # Plain HTTP on loopback: PRODUCTION=1 would otherwise redirect to https.
            "SECURE_SSL_REDIRECT": "0",
            "LOG_LEVEL": "WARNING",
            **extra,
        }
    )
    os.environ.pop("CELERY_BROKER_URL", None)  # nothing is queued: tasks run in-process
    return dict(os.environ)
