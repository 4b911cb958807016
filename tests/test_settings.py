"""Configuration from the environment: the embedded default and the production refusal."""

from __future__ import annotations

import secrets
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT, settings_free_environment


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # The settings under test read these; whatever the test session set is dropped.
    clean = settings_free_environment()
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_with_no_variables_it_uses_sqlite_under_var_and_runs_tasks_in_process() -> None:
    code = (
        "from django.conf import settings as s; "
        "print(s.DATABASES['default']['ENGINE'], s.DATABASES['default']['NAME'], "
        "s.CELERY_TASK_ALWAYS_EAGER, s.DEBUG, s.MEDIA_ROOT)"
    )
    result = run_manage("shell", "-c", code, env={})
    assert result.returncode == 0, result.stderr
    engine, name, eager, debug, media = result.stdout.split()[-5:]
    assert engine == "django.db.backends.sqlite3"
    assert name == str(ROOT / "var" / "db.sqlite3")
    # Embedded defaults, but never Django's debug pages (they show tracebacks).
    assert (eager, debug) == ("True", "False")
    assert media == str(ROOT / "var" / "media")


def test_database_url_and_broker_url_switch_to_postgresql_and_real_workers() -> None:
    code = (
        "from django.conf import settings as s; "
        "print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER)"
    )
    result = run_manage(
        "shell",
        "-c",
        code,
        env={"DATABASE_URL": "postgres://u@127.0.0.1:5432/x", "CELERY_BROKER_URL": "redis://h:1/0"},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-2:] == ["django.db.backends.postgresql", "False"]


def test_production_refuses_to_start_without_a_secret_key() -> None:
    result = run_manage("check", env={"PRODUCTION": "1"})
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr
    module = run_manage("check", env={"DJANGO_SETTINGS_MODULE": "annotation_site.production"})
    assert module.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in module.stderr


def test_production_settings_pass_the_deployment_checks() -> None:
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env={
            "DJANGO_SETTINGS_MODULE": "annotation_site.production",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "annotate.example.org",
        },
    )
    assert result.returncode == 0, result.stderr + result.stdout


def test_production_refuses_the_debug_pages_and_the_demo_switch() -> None:
    for switch in ("DEBUG", "DEMO"):
        result = run_manage(
            "check",
            env={
                "PRODUCTION": "1",
                "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
                switch: "1",
            },
        )
        assert result.returncode != 0
        assert "refused with the production settings" in result.stderr


def test_the_demo_users_need_the_explicit_demo_switch(
    tmp_path: Path, migrated_sqlite: Path
) -> None:
    copy = tmp_path / "db.sqlite3"
    shutil.copyfile(migrated_sqlite, copy)
    database = f"sqlite:///{copy}"
    refused = run_manage("load_demo", env={"DATABASE_URL": database})
    assert refused.returncode != 0
    assert "DEMO=1" in refused.stderr
    loaded = run_manage("load_demo", env={"DATABASE_URL": database, "DEMO": "1"})
    assert loaded.returncode == 0, loaded.stderr
