"""The embedded SQLite database serves several people writing at once: saves and heartbeats
at the same moment never fail with "database is locked" (a 500 before)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import ROOT


def test_concurrent_saves_and_heartbeats_on_sqlite_all_succeed(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    ignored = {"DATABASE_URL", "CELERY_BROKER_URL", "DJANGO_SETTINGS_MODULE", "DEBUG"}
    env = {k: v for k, v in os.environ.items() if k not in ignored}
    env.update({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "DEMO": "1"})
    result = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "scripts" / "sqlite_writers.py"), "40"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    statuses = json.loads(result.stdout.strip().splitlines()[-1])
    # Every request answered 200; a 409 would be a stale version (not a lock), never a 500.
    assert statuses == {"200": 160}, statuses
