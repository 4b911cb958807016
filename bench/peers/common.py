"""What both tools' harnesses share: HTTP calls, the bench databases, process-tree memory."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PEERS = ROOT / "var" / "peers"
sys.path.insert(0, str(ROOT / "bench"))

import workspace_server  # noqa: E402  (bench/: its /proc CPU accounting)


class BenchError(SystemExit):
    """A harness failure: the message says what failed and where its log is."""

    def __init__(self, message: str) -> None:
        super().__init__(f"bench-peers: {message}")


# --- HTTP -------------------------------------------------------------------------------------


def call(
    port: int,
    method: str,
    path: str,
    *,
    token: str,
    scheme: str = "Token",
    body: object = None,
    raw: bytes | None = None,
    timeout: float = 600,
) -> tuple[int, bytes]:
    """One request on a new connection: (status, body)."""
    headers = {"Authorization": f"{scheme} {token}", "Accept": "application/json"}
    data = raw
    if body is not None:
        data = json.dumps(body).encode()
    if data is not None:
        headers["Content-Type"] = "application/json"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def call_json(port: int, method: str, path: str, *, token: str, expect: Iterable[int], **kw):
    status, raw = call(port, method, path, token=token, **kw)
    if status not in set(expect):
        raise BenchError(f"{method} {path} on port {port} answered {status}: {raw[:400]!r}")
    return json.loads(raw) if raw else None


def port_free(port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


# --- the bench databases ----------------------------------------------------------------------


def _admin(server_url: str):
    import psycopg

    return psycopg.connect(f"{server_url.rstrip('/')}/postgres", autocommit=True)


def drop_database(server_url: str, name: str) -> None:
    from psycopg import sql

    if "bench" not in name:
        raise BenchError(f"refusing to drop {name!r}: a bench database's name contains 'bench'")
    with _admin(server_url) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


def create_database(server_url: str, name: str) -> str:
    """Drop and create ``name``; the server's version."""
    from psycopg import sql

    drop_database(server_url, name)
    with _admin(server_url) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return conn.execute("SHOW server_version").fetchone()[0].split()[0]


def analyze_database(server_url: str, name: str) -> str:
    """ANALYZE a bench database (its planner statistics after a bulk import); the server's
    autovacuum setting."""
    import psycopg

    with psycopg.connect(f"{server_url.rstrip('/')}/{name}", autocommit=True) as conn:
        conn.execute("ANALYZE")
        return conn.execute("SHOW autovacuum").fetchone()[0]


# --- memory of process trees (/proc) ----------------------------------------------------------


def process_tree(pid: int) -> list[int]:
    """``pid`` and all its descendants."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            tasks = list(Path(f"/proc/{current}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            with contextlib.suppress(OSError):
                todo += [int(x) for x in (task / "children").read_text().split()]
    return found


def rss_mb(pids: Iterable[int]) -> float:
    """Summed resident set size (VmRSS) of processes, in MB (shared pages count once per
    process, as `ps` shows them)."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
                    break
        except OSError:
            pass
    return total / 1024


class PeakRSS:
    """Samples the summed RSS of the process trees of ``roots()`` every ``interval`` seconds
    in a thread, while in the ``with`` block; ``peak`` is the largest sum seen."""

    def __init__(self, roots: Callable[[], list[int]], interval: float = 0.05) -> None:
        self.roots = roots
        self.interval = interval
        self.peak = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def sample(self) -> float:
        pids = [pid for root in self.roots() for pid in process_tree(root)]
        value = rss_mb(pids)
        self.peak = max(self.peak, value)
        return value

    def _run(self) -> None:
        while not self._stop.is_set():
            self.sample()
            self._stop.wait(self.interval)

    def __enter__(self) -> PeakRSS:
        self.sample()
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self.sample()


def _tree_cpu(roots: list[int]) -> dict[int, float]:
    return {pid: workspace_server._proc_cpu(pid) for root in roots for pid in process_tree(root)}


def _rusage_cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


class Watch(PeakRSS):
    """PeakRSS, plus where the CPU went while in the ``with`` block (/proc, as
    bench/workspace_server.py counts it), in cores on average: the tool's processes (its
    server's tree, and the commands of the measure while they run, e.g. our import), the
    PostgreSQL backends of the tool's ``database`` and the server's background processes,
    this process (the load generator), and everything else on the machine (``others``: other
    sessions' work, which slows both tools down).

    Processes are sampled with the RSS (every 50 ms), each counted by the most CPU it was
    seen with, so a backend that lives for one request (Label Studio's server opens a
    connection per request) is counted up to its last sample; backends of other databases,
    and those that exited, are not (the postmaster's children time mixes all databases)."""

    SETTLE = 0.2  # seconds for the last backends to close after a measure

    def __init__(self, roots: Callable[[], list[int]], database: str | None) -> None:
        super().__init__(roots)
        self.database = database  # None: the tool has no PostgreSQL (Potato)
        self.cpu: dict[str, float] = {}
        self.seconds: dict[str, float] = {}  # the same in CPU seconds
        self.elapsed = 0.0
        self._tree_seen: dict[int, float] = {}
        self._pg_seen: dict[int, float] = {}

    def sample(self) -> float:
        value = super().sample()
        for pid, cpu in _tree_cpu(self.roots()).items():
            self._tree_seen[pid] = max(cpu, self._tree_seen.get(pid, 0.0))
        backends = workspace_server.postgres_cpu(self.database) if self.database else {}
        for pid, cpu in backends.items():
            if pid > 0:  # not the postmaster's children time
                self._pg_seen[pid] = max(cpu, self._pg_seen.get(pid, 0.0))
        return value

    def __enter__(self) -> Watch:
        self._machine = workspace_server.machine_busy()
        self._self = _rusage_cpu(resource.RUSAGE_SELF)
        super().__enter__()  # the first sample: what each process had used before
        self._tree_before = dict(self._tree_seen)
        self._pg_before = dict(self._pg_seen)
        self._started = time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        elapsed = time.perf_counter() - self._started
        time.sleep(self.SETTLE)
        super().__exit__(*exc)  # stops the sampling after a last sample
        used = {
            "tool": sum(
                cpu - self._tree_before.get(pid, 0.0) for pid, cpu in self._tree_seen.items()
            ),
            "postgres": sum(
                cpu - self._pg_before.get(pid, 0.0) for pid, cpu in self._pg_seen.items()
            ),
            "load generator": _rusage_cpu(resource.RUSAGE_SELF) - self._self,
        }
        machine = workspace_server.machine_busy() - self._machine
        used["others"] = max(machine - sum(used.values()), 0.0)
        used["tool+postgres"] = used["tool"] + used["postgres"]
        self.elapsed = elapsed
        self.seconds = {key: round(value, 3) for key, value in used.items()}
        self.cpu = {key: round(value / elapsed, 2) for key, value in used.items()}


def cpu_per_unit(seconds: dict[str, float], units: float) -> dict[str, float]:
    """Server CPU per judged unit, in ms: the tool's processes (``web``), its PostgreSQL
    backends and both together, from a Watch's CPU seconds; NaN when no unit was judged."""
    if units <= 0:
        nan = float("nan")
        return {"web": nan, "postgres": nan, "total": nan}
    web, postgres = seconds.get("tool", 0.0), seconds.get("postgres", 0.0)
    return {
        "web": 1000 * web / units,
        "postgres": 1000 * postgres / units,
        "total": 1000 * (web + postgres) / units,
    }


def machine_busy_cores(seconds: float = 1.0) -> float:
    """Cores busy (all but idle and iowait, /proc/stat) on average over ``seconds``."""

    before, started = workspace_server.machine_busy(), time.perf_counter()
    time.sleep(seconds)
    return (workspace_server.machine_busy() - before) / (time.perf_counter() - started)


def wait_quiet(limit: float, threshold: float = 0.5) -> float:
    """Wait (up to ``limit`` seconds) until other processes use less than ``threshold`` of a
    core (both tools are idle between measures); the busy cores seen last."""
    deadline = time.monotonic() + limit
    while True:
        busy = machine_busy_cores()
        if busy < threshold or time.monotonic() >= deadline:
            return busy


def wait_until(check: Callable[[], bool], *, timeout: float, what: str, log: Path) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.5)
    raise BenchError(f"{what} did not happen within {timeout:.0f} s; see {log}")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def tail(path: Path, chars: int = 2000) -> str:
    try:
        return path.read_text(errors="replace")[-chars:]
    except OSError:
        return ""


def start_server(
    command: list[str],
    *,
    name: str,
    cwd: Path,
    env: dict[str, str],
    log: Path,
    port: int,
    token: str,
    probe: str,
    timeout: float,
) -> tuple[subprocess.Popen[bytes], float]:
    """Start one tool's server in its own session (so stop_server takes its whole tree) and
    wait until ``probe`` answers 200 with ``token``; the process and how long it took."""
    started = time.perf_counter()
    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )

    def up() -> bool:
        if process.poll() is not None:
            raise BenchError(
                f"{name} exited with status {process.returncode} while starting;"
                f" see {log}:\n{tail(log)}"
            )
        try:
            status, _ = call(port, "GET", probe, token=token, timeout=10)
        except OSError:
            return False
        return status == 200

    try:
        wait_until(up, timeout=timeout, what=f"{name} answering its API", log=log)
    except BaseException:
        stop_server(process)  # the caller never gets it to stop: a failed or stopped run
        raise
    return process, time.perf_counter() - started


def stop_server(process: subprocess.Popen[bytes] | None) -> None:
    """SIGTERM the server's session, SIGKILL it after 30 s."""
    if process is None or process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
