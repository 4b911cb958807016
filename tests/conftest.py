from __future__ import annotations

import os
import subprocess
import sys
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


def _mark_and_check(items: list[pytest.Item]) -> None:
    plain_flush = []
    for item in items:
        # `make browser-test` collects tests/e2e only: a browser test elsewhere would never run.
        if item.get_closest_marker("browser") and "tests/e2e/" not in item.nodeid:
            raise pytest.UsageError(f"browser tests live in tests/e2e/: {item.nodeid}")
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


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    _mark_and_check(items)
    _long_first(config, items)


def _long_first(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a parallel run, the `long` tests first, one after another on each worker.

    pytest-xdist's work stealing (the Makefile's ``--dist worksteal``) gives each of n workers
    a contiguous share of the collection at the start (the first len/n, then a share of the
    rest) and later moves tests from the end of a busy worker's share to an idle one. A long
    test left near the end ran alone while the other worker idled (the whole-API fuzz: five
    minutes of a 21-minute run); at the head of the shares, dealt out in turn, they start
    at once and the short tests fill in around them. Runs after pytest-randomly's shuffle
    (trylast), so the order stays random and the same on every worker, as xdist requires.
    """
    workers = int(getattr(config, "workerinput", {}).get("workercount", 0))
    if workers < 2:
        return
    long = [item for item in items if item.get_closest_marker("long")]
    if not long:
        return
    short = [item for item in items if not item.get_closest_marker("long")]
    ordered: list[pytest.Item] = []
    remaining = len(items)
    for worker in range(workers):
        share = remaining // (workers - worker)  # what xdist gives this worker at the start
        heads = long[worker::workers]
        tail = max(share - len(heads), 0)
        ordered += heads + short[:tail]
        short = short[tail:]
        remaining -= len(heads) + tail
    items[:] = ordered + short


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if REQUIRE_SERVICES and report.skipped and item.get_closest_marker("services"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"REQUIRE_SERVICES=1, and this test needs services, but: {reason}"
    return report


# What the test session sets for itself and a subprocess with its own settings must not
# inherit (the database, the broker, the modes, the scratch directories set below).
SESSION_ONLY_ENVIRONMENT = frozenset(
    {
        "DATABASE_URL",
        "DEBUG",
        "PRODUCTION",
        "DEMO",
        "DJANGO_SECRET_KEY",
        "CELERY_BROKER_URL",
        "DJANGO_SETTINGS_MODULE",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
        "MEDIA_ROOT",
        "RELEASE_BUILD_ROOT",
    }
)


def settings_free_environment() -> dict[str, str]:
    """This process's environment without what the test session set for its own settings."""
    return {k: v for k, v in os.environ.items() if k not in SESSION_ONLY_ENVIRONMENT}


@pytest.fixture(scope="session")
def migrated_sqlite(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """An embedded (SQLite) database migrated from nothing, made once for the whole run and
    copied by the tests that start a site on one: migrating costs ~20 s of CPU (Django renders
    the model states of every migration), paid once instead of by each such test. Parallel
    workers share the file (their temporary directories' parent is the run's); a lock makes
    the first build it and the others wait."""
    from filelock import FileLock

    run_root = tmp_path_factory.getbasetemp()
    if xdist_worker_number(request.config) is not None:
        run_root = run_root.parent
    path = run_root / "migrated.sqlite3"
    with FileLock(f"{path}.lock"):
        if not path.exists():
            building = run_root / "migrating.sqlite3"
            building.unlink(missing_ok=True)
            migrated = subprocess.run(
                [sys.executable, "manage.py", "migrate", "-v0"],
                cwd=ROOT,
                env={**settings_free_environment(), "DATABASE_URL": f"sqlite:///{building}"},
                capture_output=True,
                text=True,
                timeout=600,
            )
            assert migrated.returncode == 0, migrated.stderr[-3000:]
            building.rename(path)
    return path


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
