from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"
TOFUEVAL_DIR = SHARED_DATA / "tofueval"
DEMO_DIR = ROOT / "fixtures" / "demo"


@pytest.fixture
def tofueval_dir() -> Path:
    if not TOFUEVAL_DIR.is_dir():
        pytest.fail(f"the public TofuEval release is expected at {TOFUEVAL_DIR}")
    return TOFUEVAL_DIR
