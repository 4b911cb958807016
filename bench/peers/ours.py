"""Our site for the side-by-side benchmark: its own PostgreSQL database, the production
settings (DEBUG off), gunicorn with 2 sync workers, driven as users drive it: the corpus
through `manage.py import_corpus --format tofueval` (the import of an annotated corpus: the
browser's import takes native JSONL, which carries no labels), the release through the
researcher's API, the workspace through the linguist's API."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from peers.common import (
    PEERS,
    ROOT,
    BenchError,
    call,
    call_json,
    port_free,
    start_server,
    stop_server,
    tail,
)

GUNICORN_LOG = PEERS / "ours-gunicorn.log"
BUILDS = PEERS / "ours-builds"
MIGRATE_LOG = PEERS / "ours-migrate.log"
IMPORT_LOG = PEERS / "ours-import.log"
MEDIA = PEERS / "ours-media"
PYTHON = ROOT / ".venv" / "bin" / "python"
WORKERS = 2
SERVER = f"gunicorn annotation_site.wsgi, {WORKERS} sync workers (production settings, DEBUG off)"


def environment(database_url: str) -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_environment import production_environment

    # Our own media and build scratch directories: other deployments (a test run, another
    # benchmark) on the machine sweep the shared default's stale builds.
    return production_environment(
        database_url, MEDIA_ROOT=str(MEDIA), RELEASE_BUILD_ROOT=str(BUILDS)
    )


def _run(command: list[str], env: dict[str, str], log: Path, what: str) -> str:
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    log.write_text(f"$ {' '.join(command)}\n{result.stdout}\n{result.stderr}")
    if result.returncode != 0:
        raise BenchError(f"{what} failed (status {result.returncode}); see {log}:\n{tail(log)}")
    return result.stdout


def _setup(args: list[str], env: dict[str, str]) -> dict:
    out = _run(
        [str(PYTHON), str(ROOT / "bench" / "peers" / "ours_setup.py"), *args],
        env,
        PEERS / "ours-setup.log",
        f"our set-up ({args[0]})",
    )
    found = re.search(r"^RESULT (.*)$", out, re.MULTILINE)
    if not found:
        log = PEERS / "ours-setup.log"
        raise BenchError(f"our set-up ({args[0]}) printed no result; see {log}")
    return json.loads(found.group(1))


@dataclass(slots=True)
class Ours:
    port: int
    env: dict[str, str]
    linguists: int
    token: str = ""
    process: subprocess.Popen | None = None
    extra_pids: list[int] = field(default_factory=list)  # the import command while it runs

    def pids(self) -> list[int]:
        alive = [self.process.pid] if self.process and self.process.poll() is None else []
        return alive + self.extra_pids

    def prepare(self) -> None:
        """Migrate the fresh database; the admin and the linguists with their tokens."""
        _run([str(PYTHON), "manage.py", "migrate", "--noinput"], self.env, MIGRATE_LOG, "migrate")
        self.token = _setup(["users", "--linguists", str(self.linguists)], self.env)["admin"]

    def start(self, *, timeout: float = 120) -> float:
        if not port_free(self.port):
            raise BenchError(f"port {self.port} is in use; pass --ours-port")
        remove_files()
        MEDIA.mkdir(parents=True, exist_ok=True)
        command = [
            str(ROOT / ".venv" / "bin" / "gunicorn"),
            "annotation_site.wsgi",
            "-w",
            str(WORKERS),
            "-b",
            f"127.0.0.1:{self.port}",
            "--timeout",
            "300",
        ]
        self.process, seconds = start_server(
            command,
            name="our site",
            cwd=ROOT,
            env=self.env,
            log=GUNICORN_LOG,
            port=self.port,
            token=self.token,
            probe="/api/me/",
            timeout=timeout,
        )
        return seconds

    def stop(self) -> None:
        stop_server(self.process)

    # --- the measured work ---

    def import_corpus(self, slug: str, release: Path, documents: Path) -> str:
        """`manage.py import_corpus --format tofueval`, as a user runs it; its report."""
        command = [
            str(PYTHON),
            "manage.py",
            "import_corpus",
            "--format",
            "tofueval",
            "--documents",
            str(documents),
            "--project",
            slug,
            "--project-name",
            f"Side-by-side {slug}",
            "--member",
            "bench-admin:admin",
            str(release),
        ]
        with IMPORT_LOG.open("w") as log:
            process = subprocess.Popen(
                command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT
            )
            self.extra_pids.append(process.pid)
            try:
                status = process.wait()
            finally:
                self.extra_pids.remove(process.pid)
        if status != 0:
            raise BenchError(
                f"our import failed (status {status}); see {IMPORT_LOG}:\n" + tail(IMPORT_LOG)
            )
        return IMPORT_LOG.read_text()

    def reference_round(self, slug: str) -> int:
        data = call_json(
            self.port, "GET", f"/api/projects/{slug}/releases/", token=self.token, expect=[200]
        )
        rounds = [r["id"] for r in data["rounds"] if r["kind"] == "reference"]
        if len(rounds) != 1:
            raise BenchError(f"expected one reference round in {slug}, got {data['rounds']}")
        return rounds[0]

    def release(self, slug: str, round_id: int) -> bytes:
        """Build a native release of the imported labels through the API and download it."""
        started = call_json(
            self.port,
            "POST",
            f"/api/projects/{slug}/releases/",
            token=self.token,
            expect=[202],
            body={
                "version": "1.0.0",
                "rounds": [round_id],
                "gold": "majority",
                "split": {"method": "corpus"},
                "formats": ["native"],
            },
        )
        release = started["release"]
        while True:
            state = call_json(
                self.port, "GET", f"/api/releases/{release}/", token=self.token, expect=[200]
            )
            if state["status"] == "published":
                break
            if state["status"] == "failed":
                raise BenchError(f"our release build failed: {state['error']}")
            time.sleep(0.05)
        status, raw = call(self.port, "GET", f"/api/releases/{release}/download/", token=self.token)
        if status != 200:
            raise BenchError(f"our release download answered {status}: {raw[:300]!r}")
        return raw

    def open_round(self, slug: str) -> list[tuple[str, list[int]]]:
        """Untimed: an open round over the imported units, shared out among the linguists."""
        result = _setup(["round", slug, "--linguists", str(self.linguists)], self.env)
        return [(token, ids) for token, ids in result["linguists"]]


def remove_files() -> None:
    """Our media (uploads, releases) and build scratch of a previous run."""
    for folder in (MEDIA, BUILDS):
        shutil.rmtree(folder, ignore_errors=True)


def check_release(raw: bytes, summaries: int, sentences: int) -> str:
    """What the release holds, refused when it is not every summary with its labels."""
    records = labelled = 0
    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        for name in archive.namelist():
            if name.startswith("native/") and name.endswith(".jsonl"):
                for line in archive.read(name).splitlines():
                    record = json.loads(line)
                    records += 1
                    labelled += sum(s["label"] is not None for s in record["sentences"])
    if records != summaries or labelled != sentences:
        raise BenchError(
            f"our release holds {records} summaries and {labelled} labelled sentences;"
            f" expected {summaries} and {sentences}"
        )
    return f"{records} summaries, {labelled} labelled sentences"
