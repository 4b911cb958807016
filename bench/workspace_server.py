"""Workspace benchmark, the server: gunicorn on a free port, and the CPU it and
PostgreSQL use (/proc)."""

from __future__ import annotations

import http.client
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from workspace_settings import ROOT

# --- the server ---------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass(slots=True)
class Server:
    process: subprocess.Popen
    port: int
    log: Path
    access_log: Path

    def workers(self) -> list[int]:
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            return [int(pid) for pid in path.read_text().split()]
        except OSError:
            return []

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # graceful: finishes requests in flight
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start_server(env: dict[str, str], *, workers: int, threads: int, tmp: Path) -> Server:
    port = _free_port()
    log = tmp / "gunicorn.log"
    access_log = tmp / "access.log"
    command = [
        str(ROOT / ".venv" / "bin" / "gunicorn"),
        "annotation_site.wsgi",
        "-w",
        str(workers),
        "-b",
        f"127.0.0.1:{port}",
        # %(D)s: microseconds the worker spent on the request (not the time it queued).
        "--access-logfile",
        str(access_log),
        "--access-logformat",
        "%(m)s %(U)s %(s)s %(D)s",
    ]
    if threads > 1:
        command += ["--threads", str(threads)]
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT
    )
    return Server(process=process, port=port, log=log, access_log=access_log)


def wait_until_up(server: Server, token: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            break
        try:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
            conn.request("GET", "/api/assignments/", headers={"Authorization": f"Token {token}"})
            response = conn.getresponse()
            body = response.read()
            conn.close()
            if response.status == 200:
                return
            raise SystemExit(
                f"bench: gunicorn answers {response.status} to the queue: {body[:300]!r}"
                " (check ALLOWED_HOSTS / SECURE_SSL_REDIRECT)"
            )
        except OSError:
            time.sleep(0.2)
    sys.stdout.write(server.log.read_text()[-3000:])
    raise SystemExit("bench: gunicorn did not answer")


# --- CPU accounting (/proc) ---------------------------------------------------------------

TICK = os.sysconf("SC_CLK_TCK")


def _proc_cpu(pid: int, *, children: bool = False) -> float:
    """utime + stime of a process; with ``children``, of its exited and reaped children
    (cutime + cstime) instead."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        first = 13 if children else 11
        return (int(fields[first]) + int(fields[first + 1])) / TICK
    except (OSError, IndexError, ValueError):
        return 0.0


def postgres_cpu(database: str) -> dict[int, float]:
    """CPU seconds per PostgreSQL process, leaving out the backends of other databases (the
    machine may be shared with other benchmarks or test runs); the server's own background
    processes (WAL writer, checkpointer...) are counted."""
    found: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() != "postgres":
                    continue
                title = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if not title.startswith("postgres:"):
                # The postmaster: backends that exited (the workers' connections are renewed
                # every CONN_MAX_AGE seconds) add their CPU time to its children's time.
                found[-int(entry.name)] = _proc_cpu(int(entry.name), children=True)
                continue
            # A backend's title: "postgres: 15/main: USER DATABASE HOST(PORT) STATE".
            words = title.split()
            if len(words) >= 5 and "(" in words[4] and words[3] != database:
                continue
            found[int(entry.name)] = _proc_cpu(int(entry.name))
    return found


def postgres_used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds PostgreSQL used since ``before``: the processes alive at the end, plus
    those that exited in between (through the postmaster's children time; this one also
    includes other databases' backends that exited during the load)."""
    used = sum(max(cpu - before.get(pid, 0.0), 0.0) for pid, cpu in after.items())
    # A backend that exited was counted in ``before`` and is now in the postmaster's
    # children time: take its share out of the children delta so it is not counted twice.
    gone = sum(cpu for pid, cpu in before.items() if pid > 0 and pid not in after)
    return max(used - gone, 0.0)


def _self_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def machine_busy() -> float:
    """CPU seconds all cores spent busy since boot (/proc/stat: all but idle and iowait)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    return (sum(values) - values[3] - values[4]) / TICK


def cpu_snapshot(server: Server) -> dict[str, float]:
    return {
        "gunicorn workers": sum(_proc_cpu(pid) for pid in server.workers()),
        "postgres": 0.0,  # per process: see postgres_used
        "load generator": _self_cpu(),
        "machine": machine_busy(),
    }
