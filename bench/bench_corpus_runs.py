"""Corpus runs (issue 31): upload an evaluator's run of a million records on a project's corpus.

    python bench/bench_corpus_runs.py [--summaries 333334] [--sentences 3] [--abstain 0.02]
                                      [--format csv|jsonl] [--seed 1] [--database-url URL]
                                      [--keep] [--reuse]

(Re)creates the database ``annotations_bench_corpus_runs`` (bench_import.py's helpers),
migrates it and imports, untimed, the synthetic corpus of bench_release.py (``--summaries``
summaries of ``--sentences`` +- 1 sentences: ~1,000,000 sentences by default) into one
project with ``corpus_import_native``, then ``ANALYZE``s it (as autovacuum would; without
statistics the corpus's ids were read by a nested-loop plan that took minutes). A run file is
written (``--format``: CSV ``record_id,label,score`` or JSONL with the same fields, for every
sentence, ``--abstain`` of them abstaining; ids from the corpus's own records).

Then, twice, each time in a fresh process with the production settings, Django and the upload
service loaded (as a worker has them), ``corpus_run_upload`` is timed end to end: the corpus's
record ids (the first time computed in one streamed query, as for a corpus never uploaded to
or changed since; the second time read from ``CorpusRecordsCache``), the file read and checked
a chunk at a time, and the records written as arrays in parts (``CorpusRunPart``) by binary
COPY in one transaction; records/s
(target >= 200,000) and the process's peak RSS (VmHWM, target < 400 MB), with the time of each
step. ``--keep`` keeps the database; ``--reuse`` measures a kept one again. See
bench/README.md.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB = "annotations_bench_corpus_runs"
DEFAULT_URL = f"postgres://postgres@127.0.0.1:5432/{BENCH_DB}"
PROJECT = "bench-corpus-runs"
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_release import _configure_environment, _maxrss_mb, write_corpus  # noqa: E402


def _cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process on this machine (the PostgreSQL backend
    serving the upload's connection), from /proc; 0 when it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _upload(database_url: str, media: str, path: str, cold: bool) -> dict[str, float]:
    """In a fresh process: one corpus run's upload, timed by step; ``cold``: without the
    corpus's record ids kept from an earlier upload."""
    _configure_environment(database_url, media)
    import django

    django.setup()
    from annotations import services  # noqa: F401
    from annotations.formats import corpus_predictions
    from annotations.models import CorpusRecordsCache, CorpusRun, Project
    from annotations.selectors import corpus_records as selector
    from annotations.services import corpus_runs

    project = Project.objects.get(slug=PROJECT)
    CorpusRun.objects.filter(project=project).delete()
    if cold:
        CorpusRecordsCache.objects.filter(project=project).delete()
    steps: dict[str, float] = {}

    def timed(name: str, function):  # type: ignore[no-untyped-def]
        def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                steps[name] = steps.get(name, 0.0) + time.perf_counter() - started

        return wrapper

    corpus_runs.corpus_records = timed("corpus ids", selector.corpus_records)  # type: ignore[attr-defined]
    corpus_runs.read_corpus_predictions = timed(  # type: ignore[attr-defined]
        "read and check", corpus_predictions.read_corpus_predictions
    )
    corpus_runs.store_run_records = timed(  # type: ignore[attr-defined]
        "parts written", corpus_runs.store_run_records
    )
    data = Path(path).read_bytes()
    before = _maxrss_mb()
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    server_before = _cpu_seconds(backend)
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    run = corpus_runs.corpus_run_upload(
        project=project, evaluator="Bench judge", version="v1", data=data, file_name=Path(path).name
    )
    took = time.perf_counter() - started
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    steps["cpu"] = cpu.ru_utime + cpu.ru_stime - cpu_before.ru_utime - cpu_before.ru_stime
    steps["server cpu"] = _cpu_seconds(backend) - server_before
    return {
        "seconds": took,
        "records": run.sentences + run.summaries,
        "abstained": run.abstained,
        "peak": _maxrss_mb(),
        "before": before,
        "megabytes": len(data) / 2**20,
        **steps,
    }


def _report(measured: dict[str, float], form: str, cold: bool) -> None:
    n = measured["records"]
    steps = ("corpus ids", "read and check", "parts written")
    rest = measured["seconds"] - sum(measured[step] for step in steps)
    print(
        f"upload ({'record ids computed' if cold else 'record ids kept'}): {n:,.0f} records"
        f" ({measured['megabytes']:.0f} MB {form.upper()}, {measured['abstained']:,.0f}"
        f" abstained) in {measured['seconds']:.2f} s: {n / measured['seconds']:,.0f} records/s"
        f" (target >= 200,000); peak RSS {measured['peak']:.0f} MB (target < 400 MB;"
        f" {measured['before']:.0f} MB with the file read, before the upload)"
    )
    print(
        "  steps: "
        + ", ".join(f"{step} {measured[step]:.2f} s" for step in steps)
        + f"; the rest (evaluator and run rows, sorting the records into parts, commit)"
        f" {rest:.2f} s"
    )
    print(
        f"  CPU: {measured['cpu']:.2f} s in the uploading process, {measured['server cpu']:.2f}"
        " s in its PostgreSQL backend (wall time above includes waiting for a CPU: see"
        f" `uptime`); load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summaries", type=int, default=333_334)
    parser.add_argument("--sentences", type=int, default=3, help="per summary, +-1 (mean)")
    parser.add_argument("--abstain", type=float, default=0.02)
    parser.add_argument("--format", choices=("csv", "jsonl"), default="csv")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_CORPUS_RUNS_DATABASE_URL", DEFAULT_URL),
        help=f"dropped and recreated (default {DEFAULT_URL}); its name must contain 'bench'",
    )
    parser.add_argument("--keep", action="store_true", help="keep the bench database")
    parser.add_argument("--reuse", action="store_true", help="measure a kept database again")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="bench-corpus-runs-")
    media = Path(tmp) / "media"
    media.mkdir()
    _configure_environment(args.database_url, str(media))
    from bench_import import _admin_conninfo, _create_database, _drop_database

    db_name = _admin_conninfo()[1]
    if "bench" not in db_name:
        sys.exit(f"bench: refusing to drop {db_name!r}: its name must contain 'bench'")
    args.keep = args.keep or args.reuse
    if not args.reuse:
        print(f"bench: creating database {db_name} and migrating ...", flush=True)
        _create_database()
    try:
        import django
        import numpy as np

        django.setup()
        from django.core.management import call_command

        from annotations.selectors.corpus_records import corpus_records
        from annotations.services.corpus_import import corpus_import_native
        from annotations.services.projects import project_get_or_create

        call_command("migrate", verbosity=0)
        project, _ = project_get_or_create(slug=PROJECT, name="Corpus runs benchmark")
        if not args.reuse:
            corpus = Path(tmp) / "corpus.jsonl"
            stats = write_corpus(
                corpus, summaries=args.summaries, sentences=args.sentences, seed=args.seed
            )
            started = time.perf_counter()
            imported = corpus_import_native(project=project, path=corpus)
            corpus.unlink()
            print(
                f"bench: imported {imported.summaries} summaries, {imported.sentences} sentences"
                f" ({stats.bytes / 2**20:.0f} MB) in {time.perf_counter() - started:.0f} s"
                " (not timed)",
                flush=True,
            )
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        records = corpus_records(project)
        ids = records.ids.ids[: records.sentences]
        rng = np.random.default_rng(args.seed)
        abstain = rng.random(len(ids)) < args.abstain
        scores = rng.random(len(ids))
        path = Path(tmp) / f"run.{args.format}"
        jsonl = args.format == "jsonl"
        with path.open("w") as stream:
            if not jsonl:
                stream.write("record_id,label,score\n")
            for rid, declined, score in zip(
                np.char.decode(ids, "ascii").tolist(),
                abstain.tolist(),
                scores.tolist(),
                strict=True,
            ):
                label = "inconsistent" if score < 0.2 else "consistent"
                if jsonl:
                    stream.write(
                        f'{{"record_id": "{rid}", "abstain": true}}\n'
                        if declined
                        else f'{{"record_id": "{rid}", "label": "{label}", "score": {score:.4f}}}\n'
                    )
                elif declined:
                    stream.write(f"{rid},abstain,\n")
                else:
                    stream.write(f"{rid},{label},{score:.4f}\n")
        del records, ids
        context = multiprocessing.get_context("spawn")
        for cold in (True, False):
            with context.Pool(1, maxtasksperchild=1) as pool:
                measured = pool.apply(_upload, (args.database_url, str(media), str(path), cold))
            _report(measured, args.format, cold)
    finally:
        if not args.keep:
            from django.db import connections

            connections.close_all()
            _drop_database()
    return 0


if __name__ == "__main__":
    sys.exit(main())
