"""Side-by-side benchmark: our site against Label Studio Community Edition on the same work.

    python bench/bench_peers.py [--summaries 10000] [--repetitions 3] [--clients 20]
                                [--seconds 20] [--alone-seconds 5] [--wait-quiet 60]
                                [--quick] [--seed 1] [--keep] [--json var/bench-peers.json]

Installs Label Studio (a pinned 1.x from PyPI) into var/peers/label-studio-venv (skipped when
that version is there), then runs both tools at once, each on its own fresh PostgreSQL
database and loopback port: Label Studio with its default server (`label-studio start`), ours
under gunicorn with 2 workers and the production settings (DEBUG off). The same synthetic
corpus (bench/peers/corpus.py: dialogues, one topic each, summaries of 5 systems split into
sentences, every sentence labelled consistent or inconsistent with explanations and error
types) goes into both, and each repetition does, alternating which tool goes first:

a. import: 10,000 annotated summaries (~35,000 sentences). Ours: `manage.py import_corpus
   --format tofueval` (an annotated corpus in the TofuEval release layout) until the command
   exits. Label Studio: its import API (POST /api/projects/{id}/import) with the labels as
   the tasks' annotations, until the server answers that the tasks are in. Then both
   databases are ANALYZEd, untimed (autovacuum would do it within a minute; it is off on
   some servers, CI's among them, and without statistics both tools' queries scan).
b. export all: ours, a native release of the imported labels through the researcher's API,
   built and downloaded; Label Studio, GET /api/projects/{id}/export?exportType=JSON.
c. --clients concurrent annotators for --seconds, each fetching an item and saving an
   annotation in a closed loop (Label Studio: GET a task + POST an annotation; ours: GET the
   workspace payload + PATCH a sentence judgement); then one client alone.

Prints a table of the medians over the repetitions with the ratios and the targets (>= 10x on
import, >= 30x on export, >= 10x on fetch+save throughput with p95 <= 25 ms for ours) and the
peak RSS of each tool's process tree and the CPU it and its PostgreSQL backends used during
each measure (and what other processes used: a shared machine slows both); writes every
figure to var/bench-peers.json. Stops both servers and drops both databases at the end
(--keep keeps the databases). Exits non-zero only when the harness fails. Method and figures:
docs/performance.md ("Against Label Studio").
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path[:0] = [str(Path(__file__).resolve().parent)]

from peers import corpus as corpus_module  # noqa: E402
from peers import label_studio, ours  # noqa: E402
from peers.common import (  # noqa: E402
    PEERS,
    ROOT,
    BenchError,
    PeakRSS,
    Watch,
    analyze_database,
    create_database,
    drop_database,
    percentile,
    wait_quiet,
)
from peers.load import LabelStudioClient, OursClient, Stats, run_load  # noqa: E402

LS, OURS = "Label Studio", "ours"
TARGETS = {"import": 10.0, "export": 30.0, "throughput": 10.0, "p95_ms": 25.0}
RESULTS = ROOT / "var" / "bench-peers.json"


def _pg(url: str) -> dict[str, str]:
    parts = urlsplit(url)
    return {
        "host": parts.hostname or "127.0.0.1",
        "port": str(parts.port or 5432),
        "user": parts.username or "postgres",
        "password": parts.password or "",
    }


def _load_figures(stats: Stats, elapsed: float, watch: Watch) -> dict:
    return {
        "pairs": stats.pairs,
        "seconds": round(elapsed, 2),
        "pairs_per_s": stats.pairs / elapsed,
        "fetch_p50_ms": percentile(stats.fetch_ms, 50),
        "fetch_p95_ms": percentile(stats.fetch_ms, 95),
        "save_p50_ms": percentile(stats.save_ms, 50),
        "save_p95_ms": percentile(stats.save_ms, 95),
        "failures": dict(stats.failures),
        "peak_rss_mb": watch.peak,
        "cpu_cores": watch.cpu,
    }


class Bench:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.pg = _pg(args.pg)
        self.ls = label_studio.LabelStudio(
            port=args.ls_port,
            env=label_studio.environment(args.ls_database, self.pg),
        )
        ours_url = f"{args.pg.rstrip('/')}/{args.ours_database}"
        self.ours = ours.Ours(
            port=args.ours_port, env=ours.environment(ours_url), linguists=args.clients
        )
        self.ls_users: list[str] = []
        self.runs: list[dict] = []
        self.ls_state: tuple[int, list[int]] = (0, [])  # the repetition's project, tasks
        self.ours_state: tuple[str, int] = ("", 0)  # the repetition's project, reference round
        self.ours_owned: list[tuple[str, list[int]]] = []  # per linguist: token, assignments

    # --- one measure per tool ---

    def measure(self, what, *args) -> dict:
        """Wait for a quiet machine (--wait-quiet), then run the measure; its figures with the
        cores other processes kept busy just before."""
        busy = wait_quiet(self.args.wait_quiet)
        figures = what(*args)
        figures["busy_before_cores"] = round(busy, 2)
        return figures

    def import_ls(self, rep: int, body: bytes, summaries: int, sentences: int) -> dict:
        project = self.ls.create_project(
            f"Side-by-side r{rep}", corpus_module.label_config()
        )  # untimed, as our project set-up is not (it is inside our import)
        with Watch(self.ls.pids, self.args.ls_database) as rss:
            started = time.perf_counter()
            task_ids = self.ls.import_tasks(project, body)
            seconds = time.perf_counter() - started
        tasks, annotations = self.ls.counts(project)
        if tasks != len(task_ids) or annotations != len(task_ids):
            raise BenchError(
                f"Label Studio holds {tasks} tasks and {annotations} annotations after the import"
                f" of {len(task_ids)}"
            )
        self.ls_state = (project, task_ids)
        return {
            "seconds": seconds,
            "summaries_per_s": summaries / seconds,
            "sentences_per_s": sentences / seconds,
            "peak_rss_mb": rss.peak,
            "cpu_cores": rss.cpu,
            "tasks": tasks,
        }

    def import_ours(self, rep: int, release: Path, documents: Path, summaries: int, sentences: int):
        slug = f"bench-peers-r{rep}"
        with Watch(self.ours.pids, self.args.ours_database) as rss:
            started = time.perf_counter()
            report = self.ours.import_corpus(slug, release, documents)
            seconds = time.perf_counter() - started
        self.ours_state = (slug, self.ours.reference_round(slug))
        return {
            "seconds": seconds,
            "summaries_per_s": summaries / seconds,
            "sentences_per_s": sentences / seconds,
            "peak_rss_mb": rss.peak,
            "cpu_cores": rss.cpu,
            "report": report.strip().splitlines()[-6:],
        }

    def export_ls(self, summaries: int, sentences: int, units: int) -> dict:
        project, _ = self.ls_state
        with Watch(self.ls.pids, self.args.ls_database) as rss:
            started = time.perf_counter()
            raw = self.ls.export(project)
            seconds = time.perf_counter() - started
        held = label_studio.check_export(raw, units, sentences)
        return {
            "seconds": seconds,
            "bytes": len(raw),
            "summaries_per_s": summaries / seconds,
            "peak_rss_mb": rss.peak,
            "cpu_cores": rss.cpu,
            "holds": held,
        }

    def export_ours(self, summaries: int, sentences: int) -> dict:
        slug, round_id = self.ours_state
        with Watch(self.ours.pids, self.args.ours_database) as rss:
            started = time.perf_counter()
            raw = self.ours.release(slug, round_id)
            seconds = time.perf_counter() - started
        held = ours.check_release(raw, summaries, sentences)
        return {
            "seconds": seconds,
            "bytes": len(raw),
            "summaries_per_s": summaries / seconds,
            "peak_rss_mb": rss.peak,
            "cpu_cores": rss.cpu,
            "holds": held,
        }

    def load_ls(self, rep: int) -> dict:
        _, task_ids = self.ls_state
        n = self.args.clients

        def clients(count: int, seed: int) -> list:
            return [
                LabelStudioClient(self.ls.port, self.ls_users[i], task_ids[i::n], seed + i)
                for i in range(count)
            ]

        return self._load(self.ls.pids, self.args.ls_database, clients, rep)

    def load_ours(self, rep: int) -> dict:
        owned = self.ours_owned

        def clients(count: int, seed: int) -> list:
            return [
                OursClient(self.ours.port, owned[i][0], owned[i][1], seed + i) for i in range(count)
            ]

        return self._load(self.ours.pids, self.args.ours_database, clients, rep)

    def _load(self, pids, database: str, clients, rep: int) -> dict:
        seed = self.args.seed * 1000 + rep * 100
        with Watch(pids, database) as watch:
            stats, elapsed = run_load(clients(self.args.clients, seed), self.args.seconds)
        figures = _load_figures(stats, elapsed, watch)
        if self.args.alone_seconds:
            with Watch(pids, database) as watch:
                stats, elapsed = run_load(clients(1, seed + 50), self.args.alone_seconds)
            figures["alone"] = _load_figures(stats, elapsed, watch)
        return figures

    # --- the whole run ---

    def run(self) -> dict:
        args = self.args
        started = time.perf_counter()
        print(f"bench-peers: {label_studio.ensure_installed()}", flush=True)
        print(
            f"bench-peers: generating {args.summaries} annotated summaries (seed {args.seed}) ...",
            flush=True,
        )
        corpus = corpus_module.generate(args.summaries, args.seed)
        summaries, sentences, units = corpus.summaries, corpus.sentences, len(corpus.units)
        folder = Path(tempfile.mkdtemp(prefix="corpus-", dir=PEERS))
        release, documents, ours_bytes = corpus_module.write_tofueval(corpus, folder)
        body = corpus_module.label_studio_tasks(corpus)
        del corpus
        print(
            f"bench-peers: {units} dialogues, {summaries} summaries, {sentences} sentences;"
            f" {ours_bytes / 1e6:.1f} MB for ours (TofuEval layout), {len(body) / 1e6:.1f} MB"
            " for Label Studio (task JSON)",
            flush=True,
        )
        info: dict = {
            "summaries": summaries,
            "sentences": sentences,
            "units": units,
            "ours_input_bytes": ours_bytes,
            "label_studio_input_bytes": len(body),
        }
        try:
            pg_version = create_database(args.pg, args.ours_database)
            create_database(args.pg, args.ls_database)
            info["postgresql"] = pg_version
            print("bench-peers: ours: migrating, users, gunicorn ...", flush=True)
            self.ours.prepare()
            up = self.ours.start()
            info["ours_start_s"] = up
            info["ours_rest_rss_mb"] = PeakRSS(self.ours.pids).sample()
            print(
                f"bench-peers: ours up on 127.0.0.1:{args.ours_port} in {up:.1f} s ({ours.SERVER})",
                flush=True,
            )
            print("bench-peers: Label Studio: migrating and starting ...", flush=True)
            up = self.ls.start()
            info["label_studio_start_s"] = up
            info["label_studio_rest_rss_mb"] = PeakRSS(self.ls.pids).sample()
            self.ls_users = self.ls.create_users(args.clients)
            print(
                f"bench-peers: Label Studio up on 127.0.0.1:{args.ls_port} in {up:.1f} s"
                f" ({label_studio.SERVER})",
                flush=True,
            )
            for rep in range(args.repetitions):
                order = [LS, OURS] if rep % 2 == 0 else [OURS, LS]
                run: dict = {LS: {}, OURS: {}, "order": order}
                for tool in order:
                    print(f"bench-peers: r{rep + 1} import, {tool} ...", flush=True)
                    if tool == LS:
                        run[LS]["import"] = self.measure(
                            self.import_ls, rep, body, summaries, sentences
                        )
                    else:
                        run[OURS]["import"] = self.measure(
                            self.import_ours, rep, release, documents, summaries, sentences
                        )
                    print(f"  {run[tool]['import']['seconds']:.2f} s", flush=True)
                # Untimed: the planner's statistics of the new rows, which autovacuum would
                # gather within a minute (it is off on some servers, e.g. CI's).
                for name in (args.ls_database, args.ours_database):
                    info["autovacuum"] = analyze_database(args.pg, name)
                for tool in order:
                    print(f"bench-peers: r{rep + 1} export, {tool} ...", flush=True)
                    if tool == LS:
                        run[LS]["export"] = self.measure(
                            self.export_ls, summaries, sentences, units
                        )
                    else:
                        run[OURS]["export"] = self.measure(self.export_ours, summaries, sentences)
                    figures = run[tool]["export"]
                    print(f"  {figures['seconds']:.2f} s ({figures['holds']})", flush=True)
                # Untimed: an open round over our imported units, shared out among the linguists
                # (Label Studio's annotators share out the imported tasks the same way).
                self.ours_owned = self.ours.open_round(self.ours_state[0])
                for tool in order:
                    print(
                        f"bench-peers: r{rep + 1} {args.clients} clients for"
                        f" {args.seconds:g} s, {tool} ...",
                        flush=True,
                    )
                    run[tool]["load"] = self.measure(
                        self.load_ls if tool == LS else self.load_ours, rep
                    )
                    figures = run[tool]["load"]
                    print(
                        f"  {figures['pairs_per_s']:.1f} pairs/s, p95 fetch"
                        f" {figures['fetch_p95_ms']:.1f} ms, save {figures['save_p95_ms']:.1f} ms"
                        + (f", failures {figures['failures']}" if figures["failures"] else ""),
                        flush=True,
                    )
                self.runs.append(run)
        finally:
            self.ls.stop()
            self.ours.stop()
            shutil.rmtree(folder, ignore_errors=True)
            if not args.keep:
                ours.remove_files()
            if args.keep:
                print(f"bench-peers: kept databases {args.ls_database}, {args.ours_database}")
            else:
                for name in (args.ls_database, args.ours_database):
                    try:
                        drop_database(args.pg, name)
                    except Exception as error:  # cleaning up: say it and go on
                        print(f"bench-peers: could not drop {name}: {error}", file=sys.stderr)
        info["wall_s"] = time.perf_counter() - started
        return info


# --- the report ---------------------------------------------------------------------------------


def _median(runs: list[dict], tool: str, *path: str) -> float:
    values = []
    for run in runs:
        value = run[tool]
        for key in path:
            value = value[key]
        values.append(value)
    return statistics.median(values)


ROWS = [
    # (label, path, format, better: "lower"/"higher", target key or None)
    ("import, s", ("import", "seconds"), "{:.2f}", "lower", "import"),
    ("  summaries/s", ("import", "summaries_per_s"), "{:,.0f}", "higher", None),
    ("  peak RSS, MB", ("import", "peak_rss_mb"), "{:,.0f}", "lower", None),
    ("  CPU (tool+PG), cores", ("import", "cpu_cores", "tool+postgres"), "{:.2f}", None, None),
    ("export all, s", ("export", "seconds"), "{:.2f}", "lower", "export"),
    ("  export size, MB", ("export", "bytes"), "{:.1f}", None, None),
    ("  peak RSS, MB", ("export", "peak_rss_mb"), "{:,.0f}", "lower", None),
    ("  CPU (tool+PG), cores", ("export", "cpu_cores", "tool+postgres"), "{:.2f}", None, None),
    ("fetch+save pairs/s", ("load", "pairs_per_s"), "{:.1f}", "higher", "throughput"),
    ("  p95 fetch, ms", ("load", "fetch_p95_ms"), "{:.1f}", "lower", "p95_ms"),
    ("  p95 save, ms", ("load", "save_p95_ms"), "{:.1f}", "lower", "p95_ms"),
    ("  p50 fetch, ms", ("load", "fetch_p50_ms"), "{:.1f}", "lower", None),
    ("  p50 save, ms", ("load", "save_p50_ms"), "{:.1f}", "lower", None),
    ("  peak RSS, MB", ("load", "peak_rss_mb"), "{:,.0f}", "lower", None),
    ("  CPU (server), cores", ("load", "cpu_cores", "tool"), "{:.2f}", None, None),
    ("  CPU (PostgreSQL), cores", ("load", "cpu_cores", "postgres"), "{:.2f}", None, None),
    ("1 client alone, pairs/s", ("load", "alone", "pairs_per_s"), "{:.1f}", "higher", None),
    ("  p95 fetch, ms", ("load", "alone", "fetch_p95_ms"), "{:.1f}", "lower", None),
    ("  p95 save, ms", ("load", "alone", "save_p95_ms"), "{:.1f}", "lower", None),
]


def report(args: argparse.Namespace, info: dict, runs: list[dict]) -> dict:
    clients, seconds = args.clients, args.seconds
    print()
    print(
        f"side by side, median of {len(runs)} repetition(s) (order alternated); "
        f"{info['summaries']:,} summaries / {info['sentences']:,} sentences in"
        f" {info['units']:,} units; {clients} clients for {seconds:g} s"
    )
    print(f"  Label Studio {label_studio.VERSION}: {label_studio.SERVER}")
    print(f"  ours: {ours.SERVER}")
    print(
        f"  both on PostgreSQL {info.get('postgresql')} (autovacuum {info.get('autovacuum')};"
        " ANALYZE of both databases after each import, untimed)"
    )
    header = f"{'measure':<26}{'Label Studio':>13}{'ours':>11}{'ratio':>9}  target"
    print(header)
    print("-" * len(header))
    medians: dict[str, dict] = {}
    verdicts: dict[str, bool] = {}
    for label, path, fmt, better, target in ROWS:
        if path[-2:-1] == ("alone",) and not args.alone_seconds:
            continue
        ls_value = _median(runs, LS, *path)
        ours_value = _median(runs, OURS, *path)
        key = ".".join(path)
        medians[key] = {LS: ls_value, OURS: ours_value}
        if path[-1] == "bytes":
            ls_value, ours_value = ls_value / 1e6, ours_value / 1e6
        ratio = float("nan")
        if better == "lower" and ours_value:
            ratio = ls_value / ours_value
        elif better == "higher" and ls_value:
            ratio = ours_value / ls_value
        medians[key]["ratio"] = ratio
        verdict = ""
        if target in ("import", "export", "throughput"):
            met = ratio >= TARGETS[target]
            verdicts[target] = met
            verdict = f">= {TARGETS[target]:g}x: {'met' if met else 'NOT met'}"
        elif target == "p95_ms":
            met = ours_value <= TARGETS["p95_ms"]
            verdicts[key] = met
            verdict = f"ours <= {TARGETS['p95_ms']:g} ms: {'met' if met else 'NOT met'}"
        print(
            f"{label:<26}{fmt.format(ls_value):>13}{fmt.format(ours_value):>11}"
            + (f"{ratio:>8.1f}x" if ratio == ratio else f"{'':>9}")
            + (f"  {verdict}" if verdict else "")
        )
    print(
        f"{'at rest after start, MB':<26}{info['label_studio_rest_rss_mb']:>13,.0f}"
        f"{info['ours_rest_rss_mb']:>11,.0f}"
    )
    failures = {
        tool: sum(sum(run[tool]["load"]["failures"].values()) for run in runs)
        for tool in (LS, OURS)
    }
    print(
        f"failed requests under load: Label Studio {failures[LS]}, ours {failures[OURS]};"
        f" load average at the end {os.getloadavg()[0]:.1f}; whole run {info['wall_s']:.0f} s"
    )
    others = [
        (run[tool][what]["cpu_cores"]["others"], f"r{index + 1} {what} {tool}")
        for index, run in enumerate(runs)
        for tool in (LS, OURS)
        for what in ("import", "export", "load")
    ]
    noisy = [(value, name) for value, name in others if value >= 0.3]
    if noisy:
        print(
            f"note: other processes used >= 0.3 cores during {len(noisy)} of {len(others)}"
            " measures ("
            + ", ".join(f"{name}: {value:.1f}" for value, name in noisy)
            + "); those figures are lower than on an idle machine"
        )
    else:
        print("other processes used < 0.3 cores during every measure")
    print(
        "notes: a ratio is Label Studio's time / ours (import, export, latency, memory) or ours"
        " / Label Studio's (throughput); peak RSS sums each tool's process tree (ours: the"
        " gunicorn master and workers, plus the import command while it runs), sampled every"
        " 50 ms; PostgreSQL is not included. Under a closed loop with"
        f" {clients} clients the latency is mostly queueing ({clients} / requests per s)."
    )
    return {"medians": medians, "verdicts": verdicts, "failures": failures}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summaries", type=int, default=10000)
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument(
        "--alone-seconds",
        type=float,
        default=5,
        help="then one client alone for this long (service time without queueing; 0 skips)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="2,000 summaries, 1 repetition, 10 s of load: a smoke run, not the figures",
    )
    parser.add_argument(
        "--wait-quiet",
        type=float,
        default=60,
        help="before each measure, wait up to this long for other processes to use less than"
        " half a core (default 60 s; 0: measure at once)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432", help="the server")
    parser.add_argument("--ls-database", default="label_studio_bench")
    parser.add_argument("--ours-database", default="annotations_bench_peers")
    parser.add_argument("--ls-port", type=int, default=8091)
    parser.add_argument("--ours-port", type=int, default=8092)
    parser.add_argument("--keep", action="store_true", help="keep both databases")
    parser.add_argument("--json", type=Path, default=RESULTS, help=f"default {RESULTS}")
    args = parser.parse_args()
    if args.quick:
        args.summaries, args.repetitions, args.seconds = 2000, 1, 10
    if args.clients < 1 or args.summaries < 5 * args.clients:
        parser.error("need at least one client and 5 summaries per client")
    PEERS.mkdir(parents=True, exist_ok=True)

    bench = Bench(args)
    info = bench.run()
    summary = report(args, info, bench.runs)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(
        json.dumps(
            {
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "machine": {
                    "cores": os.cpu_count(),
                    "python": platform.python_version(),
                    "postgresql": info.get("postgresql"),
                    "commit": commit,
                },
                "options": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
                "servers": {
                    LS: f"label-studio {label_studio.VERSION}: {label_studio.SERVER}",
                    OURS: ours.SERVER,
                },
                "targets": TARGETS,
                "corpus_and_setup": info,
                "runs": bench.runs,
                **summary,
            },
            indent=2,
            default=str,
        )
    )
    print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
