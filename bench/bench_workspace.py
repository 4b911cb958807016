"""Workspace load benchmark: simulated linguists against gunicorn on PostgreSQL.

    python bench/bench_workspace.py [--users 20] [--seconds 30] [--workers 2] [--threads 1]
                                    [--units-per-user 4] [--single] [--burst 10]
                                    [--rate 210] [--no-saturation] [--seed 1]
                                    [--database-url URL]
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
then judge the unit summary by summary, sending what the workspace's save queue sends when
the linguist moves on: one batch (``POST .../batch/``) per summary with its sentences' labels
(sometimes an explanation, error types, error spans with evidence) and its relevance, the
last one also the topic's category and now and then the key-fact list; each entry carries
the version the previous response returned. ``--single`` sends one PATCH per change instead
(the load before batches: bursts of ``--burst`` PATCHes per payload). Figures are per request
and per judgement saved. ``--rate 0`` skips the paced phase, ``--no-saturation`` the closed
loop.

After the run gunicorn is stopped and the saves are counted in the database (sum of the
judgements' versions, and the audit rows ``JudgementChange``) against the saves (batch
entries) the server acknowledged. Then a short in-process check (Django's test client on
the same database and settings, one request at a time) splits a request's time into SQL
and Python and counts its queries; ``--profile`` adds cProfile's top functions. Exits
non-zero only if the harness fails (no server, seeding error), not when a target is missed.
See bench/README.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

from workspace_assisted import assisted_check
from workspace_assisted import report as report_assisted
from workspace_inprocess import breakdown
from workspace_load import (
    Linguist,
    Stats,
    count_in_database,
    percentile,
    run_load,
    server_times,
    unloaded,
)
from workspace_seeding import Seeded, seed_database
from workspace_server import (
    Server,
    cpu_snapshot,
    machine_busy,
    postgres_cpu,
    postgres_used,
    start_server,
    wait_until_up,
)
from workspace_settings import (
    DEFAULT_KEY_FACT_SHARE,
    DEFAULT_RATE,
    DEFAULT_SPAN_SHARE,
    DEFAULT_URL,
    LATE_MS,
    SENTENCES_PER_SUMMARY,
    SUMMARIES_PER_UNIT,
    TARGET_P95_MS,
    TARGET_SAVES_PER_S,
    _configure_environment,
    bench_database,
)

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
        at_start["postgres"] = postgres_cpu(bench_database())

    load, elapsed = run_load(
        seeded,
        server.port,
        users=args.users,
        seconds=args.seconds,
        burst=args.burst,
        seed=args.seed,
        rate=rate,
        span_share=args.span_share,
        key_fact_share=args.key_fact_share,
        batched=not args.single,
        on_start=on_start,
    )
    cpu_after = cpu_snapshot(server)
    postgres_after = postgres_cpu(bench_database())
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
            + (
                f" (+ a payload per {args.burst} saves)"
                if args.single
                else " (+ a payload per unit, a batch per summary)"
            )
            + f", measured over {elapsed:.1f} s; latency from"
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
    if args.single:
        print(
            f"{'saves (PATCH), acknowledged':<28}{load.acknowledged:>9}{rate:>8.0f}"
            f"{s[50]:>9.1f}{s[95]:>9.1f}{s[99]:>9.1f}"
        )
    else:
        print(
            f"{'save batches (POST)':<28}{load.save_requests:>9}"
            f"{load.save_requests / elapsed:>8.0f}{s[50]:>9.1f}{s[95]:>9.1f}{s[99]:>9.1f}"
        )
        print(
            f"{'  judgements acknowledged':<28}{load.acknowledged:>9}{rate:>8.0f}"
            f"   ({load.acknowledged / max(load.save_requests, 1):.1f} per batch)"
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
    for kind, values in sorted(load.save_ms_by_kind.items()):
        if not args.single and len(values) < len(load.save_ms) / 20:
            continue  # rare batch sizes (a visit cut by the deadline, a reload)
        print(
            f"{f'  {kind} saves':<28}{len(values):>9}{len(values) / elapsed:>8.0f}"
            f"{percentile(values, 50):>9.1f}{percentile(values, 95):>9.1f}"
            f"{percentile(values, 99):>9.1f}"
        )
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
    if args.single:
        requests = len(load.payload_ms) + load.acknowledged + failed + load.conflicts
    else:
        requests = len(load.payload_ms) + load.save_requests + failed
    server_ms = (used["gunicorn workers"] + used["postgres"]) * 1000 / max(requests, 1)
    print(
        f"server CPU per request: {used['gunicorn workers'] * 1000 / max(requests, 1):.1f} ms"
        f" in the gunicorn workers + {used['postgres'] * 1000 / max(requests, 1):.1f} ms in"
        f" PostgreSQL = {server_ms:.1f} ms, i.e. at most"
        f" ~{os.cpu_count() * 1000 / server_ms:.0f} requests/s on {os.cpu_count()} cores"
        " with nothing else running"
    )
    judgements = max(load.acknowledged, 1)
    per_judgement = (used["gunicorn workers"] + used["postgres"]) * 1000 / judgements
    print(
        f"server CPU per judgement saved (payloads included): "
        f"{used['gunicorn workers'] * 1000 / judgements:.2f} ms in the gunicorn workers +"
        f" {used['postgres'] * 1000 / judgements:.2f} ms in PostgreSQL = {per_judgement:.2f} ms,"
        f" i.e. at most ~{os.cpu_count() * 1000 / per_judgement:.0f} judgements/s on"
        f" {os.cpu_count()} cores"
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
    parser.add_argument(
        "--burst", type=int, default=10, help="with --single: PATCHes after each payload GET"
    )
    parser.add_argument(
        "--single",
        action="store_true",
        help="one PATCH per change (the load before batches) instead of a batch per summary",
    )
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
    parser.add_argument(
        "--span-share",
        type=float,
        default=DEFAULT_SPAN_SHARE,
        help="share of saves that are span or evidence saves (default"
        f" {DEFAULT_SPAN_SHARE:g}; 0: a project without spans)",
    )
    parser.add_argument(
        "--key-fact-share",
        type=float,
        default=DEFAULT_KEY_FACT_SHARE,
        help="share of saves that rewrite the unit's 12-fact key-fact list with alignments"
        f" (default {DEFAULT_KEY_FACT_SHARE:g}; 0: a project without completeness)",
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
        seeded = seed_database(
            users=args.users,
            units_per_user=args.units_per_user,
            seed=args.seed,
            spans=args.span_share > 0,
            completeness=args.key_fact_share > 0,
        )
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
            single = Linguist(
                0, seeded.users[0][0], seeded.users[0][1], server.port, args.seed + 99
            )
            single.batched = not args.single
            alone = unloaded(single, args.unloaded)
            if args.rate:
                phases.append(run_phase("paced", args.rate, args, seeded, server))
            if not args.no_saturation:
                phases.append(run_phase("saturation", 0.0, args, seeded, server))
            server.stop()
            server_log = server.log.read_text()

        acknowledged = alone.acknowledged + sum(phase.load.acknowledged for phase in phases)
        db_versions, db_changes = count_in_database(seeded.round_id)
        rows = breakdown(seeded, repeat=100, profile=args.profile)
        assisted = assisted_check(seeded, repeat=100)
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
        f"{'one client alone: ' + ('save' if args.single else 'batch'):<28}"
        f"{len(alone.save_ms):>9}{'':>8}"
        f"{percentile(alone.save_ms, 50):>9.1f}{percentile(alone.save_ms, 95):>9.1f}"
        f"{percentile(alone.save_ms, 99):>9.1f}"
        + (
            ""
            if args.single
            else f"   ({alone.acknowledged / max(alone.save_requests, 1):.0f} judgements each)"
        )
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
    report_assisted(assisted)
    errors = [line for line in server_log.splitlines() if "Traceback" in line or "ERROR" in line]
    if errors:
        print(f"note: gunicorn logged {len(errors)} error lines, e.g. {errors[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
