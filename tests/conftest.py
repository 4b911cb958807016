from __future__ import annotations

import os
import re
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
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    _mark_and_check(items)
    _long_first(items)


def _long_first(items: list[pytest.Item]) -> None:
    """The `long` tests first, so they start while the other workers go on with the rest:
    one left near the end ran alone while the other worker idled (the whole-API fuzz: five
    minutes of a 21-minute run).

    Any order is safe: a transactional test gets the migrated contents back as soon as it has
    emptied the database (tests/serialized_restore.py), so a rolled-back test may follow it on
    a worker, and pytest-xdist's work stealing may hand any test to any worker. A stable sort
    after pytest-randomly's shuffle and pytest-django's grouping (trylast): the order stays
    random otherwise and the same on every worker, as xdist requires.
    """
    items.sort(key=lambda item: not item.get_closest_marker("long"))


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


# What a migrated database depends on: the project's migrations and the pinned packages
# (their apps' migrations).
MIGRATION_INPUTS = (
    *sorted((ROOT / "annotations" / "migrations").glob("*.py")),
    ROOT / "requirements.txt",
)


def _migrated_template(database: dict[str, Any]) -> str:
    """The name of a PostgreSQL database migrated from nothing with these migrations, made
    once on this machine (a file lock makes one process build it, the others wait) and kept
    for later runs until the migrations change. An earlier one is dropped."""
    import hashlib
    import tempfile

    import psycopg
    from filelock import FileLock
    from psycopg.conninfo import make_conninfo

    digest = hashlib.sha256(b"".join(path.read_bytes() for path in MIGRATION_INPUTS))
    # One template for every worker: the name without pytest-xdist's _gwN.
    stem = re.sub(r"_gw[0-9]+$", "", database["TEST"]["NAME"]) + "_template"
    name = f"{stem}_{digest.hexdigest()[:12]}"
    server = {
        "host": database.get("HOST") or None,
        "port": database.get("PORT") or None,
        "user": database.get("USER") or None,
        "password": database.get("PASSWORD") or None,
    }
    with (
        FileLock(Path(tempfile.gettempdir()) / f"{stem}.lock"),
        psycopg.connect(
            make_conninfo(dbname="postgres", **{k: str(v) for k, v in server.items() if v}),
            autocommit=True,
        ) as admin,
    ):
        names = [row[0] for row in admin.execute("SELECT datname FROM pg_database")]
        if name in names:
            return name
        building = f"{stem}_building"
        admin.execute(f'DROP DATABASE IF EXISTS "{building}"')
        admin.execute(f'CREATE DATABASE "{building}"')
        host = server["host"] or "localhost"
        credentials = server["user"] or ""
        if server["password"]:
            credentials += f":{server['password']}"
        url = f"postgres://{credentials}@{host}:{server['port'] or 5432}/{building}"
        migrated = subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"],
            cwd=ROOT,
            env={**settings_free_environment(), "DATABASE_URL": url},
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert migrated.returncode == 0, migrated.stderr[-3000:]
        admin.execute(f'ALTER DATABASE "{building}" RENAME TO "{name}"')
        for old in names:
            if old.startswith(f"{stem}_") and old not in (name, building):
                admin.execute(f'DROP DATABASE IF EXISTS "{old}"')
    return name


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    """Each worker's test database is a copy of one migrated template (PostgreSQL's CREATE
    DATABASE ... TEMPLATE, about a second), not migrated from nothing (15 to 30 s of CPU, nearly
    all Django rendering the model states of every migration) by each of the two workers of
    each pytest stage. Django still runs migrate on the copy, which finds nothing to apply."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.postgresql":
        database["TEST"]["TEMPLATE"] = _migrated_template(database)


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


@pytest.fixture(scope="session", autouse=True)
def _flush_by_delete() -> Iterator[None]:
    """A transactional test's flush deletes rows instead of truncating tables
    (tests/flush_by_delete.py): ten times faster on the tests' small tables."""
    from tests.flush_by_delete import deleting

    with deleting():
        yield


@pytest.fixture(scope="session", autouse=True)
def _serialized_contents_copied() -> Iterator[None]:
    """A transactional test's starting contents are written with one COPY per table, not one
    save() per row (tests/serialized_restore.py)."""
    from tests.serialized_restore import restoring

    with restoring():
        yield


@pytest.fixture(scope="session", autouse=True)
def _demo_replayed() -> Iterator[None]:
    """A process loads the demo once and replays its rows after that (tests/demo_snapshot.py):
    it was the costliest setup of the suite."""
    from tests.demo_snapshot import replaying

    with replaying():
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


# TEST_TIMELINE=DIR: each worker writes when each test started and ended (wall clock), to
# see where a parallel run's time goes between and around the tests (docs/testing.md).
_TIMELINE = os.environ.get("TEST_TIMELINE")


def pytest_runtest_logstart(nodeid: str, location: Any) -> None:
    if _TIMELINE:
        import time

        _timeline_write(f"start {time.time():.3f} {nodeid}")


def pytest_runtest_logfinish(nodeid: str, location: Any) -> None:
    if _TIMELINE:
        import time

        _timeline_write(f"end {time.time():.3f} {nodeid}")


def _timeline_write(line: str) -> None:
    assert _TIMELINE is not None
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    Path(_TIMELINE).mkdir(parents=True, exist_ok=True)
    with open(Path(_TIMELINE) / f"{worker}.log", "a", encoding="utf-8") as out:
        out.write(line + "\n")


def pytest_sessionstart(session: pytest.Session) -> None:
    if _TIMELINE:
        import time

        _timeline_write(f"session {time.time():.3f} start")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _TIMELINE:
        import time

        _timeline_write(f"session {time.time():.3f} finish")
