"""Workspace load benchmark: simulated linguists against gunicorn on PostgreSQL.

    python bench/bench_workspace.py [--users 20] [--seconds 30] [--workers 2] [--threads 1]
                                    [--units-per-user 4] [--burst 10] [--rate 210]
                                    [--no-saturation] [--seed 1] [--database-url URL]
                                    [--keep] [--profile]

(Re)creates the database ``annotations_bench_ws``, migrates it, seeds one project with
``--users`` linguists (annotator membership + DRF token each) and one open round in which
every linguist owns ``--units-per-user`` units of 6 summaries x 5 sentences (a dialogue of
18-22 turns), starts ``gunicorn annotation_site.wsgi -w 2`` on a free loopback port with the
production settings (``PRODUCTION=1``), then runs two timed phases of ``--users`` threads for
``--seconds`` seconds each:

- **paced** (the requirement): the linguists together offer ``--rate`` saves/s (default 210,
  a little above the 200/s target), each on a fixed schedule; a request's latency counts from
  its scheduled time, so a server that falls behind is charged for the wait of the requests
  queued behind (no coordinated omission). The server must complete >= 200 saves/s in it with
  payload p95 <= 50 ms.
- **saturation**: the same linguists in a closed loop without think time, i.e. the server's
  maximum throughput; its latency is queueing (Little's law: users / throughput).

Each thread is one linguist with its own persistent ``http.client`` connection, looping:
GET the workspace payload of one of its units (the latency measured against the target),
then a burst of PATCH saves on that unit (sentence labels, sometimes an explanation and error
types; now and then a summary's relevance or the topic's category), each carrying the
version the previous response returned. ``--rate 0`` skips the paced phase,
``--no-saturation`` the closed loop.

After the run gunicorn is stopped and the saves are counted in the database (sum of the
judgements' versions, and the audit rows ``JudgementChange``) against the saves the server
acknowledged. Then a short in-process check (Django's test client on the same database and
settings, one request at a time) splits a request's time into SQL and Python and counts its
queries; ``--profile`` adds cProfile's top functions. Exits non-zero only if the harness
fails (no server, seeding error), not when a target is missed. See bench/README.md.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import platform
import random
import resource
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB = "annotations_bench_ws"
DEFAULT_URL = f"postgres://postgres@127.0.0.1:5432/{BENCH_DB}"
bench_database = BENCH_DB  # the database actually used (--database-url)
SUMMARIES_PER_UNIT = 6
SENTENCES_PER_SUMMARY = 5
SYSTEMS = ["Quillon-13B", "Parrot-XL", "Synopsia-2", "Brevis-7B", "Gisty-70B", "Abstracta-8B"]
TARGET_P95_MS = 50.0
TARGET_SAVES_PER_S = 200.0
# The default paced load: a little above the target, so that the saves the server completes
# in the window (not only those offered) can be held against >= 200/s.
DEFAULT_RATE = 210.0
LATE_MS = 5.0  # a paced request sent later than this after its slot counts as late

sys.path[:0] = [str(ROOT), str(ROOT / "bench")]


def _configure_environment(database_url: str) -> dict[str, str]:
    """Set this process's environment to the production settings on the bench database and
    return the environment for gunicorn. Must run before Django (or bench_import) is
    imported: bench_import only ``setdefault``s DATABASE_URL."""
    name = urlsplit(database_url).path.lstrip("/")
    if "bench" not in name:
        sys.exit(f"bench: refusing to drop and recreate {name!r}: its name must contain 'bench'")
    global bench_database  # whose PostgreSQL backends the CPU accounting counts
    bench_database = name
    settings = {
        "DJANGO_SETTINGS_MODULE": "annotation_site.settings",
        "DATABASE_URL": database_url,
        "PRODUCTION": "1",
        "DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(38)[:50],
        "ALLOWED_HOSTS": "127.0.0.1",
        # Plain HTTP on loopback: PRODUCTION=1 would otherwise redirect every request to https.
        "SECURE_SSL_REDIRECT": "0",
        "LOG_LEVEL": "WARNING",
    }
    os.environ.update(settings)
    os.environ.pop("CELERY_BROKER_URL", None)  # tasks are not involved; keep them in-process
    return dict(os.environ)


# --- seeding ------------------------------------------------------------------------------


@dataclass(slots=True)
class Seeded:
    round_id: int
    users: list[tuple[str, list[int]]]  # (token key, assignment ids) per linguist
    units: int
    turns: int


def _guideline_markdown(gen) -> str:
    parts = ["# Annotation guidelines", ""]
    for section in range(1, 7):
        parts += [f"## {section}. {gen.topic_name()}", ""]
        parts += [gen.sentence(15, 30) + " " + gen.sentence(15, 30) for _ in range(3)]
        parts.append("")
    return "\n".join(parts)


def _records(count: int, seed: int):
    from synthetic import TextGenerator

    from annotations.formats.records import (
        DocumentRecord,
        SentenceRecord,
        SummaryRecord,
        TopicRecord,
        TurnRecord,
    )

    gen = TextGenerator(seed)
    rng = gen.rng
    records = []
    for index in range(count):
        speakers = [gen.speaker() for _ in range(rng.randint(2, 4))]
        turns = []
        for _ in range(rng.randint(18, 22)):
            speaker, role = rng.choice(speakers)
            turns.append(TurnRecord(speaker=speaker, role=role, text=gen.turn_text()))
        summaries = []
        for system in SYSTEMS[:SUMMARIES_PER_UNIT]:
            texts = [gen.sentence(12, 25) for _ in range(SENTENCES_PER_SUMMARY)]
            sentences, start = [], 0
            for text in texts:
                sentences.append(SentenceRecord(text=text, start=start, end=start + len(text)))
                start += len(text) + 1
            summaries.append(
                SummaryRecord(
                    external_id=system, system=system, text=" ".join(texts), sentences=sentences
                )
            )
        records.append(
            DocumentRecord(
                corpus="bench-ws",
                external_id=f"ws-{index:05d}",
                title=f"Synthetic dialogue {index}",
                turns=turns,
                topics=[TopicRecord(name=gen.topic_name(), summaries=summaries)],
            )
        )
    return records, _guideline_markdown(gen)


def seed_database(*, users: int, units_per_user: int, seed: int) -> Seeded:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from annotations.models import Assignment, GuidelineVersion, Role, Round, RoundKind, Topic
    from annotations.services.corpus_import import corpus_import_records
    from annotations.services.projects import membership_add, project_get_or_create
    from annotations.services.rounds import round_assign_units, round_open

    project, _ = project_get_or_create(slug="bench-ws", name="Workspace load benchmark")
    records, markdown = _records(users * units_per_user, seed)
    report = corpus_import_records(project=project, records=records, source_format="native")
    User = get_user_model()
    linguists = []
    for index in range(users):
        user = User.objects.create_user(username=f"linguist{index:02d}")  # no password
        membership_add(project=project, user=user, role=Role.ANNOTATOR)
        linguists.append((user, Token.objects.create(user=user).key))
    guideline = GuidelineVersion.objects.create(project=project, version=1, markdown=markdown)
    round_ = Round.objects.create(
        project=project,
        name="Workspace load",
        kind=RoundKind.PRODUCTION,
        overlap=1,
        guideline_version=guideline,
        seed=seed,
    )
    topic_ids = list(
        Topic.objects.filter(document__corpus__project=project)
        .order_by("id")
        .values_list("id", flat=True)
    )
    round_assign_units(round=round_, topic_ids=topic_ids, annotators=[u for u, _ in linguists])
    round_open(round=round_)
    owned = []
    for user, key in linguists:
        ids = list(
            Assignment.objects.filter(round=round_, annotator=user)
            .order_by("id")
            .values_list("id", flat=True)
        )
        if not ids:
            raise SystemExit(f"bench: {user.username} got no unit")
        owned.append((key, ids))
    return Seeded(round_id=round_.pk, users=owned, units=len(topic_ids), turns=report.turns)


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


def _postgres_cpu() -> dict[int, float]:
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
            if len(words) >= 5 and "(" in words[4] and words[3] != bench_database:
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


# --- the simulated linguists --------------------------------------------------------------


@dataclass(slots=True)
class Stats:
    payload_ms: list[float] = field(default_factory=list)
    save_ms: list[float] = field(default_factory=list)
    saves_by_kind: Counter = field(default_factory=Counter)
    acknowledged: int = 0
    conflicts: int = 0  # 409
    failures: Counter = field(default_factory=Counter)  # (request kind, status or error)
    unknown_outcome: int = 0  # a save whose response never came (may or may not be written)
    payload_failures: Counter = field(default_factory=Counter)
    stale_payloads: int = 0  # a payload showing an older version than a save acknowledged
    bad_versions: int = 0  # an acknowledged save whose new version is not the sent one + 1
    payload_bytes: int = 0
    late: int = 0  # paced requests sent more than LATE_MS after their slot

    def merge(self, other: Stats) -> None:
        self.payload_ms += other.payload_ms
        self.save_ms += other.save_ms
        self.saves_by_kind += other.saves_by_kind
        self.acknowledged += other.acknowledged
        self.conflicts += other.conflicts
        self.failures += other.failures
        self.unknown_outcome += other.unknown_outcome
        self.payload_failures += other.payload_failures
        self.stale_payloads += other.stale_payloads
        self.bad_versions += other.bad_versions
        self.payload_bytes = max(self.payload_bytes, other.payload_bytes)
        self.late += other.late


EXPLANATIONS = [
    "The dialogue gives a different figure.",
    "Nobody in the dialogue says this; the speaker only mentions the budget.",
    "The summary attributes the claim to the wrong speaker.",
    "The vote was postponed, not approved.",
]


class Linguist:
    """One simulated linguist: one connection, its own units, the versions it last saw."""

    def __init__(self, index: int, token: str, units: list[int], port: int, seed: int) -> None:
        self.index = index
        self.units = units
        self.port = port
        self.rng = random.Random(seed * 1000 + index)
        self.headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        # assignment id -> {"s": {sentence: version}, "m": {summary: version}, "t": version}
        self.known: dict[int, dict] = {}
        self.sentences: dict[int, list[int]] = {}
        self.summaries: dict[int, list[int]] = {}
        self.error_types: list[int] = []
        self.stats = Stats()
        self.error: BaseException | None = None
        self.interval = 0.0  # seconds between requests when paced (--rate); 0: at once
        self.next_at = 0.0

    def pace(self) -> float:
        """Wait for this linguist's next slot of its fixed schedule and return the slot's
        time. The schedule never slips: when the server falls behind, the next requests go at
        once and their latency counts from their slot, not from when they could be sent (no
        coordinated omission: a slow response delays the requests queued behind it, and that
        wait is part of what a linguist experiences)."""
        slot = self.next_at
        now = time.perf_counter()
        if slot > now:
            time.sleep(slot - now)
        elif now - slot > LATE_MS / 1000:
            self.stats.late += 1
        self.next_at = slot + self.interval
        return slot

    def call(self, method: str, path: str, body: dict | None = None):
        headers = dict(self.headers)
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        started = self.pace() if self.interval else time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.conn.close()
            return None, type(error).__name__, (time.perf_counter() - started) * 1000
        return response.status, raw, (time.perf_counter() - started) * 1000

    def load(self, unit: int, stats: Stats | None) -> bool:
        """GET the workspace payload and take its versions; ``stats`` records it."""
        status, raw, ms = self.call("GET", f"/api/assignments/{unit}/")
        if status != 200:
            if stats is not None:
                stats.payload_failures[status if status is not None else raw] += 1
            return False
        payload = json.loads(raw)
        versions = {
            "s": {j["sentence"]: j["version"] for j in payload["judgements"]["sentences"]},
            "m": {j["summary"]: j["version"] for j in payload["judgements"]["summaries"]},
            "t": (payload["judgements"]["topic"] or {}).get("version", 0),
        }
        known = self.known.get(unit)
        if stats is not None:
            stats.payload_ms.append(ms)
            stats.payload_bytes = max(stats.payload_bytes, len(raw))
            if known is not None and (
                any(versions["s"].get(k, 0) < v for k, v in known["s"].items())
                or any(versions["m"].get(k, 0) < v for k, v in known["m"].items())
                or versions["t"] < known["t"]
            ):
                stats.stale_payloads += 1
        self.known[unit] = versions
        self.summaries[unit] = [s["id"] for s in payload["summaries"]]
        self.sentences[unit] = [x["id"] for s in payload["summaries"] for x in s["sentences"]]
        self.error_types = [t["id"] for t in payload["taxonomy"]["types"]]
        return True

    def save(self, unit: int, stats: Stats, kind: str) -> bool:
        """One PATCH; False when the burst should stop (the versions need reloading)."""
        rng = self.rng
        known = self.known[unit]
        if kind == "sentence":
            target = rng.choice(self.sentences[unit])
            version = known["s"].get(target, 0)
            label = rng.choice(("consistent", "consistent", "inconsistent"))
            body: dict = {"label": label, "version": version}
            if label == "inconsistent" and rng.random() < 0.5:
                body["explanation"] = rng.choice(EXPLANATIONS)
                body["error_types"] = rng.sample(self.error_types, k=rng.randint(1, 2))
            path = f"/api/assignments/{unit}/sentences/{target}/"
        elif kind == "summary":
            target = rng.choice(self.summaries[unit])
            version = known["m"].get(target, 0)
            body = {"relevance": rng.randint(1, 5), "version": version}
            path = f"/api/assignments/{unit}/summaries/{target}/"
        else:
            target = None
            version = known["t"]
            body = {"category": rng.choice(("main", "marginal", "irrelevant")), "version": version}
            path = f"/api/assignments/{unit}/topic/"
        status, raw, ms = self.call("PATCH", path, body)
        if status is None:
            stats.unknown_outcome += 1
            stats.failures[(kind, raw)] += 1
            return False
        if 200 <= status < 300:
            stats.acknowledged += 1
            stats.saves_by_kind[kind] += 1
            stats.save_ms.append(ms)
            new = json.loads(raw)["version"]
            if new != version + 1:
                stats.bad_versions += 1
            if kind == "sentence":
                known["s"][target] = new
            elif kind == "summary":
                known["m"][target] = new
            else:
                known["t"] = new
            return True
        if status == 409:
            stats.conflicts += 1
        else:
            stats.failures[(kind, status)] += 1
        return False

    def visit(self, unit: int, stats: Stats, burst: int, deadline: float) -> None:
        if not self.load(unit, stats):
            return
        for _ in range(burst):
            if time.perf_counter() >= deadline:
                return
            draw = self.rng.random()
            kind = "topic" if draw < 0.05 else "summary" if draw < 0.15 else "sentence"
            if not self.save(unit, stats, kind):
                return

    def run(
        self,
        barrier: threading.Barrier,
        start: list[float],
        seconds: float,
        burst: int,
        interval: float,
    ) -> None:
        try:
            for unit in self.units:  # warm-up, not measured: workers, connections, versions
                self.load(unit, None)
            barrier.wait()
            deadline = start[0] + seconds
            if interval:  # paced: each linguist at its own phase in the period
                self.interval = interval
                self.next_at = start[0] + self.rng.uniform(0, interval)
            turn = self.index
            while time.perf_counter() < deadline:
                self.visit(self.units[turn % len(self.units)], self.stats, burst, deadline)
                turn += 1
        except BaseException as error:  # reported by the harness
            self.error = error
            barrier.abort()
        finally:
            self.conn.close()


def unloaded(linguist: Linguist, requests: int) -> Stats:
    """One client alone: the service time without queueing, for comparison."""
    stats = Stats()
    unit = linguist.units[0]
    linguist.load(unit, None)
    for _ in range(requests):
        linguist.load(unit, stats)
    for _ in range(requests):
        linguist.save(unit, stats, "sentence")
    linguist.conn.close()
    return stats


def run_load(
    seeded: Seeded,
    port: int,
    *,
    users: int,
    seconds: float,
    burst: int,
    seed: int,
    rate: float,
    on_start: Callable[[], None],
):
    """Run the linguists; ``on_start`` runs once they have warmed up, as the clock starts."""
    # --rate R saves/s in all: R * (burst + 1) / burst requests/s (a GET per burst of saves).
    interval = users * burst / (rate * (burst + 1)) if rate else 0.0
    linguists = [
        Linguist(index, key, units, port, seed)
        for index, (key, units) in enumerate(seeded.users[:users])
    ]
    start: list[float] = [0.0]

    def go() -> None:
        on_start()
        start[0] = time.perf_counter()

    barrier = threading.Barrier(len(linguists) + 1, action=go)
    threads = [
        threading.Thread(
            target=linguist.run, args=(barrier, start, seconds, burst, interval), daemon=True
        )
        for linguist in linguists
    ]
    for thread in threads:
        thread.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        barrier.wait()
    for thread in threads:
        thread.join(timeout=seconds + 120)
    elapsed = time.perf_counter() - start[0]
    errors = [linguist.error for linguist in linguists if linguist.error is not None]
    if errors:
        raise SystemExit(f"bench: a simulated linguist failed: {errors[0]!r}")
    total = Stats()
    for linguist in linguists:
        total.merge(linguist.stats)
    return total, elapsed


# --- figures ------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def server_times(access_log: Path, offset: int) -> dict[str, list[float]]:
    """Per-request time inside the worker (ms) from gunicorn's access log, from ``offset``."""
    times: dict[str, list[float]] = {"payload": [], "save": []}
    with access_log.open("rb") as handle:
        handle.seek(offset)
        for line in handle.read().decode().splitlines():
            parts = line.split()
            if len(parts) != 4:
                continue
            method, _, _, micros = parts
            if method == "GET":
                times["payload"].append(int(micros) / 1000)
            elif method == "PATCH":
                times["save"].append(int(micros) / 1000)
    return times


def count_in_database(round_id: int) -> tuple[int, int]:
    """(sum of the judgements' versions, audit rows of saves) in the benchmark round."""
    from django.db.models import Sum

    from annotations.models import (
        JudgementChange,
        SentenceJudgement,
        SummaryJudgement,
        TopicJudgement,
    )

    versions = 0
    for model in (SentenceJudgement, SummaryJudgement, TopicJudgement):
        versions += (
            model.objects.filter(assignment__round_id=round_id).aggregate(n=Sum("version"))["n"]
            or 0
        )
    changes = JudgementChange.objects.filter(
        assignment__round_id=round_id,
        kind__in=["sentencejudgement", "summaryjudgement", "topicjudgement"],
    ).count()
    return versions, changes


# --- in-process breakdown -----------------------------------------------------------------


def breakdown(seeded: Seeded, *, repeat: int, profile: bool) -> list[tuple]:
    """Per request, one at a time in this process: wall ms, SQL ms, queries."""
    from django.db import connection
    from django.test import Client

    key, units = seeded.users[0]
    unit = units[0]
    client = Client(SERVER_NAME="127.0.0.1", HTTP_AUTHORIZATION=f"Token {key}")
    payload = client.get(f"/api/assignments/{unit}/").json()
    sentence_ids = [x["id"] for s in payload["summaries"] for x in s["sentences"]]
    summary_ids = [s["id"] for s in payload["summaries"]]
    type_ids = [t["id"] for t in payload["taxonomy"]["types"]]
    versions = {j["sentence"]: j["version"] for j in payload["judgements"]["sentences"]}
    summary_versions = {j["summary"]: j["version"] for j in payload["judgements"]["summaries"]}
    topic_version = [(payload["judgements"]["topic"] or {}).get("version", 0)]
    counter = {"n": 0, "seconds": 0.0, "commit": 0.0}
    raw_commit = connection._commit

    def timed_commit():  # COMMIT is not an execute(): time it apart (WAL flush to disk)
        started = time.perf_counter()
        try:
            return raw_commit()
        finally:
            counter["commit"] += time.perf_counter() - started

    def timed(execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            counter["n"] += 1
            counter["seconds"] += time.perf_counter() - started

    def get_payload(i: int):
        return client.get(f"/api/assignments/{unit}/")

    def save_sentence(i: int):
        target = sentence_ids[i % len(sentence_ids)]
        body = {"label": "inconsistent", "explanation": "x", "error_types": type_ids[:1]}
        response = client.patch(
            f"/api/assignments/{unit}/sentences/{target}/",
            {**body, "version": versions.get(target, 0)},
            content_type="application/json",
        )
        versions[target] = response.json()["version"]
        return response

    def save_label(i: int):
        target = sentence_ids[i % len(sentence_ids)]
        response = client.patch(
            f"/api/assignments/{unit}/sentences/{target}/",
            {"label": "consistent", "version": versions.get(target, 0)},
            content_type="application/json",
        )
        versions[target] = response.json()["version"]
        return response

    def save_summary(i: int):
        target = summary_ids[i % len(summary_ids)]
        response = client.patch(
            f"/api/assignments/{unit}/summaries/{target}/",
            {"relevance": 1 + i % 5, "version": summary_versions.get(target, 0)},
            content_type="application/json",
        )
        summary_versions[target] = response.json()["version"]
        return response

    def save_topic(i: int):
        response = client.patch(
            f"/api/assignments/{unit}/topic/",
            {"category": "main", "version": topic_version[0]},
            content_type="application/json",
        )
        topic_version[0] = response.json()["version"]
        return response

    cases = [
        ("GET payload", get_payload),
        ("PATCH sentence label", save_label),
        ("PATCH sentence +expl+types", save_sentence),
        ("PATCH summary relevance", save_summary),
        ("PATCH topic category", save_topic),
    ]
    rows = []
    for label, request in cases:
        for i in range(5):  # warm
            request(i)
        walls, sqls, commits, queries = [], [], [], []
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile()
        connection._commit = timed_commit
        with connection.execute_wrapper(timed):
            for i in range(repeat):
                counter["n"], counter["seconds"], counter["commit"] = 0, 0.0, 0.0
                started = time.perf_counter()
                if profiler is not None:
                    profiler.enable()
                response = request(i)
                if profiler is not None:
                    profiler.disable()
                walls.append((time.perf_counter() - started) * 1000)
                if response.status_code != 200:
                    raise SystemExit(f"bench: {label} answered {response.status_code}")
                sqls.append(counter["seconds"] * 1000)
                commits.append(counter["commit"] * 1000)
                queries.append(counter["n"])
        del connection._commit
        rows.append(
            (
                label,
                statistics.median(walls),
                statistics.median(sqls),
                statistics.median(commits),
                statistics.median(queries),
                len(response.content),
            )
        )
        if profiler is not None:
            import io
            import pstats

            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out)
            stats.sort_stats("cumulative").print_stats(30)
            print(f"\n--- cProfile: {label} x{repeat} (cumulative) ---")
            print(out.getvalue())
    return rows


# --- main ---------------------------------------------------------------------------------


@dataclass(slots=True)
class Phase:
    """One timed load: its name, the offered rate (0: closed loop) and what was measured."""

    name: str
    rate: float
    load: Stats
    elapsed: float
    cpu: dict[str, float]
    in_worker: dict[str, list[float]]
    idle_load: float


def run_phase(
    name: str, rate: float, args: argparse.Namespace, seeded: Seeded, server: Server
) -> Phase:
    print(
        f"bench: {name}: {args.users} linguists for {args.seconds:g} s ("
        + (f"paced at {rate:g} saves/s in all" if rate else "closed loop, no think time")
        + f", bursts of {args.burst} saves per payload) ...",
        flush=True,
    )
    before, started = machine_busy(), time.perf_counter()
    time.sleep(2)
    idle_load = (machine_busy() - before) / (time.perf_counter() - started)
    at_start: dict = {}

    def on_start() -> None:  # after the warm-up: measure the timed window only
        at_start["log"] = server.access_log.stat().st_size
        at_start["cpu"] = cpu_snapshot(server)
        at_start["postgres"] = _postgres_cpu()

    load, elapsed = run_load(
        seeded,
        server.port,
        users=args.users,
        seconds=args.seconds,
        burst=args.burst,
        seed=args.seed,
        rate=rate,
        on_start=on_start,
    )
    cpu_after = cpu_snapshot(server)
    postgres_after = _postgres_cpu()
    time.sleep(0.2)  # the access log is flushed per line; let the last ones land
    cpu = {k: cpu_after[k] - at_start["cpu"][k] for k in cpu_after}
    cpu["postgres"] = postgres_used(at_start["postgres"], postgres_after)
    in_worker = server_times(server.access_log, at_start["log"])
    return Phase(name, rate, load, elapsed, cpu, in_worker, idle_load)


def report_phase(phase: Phase, args: argparse.Namespace) -> bool:
    """Print one phase's figures; True when its targets are met."""
    load, elapsed = phase.load, phase.elapsed
    p = {q: percentile(load.payload_ms, q) for q in (50, 95, 99)}
    s = {q: percentile(load.save_ms, q) for q in (50, 95, 99)}
    rate = load.acknowledged / elapsed
    failed = sum(load.failures.values())
    print()
    if phase.rate:
        print(
            f"{phase.name}: {args.users} linguists paced to offer {phase.rate:g} saves/s in all"
            f" (+ a payload per {args.burst} saves), measured over {elapsed:.1f} s; latency from"
            " each request's scheduled time (free of coordinated omission)"
        )
    else:
        print(
            f"{phase.name}: {args.users} linguists in a closed loop without think time (each"
            f" sends its next request as soon as the last is answered), measured over"
            f" {elapsed:.1f} s: the server's maximum throughput; latency here is queueing"
            f" ({args.users} clients / throughput, Little's law), not a target"
        )
    print(f"{'':<28}{'requests':>9}{'per s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}")
    print(
        f"{'payload (GET)':<28}{len(load.payload_ms):>9}{len(load.payload_ms) / elapsed:>8.0f}"
        f"{p[50]:>9.1f}{p[95]:>9.1f}{p[99]:>9.1f}"
    )
    print(
        f"{'saves (PATCH), acknowledged':<28}{load.acknowledged:>9}{rate:>8.0f}"
        f"{s[50]:>9.1f}{s[95]:>9.1f}{s[99]:>9.1f}"
    )
    for label, values in (
        ("payload", phase.in_worker["payload"]),
        ("save", phase.in_worker["save"]),
    ):
        print(
            f"{f'  {label}: time in the worker':<28}{len(values):>9}{'':>8}"
            f"{percentile(values, 50):>9.1f}{percentile(values, 95):>9.1f}"
            f"{percentile(values, 99):>9.1f}"
        )
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(load.saves_by_kind.items()))
    print(f"saves by kind: {kinds}")
    print(
        f"failed saves: {failed}"
        + (f" ({dict(load.failures)})" if failed else "")
        + f"; 409 conflicts: {load.conflicts}"
        + f"; failed payloads: {sum(load.payload_failures.values())}"
        + (f" ({dict(load.payload_failures)})" if load.payload_failures else "")
        + f"; stale payloads: {load.stale_payloads}; unexpected versions: {load.bad_versions}"
        + (f"; requests sent > {LATE_MS:g} ms behind schedule: {load.late}" if phase.rate else "")
    )
    used = dict(phase.cpu)
    machine = used.pop("machine")
    used["other processes"] = max(machine - sum(used.values()), 0.0)
    print(
        "CPU during the load (seconds, % of one core): "
        + ", ".join(f"{k} {v:.1f} s ({v / elapsed:.0%})" for k, v in used.items())
        + f"; all {os.cpu_count()} cores busy {machine / elapsed / os.cpu_count():.0%}"
        + f" (before the load, at rest: {phase.idle_load:.0%} of one core)"
    )
    requests = len(load.payload_ms) + load.acknowledged + failed + load.conflicts
    server_ms = (used["gunicorn workers"] + used["postgres"]) * 1000 / max(requests, 1)
    print(
        f"server CPU per request: {used['gunicorn workers'] * 1000 / max(requests, 1):.1f} ms"
        f" in the gunicorn workers + {used['postgres'] * 1000 / max(requests, 1):.1f} ms in"
        f" PostgreSQL = {server_ms:.1f} ms, i.e. at most"
        f" ~{os.cpu_count() * 1000 / server_ms:.0f} requests/s on {os.cpu_count()} cores"
        " with nothing else running"
    )
    if phase.idle_load > 0.25:
        print(
            "note: other processes were using the CPU before the load started; the figures"
            " are lower than on an otherwise idle machine"
        )
    met_latency = p[95] <= TARGET_P95_MS
    met_rate = rate >= TARGET_SAVES_PER_S
    met_safety = failed == 0
    if phase.rate:
        print(
            f"targets ({phase.name}): payload p95 <= {TARGET_P95_MS:g} ms:"
            f" {'met' if met_latency else 'NOT met'} ({p[95]:.1f});"
            f" >= {TARGET_SAVES_PER_S:g} saves/s: {'met' if met_rate else 'NOT met'}"
            f" ({rate:.0f}); no failed save: {'met' if met_safety else 'NOT met'}"
        )
    else:
        print(
            f"maximum throughput ({phase.name}): {rate:.0f} saves/s"
            f" + {len(load.payload_ms) / elapsed:.0f} payloads/s; no failed save:"
            f" {'met' if met_safety else 'NOT met'}"
        )
    return met_latency and met_rate and met_safety


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=20, help="concurrent simulated linguists")
    parser.add_argument("--seconds", type=float, default=30, help="duration of each phase")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=1, help="gunicorn threads per worker")
    parser.add_argument("--units-per-user", type=int, default=4)
    parser.add_argument("--burst", type=int, default=10, help="saves after each payload GET")
    parser.add_argument(
        "--rate",
        type=float,
        default=DEFAULT_RATE,
        help=f"saves/s in all offered by the paced phase (default {DEFAULT_RATE:g}; 0 skips it)",
    )
    parser.add_argument(
        "--no-saturation",
        action="store_true",
        help="skip the closed-loop phase that measures the maximum throughput",
    )
    parser.add_argument("--unloaded", type=int, default=50, help="single-client requests")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_WS_DATABASE_URL", DEFAULT_URL),
        help=f"dropped and recreated (default {DEFAULT_URL}); its name must contain 'bench'",
    )
    parser.add_argument("--keep", action="store_true", help="keep the bench database")
    parser.add_argument("--profile", action="store_true", help="cProfile the in-process check")
    args = parser.parse_args()
    if not args.rate and args.no_saturation:
        parser.error("--rate 0 with --no-saturation leaves nothing to run")

    server_env = _configure_environment(args.database_url)
    # PRODUCTION=1 without a collectstatic: WhiteNoise warns about the missing STATIC_ROOT.
    warnings.filterwarnings("ignore", message="No directory at")
    from bench_import import _admin_conninfo, _create_database, _drop_database

    db_name = _admin_conninfo()[1]
    print(f"bench: creating database {db_name} and migrating ...", flush=True)
    pg_version = _create_database()
    server: Server | None = None
    phases: list[Phase] = []
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        seeded = seed_database(users=args.users, units_per_user=args.units_per_user, seed=args.seed)
        connection.close()
        print(
            f"bench: seeded {args.users} linguists, {seeded.units} units of"
            f" {SUMMARIES_PER_UNIT} summaries x {SENTENCES_PER_SUMMARY} sentences"
            f" ({seeded.turns / seeded.units:.0f} turns per dialogue) in"
            f" {time.perf_counter() - started:.1f} s",
            flush=True,
        )

        with tempfile.TemporaryDirectory(prefix="bench-ws-") as tmp:
            server = start_server(
                server_env, workers=args.workers, threads=args.threads, tmp=Path(tmp)
            )
            wait_until_up(server, seeded.users[0][0])
            print(
                f"bench: gunicorn ({args.workers} workers"
                f"{f' x {args.threads} threads' if args.threads > 1 else ''}) on port"
                f" {server.port}; one client alone ...",
                flush=True,
            )
            alone = unloaded(
                Linguist(0, seeded.users[0][0], seeded.users[0][1], server.port, args.seed + 99),
                args.unloaded,
            )
            if args.rate:
                phases.append(run_phase("paced", args.rate, args, seeded, server))
            if not args.no_saturation:
                phases.append(run_phase("saturation", 0.0, args, seeded, server))
            server.stop()
            server_log = server.log.read_text()

        acknowledged = alone.acknowledged + sum(phase.load.acknowledged for phase in phases)
        db_versions, db_changes = count_in_database(seeded.round_id)
        rows = breakdown(seeded, repeat=100, profile=args.profile)
    finally:
        if server is not None:
            server.stop()
        from django.db import connections

        connections.close_all()
        if args.keep:
            print(f"bench: kept database {db_name}")
        else:
            _drop_database()

    # --- report ---
    worker_kind = f"gthread x {args.threads}" if args.threads > 1 else "sync"
    print()
    print(
        f"workspace load benchmark (gunicorn {args.workers} {worker_kind} workers, PostgreSQL"
        f" {pg_version}, Python {platform.python_version()}, {os.cpu_count()} cores shared by"
        f" server, database and load generator, {time.strftime('%Y-%m-%d')})"
    )
    print(
        f"units of {SUMMARIES_PER_UNIT} summaries x {SENTENCES_PER_SUMMARY} sentences, payload"
        f" ~{max(phase.load.payload_bytes for phase in phases) / 1024:.0f} KB"
    )
    print(
        f"{'one client alone: payload':<28}{len(alone.payload_ms):>9}{'':>8}"
        f"{percentile(alone.payload_ms, 50):>9.1f}{percentile(alone.payload_ms, 95):>9.1f}"
        f"{percentile(alone.payload_ms, 99):>9.1f}   (requests, p50/p95/p99 ms)"
    )
    print(
        f"{'one client alone: save':<28}{len(alone.save_ms):>9}{'':>8}"
        f"{percentile(alone.save_ms, 50):>9.1f}{percentile(alone.save_ms, 95):>9.1f}"
        f"{percentile(alone.save_ms, 99):>9.1f}"
    )
    met = {phase.name: report_phase(phase, args) for phase in phases}
    lost = acknowledged - db_versions
    print()
    print(
        f"database: sum of judgement versions {db_versions}, audit rows {db_changes};"
        f" acknowledged {acknowledged} (one-client {alone.acknowledged}"
        + "".join(f" + {phase.name} {phase.load.acknowledged}" for phase in phases)
        + ")"
    )
    if lost == 0 and db_changes == acknowledged:
        print("lost: 0")
    else:
        unknown = sum(phase.load.unknown_outcome for phase in phases)
        print(
            f"lost: {lost} by versions, {acknowledged - db_changes} by audit rows"
            f" (negative: written but not acknowledged; {unknown} saves had no response)"
        )
    if "paced" in met:
        verdict = "met" if met["paced"] and lost == 0 and db_changes == acknowledged else "NOT met"
        print(
            f"requirement (paced phase: >= {TARGET_SAVES_PER_S:g} saves/s achieved, payload p95"
            f" <= {TARGET_P95_MS:g} ms, zero failed or lost saves): {verdict}"
        )
    print()
    print("in-process, one request at a time (Django test client, same settings and database):")
    print(
        f"{'request (median of 100)':<30}{'ms':>7}{'SQL ms':>8}{'COMMIT':>8}{'Python ms':>10}"
        f"{'queries':>8}{'bytes':>8}"
    )
    for label, wall, sql, commit, queries, size in rows:
        print(
            f"{label:<30}{wall:>7.2f}{sql:>8.2f}{commit:>8.2f}{wall - sql - commit:>10.2f}"
            f"{queries:>8.0f}{size:>8}"
        )
    errors = [line for line in server_log.splitlines() if "Traceback" in line or "ERROR" in line]
    if errors:
        print(f"note: gunicorn logged {len(errors)} error lines, e.g. {errors[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
