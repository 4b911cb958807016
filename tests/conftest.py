from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hypothesis
import pytest

ROOT = Path(__file__).resolve().parent.parent
# The public TofuEval release and FineSurE's files, copied with their licences into
# fixtures/public so a clone anywhere runs the tests; SHARED_DATA_DIR points elsewhere.
SHARED_DATA = Path(os.environ.get("SHARED_DATA_DIR", ROOT / "fixtures" / "public"))
TOFUEVAL_DIR = SHARED_DATA / "tofueval"
DEMO_DIR = ROOT / "fixtures" / "demo"


# Property tests replay in CI: with CI=true (.ci/run) Hypothesis derives its examples from each
# test's name instead of a fresh random seed, so a failure in CI fails the same way on a
# developer's machine; no deadline there, as a loaded CI machine is slow by chance, not by bug.
hypothesis.settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
    hypothesis.settings.load_profile("ci")

# Tests that need what only .ci/run provides (PostgreSQL row locks, a real worker on Redis, the
# full stack) skip without it; with REQUIRE_SERVICES=1 (.ci/run sets it) such a skip fails the
# run instead, so CI can never pass without having run them. They carry the `services` marker
# (every `worker` test has it implicitly).
REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES", "") == "1"


def xdist_worker_number(config: pytest.Config) -> int | None:
    """0 for pytest-xdist's gw0, 1 for gw1, ...; None when the run is not distributed."""
    worker = getattr(config, "workerinput", {}).get("workerid")
    return int(worker.removeprefix("gw")) if worker else None


def pytest_configure(config: pytest.Config) -> None:
    """Parallel runs (pytest -n N, docs/testing.md): pytest-django gives each xdist worker its
    own test database (the _gwN suffix); each also gets its own Redis database for the broker
    of the `worker` tests, counting down from CELERY_TEST_BROKER_URL's (gw0 keeps it, gw1 takes
    the one below): a real worker started by one test must never take another worker's tasks
    (on another database), and a test that asserts nobody consumes must see nobody."""
    number = xdist_worker_number(config)
    broker = os.environ.get("CELERY_TEST_BROKER_URL", "")
    if number and broker:
        head, _, db = broker.rstrip("/").rpartition("/")
        if not db.isdigit() or int(db) - number < 0:
            raise pytest.UsageError(
                f"CELERY_TEST_BROKER_URL={broker} must end in a Redis database number of at "
                f"least {number} for xdist worker gw{number} (e.g. redis://127.0.0.1:6379/15)"
            )
        os.environ["CELERY_TEST_BROKER_URL"] = f"{head}/{int(db) - number}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    plain_flush = []
    for item in items:
        if item.get_closest_marker("worker"):
            item.add_marker(pytest.mark.services)
        marker = item.get_closest_marker("django_db")
        if (
            marker is not None
            and marker.kwargs.get("transaction")
            and not marker.kwargs.get("serialized_rollback")
        ):
            plain_flush.append(item.nodeid)
    # A transactional test without serialized rollback ends with a flush that recreates the
    # content types under new ids; the next serialized-rollback test then restores the old
    # ones over them and fails on PostgreSQL's unique key: a failure that depends on the
    # random order. Every transactional test here rolls back serialized.
    if plain_flush:
        raise pytest.UsageError(
            "transactional tests must say serialized_rollback=True (tests/conftest.py): "
            + ", ".join(plain_flush[:5])
        )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if REQUIRE_SERVICES and report.skipped and item.get_closest_marker("services"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"REQUIRE_SERVICES=1, and this test needs services, but: {reason}"
    return report


@pytest.fixture(scope="session", autouse=True)
def _scratch_per_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Stored files (MEDIA_ROOT) and release builds' scratch space (RELEASE_BUILD_ROOT) in the
    session's own temporary directory, for this process and the workers and servers it starts:
    parallel workers' databases number their rows alike (two releases/1/), and one worker's
    sweep of stale build directories must not remove another's build in progress; nor does a
    test run write into the developer's var/media."""
    from django.test import override_settings

    root = tmp_path_factory.mktemp("scratch")
    paths = {"MEDIA_ROOT": root / "media", "RELEASE_BUILD_ROOT": root / "builds"}
    before = {name: os.environ.get(name) for name in paths}
    os.environ.update({name: str(path) for name, path in paths.items()})
    try:
        with override_settings(**paths):
            yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing() -> Iterator[None]:
    """PBKDF2 takes ~250 ms a password by design; the demo's six users and every sign-in of a
    test paid it (80 % of load_demo's time). No test is about the hash: a fast one stands in
    (Django's advice for tests). Servers and workers the tests start keep the real setting;
    they authenticate by token, never by a password set here."""
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


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
