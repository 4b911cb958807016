"""Release benchmark: native JSONL and AggreFact builds of a large synthetic project.

    python bench/bench_release.py [--summaries 200000] [--sentences 5] [--seed 1]
                                  [--formats native,aggrefact] [--database-url URL]
                                  [--keep] [--reuse] [--profile]

(Re)creates the database ``annotations_bench_release`` (the helpers of bench_import.py),
migrates it and seeds, untimed, one project ``bench``: a synthetic corpus of ``--summaries``
summaries (bench/synthetic.py: dialogues of 15-25 turns, 3 topics x 5 summaries, each summary
given pre-split into ``--sentences`` +- 1 sentences) imported with ``corpus_import_native``,
then a closed *reference* round holding one submitted Assignment per topic
(``source="bench labels"``), one SentenceJudgement per sentence (~80% consistent; the others
with an explanation and one error type) and one TopicJudgement per topic, all written with
``insert_rows`` (COPY), then ``VACUUM ANALYZE``.

Then, for each format (one release per format: native 1.0.0, aggrefact 1.0.1), two fresh
child processes, so that each peak RSS is that step's own:

a. ``release_create`` (config validation, which checks every sentence is labelled; in the
   application it runs in the web request);
b. ``release_build`` (in the application, the Celery task): streams the rows, writes the
   files, the manifest, the zip, publishes. Its rate is held against the target of
   >= 100,000 sentence records/s; the peak RSS of both steps (the whole job) against < 300 MB.

Peak RSS is the child's VmHWM (/proc/self/status), not ``ru_maxrss``, which Linux carries
over from the parent into a subprocess. Each child counts its SQL statements
(``connection.execute_wrapper``); the build child also samples its RSS every 10 ms to tell
in which phase the peak falls, and times the phases by the build's own progress messages.
``--reuse`` skips the seeding and builds from a database an earlier ``--keep`` run left
(migrated again, releases of the bench versions deleted first). ``--profile`` runs the
build under cProfile (slower) and prints the top functions. Exits non-zero only if the
harness fails (seeding, a child, a failed build), not when a target is missed. See bench/README.md.
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
import threading
import time
import warnings
import zipfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB = "annotations_bench_release"
DEFAULT_URL = f"postgres://postgres@127.0.0.1:5432/{BENCH_DB}"
PROJECT = "bench"
SOURCE = "bench labels"
ROUND_NAME = "Bench reference labels"
TARGET_RATE = 100_000  # sentence records per second
TARGET_MB = 300
RESULT = "BENCH-RESULT "
SEED_TOPICS = 2000  # topics per seeding batch (4 COPYs each)
CATEGORIES = (("main", 0.7), ("marginal", 0.2), ("irrelevant", 0.1))
VERSIONS = {"native": "1.0.0", "aggrefact": "1.0.1"}

sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_environment import production_environment  # noqa: E402

# PRODUCTION=1 without a collectstatic: WhiteNoise warns about the missing STATIC_ROOT.
warnings.filterwarnings("ignore", message="No directory at")


def _configure_environment(database_url: str, media_root: str) -> None:
    """The production settings (PRODUCTION=1, as a Celery worker runs them) on the bench database,
    for this process and the children. Must run before Django or bench_import is imported."""
    production_environment(database_url, MEDIA_ROOT=media_root)


def _maxrss_mb() -> float:
    """Peak RSS of this process since its exec: VmHWM. Not ``ru_maxrss``: Linux carries
    ``ru_maxrss`` over a fork and an exec (subprocess's vfork shares the parent's memory), so
    a child of a large parent reports the parent's RSS as its own peak."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


# --- seeding (not timed) ------------------------------------------------------------------


def write_corpus(path: Path, *, summaries: int, sentences: int, seed: int):
    """Native JSONL of exactly ``summaries`` summaries: synthetic.py's dialogues (3 topics x
    5 summaries), each summary's sentence list cut or extended to ``sentences`` +- 1."""
    from synthetic import CorpusStats, TextGenerator, dialogue

    gen = TextGenerator(seed)
    rng = gen.rng
    stats = CorpusStats()
    left = summaries
    index = 0
    low, high = max(1, sentences - 1), sentences + 1
    with path.open("wb") as stream:
        while left > 0:
            document = dialogue(gen, index, seed)
            topics = []
            for topic in document["topics"]:
                if left <= 0:
                    break
                topic["summaries"] = topic["summaries"][:left]
                left -= len(topic["summaries"])
                for summary in topic["summaries"]:
                    wanted = rng.randint(low, high)
                    kept = summary["sentences"][:wanted]
                    while len(kept) < wanted:
                        kept.append(gen.sentence(12, 25))
                    summary["sentences"] = kept
                topics.append(topic)
            document["topics"] = topics
            line = json.dumps(document, ensure_ascii=False).encode() + b"\n"
            stream.write(line)
            stats.dialogues += 1
            stats.turns += len(document["turns"])
            stats.topics += len(topics)
            for topic in topics:
                stats.summaries += len(topic["summaries"])
                stats.sentences += sum(len(s["sentences"]) for s in topic["summaries"])
            stats.bytes += len(line)
            index += 1
    return stats


def seed_labels(project, *, seed: int) -> dict:
    """A closed reference round with one label per sentence, in bulk (COPY), as
    services/tofueval_import.py writes published labels."""
    from django.db import transaction
    from django.utils import timezone
    from synthetic import TextGenerator

    from annotations.models import (
        Assignment,
        AssignmentStatus,
        Round,
        RoundKind,
        RoundStatus,
        SentenceJudgement,
        SummarySentence,
        Topic,
        TopicJudgement,
    )
    from annotations.services.bulk import insert_rows

    gen = TextGenerator(seed + 1000)  # explanations
    rng = gen.rng
    now = timezone.now()
    leaves = list(
        project.taxonomy.types.filter(children__isnull=True)
        .order_by("position")
        .values_list("pk", flat=True)
    )
    names, weights = zip(*CATEGORIES, strict=True)
    through = SentenceJudgement.error_types.through
    counts: Counter[str] = Counter()
    with transaction.atomic():
        round_ = Round.objects.create(
            project=project,
            name=ROUND_NAME,
            kind=RoundKind.REFERENCE,
            status=RoundStatus.CLOSED,
            overlap=1,
            opened_at=now,
            closed_at=now,
        )
        topic_ids = list(
            Topic.objects.filter(document__corpus__project=project)
            .order_by("id")
            .values_list("id", flat=True)
        )
        for start in range(0, len(topic_ids), SEED_TOPICS):
            chunk = topic_ids[start : start + SEED_TOPICS]
            assignment_ids = insert_rows(
                Assignment,
                [
                    "round_id",
                    "topic_id",
                    "annotator_id",
                    "source",
                    "status",
                    "order_seed",
                    "active_seconds",
                    "created_at",
                    "submitted_at",
                ],
                [
                    (round_.pk, t, None, SOURCE, AssignmentStatus.SUBMITTED, 0, 0, now, now)
                    for t in chunk
                ],
            )
            assignment_of = dict(zip(chunk, assignment_ids, strict=True))
            judgement_rows = []
            typed = []
            for sentence_id, topic_id in (
                SummarySentence.objects.filter(summary__topic_id__in=chunk)
                .order_by("id")
                .values_list("id", "summary__topic_id")
            ):
                if rng.random() < 0.2:
                    label, explanation = "inconsistent", gen.sentence(8, 20)
                    typed.append(rng.choice(leaves))
                else:
                    label, explanation = "consistent", ""
                    typed.append(None)
                judgement_rows.append(
                    (assignment_of[topic_id], sentence_id, label, explanation, None, 1, now)
                )
            judgement_ids = insert_rows(
                SentenceJudgement,
                [
                    "assignment_id",
                    "sentence_id",
                    "label",
                    "explanation",
                    "guideline_version_id",
                    "version",
                    "updated_at",
                ],
                judgement_rows,
            )
            type_rows = [(j, t) for j, t in zip(judgement_ids, typed, strict=True) if t is not None]
            insert_rows(through, ["sentencejudgement_id", "errortype_id"], type_rows)
            insert_rows(
                TopicJudgement,
                ["assignment_id", "category", "version", "updated_at"],
                [(a, rng.choices(names, weights)[0], 1, now) for a in assignment_ids],
            )
            counts["assignments"] += len(assignment_ids)
            counts["sentence_judgements"] += len(judgement_ids)
            counts["inconsistent"] += len(type_rows)
            counts["topic_judgements"] += len(assignment_ids)
    return {"round_id": round_.pk, **counts}


# --- the children: one measured step each -------------------------------------------------


class RssSampler:
    """Samples this process's RSS every ``interval`` s and keeps the peak per phase."""

    def __init__(self, interval: float = 0.01) -> None:
        self.interval = interval
        self.phase = "start"
        self.peaks: dict[str, float] = {}
        self._page = os.sysconf("SC_PAGE_SIZE")
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _rss_mb(self) -> float:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * self._page / 2**20

    def _run(self) -> None:
        while not self._stop.is_set():
            rss = self._rss_mb()
            if rss > self.peaks.get(self.phase, 0.0):
                self.peaks[self.phase] = rss
            self._stop.wait(self.interval)

    def __enter__(self) -> RssSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


def _counting():
    """A statement counter for this thread's connection, which also wraps every connection
    opened later (the build reads the next chunk on a second thread's connection)."""
    from django.db.backends.signals import connection_created

    statements = {"n": 0}
    lock = threading.Lock()

    def count(execute, sql, params, many, context):
        with lock:
            statements["n"] += 1
        return execute(sql, params, many, context)

    def wrap(sender, connection, **kwargs):
        if count not in connection.execute_wrappers:
            connection.execute_wrappers.append(count)

    connection_created.connect(wrap, weak=False)
    return statements, count


def child_create(fmt: str, round_id: int) -> int:
    import django

    django.setup()
    from django.db import connection

    from annotations.models import Project
    from annotations.services.releases import release_create

    project = Project.objects.get(slug=PROJECT)
    config = {
        "version": VERSIONS[fmt],
        "rounds": [round_id],
        "formats": [fmt],
        "split": {"method": "document", "dev": 0.7, "seed": 13},
    }
    baseline_mb = _maxrss_mb()
    statements, count = _counting()
    with RssSampler(), connection.execute_wrapper(count):
        started = time.perf_counter()
        release = release_create(project=project, user=None, config=config)
        seconds = time.perf_counter() - started
    result = {
        "release_id": release.pk,
        "seconds": seconds,
        "baseline_mb": baseline_mb,
        "peak_mb": _maxrss_mb(),
        "queries": statements["n"],
    }
    print(RESULT + json.dumps(result), flush=True)
    return 0


def child_build(release_id: int, profile: Path | None) -> int:
    import django

    django.setup()
    from django.db import connection

    from annotations.models import Release, ReleaseStatus
    from annotations.services.releases import release_build

    baseline_mb = _maxrss_mb()
    statements, count = _counting()
    marks: list[tuple[str, float]] = []
    sampler = RssSampler()

    def progress(percent: int, message: str) -> None:
        # What the Celery task does (one UPDATE per step), plus a time and memory mark.
        marks.append((message, time.perf_counter()))
        sampler.phase = message
        Release.objects.filter(pk=release_id).update(progress=min(percent, 99))

    profiler = None
    if profile is not None:
        import cProfile

        profiler = cProfile.Profile()
    with sampler, connection.execute_wrapper(count):
        sampler.phase = "set-up (release, split, annotators)"
        started = time.perf_counter()
        if profiler is not None:
            profiler.enable()
        release = release_build(release_id=release_id, progress=progress)
        if profiler is not None:
            profiler.disable()
        ended = time.perf_counter()
    peak_mb = _maxrss_mb()
    if profiler is not None:
        profiler.dump_stats(profile)
    if release.status != ReleaseStatus.PUBLISHED:
        print(f"bench: release {release_id} {release.status}: {release.error}", flush=True)
        return 1
    names = ["set-up (release, split, annotators)", *(m for m, _ in marks)]
    times = [started, *(t for _, t in marks), ended]
    phases = [
        {
            "phase": name,
            "seconds": times[i + 1] - times[i],
            "peak_mb": sampler.peaks.get(name, 0.0),
        }
        for i, name in enumerate(names)
    ]
    result = {
        "seconds": ended - started,
        "baseline_mb": baseline_mb,
        "peak_mb": peak_mb,
        "queries": statements["n"],
        "archive": release.archive.path,
        "archive_bytes": Path(release.archive.path).stat().st_size,
        "files": release.manifest["files"],
        "summaries": release.manifest["counts"]["summaries"],
        "per_split": release.manifest["counts"]["per_split"],
        "phases": phases,
    }
    print(RESULT + json.dumps(result), flush=True)
    return 0


def run_child(*arguments: str) -> dict:
    command = [sys.executable, str(Path(__file__).resolve()), *arguments]
    completed = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, text=True, check=False)
    lines = [line for line in completed.stdout.splitlines() if line.startswith(RESULT)]
    if completed.returncode != 0 or not lines:
        sys.stdout.write(completed.stdout)
        raise SystemExit(f"bench: {' '.join(arguments)} failed (exit {completed.returncode})")
    return json.loads(lines[-1][len(RESULT) :])


# --- the parent ---------------------------------------------------------------------------


def _count_native(archive: str) -> tuple[int, int]:
    """(records, sentences) of the native files in the archive (a check, not timed)."""
    records = sentences = 0
    with zipfile.ZipFile(archive) as packed:
        for name in packed.namelist():
            if name.startswith("native/") and name.endswith(".jsonl"):
                with packed.open(name) as stream:
                    for line in stream:
                        records += 1
                        sentences += len(json.loads(line)["sentences"])
    return records, sentences


def _print_profile(path: Path, limit: int = 30) -> None:
    import pstats

    stats = pstats.Stats(str(path))
    stats.sort_stats("cumulative").print_stats(limit)
    stats.sort_stats("tottime").print_stats(limit)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summaries", type=int, default=200_000)
    parser.add_argument(
        "--sentences", type=int, default=5, help="sentences per summary, +-1 (mean)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--formats", default="native,aggrefact", help="one release per format")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_RELEASE_DATABASE_URL", DEFAULT_URL),
        help=f"dropped and recreated (default {DEFAULT_URL}); its name must contain 'bench'",
    )
    parser.add_argument("--keep", action="store_true", help="keep the bench database")
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="build from the database a --keep run left (implies --keep)",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile each build (slower)")
    parser.add_argument("--child-create", help=argparse.SUPPRESS)
    parser.add_argument("--child-build", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--round", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--profile-out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_create:  # the environment comes from the parent
        return child_create(args.child_create, args.round)
    if args.child_build:
        return child_build(args.child_build, args.profile_out)

    formats = [f for f in args.formats.split(",") if f]
    unknown = [f for f in formats if f not in VERSIONS]
    if unknown:
        sys.exit(f"bench: formats are {', '.join(VERSIONS)}; unknown: {', '.join(unknown)}")
    tmp = tempfile.mkdtemp(prefix="bench-release-")
    media = Path(tmp) / "media"
    media.mkdir()
    _configure_environment(args.database_url, str(media))
    from bench_import import _admin_conninfo, _create_database, _drop_database

    db_name = _admin_conninfo()[1]
    args.keep = args.keep or args.reuse
    if args.reuse:
        print(f"bench: reusing database {db_name}", flush=True)
        pg_version = _server_version()
    else:
        print(f"bench: creating database {db_name} and migrating ...", flush=True)
        pg_version = _create_database()
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        from annotations.services.corpus_import import corpus_import_native
        from annotations.services.projects import project_get_or_create

        call_command("migrate", verbosity=0)
        if args.reuse:
            report, seeded = _seeded_already()
            return _build_and_report(args, formats, tmp, pg_version, report, seeded, db_name)

        corpus = Path(tmp) / "corpus.jsonl"
        started = time.perf_counter()
        stats = write_corpus(
            corpus, summaries=args.summaries, sentences=args.sentences, seed=args.seed
        )
        generated = time.perf_counter() - started
        print(
            f"bench: generated {stats.dialogues} dialogues, {stats.topics} topics,"
            f" {stats.summaries} summaries, {stats.sentences} sentences"
            f" ({stats.bytes / 2**20:.0f} MB of JSONL) in {generated:.1f} s",
            flush=True,
        )
        project, _ = project_get_or_create(slug=PROJECT, name="Release benchmark")
        started = time.perf_counter()
        report = corpus_import_native(project=project, path=corpus)
        imported = time.perf_counter() - started
        corpus.unlink()
        started = time.perf_counter()
        seeded = seed_labels(project, seed=args.seed)
        labelled = time.perf_counter() - started
        started = time.perf_counter()
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
            cursor.execute("SELECT pg_database_size(current_database())")
            db_bytes = cursor.fetchone()[0]
        vacuumed = time.perf_counter() - started
        connection.close()
        print(
            f"bench: seeding (not timed): import {report.summaries} summaries /"
            f" {report.sentences} sentences {imported:.1f} s; reference round"
            f" {seeded['assignments']} assignments, {seeded['sentence_judgements']} sentence"
            f" judgements ({seeded['inconsistent']} inconsistent, with an explanation and an"
            f" error type), {seeded['topic_judgements']} topic judgements {labelled:.1f} s;"
            f" VACUUM ANALYZE {vacuumed:.1f} s; database {db_bytes / 2**20:.0f} MB",
            flush=True,
        )

        return _build_and_report(args, formats, tmp, pg_version, report, seeded, db_name)
    finally:
        from django.db import connections

        connections.close_all()
        if args.keep:
            print(f"bench: kept database {db_name}")
        else:
            _drop_database()
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)


def _server_version() -> str:
    import django

    django.setup()
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        version = cursor.fetchone()[0]
    connection.close()
    return version.split()[0]


def _seeded_already():
    """(import report, seeding counts) of the database an earlier --keep run seeded; the
    releases of the bench versions are deleted so they can be built again."""
    from types import SimpleNamespace

    from annotations.models import (
        Document,
        Release,
        Round,
        SentenceJudgement,
        Summary,
        SummarySentence,
        Topic,
        Turn,
    )

    round_ = Round.objects.get(project__slug=PROJECT, name=ROUND_NAME)
    Release.objects.filter(project__slug=PROJECT, version__in=VERSIONS.values()).delete()
    report = SimpleNamespace(
        summaries=Summary.objects.count(),
        sentences=SummarySentence.objects.count(),
        topics=Topic.objects.count(),
        documents_created=Document.objects.count(),
        turns=Turn.objects.count(),
    )
    seeded = {
        "round_id": round_.pk,
        "inconsistent": SentenceJudgement.objects.filter(label="inconsistent").count(),
    }
    return report, seeded


def _build_and_report(args, formats, tmp, pg_version, report, seeded, db_name) -> int:
    """Create and build one release per format in child processes, then print the table."""
    results = []
    for fmt in formats:
        print(f"bench: release {VERSIONS[fmt]} [{fmt}]: create ...", flush=True)
        created = run_child("--child-create", fmt, "--round", str(seeded["round_id"]))
        print(f"bench: created in {created['seconds']:.1f} s; build ...", flush=True)
        profile = Path(tmp) / f"profile-{fmt}.prof" if args.profile else None
        extra = ["--profile-out", str(profile)] if profile else []
        built = run_child("--child-build", str(created["release_id"]), *extra)
        print(f"bench: built in {built['seconds']:.1f} s", flush=True)
        check = _count_native(built["archive"]) if fmt == "native" else None
        Path(built["archive"]).unlink()
        results.append((fmt, created, built, check))
        if profile is not None:
            print(f"\n--- cProfile of the {fmt} build ---")
            _print_profile(profile)
    # --- report ---
    sentences = report.sentences
    summaries = report.summaries
    load = os.getloadavg()
    print()
    print(
        f"release benchmark (PostgreSQL {pg_version}, Python {platform.python_version()},"
        f" {os.cpu_count()} cores, load average {load[0]:.1f} at the end,"
        f" {time.strftime('%Y-%m-%d')}{', under cProfile' if args.profile else ''})"
    )
    print(
        f"project: {summaries} summaries, {sentences} judged sentences"
        f" ({seeded['inconsistent']} inconsistent), {report.topics} topics,"
        f" {report.documents_created} dialogues of {report.turns / report.documents_created:.0f}"
        " turns; one reference round"
    )
    header = (
        f"{'release':<18}{'step':<8}{'seconds':>9}{'summaries/s':>13}{'sentences/s':>13}"
        f"{'peak MB':>9}{'archive MB':>12}{'queries':>9}{'q/1k sum':>10}"
    )
    print(header)
    verdicts = []
    notes = []
    for fmt, created, built, check in results:
        label = f"{fmt} {VERSIONS[fmt]}"
        print(
            f"{label:<18}{'create':<8}{created['seconds']:>9.1f}{'':>13}{'':>13}"
            f"{created['peak_mb']:>9.0f}{'':>12}{created['queries']:>9}"
            f"{created['queries'] * 1000 / summaries:>10.2f}"
        )
        seconds = built["seconds"]
        print(
            f"{'':<18}{'build':<8}{seconds:>9.1f}{summaries / seconds:>13.0f}"
            f"{sentences / seconds:>13.0f}{built['peak_mb']:>9.0f}"
            f"{built['archive_bytes'] / 2**20:>12.1f}{built['queries']:>9}"
            f"{built['queries'] * 1000 / summaries:>10.2f}"
        )
        rate_ok = sentences / seconds >= TARGET_RATE
        job_peak = max(created["peak_mb"], built["peak_mb"])
        memory_ok = job_peak < TARGET_MB
        verdicts.append(
            f"{label}: {sentences / seconds:,.0f} sentence records/s"
            f" ({'met' if rate_ok else 'NOT met'}); peak {built['peak_mb']:.0f} MB build,"
            f" {created['peak_mb']:.0f} MB create ({'met' if memory_ok else 'NOT met'})"
        )
        records = sum(info["records"] or 0 for info in built["files"].values())
        if records != summaries:
            notes.append(f"{label}: the manifest's files hold {records} records, not {summaries}")
        if built["summaries"] != summaries:
            notes.append(
                f"{label}: the manifest's counts.summaries is {built['summaries']}"
                " (releases.py counts summaries per split only while writing native)"
            )
        if check is not None and check != (summaries, sentences):
            notes.append(f"{label}: the archive holds {check[0]} records, {check[1]} sentences")
    print(
        f"target: >= {TARGET_RATE:,} sentence records/s and < {TARGET_MB} MB peak RSS for the"
        " whole job"
    )
    print(
        "seconds: wall time of release_create / release_build alone; sentences/s: judged"
        " sentences written (native: one entry per sentence, checked in the archive; AggreFact:"
        " folded into one row per summary); peak MB: peak RSS (VmHWM) of the child that ran the"
        f" step (Django alone: {results[0][2]['baseline_mb']:.0f} MB); queries: SQL statements"
        " during the step"
    )
    for fmt, _, built, _ in results:
        print(f"{fmt} build phases (seconds / peak RSS MB while in the phase):")
        for phase in built["phases"]:
            print(f"  {phase['phase']:<40}{phase['seconds']:>8.1f} s{phase['peak_mb']:>8.0f} MB")
        sizes = ", ".join(
            f"{name} {info['size'] / 2**20:.0f} MB" for name, info in built["files"].items()
        )
        print(f"  files: {sizes}; splits {built['per_split']}")
    for verdict in verdicts:
        print(verdict)
    for note in notes:
        print(f"note: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
