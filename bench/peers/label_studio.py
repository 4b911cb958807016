"""Label Studio Community Edition for the side-by-side benchmark: installed from PyPI into its
own virtualenv (with gunicorn), set up by `label-studio start` (it migrates its fresh
PostgreSQL database and makes the admin with a legacy API token), then served the way our
site is: `gunicorn core.wsgi` (its WSGI module; its Docker image serves the same module with
uWSGI) with as many sync workers as ours, driven by its REST API ("Authorization: Token ...")."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from peers.common import (
    PEERS,
    BenchError,
    call,
    call_json,
    port_free,
    start_server,
    stop_server,
    tail,
)

VERSION = "1.23.2"  # the newest 1.x on PyPI when this was written; needs Python 3.10+
GUNICORN = "27.0.1"  # as ours (requirements.txt)
VENV = PEERS / "label-studio-venv"
INSTALL_LOG = PEERS / "label-studio-install.log"
SERVER_LOG = PEERS / "label-studio-server.log"
SETUP_LOG = PEERS / "label-studio-setup.log"
DATA_DIR = PEERS / "label-studio-data"
ADMIN = "bench-admin@example.com"
WORKERS = 2  # as many as ours (bench/peers/ours.py)
SERVER = f"gunicorn core.wsgi (label_studio), {WORKERS} sync workers, DEBUG off"


# --- installation ------------------------------------------------------------------------------


def _python_version(python: str) -> tuple[int, int] | None:
    try:
        out = subprocess.run(
            [python, "-c", "import sys; print(*sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=30,
        ).stdout.split()
        return int(out[0]), int(out[1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


def interpreter() -> str:
    """A Python that Label Studio (and Potato) supports (3.10 to 3.13): LS_PYTHON if set, else
    the first of python3.12, python3.11, python3.13, python3.10, python3 found, else this
    one's base."""
    candidates = [os.environ.get("LS_PYTHON", "")]
    candidates += [shutil.which(f"python3.{minor}") or "" for minor in (12, 11, 13, 10)]
    candidates += [shutil.which("python3") or "", getattr(sys, "_base_executable", "")]
    for python in filter(None, candidates):
        version = _python_version(python)
        if version is not None and (3, 10) <= version <= (3, 13):
            return python
    raise BenchError(
        "no Python 3.10-3.13 found for Label Studio "
        f"{VERSION} (tried {', '.join(filter(None, candidates))}); set LS_PYTHON"
    )


def installed_version() -> str | None:
    """label-studio's version in VENV, if gunicorn is there too."""
    python = VENV / "bin" / "python"
    if not python.exists():
        return None
    result = subprocess.run(
        [
            str(python),
            "-c",
            f"import importlib.metadata as m; assert m.version('gunicorn') == {GUNICORN!r};"
            " print(m.version('label-studio'))",
        ],
        capture_output=True,
        text=True,
    )
    return result.stdout.strip() or None


def ensure_installed() -> str:
    """Install label-studio==VERSION into VENV unless it is already there; a description."""
    if installed_version() == VERSION:
        return f"label-studio {VERSION} already installed in {VENV}"
    PEERS.mkdir(parents=True, exist_ok=True)
    python = interpreter()
    started = time.perf_counter()
    print(f"bench-peers: installing label-studio=={VERSION} into {VENV} ...", flush=True)
    if VENV.exists():
        shutil.rmtree(VENV)
    with INSTALL_LOG.open("w") as log:
        for step in (
            [python, "-m", "venv", str(VENV)],
            [str(VENV / "bin" / "python"), "-m", "pip", "install", "--upgrade", "pip"],
            [
                str(VENV / "bin" / "python"),
                "-m",
                "pip",
                "install",
                f"label-studio=={VERSION}",
                f"gunicorn=={GUNICORN}",
            ],
        ):
            log.write(f"$ {' '.join(step)}\n")
            log.flush()
            if subprocess.run(step, stdout=log, stderr=subprocess.STDOUT).returncode != 0:
                raise BenchError(
                    f"installing Label Studio failed at `{' '.join(step)}`; see {INSTALL_LOG}:\n"
                    + tail(INSTALL_LOG, 1500)
                )
    if installed_version() != VERSION:
        raise BenchError(
            f"label-studio {VERSION} is not importable after install; see {INSTALL_LOG}"
        )
    return (
        f"label-studio {VERSION} installed in {VENV} with {python} in"
        f" {time.perf_counter() - started:.0f} s"
    )


def package_dir() -> Path:
    found = sorted(VENV.glob("lib/python3.*/site-packages/label_studio"))
    if not found:
        raise BenchError(f"no label_studio package under {VENV}")
    return found[0]


# --- the server ------------------------------------------------------------------------------


def environment(database: str, pg: dict[str, str]) -> dict[str, str]:
    """Label Studio's environment, from scratch (its settings read USERNAME, PORT, HOST, DEBUG
    ... without a prefix, so nothing of the caller's environment leaks in)."""
    return {
        "PATH": f"{VENV / 'bin'}:/usr/local/bin:/usr/bin:/bin",
        "HOME": os.environ.get("HOME", "/tmp"),
        "LANG": "C.UTF-8",
        "DJANGO_DB": "default",  # the PostgreSQL settings
        "POSTGRE_HOST": pg["host"],
        "POSTGRE_PORT": pg["port"],
        "POSTGRE_USER": pg["user"],
        "POSTGRE_PASSWORD": pg["password"],
        "POSTGRE_NAME": database,
        "LABEL_STUDIO_BASE_DATA_DIR": str(DATA_DIR),
        "DEBUG": "false",
        "LOG_LEVEL": "WARNING",
        "SECRET_KEY": secrets.token_urlsafe(40),
        # No calls out of the machine: error reports, analytics, the version check.
        "SENTRY_DSN": "",
        "FRONTEND_SENTRY_DSN": "",
        "COLLECT_ANALYTICS": "false",
        "LATEST_VERSION_CHECK": "false",
    }


@dataclass(slots=True)
class LabelStudio:
    port: int
    env: dict[str, str]
    token: str = ""
    process: subprocess.Popen | None = None

    def pids(self) -> list[int]:
        return [self.process.pid] if self.process and self.process.poll() is None else []

    def start(self, *, timeout: float = 600) -> float:
        """`label-studio start` (migrates the fresh database, creates the admin with its API
        token) until its API answers, then the same under gunicorn (``serve``); seconds in
        all."""
        seconds = self.setup(timeout=timeout)
        stop_server(self.process)
        return seconds + self.serve(timeout=timeout)

    def serve(self, *, timeout: float) -> float:
        """`gunicorn core.wsgi` with WORKERS sync workers on the set-up database."""
        command = [
            str(VENV / "bin" / "gunicorn"),
            "core.wsgi:application",
            "--chdir",
            str(package_dir()),
            "-w",
            str(WORKERS),
            "-b",
            f"127.0.0.1:{self.port}",
            "--timeout",
            "600",
        ]
        self.process, seconds = start_server(
            command,
            name="Label Studio (gunicorn)",
            cwd=PEERS,
            env={**self.env, "DJANGO_SETTINGS_MODULE": "core.settings.label_studio"},
            log=SERVER_LOG,
            port=self.port,
            token=self.token,
            probe="/api/projects/",
            timeout=timeout,
        )
        return seconds

    def setup(self, *, timeout: float) -> float:
        if not port_free(self.port):
            raise BenchError(f"port {self.port} is in use; pass --ls-port")
        if DATA_DIR.exists():
            shutil.rmtree(DATA_DIR)
        DATA_DIR.mkdir(parents=True)
        self.token = secrets.token_hex(20)
        command = [
            str(VENV / "bin" / "label-studio"),
            "start",
            "--no-browser",
            "--internal-host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--username",
            ADMIN,
            "--password",
            secrets.token_urlsafe(16),
            "--user-token",
            self.token,
            "--enable-legacy-api-token",
        ]
        self.process, seconds = start_server(
            command,
            name="Label Studio",
            cwd=PEERS,
            env=self.env,
            log=SETUP_LOG,
            port=self.port,
            token=self.token,
            probe="/api/projects/",
            timeout=timeout,
        )
        return seconds

    def stop(self) -> None:
        stop_server(self.process)

    # --- set-up (untimed) ---

    def create_users(self, count: int) -> list[str]:
        """``count`` annotators in the admin's organisation; their API tokens. Through Label
        Studio's own Django (its API has no way to mint another user's token)."""
        script = f"""
import json, os, sys
sys.path.insert(0, {str(package_dir())!r})
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "label_studio.core.settings.label_studio")
import django
django.setup()
from organizations.models import Organization
from users.models import User
org = Organization.objects.first()
tokens = []
for index in range({count}):
    user = User.objects.create_user(email=f"linguist{{index:02d}}@example.com", password=None)
    org.add_user(user)
    user.active_organization = org
    user.save(update_fields=["active_organization"])
    tokens.append(user.auth_token.key)
print("TOKENS " + json.dumps(tokens))
"""
        result = subprocess.run(
            [str(VENV / "bin" / "python"), "-c", script],
            cwd=PEERS,
            env=self.env,
            capture_output=True,
            text=True,
        )
        found = re.search(r"^TOKENS (.*)$", result.stdout, re.MULTILINE)
        if result.returncode != 0 or not found:
            raise BenchError(
                f"creating Label Studio users failed: {result.stderr[-1500:] or result.stdout}"
            )
        return json.loads(found.group(1))

    def create_project(self, title: str, config: str) -> int:
        project = call_json(
            self.port,
            "POST",
            "/api/projects/",
            token=self.token,
            expect=[201],
            body={"title": title, "label_config": config},
        )
        return project["id"]

    # --- the measured work ---

    def import_tasks(self, project: int, body: bytes) -> list[int]:
        """POST the tasks (with their annotations) to the import API; the new task ids once
        the server says they are in (the Community edition imports within the request)."""
        result = call_json(
            self.port,
            "POST",
            f"/api/projects/{project}/import?return_task_ids=true",
            token=self.token,
            expect=[201],
            raw=body,
        )
        if "import" in result:  # an asynchronous import (other editions): poll it
            while True:
                state = call_json(
                    self.port,
                    "GET",
                    f"/api/projects/{project}/imports/{result['import']}/",
                    token=self.token,
                    expect=[200],
                )
                if state.get("status") in ("completed", "failed"):
                    if state["status"] == "failed":
                        raise BenchError(f"Label Studio's import failed: {state.get('error')}")
                    return state.get("task_ids") or []
                time.sleep(0.2)
        return result["task_ids"]

    def counts(self, project: int) -> tuple[int, int]:
        """(tasks, annotations) of the project, as the server counts them."""
        data = call_json(
            self.port, "GET", f"/api/projects/{project}/", token=self.token, expect=[200]
        )
        return data["task_number"], data["total_annotations_number"]

    def export(self, project: int) -> bytes:
        """The JSON export of every task with its annotations."""
        status, raw = call(
            self.port, "GET", f"/api/projects/{project}/export?exportType=JSON", token=self.token
        )
        if status != 200:
            raise BenchError(f"Label Studio's export answered {status}: {raw[:400]!r}")
        return raw


def check_export(raw: bytes, tasks: int, sentences: int) -> str:
    """What the export holds, refused when it is not every task with its labels."""
    exported = json.loads(raw)
    labels = sum(
        1
        for task in exported
        for annotation in task["annotations"][:1]
        for result in annotation["result"]
        if result["from_name"].startswith("label_")
    )
    if len(exported) != tasks or labels != sentences:
        raise BenchError(
            f"Label Studio's export holds {len(exported)} tasks and {labels} sentence labels;"
            f" expected {tasks} and {sentences}"
        )
    return f"{len(exported)} tasks, {labels} sentence labels"
