"""bin/build-frontend (`make frontend`): a build never takes frontend/dist away from a server
that is running from the same checkout. vite is replaced by a stand-in `npx` that writes an
index.html (and can fail), so the test runs in milliseconds and checks only the swapping."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Stands in for `npx vite build --outDir DIR ...`: records whether frontend/dist still served
# a whole build while it ran, then writes DIR/index.html naming the build (or fails).
FAKE_NPX = """#!/usr/bin/env bash
set -e
out=""
while [ $# -gt 0 ]; do
  if [ "$1" = "--outDir" ]; then out="$2"; shift; fi
  shift
done
if [ -e dist/index.html ]; then cat dist/index.html >> seen-during-build; fi
[ -z "${FAIL_BUILD:-}" ] || { mkdir -p "$out"; echo partial > "$out/index.html"; exit 1; }
mkdir -p "$out"
echo "build $out" > "$out/index.html"
"""


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    (tmp_path / "bin").mkdir()
    shutil.copy(ROOT / "bin" / "build-frontend", tmp_path / "bin" / "build-frontend")
    (tmp_path / "frontend").mkdir()
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "npx").write_text(FAKE_NPX)
    (tools / "npx").chmod(0o755)
    return tmp_path


def build(checkout: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(checkout / "bin" / "build-frontend")],
        env={**os.environ, "PATH": f"{checkout / 'tools'}:{os.environ['PATH']}", **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_build_swaps_dist_to_a_new_directory_and_the_old_one_stays_whole(
    checkout: Path,
) -> None:
    dist = checkout / "frontend" / "dist"
    assert build(checkout).returncode == 0
    first = dist.resolve()  # what a server started now serves (annotation_site/settings.py)
    assert dist.is_symlink()
    assert (first / "index.html").read_text().startswith("build builds/")

    assert build(checkout).returncode == 0
    second = dist.resolve()
    assert second != first
    # The server started before the second build still has every file of its own build,
    # and dist served a whole build all through the second one.
    assert (first / "index.html").read_text().startswith("build builds/")
    seen = (checkout / "frontend" / "seen-during-build").read_text().splitlines()
    assert seen == [f"build builds/{first.name}"]


def test_a_real_dist_directory_of_an_older_checkout_is_replaced(checkout: Path) -> None:
    dist = checkout / "frontend" / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("old layout")
    assert build(checkout).returncode == 0
    assert dist.is_symlink()
    assert (dist / "index.html").read_text().startswith("build builds/")


def test_a_failed_build_leaves_dist_as_it_was(checkout: Path) -> None:
    dist = checkout / "frontend" / "dist"
    assert build(checkout).returncode == 0
    before = dist.resolve()
    failed = build(checkout, FAIL_BUILD="1")
    assert failed.returncode != 0
    assert dist.resolve() == before
    assert (dist / "index.html").read_text().startswith("build builds/")
    # The half-written build is gone.
    assert [p.name for p in (checkout / "frontend" / "builds").iterdir()] == [before.name]


def test_only_the_newest_builds_are_kept(checkout: Path) -> None:
    for _ in range(5):
        assert build(checkout, FRONTEND_BUILDS_KEPT="2").returncode == 0
    builds = sorted(p.name for p in (checkout / "frontend" / "builds").iterdir())
    assert len(builds) == 2
    assert (checkout / "frontend" / "dist").resolve().name in builds
