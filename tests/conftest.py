from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The public TofuEval release and FineSurE's files, copied with their licences into
# fixtures/public so a clone anywhere runs the tests; SHARED_DATA_DIR points elsewhere.
SHARED_DATA = Path(os.environ.get("SHARED_DATA_DIR", ROOT / "fixtures" / "public"))
TOFUEVAL_DIR = SHARED_DATA / "tofueval"
DEMO_DIR = ROOT / "fixtures" / "demo"


@pytest.fixture(scope="session", autouse=True)
def _demo_switch_on() -> Iterator[None]:
    """The tests load the demo as `make run` does, with its explicit switch (DEMO=1)."""
    from django.test import override_settings

    with override_settings(DEMO=True):
        yield


@pytest.fixture
def tofueval_dir() -> Path:
    if not TOFUEVAL_DIR.is_dir():
        pytest.fail(f"the public TofuEval release is expected at {TOFUEVAL_DIR}")
    return TOFUEVAL_DIR


@pytest.fixture(autouse=True)
def _builtin_taxonomies(request: pytest.FixtureRequest) -> None:
    """A transactional test empties every table when it ends, migration data included;
    re-seed the built-in taxonomies (idempotent) so no test depends on the order."""
    marker = request.node.get_closest_marker("django_db")
    if marker is None or not marker.kwargs.get("transaction"):
        return
    request.getfixturevalue("transactional_db")
    from annotations.models import ErrorTaxonomy, ErrorType
    from annotations.services.taxonomies import taxonomies_seed_builtin

    taxonomies_seed_builtin(taxonomy_model=ErrorTaxonomy, type_model=ErrorType)


@pytest.fixture
def demo() -> object:
    """The demo study loaded as `make run` loads it: its project, with the people of
    tests/people.py."""
    from io import StringIO

    from django.core.management import call_command

    from annotations.models import Project

    call_command("load_demo", stdout=StringIO())
    return Project.objects.get(slug="demo")
