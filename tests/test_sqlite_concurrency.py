"""The embedded SQLite database serves several people writing at once: saves and heartbeats
at the same moment never fail with "database is locked" (a 500 before)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, settings_free_environment


@pytest.mark.long
def test_concurrent_saves_and_heartbeats_on_sqlite_all_succeed(
    tmp_path: Path, migrated_sqlite: Path
) -> None:
    copy = tmp_path / "db.sqlite3"
    shutil.copyfile(migrated_sqlite, copy)
    env = {
        **settings_free_environment(),
        "DATABASE_URL": f"sqlite:///{copy}",
        "DEMO": "1",
        "MEDIA_ROOT": str(tmp_path / "media"),
    }
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
