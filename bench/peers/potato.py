"""Potato (potato-annotation, PyPI) for the side-by-side benchmark: installed into its own
virtualenv and run as its documentation says (`potato start config.yaml -p PORT`: Flask's
threaded server in one process, the annotations kept in files under the task folder; there is
no database, so its CPU is its process alone).

The task matches this work per summary, Potato's natural layout: one instance per summary,
showing the dialogue, the topic and the summary's numbered sentences, with per sentence slot
(summaries have 2-5 sentences) a consistent/inconsistent choice, the error types and an
explanation, then the summary's relevance (1-5) and the topic's category (answered on the
dialogue's first summary). A judged unit (one dialogue with its five summaries) is five
instances.

Its request pattern, read from its own frontend (potato/static/annotation.js, 2.12.1):
the page is a server-rendered GET /annotate; every answer is saved by POST /updateinstance
with the instance's whole answer set, 500 ms after a click and 1 s + 500 ms after the last
keystroke in a text box (a debounce each); "Next" saves again (POST /updateinstance), moves
(POST /annotate {"action": "next_instance"}) and loads the new page (GET /annotate). Its
interaction tracker also posts its events (POST /api/track_interactions) every 5 s and when
the page is left: it is counted too, as the browser sends it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from dataclasses import dataclass
from html import escape
from pathlib import Path

from peers.common import PEERS, BenchError, port_free, stop_server, tail, wait_until

VERSION = "2.12.1"  # the newest on PyPI when this was written
VENV = PEERS / "potato-venv"
INSTALL_LOG = PEERS / "potato-install.log"
SERVER_LOG = PEERS / "potato-server.log"
TASK_DIR = PEERS / "potato-task"
SLOTS = 5  # sentence slots per summary instance (summaries have 2-5 sentences)
SERVER = "potato start: Flask's threaded server, 1 process (as documented), annotations in files"


def installed_version() -> str | None:
    python = VENV / "bin" / "python"
    if not python.exists():
        return None
    result = subprocess.run(
        [
            str(python),
            "-c",
            "import importlib.metadata as m; print(m.version('potato-annotation'))",
        ],
        capture_output=True,
        text=True,
    )
    return result.stdout.strip() or None


def ensure_installed(python: str) -> str:
    """Install potato-annotation==VERSION into VENV unless it is there; a description."""
    if installed_version() == VERSION:
        return f"potato-annotation {VERSION} already installed in {VENV}"
    PEERS.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    print(f"bench-peers: installing potato-annotation=={VERSION} into {VENV} ...", flush=True)
    if VENV.exists():
        shutil.rmtree(VENV)
    pip = [str(VENV / "bin" / "python"), "-m", "pip", "install"]
    with INSTALL_LOG.open("w") as log:
        for step in (
            [python, "-m", "venv", str(VENV)],
            [*pip, "--upgrade", "pip"],
            [*pip, f"potato-annotation=={VERSION}"],
        ):
            log.write(f"$ {' '.join(step)}\n")
            log.flush()
            if subprocess.run(step, stdout=log, stderr=subprocess.STDOUT).returncode != 0:
                raise BenchError(
                    f"installing Potato failed at `{' '.join(step)}`; see {INSTALL_LOG}:\n"
                    + tail(INSTALL_LOG, 1500)
                )
    if installed_version() != VERSION:
        raise BenchError(f"potato-annotation {VERSION} is not importable; see {INSTALL_LOG}")
    return (
        f"potato-annotation {VERSION} installed in {VENV} with {python} in"
        f" {time.perf_counter() - started:.0f} s"
    )


# --- the task ----------------------------------------------------------------------------------


def _schemes(error_types: list[str]) -> list[dict]:
    schemes: list[dict] = []
    for slot in range(1, SLOTS + 1):
        schemes += [
            {
                "annotation_type": "radio",
                "name": f"label_{slot}",
                "description": f"Sentence {slot}: consistent with the dialogue?",
                "labels": ["consistent", "inconsistent"],
            },
            {
                "annotation_type": "multiselect",
                "name": f"error_types_{slot}",
                "description": f"Sentence {slot}: error types (if inconsistent)",
                "labels": error_types,
            },
            {
                "annotation_type": "text",
                "name": f"explanation_{slot}",
                "description": f"Sentence {slot}: explanation (if inconsistent)",
            },
        ]
    schemes += [
        {
            "annotation_type": "likert",
            "name": "relevance",
            "description": "Relevance of the summary to the topic",
            "min_label": "not relevant",
            "max_label": "very relevant",
            "size": 5,
        },
        {
            "annotation_type": "radio",
            "name": "topic_category",
            "description": "Topic category (on the dialogue's first summary)",
            "labels": ["main", "marginal", "irrelevant"],
        },
    ]
    return schemes


def write_task(units, error_types: list[str], port: int) -> Path:
    """The task folder: the instances (one per summary, in dialogue order) and the config;
    the config's path. ``units`` are bench/peers/corpus.py units."""
    if TASK_DIR.exists():
        shutil.rmtree(TASK_DIR)
    (TASK_DIR / "data").mkdir(parents=True)
    with (TASK_DIR / "data" / "summaries.jsonl").open("w", encoding="utf-8") as out:
        for unit in units:
            dialogue = "".join(
                f"<p><b>{escape(speaker)}</b>: {escape(text)}</p>"
                for speaker, _role, text in unit.turns
            )
            for summary in unit.summaries:
                sentences = "".join(
                    f"<li>{escape(sentence.text)}</li>" for sentence in summary.sentences
                )
                text = (
                    f"<div>{dialogue}</div><h4>Topic: {escape(unit.topic)}</h4><ol>{sentences}</ol>"
                )
                line = {"id": f"{unit.doc_id}-{summary.system}", "text": text}
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
    config = {
        "annotation_task_name": "Factual consistency of summaries",
        "task_dir": str(TASK_DIR),
        "data_files": ["data/summaries.jsonl"],
        "item_properties": {"id_key": "id", "text_key": "text"},
        "output_annotation_dir": "annotation_output",
        "user_config": {"allow_all_users": True, "users": []},
        "require_password": False,
        "assignment_strategy": "fixed_order",
        "max_annotations_per_user": 100000,
        "port": port,
        "annotation_schemes": _schemes(error_types),
    }
    path = TASK_DIR / "config.yaml"
    path.write_text(json.dumps(config, indent=1))  # YAML is a superset of JSON
    return path


# --- the server --------------------------------------------------------------------------------


@dataclass(slots=True)
class Potato:
    port: int
    process: subprocess.Popen | None = None

    def pids(self) -> list[int]:
        return [self.process.pid] if self.process and self.process.poll() is None else []

    def start(self, config: Path, *, fresh: bool = True, timeout: float = 600) -> float:
        """`potato start`; seconds until it answers (it reads every instance first).
        ``fresh``: without the annotations and state of an earlier start."""
        if not port_free(self.port):
            raise BenchError(f"port {self.port} is in use; pass --potato-port")
        if fresh:
            for path in TASK_DIR.iterdir():
                if path.name not in ("data", config.name):
                    shutil.rmtree(path) if path.is_dir() else path.unlink()
        started = time.perf_counter()
        self.process = subprocess.Popen(
            [str(VENV / "bin" / "potato"), "start", str(config), "-p", str(self.port)],
            cwd=TASK_DIR,
            env={
                "PATH": f"{VENV / 'bin'}:/usr/local/bin:/usr/bin:/bin",
                "HOME": str(TASK_DIR),
                "LANG": "C.UTF-8",
            },
            stdout=SERVER_LOG.open("w"),
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )

        def up() -> bool:
            import http.client

            if self.process is not None and self.process.poll() is not None:
                raise BenchError(
                    f"Potato exited with status {self.process.returncode} while starting;"
                    f" see {SERVER_LOG}:\n{tail(SERVER_LOG)}"
                )
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            try:
                conn.request("GET", "/")
                return conn.getresponse().status < 500
            except OSError:
                return False
            finally:
                conn.close()

        try:
            wait_until(up, timeout=timeout, what="Potato answering", log=SERVER_LOG)
        except BaseException:
            self.stop()
            raise
        return time.perf_counter() - started

    def stop(self) -> None:
        stop_server(self.process)


def remove_files() -> None:
    """The task folder: instances, config, annotations and Potato's state."""
    shutil.rmtree(TASK_DIR, ignore_errors=True)
