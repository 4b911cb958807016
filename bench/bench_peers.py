"""Side-by-side benchmark per fully judged unit: our site against Label Studio Community Edition
and Potato on the same work.

    python bench/bench_peers.py [--summaries 10000] [--repetitions 3] [--clients 20]
                                [--seconds 30] [--open-seconds 45] [--alone-seconds 15]
                                [--quick] [--seed 1] [--keep] [--json var/bench-peers.json]

Installs Label Studio (a pinned 1.x, with gunicorn) and Potato (a pinned potato-annotation)
from PyPI into their own virtualenvs under var/peers/ (skipped when those versions are
there). Ours and Label Studio each run on a fresh PostgreSQL database under gunicorn with 2
sync workers (DEBUG off); Potato as documented (`potato start`: one process, files, no
database). The same synthetic corpus (bench/peers/corpus.py: dialogues with one topic and
the summaries of 5 systems, split into sentences, all labelled) goes into all three.

A unit of work is one dialogue with its five summaries judged in full (~17.5 sentence labels,
an explanation and error types for the inconsistent fifth, each summary's relevance, the
topic's category), made by a simulated linguist at a linguist's pace and sent as each tool's
own frontend sends it (bench/peers/unit_pattern.py): ours, the workspace payload, the
batched saves of the save queue and submit (~27 requests); Label Studio, a task per dialogue,
GET the task and POST the annotation (its editor's 2 requests); Potato, an instance per
summary, its page, its debounced saves, its interaction tracker and Next (~70).

Each repetition, rotating which tool goes first:

a. import and export, as budgets (ours; Label Studio beside it): ours imports the 10,000
   annotated summaries (`manage.py import_corpus --format tofueval`) and builds and
   downloads a native release; Label Studio imports its task JSON and exports JSON. Potato
   has neither (its data is a file it reads at start: its start time is reported).
b. per tool, --clients linguists in a closed loop for --seconds (judged units/s at
   saturation, and the server CPU per judged unit: the tool's processes plus its PostgreSQL
   backends), then --clients linguists in an open loop, one action every 2-5 s, for
   --open-seconds (p95 per action), then one linguist alone for --alone-seconds (p95 per
   action without queueing).

Prints the medians over the repetitions, the ratios and the targets with met / NOT met
(server CPU per unit <= 1/10 of Label Studio's, units/s >= 5x Label Studio's, every action's
p95 <= 25 ms alone and <= 50 ms open-loop, import <= 5 s, export <= 3 s), the load average
during each measure; writes every figure to var/bench-peers.json. Stops the servers and drops
the databases at the end (--keep keeps them). Exits non-zero only when the harness fails.
Method and figures: docs/performance.md ("Against Label Studio and Potato").
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
from peers import label_studio, ours, potato  # noqa: E402
from peers.common import (  # noqa: E402
    PEERS,
    ROOT,
    BenchError,
    PeakRSS,
    Watch,
    analyze_database,
    cpu_per_unit,
    create_database,
    drop_database,
    percentile,
    wait_quiet,
)
from peers.load import (  # noqa: E402
    Client,
    LabelStudioClient,
    OursClient,
    PotatoClient,
    Stats,
    run_load,
)

LS, POTATO, OURS = "Label Studio", "Potato", "ours"
TOOLS = (LS, POTATO, OURS)
TARGETS = {
    "cpu_per_unit_share": 0.1,  # ours <= 1/10 of Label Studio's
    "units_per_s_ratio": 5.0,  # ours >= 5x Label Studio's
    "p95_alone_ms": 25.0,
    "p95_open_ms": 50.0,
    "import_s": 5.0,
    "export_s": 3.0,
}
RESULTS = ROOT / "var" / "bench-peers.json"


def _pg(url: str) -> dict[str, str]:
    parts = urlsplit(url)
    return {
        "host": parts.hostname or "127.0.0.1",
        "port": str(parts.port or 5432),
        "user": parts.username or "postgres",
        "password": parts.password or "",
    }


def load_figures(stats: Stats, elapsed: float, watch: Watch, load: tuple[float, float]) -> dict:
    """One load measure's figures: units, requests, per-action percentiles, CPU."""
    return {
        "units": stats.work,
        "whole_units": stats.units,
        "requests": stats.requests,
        "seconds": round(elapsed, 2),
        "units_per_s": stats.work / elapsed,
        "requests_per_unit": stats.requests / stats.work if stats.work else float("nan"),
        "p50_ms": {a: percentile(v, 50) for a, v in sorted(stats.ms.items())},
        "p95_ms": {a: percentile(v, 95) for a, v in sorted(stats.ms.items())},
        "count": {a: len(v) for a, v in sorted(stats.ms.items())},
        "failures": dict(stats.failures),
        "peak_rss_mb": watch.peak,
        "cpu_cores": watch.cpu,
        "cpu_seconds": watch.seconds,
        "cpu_ms_per_unit": cpu_per_unit(watch.seconds, stats.work),
        "loadavg": [round(load[0], 2), round(load[1], 2)],  # 1-minute, at start and end
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
        self.potato = potato.Potato(port=args.potato_port)
        self.potato_config: Path | None = None
        self.potato_sentences: dict[str, int] = {}
        self.potato_cookies: dict[str, str] = {}
        self.ls_users: list[str] = []
        self.runs: list[dict] = []
        self.ls_state: tuple[int, list[int]] = (0, [])  # the repetition's project, tasks
        self.ours_state: tuple[str, int] = ("", 0)  # the repetition's project, reference round
        # Per linguist, the units not judged yet (shared by the repetition's three measures).
        self.pools: dict[str, list] = {}

    # --- import and export (ours and Label Studio) ---

    def measure(self, what, *args) -> dict:
        """Wait for a quiet machine (--wait-quiet), then run the measure; its figures with the
        cores other processes kept busy just before."""
        busy = wait_quiet(self.args.wait_quiet)
        figures = what(*args)
        figures["busy_before_cores"] = round(busy, 2)
        return figures

    def import_ls(self, rep: int, body: bytes, summaries: int) -> dict:
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
            "peak_rss_mb": rss.peak,
            "cpu_cores": rss.cpu,
        }

    def import_ours(self, rep: int, release: Path, documents: Path, summaries: int) -> dict:
        slug = f"bench-peers-r{rep}"
        with Watch(self.ours.pids, self.args.ours_database) as rss:
            started = time.perf_counter()
            report = self.ours.import_corpus(slug, release, documents)
            seconds = time.perf_counter() - started
        self.ours_state = (slug, self.ours.reference_round(slug))
        return {
            "seconds": seconds,
            "summaries_per_s": summaries / seconds,
            "peak_rss_mb": rss.peak,
            "cpu_cores": rss.cpu,
            "report": report.strip().splitlines()[-6:],
        }

    def export_ls(self, sentences: int, units: int) -> dict:
        project, _ = self.ls_state
        with Watch(self.ls.pids, self.args.ls_database) as rss:
            started = time.perf_counter()
            raw = self.ls.export(project)
            seconds = time.perf_counter() - started
        return {
            "seconds": seconds,
            "bytes": len(raw),
            "peak_rss_mb": rss.peak,
            "cpu_cores": rss.cpu,
            "holds": label_studio.check_export(raw, units, sentences),
        }

    def export_ours(self, summaries: int, sentences: int) -> dict:
        slug, round_id = self.ours_state
        with Watch(self.ours.pids, self.args.ours_database) as rss:
            started = time.perf_counter()
            raw = self.ours.release(slug, round_id)
            seconds = time.perf_counter() - started
        return {
            "seconds": seconds,
            "bytes": len(raw),
            "peak_rss_mb": rss.peak,
            "cpu_cores": rss.cpu,
            "holds": ours.check_release(raw, summaries, sentences),
        }

    # --- the judged units ---

    def clients(self, tool: str, count: int, seed: int) -> list[Client]:
        n = self.args.clients
        if tool == OURS:
            return [
                OursClient(self.ours.port, self.pools[OURS][i][0], self.pools[OURS][i][1], seed + i)
                for i in range(count)
            ]
        if tool == LS:
            return [
                LabelStudioClient(
                    self.ls.port,
                    self.ls_users[i],
                    self.pools[LS][i],
                    seed + i,
                    corpus_module.ERROR_TYPES,
                )
                for i in range(min(count, n))
            ]
        return [
            PotatoClient(
                self.potato.port,
                f"linguist{i:02d}",
                seed + i,
                self.potato_sentences,
                corpus_module.ERROR_TYPES,
                self.potato_cookies,
            )
            for i in range(count)
        ]

    def units(self, tool: str, rep: int) -> dict:
        """The three load measures of one tool: closed loop, open loop, alone."""
        args = self.args
        pids = {OURS: self.ours.pids, LS: self.ls.pids, POTATO: self.potato.pids}[tool]
        database = {OURS: args.ours_database, LS: args.ls_database, POTATO: None}[tool]
        seed = args.seed * 10000 + rep * 1000
        figures: dict = {}
        for name, mode, count, seconds in (
            ("closed", "closed", args.clients, args.seconds),
            ("open", "open", args.clients, args.open_seconds),
            ("alone", "closed", 1, args.alone_seconds),
        ):
            if seconds <= 0:
                continue
            busy = wait_quiet(args.wait_quiet)
            clients = self.clients(
                tool, count, seed + {"closed": 0, "open": 100, "alone": 200}[name]
            )
            before = os.getloadavg()[0]
            # Watched from when every linguist is ready (its warm-up: a connection, Potato's
            # log-in, the open loop's unit under way, are not the measure's).
            watch = Watch(pids, database)
            try:
                stats, elapsed = run_load(clients, mode, seconds, on_start=watch.__enter__)
            finally:
                if hasattr(watch, "_started"):  # entered: every linguist got ready
                    watch.__exit__(None, None, None)
            figures[name] = load_figures(stats, elapsed, watch, (before, os.getloadavg()[0]))
            figures[name]["busy_before_cores"] = round(busy, 2)
            print(f"  {name}: {_describe(figures[name])}", flush=True)
        return figures

    def prepare_units(self, rep: int, task_ids: list[int]) -> None:
        """Untimed: who judges what in this repetition. Ours: an open round over the imported
        units, shared out among the linguists; Label Studio: the imported tasks shared out
        the same way; Potato: a fresh start on its instances (it hands them out itself)."""
        n = self.args.clients
        self.pools[OURS] = [
            (token, iter(ids)) for token, ids in self.ours.open_round(self.ours_state[0])
        ]
        self.pools[LS] = [iter(task_ids[i::n]) for i in range(n)]
        self.potato.stop()
        self.potato_cookies.clear()
        assert self.potato_config is not None
        self.potato_start_s.append(self.potato.start(self.potato_config, fresh=True))

    # --- the whole run ---

    def run(self) -> dict:
        args = self.args
        started = time.perf_counter()
        print(f"bench-peers: {label_studio.ensure_installed()}", flush=True)
        print(f"bench-peers: {potato.ensure_installed(label_studio.interpreter())}", flush=True)
        print(
            f"bench-peers: generating {args.summaries} annotated summaries (seed {args.seed}) ...",
            flush=True,
        )
        corpus = corpus_module.generate(args.summaries, args.seed)
        summaries, sentences, units = corpus.summaries, corpus.sentences, len(corpus.units)
        folder = Path(tempfile.mkdtemp(prefix="corpus-", dir=PEERS))
        release, documents, ours_bytes = corpus_module.write_tofueval(corpus, folder)
        body = corpus_module.label_studio_tasks(corpus)
        self.potato_config = potato.write_task(
            corpus.units, corpus_module.ERROR_TYPES, args.potato_port
        )
        self.potato_sentences = {
            f"{unit.doc_id}-{summary.system}": len(summary.sentences)
            for unit in corpus.units
            for summary in unit.summaries
        }
        self.potato_start_s: list[float] = []
        del corpus
        print(
            f"bench-peers: {units} dialogues, {summaries} summaries, {sentences} sentences;"
            f" {ours_bytes / 1e6:.1f} MB for ours (TofuEval layout), {len(body) / 1e6:.1f} MB"
            " for Label Studio (task JSON), one instance per summary for Potato",
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
            info["postgresql"] = create_database(args.pg, args.ours_database)
            create_database(args.pg, args.ls_database)
            print("bench-peers: ours: migrating, users, gunicorn ...", flush=True)
            self.ours.prepare()
            info["ours_start_s"] = self.ours.start()
            info["ours_rest_rss_mb"] = PeakRSS(self.ours.pids).sample()
            print("bench-peers: Label Studio: migrating, then gunicorn ...", flush=True)
            info["label_studio_start_s"] = self.ls.start()
            info["label_studio_rest_rss_mb"] = PeakRSS(self.ls.pids).sample()
            self.ls_users = self.ls.create_users(args.clients)
            print("bench-peers: all three installed and set up", flush=True)
            for rep in range(args.repetitions):
                order = list(TOOLS[rep % 3 :] + TOOLS[: rep % 3])
                run: dict = {tool: {} for tool in TOOLS}
                run["order"] = order
                for tool in [t for t in order if t != POTATO]:
                    print(f"bench-peers: r{rep + 1} import, {tool} ...", flush=True)
                    if tool == LS:
                        run[LS]["import"] = self.measure(self.import_ls, rep, body, summaries)
                    else:
                        run[OURS]["import"] = self.measure(
                            self.import_ours, rep, release, documents, summaries
                        )
                    print(f"  {run[tool]['import']['seconds']:.2f} s", flush=True)
                # Untimed: the planner's statistics of the new rows, which autovacuum would
                # gather within a minute (it is off on some servers, e.g. CI's).
                for name in (args.ls_database, args.ours_database):
                    info["autovacuum"] = analyze_database(args.pg, name)
                for tool in [t for t in order if t != POTATO]:
                    print(f"bench-peers: r{rep + 1} export, {tool} ...", flush=True)
                    if tool == LS:
                        run[LS]["export"] = self.measure(self.export_ls, sentences, units)
                    else:
                        run[OURS]["export"] = self.measure(self.export_ours, summaries, sentences)
                    figures = run[tool]["export"]
                    print(f"  {figures['seconds']:.2f} s ({figures['holds']})", flush=True)
                self.prepare_units(rep, self.ls_state[1])
                run[POTATO]["start_s"] = self.potato_start_s[-1]
                for tool in order:
                    print(f"bench-peers: r{rep + 1} judged units, {tool} ...", flush=True)
                    run[tool] |= self.units(tool, rep)
                self.runs.append(run)
        finally:
            self.ls.stop()
            self.ours.stop()
            self.potato.stop()
            shutil.rmtree(folder, ignore_errors=True)
            if not args.keep:
                ours.remove_files()
                potato.remove_files()
            if args.keep:
                print(f"bench-peers: kept databases {args.ls_database}, {args.ours_database}")
            else:
                for name in (args.ls_database, args.ours_database):
                    try:
                        drop_database(args.pg, name)
                    except Exception as error:  # cleaning up: say it and go on
                        print(f"bench-peers: could not drop {name}: {error}", file=sys.stderr)
        info["potato_start_s"] = self.potato_start_s
        info["wall_s"] = time.perf_counter() - started
        info["loadavg_at_end"] = os.getloadavg()[0]
        return info


def _describe(figures: dict) -> str:
    p95 = ", ".join(f"{a} {v:.1f}" for a, v in figures["p95_ms"].items())
    cpu = figures["cpu_ms_per_unit"]
    text = (
        f"{figures['units']:.1f} units ({figures['units_per_s']:.2f}/s),"
        f" {figures['requests_per_unit']:.1f} requests/unit, CPU/unit {cpu['web']:.0f}"
        f" + {cpu['postgres']:.0f} ms; p95 ms: {p95}; load {figures['loadavg'][1]:.1f}"
    )
    if figures["failures"]:
        text += f"; failures {figures['failures']}"
    return text


# --- the report ---------------------------------------------------------------------------------


def _values(runs: list[dict], tool: str, *path: str) -> list[float]:
    values = []
    for run in runs:
        value = run[tool]
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
            if value is None:
                break
        if isinstance(value, int | float):
            values.append(float(value))
    return values


def median_of(runs: list[dict], tool: str, *path: str) -> float:
    values = [v for v in _values(runs, tool, *path) if v == v]
    return statistics.median(values) if values else float("nan")


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def _fmt(value: float, spec: str = ".1f") -> str:
    return "n/a" if value != value else format(value, spec)


def report(args: argparse.Namespace, info: dict, runs: list[dict]) -> dict:
    print()
    print(
        f"per fully judged unit, median of {len(runs)} repetition(s) (order rotated);"
        f" {info['summaries']:,} summaries / {info['sentences']:,} sentences in"
        f" {info['units']:,} units; {args.clients} linguists closed-loop {args.seconds:g} s,"
        f" open-loop (an action every 2-5 s) {args.open_seconds:g} s, one alone"
        f" {args.alone_seconds:g} s"
    )
    print(f"  Label Studio {label_studio.VERSION}: {label_studio.SERVER}")
    print(f"  Potato {potato.VERSION}: {potato.SERVER}")
    print(f"  ours: {ours.SERVER}")
    print(f"  PostgreSQL {info.get('postgresql')} (autovacuum {info.get('autovacuum')})")
    medians: dict[str, dict] = {}
    verdicts: dict[str, bool] = {}
    header = f"{'measure':<34}{LS:>13}{POTATO:>10}{OURS:>9}{'LS/ours':>9}  target"
    print(header)
    print("-" * len(header))
    rows = [
        ("server CPU per unit, ms", ("closed", "cpu_ms_per_unit", "total"), "lower"),
        ("  web processes, ms", ("closed", "cpu_ms_per_unit", "web"), "lower"),
        ("  PostgreSQL backends, ms", ("closed", "cpu_ms_per_unit", "postgres"), "lower"),
        ("requests per unit", ("closed", "requests_per_unit"), None),
        ("judged units/s, 20 closed-loop", ("closed", "units_per_s"), "higher"),
        ("  server cores busy", ("closed", "cpu_cores", "tool+postgres"), None),
        ("  peak RSS, MB", ("closed", "peak_rss_mb"), "lower"),
        ("server CPU per unit, 1 alone, ms", ("alone", "cpu_ms_per_unit", "total"), "lower"),
        ("judged units/s, 1 alone", ("alone", "units_per_s"), "higher"),
        ("load average during closed loop", ("closed", "loadavg", "1"), None),
    ]
    for label, path, better in rows:
        if path[-2:] == ("loadavg", "1"):
            values = {
                t: statistics.median([r[t]["closed"]["loadavg"][1] for r in runs]) for t in TOOLS
            }
        else:
            values = {t: median_of(runs, t, *path) for t in TOOLS}
        ratio = float("nan")
        if better == "lower" and values[OURS]:
            ratio = values[LS] / values[OURS]
        elif better == "higher" and values[LS]:
            ratio = values[OURS] / values[LS]
        key = ".".join(path)
        medians[key] = {**values, "ratio": ratio}
        target = ""
        if key == "closed.cpu_ms_per_unit.total":
            met = values[OURS] <= TARGETS["cpu_per_unit_share"] * values[LS]
            verdicts["cpu_per_unit"] = met
            target = f"ours <= 1/10 of LS: {verdict(met)}"
        elif key == "closed.units_per_s":
            met = ratio >= TARGETS["units_per_s_ratio"]
            verdicts["units_per_s"] = met
            target = f">= 5x LS: {verdict(met)}"
        print(
            f"{label:<34}{_fmt(values[LS]):>13}{_fmt(values[POTATO]):>10}{_fmt(values[OURS]):>9}"
            + (f"{ratio:>8.1f}x" if ratio == ratio else f"{'':>9}")
            + (f"  {target}" if target else "")
        )
    for phase, limit_key, label in (
        ("open", "p95_open_ms", f"p95 per action, {args.clients} open-loop, ms"),
        ("alone", "p95_alone_ms", "p95 per action, 1 client alone, ms"),
    ):
        print(label)
        limit = TARGETS[limit_key]
        worst = 0.0
        for tool in TOOLS:
            actions = sorted({a for r in runs for a in r[tool].get(phase, {}).get("p95_ms", {})})
            parts = []
            for action in actions:
                value = median_of(runs, tool, phase, "p95_ms", action)
                medians[f"{phase}.p95_ms.{action}"] = {
                    **medians.get(f"{phase}.p95_ms.{action}", {}),
                    tool: value,
                }
                parts.append(f"{action} {_fmt(value)}")
                if tool == OURS and value == value:
                    worst = max(worst, value)
            line = f"  {tool:<14}" + ", ".join(parts)
            if tool == OURS:
                met = bool(parts) and worst <= limit
                verdicts[limit_key] = met
                line += f"   every action <= {limit:g} ms: {verdict(met)}"
            print(line)
    print("import and export (budgets on an idle machine; Potato has neither: it reads a file)")
    for what, key, limit in (
        (f"import {info['summaries']:,} annotated summaries, s", "import", TARGETS["import_s"]),
        ("native export, s", "export", TARGETS["export_s"]),
    ):
        ls_value = median_of(runs, LS, key, "seconds")
        ours_value = median_of(runs, OURS, key, "seconds")
        met = ours_value <= limit
        verdicts[f"{key}_s"] = met
        medians[f"{key}.seconds"] = {LS: ls_value, OURS: ours_value}
        print(
            f"  {what:<38} Label Studio {ls_value:.2f}, ours {ours_value:.2f}"
            f"   ours <= {limit:g} s: {verdict(met)}"
        )
    starts = info.get("potato_start_s") or []
    if starts:
        print(
            f"  Potato's start with the {info['summaries']:,} instances:"
            f" {statistics.median(starts):.1f} s"
        )
    failures = {
        tool: sum(
            sum(run[tool][phase]["failures"].values())
            for run in runs
            for phase in ("closed", "open", "alone")
            if phase in run[tool]
        )
        for tool in TOOLS
    }
    print(
        "failed requests: "
        + ", ".join(f"{t} {n}" for t, n in failures.items())
        + f"; load average at the end {info.get('loadavg_at_end', os.getloadavg()[0]):.1f};"
        f" whole run {info['wall_s']:.0f} s"
    )
    others = [
        (run[tool][phase]["cpu_cores"]["others"], f"r{index + 1} {phase} {tool}")
        for index, run in enumerate(runs)
        for tool in TOOLS
        for phase in ("closed", "open", "alone")
        if phase in run[tool]
    ]
    noisy = [(value, name) for value, name in others if value >= 0.3]
    if noisy:
        print(
            f"note: other processes used >= 0.3 cores during {len(noisy)} of {len(others)}"
            " load measures ("
            + ", ".join(f"{name}: {value:.1f}" for value, name in noisy)
            + "); those figures are lower than on an idle machine"
        )
    print(
        "notes: CPU per unit = CPU seconds of the tool's processes (and of the PostgreSQL"
        " backends of its database) during the closed loop / units judged in it, each answered"
        " request counting as its share of its unit (1 / the unit's requests). Ratios: Label"
        " Studio / ours for costs, ours / Label Studio for units/s. The import and export"
        " targets are for an idle machine: see the load average."
    )
    return {"medians": medians, "verdicts": verdicts, "failures": failures}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summaries", type=int, default=10000)
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument(
        "--seconds", type=float, default=30, help="closed loop (saturation), default 30 s"
    )
    parser.add_argument(
        "--open-seconds",
        type=float,
        default=45,
        help="open loop, an action every 2-5 s per linguist (default 45 s; 0 skips)",
    )
    parser.add_argument(
        "--alone-seconds",
        type=float,
        default=15,
        help="then one linguist alone, closed loop (service time without queueing; 0 skips)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="2,000 summaries, 1 repetition, 10 s of each load: a smoke run, not the figures",
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
    parser.add_argument("--potato-port", type=int, default=8093)
    parser.add_argument("--keep", action="store_true", help="keep both databases")
    parser.add_argument("--json", type=Path, default=RESULTS, help=f"default {RESULTS}")
    parser.add_argument(
        "--report", type=Path, help="print the report of a saved run's figures (its JSON) only"
    )
    args = parser.parse_args()
    if args.quick:
        args.summaries, args.repetitions = 2000, 1
        args.seconds = args.open_seconds = 10
        args.alone_seconds = 5
    if args.clients < 1 or args.summaries < 5 * args.clients:
        parser.error("need at least one client and 5 summaries per client")
    PEERS.mkdir(parents=True, exist_ok=True)

    if args.report is not None:  # the report of an earlier run's figures, again
        saved = json.loads(args.report.read_text())
        for key, value in saved["options"].items():
            if key not in ("report", "json"):
                setattr(args, key, value)
        info = saved["corpus_and_setup"]
        if "loadavg_at_end" in saved["machine"]:
            info["loadavg_at_end"] = saved["machine"]["loadavg_at_end"][0]
        report(args, info, saved["runs"])
        return 0
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
                    "loadavg_at_end": os.getloadavg(),
                },
                "options": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
                "servers": {
                    LS: f"label-studio {label_studio.VERSION}: {label_studio.SERVER}",
                    POTATO: f"potato-annotation {potato.VERSION}: {potato.SERVER}",
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
