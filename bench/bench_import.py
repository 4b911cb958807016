"""Import benchmark: a synthetic corpus into PostgreSQL through the real import service.

    python bench/bench_import.py [--dialogues 10000] [--split-dialogues 2000] [--seed 1]
                                 [--keep] [--profile]

(Re)creates the database ``annotations_bench``, migrates it, writes a synthetic native-JSONL
corpus (bench/synthetic.py) and imports it twice, each time into a fresh project and in a
fresh child process (so the peak RSS reported is the import's own, not the generator's):

a. pre-split: summaries carry ``sentences`` lists, as benchmark releases ship them; this is
   the figure held against the target (>= 5,000 summaries/s, < 500 MB peak);
b. text-only: summaries carry only ``text``, so the reader splits them with pysbd; on a
   subset (``--split-dialogues``), since pysbd alone costs a fraction of a millisecond each.

Only ``corpus_import_native`` is timed. SQL statements are counted during it (Django's
statements plus COPYs issued on the raw psycopg cursor), to show they do not grow per row.
Exits non-zero only if an import fails. See bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB = "annotations_bench"
DEFAULT_URL = f"postgres://postgres@127.0.0.1:5432/{BENCH_DB}"
TARGET_RATE = 5000
TARGET_MB = 500
RESULT = "BENCH-RESULT "

sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "annotation_site.settings")
os.environ.setdefault("DATABASE_URL", DEFAULT_URL)


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


# --- the database -------------------------------------------------------------------------


def _admin_conninfo() -> tuple[str, str]:
    """(conninfo of the server's ``postgres`` database, name of the bench database)."""
    from urllib.parse import urlsplit, urlunsplit

    url = urlsplit(os.environ["DATABASE_URL"])
    if url.scheme not in {"postgres", "postgresql", "pgsql"}:
        sys.exit(f"bench: DATABASE_URL must be a PostgreSQL URL, got {url.scheme!r}")
    name = url.path.lstrip("/") or BENCH_DB
    return urlunsplit(("postgresql", url.netloc, "/postgres", url.query, "")), name


def _drop_database() -> None:
    import psycopg
    from psycopg import sql

    conninfo, name = _admin_conninfo()
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


def _create_database() -> str:
    import psycopg
    from psycopg import sql

    _drop_database()
    conninfo, name = _admin_conninfo()
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        version = conn.execute("SHOW server_version").fetchone()[0]
    return version.split()[0]


# --- the child: one measured import ---------------------------------------------------------


def child(path: Path, slug: str, profile: Path | None) -> int:
    """Import ``path`` into a new project ``slug``; print the measurements as one JSON line."""
    import django

    django.setup()
    import psycopg
    from django.db import connection

    from annotations.models import Summary, SummarySentence, Turn
    from annotations.services.corpus_import import corpus_import_native
    from annotations.services.projects import project_get_or_create

    project, _ = project_get_or_create(slug=slug, name=f"Benchmark {slug}")
    baseline_mb = _maxrss_mb()

    statements = {"django": 0, "copy": 0}

    def count(execute, sql, params, many, context):
        statements["django"] += 1
        return execute(sql, params, many, context)

    original_copy = psycopg.Cursor.copy

    def counting_copy(self, *args, **kwargs):
        statements["copy"] += 1
        return original_copy(self, *args, **kwargs)

    psycopg.Cursor.copy = counting_copy  # this process only: counts the COPYs of bulk.py
    profiler = None
    if profile is not None:
        import cProfile

        profiler = cProfile.Profile()
    try:
        with connection.execute_wrapper(count):
            started = time.perf_counter()
            if profiler is not None:
                profiler.enable()
            report = corpus_import_native(project=project, path=path)
            if profiler is not None:
                profiler.disable()
            seconds = time.perf_counter() - started
    finally:
        psycopg.Cursor.copy = original_copy
    peak_mb = _maxrss_mb()
    if profiler is not None:
        profiler.dump_stats(profile)

    # Outside the measurement: check what landed in the database.
    stored = {
        "summaries": Summary.objects.filter(topic__document__corpus__project=project).count(),
        "sentences": SummarySentence.objects.filter(
            summary__topic__document__corpus__project=project
        ).count(),
        "turns": Turn.objects.filter(document__corpus__project=project).count(),
    }
    result = {
        "documents": report.documents_created,
        "turns": report.turns,
        "topics": report.topics,
        "summaries": report.summaries,
        "sentences": report.sentences,
        "seconds": seconds,
        "baseline_mb": baseline_mb,
        "peak_mb": peak_mb,
        "django_statements": statements["django"],
        "copy_statements": statements["copy"],
        "stored": stored,
    }
    print(RESULT + json.dumps(result), flush=True)
    return 0


def run_child(path: Path, slug: str, profile: Path | None) -> dict:
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        str(path),
        "--project",
        slug,
    ]
    if profile is not None:
        command += ["--profile-out", str(profile)]
    completed = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, text=True, check=False)
    lines = [line for line in completed.stdout.splitlines() if line.startswith(RESULT)]
    if completed.returncode != 0 or not lines:
        sys.stdout.write(completed.stdout)
        raise SystemExit(f"bench: the import of {path.name} failed (exit {completed.returncode})")
    return json.loads(lines[-1][len(RESULT) :])


# --- the parent ---------------------------------------------------------------------------


def _row(label: str, dialogues: int, result: dict) -> str:
    statements = result["django_statements"] + result["copy_statements"]
    rows = result["documents"] + result["turns"] + result["topics"]
    rows += result["summaries"] + result["sentences"]
    return (
        f"{label:<14}{dialogues:>10}{result['summaries']:>11}{result['sentences']:>11}"
        f"{rows:>10}{result['seconds']:>9.1f}{result['summaries'] / result['seconds']:>13.0f}"
        f"{result['sentences'] / result['seconds']:>13.0f}{result['peak_mb']:>9.0f}"
        f"{statements:>9}{statements * 1000 / max(result['documents'], 1):>10.1f}"
    )


def _print_profile(path: Path, limit: int = 30) -> None:
    import pstats

    stats = pstats.Stats(str(path))
    stats.sort_stats("cumulative").print_stats(limit)
    stats.sort_stats("tottime").print_stats(limit)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dialogues", type=int, default=10000, help="pre-split corpus size")
    parser.add_argument(
        "--split-dialogues",
        type=int,
        default=2000,
        help="text-only (pysbd) corpus size, the first N dialogues; 0 skips it",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the bench database")
    parser.add_argument("--profile", action="store_true", help="cProfile each import")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--project", help=argparse.SUPPRESS)
    parser.add_argument("--profile-out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child, args.project, args.profile_out)

    split_dialogues = min(args.split_dialogues, args.dialogues)
    print(f"bench: creating database {_admin_conninfo()[1]} and migrating ...", flush=True)
    pg_version = _create_database()
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection
        from synthetic import write_corpus

        call_command("migrate", verbosity=0)
        connection.close()

        with tempfile.TemporaryDirectory(prefix="bench-import-") as tmp:
            presplit = Path(tmp) / "presplit.jsonl"
            text_only = Path(tmp) / "text-only.jsonl"
            started = time.perf_counter()
            full, subset = write_corpus(
                dialogues=args.dialogues,
                seed=args.seed,
                presplit=presplit,
                text_only=text_only if split_dialogues else None,
                text_dialogues=split_dialogues,
            )
            print(
                f"bench: generated {full.dialogues} dialogues, {full.summaries} summaries,"
                f" {full.sentences} sentences ({full.bytes / 2**20:.0f} MB of JSONL, seed"
                f" {args.seed}) in {time.perf_counter() - started:.1f} s; generation is not timed",
                flush=True,
            )
            runs = [("pre-split", full.dialogues, presplit, full)]
            if split_dialogues:
                runs.append(("text (pysbd)", split_dialogues, text_only, subset))
            results = []
            for index, (label, dialogues, path, stats) in enumerate(runs):
                print(f"bench: importing {label} ({dialogues} dialogues) ...", flush=True)
                profile = Path(tmp) / f"profile-{index}.prof" if args.profile else None
                result = run_child(path, f"bench-{index}", profile)
                results.append((label, dialogues, result, stats))
                if profile is not None:
                    print(f"\n--- cProfile of the {label} import ---")
                    _print_profile(profile)
    finally:
        if args.keep:
            print(f"bench: kept database {_admin_conninfo()[1]}")
        else:
            from django.db import connections

            connections.close_all()
            _drop_database()

    print()
    print(
        f"import benchmark (PostgreSQL {pg_version}, Python {platform.python_version()},"
        f" {os.cpu_count()} cores, {time.strftime('%Y-%m-%d')})"
    )
    print(
        f"{'corpus':<14}{'dialogues':>10}{'summaries':>11}{'sentences':>11}{'rows':>10}"
        f"{'seconds':>9}{'summaries/s':>13}{'sentences/s':>13}{'peak MB':>9}{'queries':>9}"
        f"{'q/1k docs':>10}"
    )
    notes = []
    for label, dialogues, result, stats in results:
        print(_row(label, dialogues, result))
        if result["stored"]["summaries"] != result["summaries"]:
            notes.append(f"{label}: the database holds {result['stored']} rows, not the report's")
        if result["sentences"] != stats.sentences:
            notes.append(
                f"{label}: {result['sentences']} sentences stored, the generator wrote"
                f" {stats.sentences} (pysbd split some differently)"
            )
    print(f"target (pre-split): >= {TARGET_RATE} summaries/s, < {TARGET_MB} MB peak RSS")
    print(
        "peak MB: max RSS of the child process that ran the import (Django and the project"
        f" set-up alone: {results[0][2]['baseline_mb']:.0f} MB); queries: SQL statements during"
        " the import (COPYs included)"
    )
    if len(results) > 1:
        print(
            f"text (pysbd) runs on the first {results[1][1]} dialogues only"
            " (--split-dialogues); its rate is per summary, comparable with the pre-split one"
        )
    head = results[0][2]
    verdict = (
        "meets"
        if head["summaries"] / head["seconds"] >= TARGET_RATE and head["peak_mb"] < TARGET_MB
        else "MISSES"
    )
    print(f"pre-split {verdict} the target")
    for note in notes:
        print(f"note: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
