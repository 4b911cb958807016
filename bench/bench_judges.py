"""The Judges page at scale (issue 31): 10 corpus runs over 100,000 gold sentences.

    python bench/bench_judges.py [--summaries 20000] [--sentences 5] [--runs 10]
                                 [--repeat 5] [--seed 1] [--database-url URL] [--keep]

(Re)creates the database ``annotations_bench_judges`` (bench_import.py's helpers), migrates it
and seeds, untimed: the synthetic corpus of bench_release.py (``--summaries`` summaries of
``--sentences`` +- 1 sentences: ~100,000 sentences by default) imported with
``corpus_import_native``; a closed production round over every unit with an overlap of 2,
submitted by two linguists with every sentence judged (admin_seeding.py: the second disagrees on
~2% of the sentences, a tie that counts as inconsistent), written with COPY; and ``--runs``
corpus runs of scores, one per sentence each, ~3% abstaining, written with COPY.

Then, in this process with the production settings (no broker: tasks run in-process, as in the
embedded configuration; a worker runs the same function), timed separately:

- **recompute, cold**: the recompute task (``annotations.judges_report``) of the first figures:
  the gold built (the release's rows), every run's predictions read, every figure with 1,000
  bootstrap resamples by document, persisted in the project's ``JudgesReport``;
- **GET** ``/api/projects/bench/judges/`` through the Django test client signed in as the
  project's admin: the first answer from the persisted report;
- **after a change**: one sentence adjudicated, then the next answer (the last figures, marked
  stale, with the recompute queued behind its debounce);
- **recompute after the change**: the task again (the gold rebuilt; the runs, immutable, kept by
  the worker process), then the answer with the new figures;
- **warm**: the median of ``--repeat`` answers with nothing changed.

Each with wall and CPU time (this process's user+sys; PostgreSQL's own CPU is not in it).
Target: < 1 s (issue 31, "Measure"). Prints figures and the query count; exits non-zero only if
the harness fails or the page does not answer 200. See bench/README.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB = "annotations_bench_judges"
DEFAULT_URL = f"postgres://postgres@127.0.0.1:5432/{BENCH_DB}"
TARGET_MS = 1000
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_release import _configure_environment, write_corpus  # noqa: E402


def _seed(project, *, runs: int, seed: int) -> dict:  # type: ignore[no-untyped-def]
    from admin_seeding import _seed_round
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from annotations.formats.corpus_run_parts import records_from_rows
    from annotations.models import (
        CorpusRun,
        Evaluator,
        GuidelineVersion,
        Membership,
        Role,
        Round,
        RoundKind,
        RoundStatus,
        SummarySentence,
        Topic,
    )
    from annotations.services.corpus_runs import store_run_records

    rng = random.Random(seed)
    now = timezone.now()
    users = get_user_model().objects
    admin = users.create_user("admin")
    linguists = [users.create_user(f"linguist{n}") for n in (1, 2)]
    Membership.objects.create(project=project, user=admin, role=Role.ADMIN)
    for user in linguists:
        Membership.objects.create(project=project, user=user, role=Role.ANNOTATOR)
    guideline = GuidelineVersion.objects.create(
        project=project, version=1, markdown="# Guidelines", published_at=now
    )
    production = Round.objects.create(
        project=project,
        guideline_version=guideline,
        name="Production",
        kind=RoundKind.PRODUCTION,
        status=RoundStatus.CLOSED,
        overlap=2,
        opened_at=now,
        closed_at=now,
    )
    topics = list(
        Topic.objects.filter(document__corpus__project=project)
        .order_by("id")
        .values_list("id", flat=True)
    )
    counts = {"assignments": 0, "sentence_judgements": 0}
    _seed_round(production, topics, linguists, len(topics), 0, rng, now, counts)
    sentences = list(
        SummarySentence.objects.filter(summary__topic__document__corpus__project=project)
        .order_by("id")
        .values_list("id", "summary_id")
    )
    for number in range(runs):
        evaluator, _ = Evaluator.objects.get_or_create(
            project=project, name=f"Judge {number % 4}", defaults={"kind": "llm"}
        )
        run = CorpusRun.objects.create(
            project=project,
            evaluator=evaluator,
            version=f"v{number}",
            source_name=f"judge-{number}.jsonl",
            sha256=f"{number:064d}",
            sentences=len(sentences),
            has_scores=True,
        )
        rows = []
        abstained = 0
        for pk, summary in sentences:
            if rng.random() < 0.03:
                abstained += 1
                rows.append((summary, pk, "", None, True, None))
            else:
                rows.append((summary, pk, "", rng.random(), False, None))
        store_run_records(run, records_from_rows(rows))
        CorpusRun.objects.filter(pk=run.pk).update(abstained=abstained)
    return {
        "admin": admin.pk,
        "sentences": len(sentences),
        "sentence_judgements": counts["sentence_judgements"],
        "first_sentence": sentences[0][0],
    }


def _get(client, url: str) -> tuple[float, int, dict, float]:  # type: ignore[no-untyped-def]
    """Wall ms, queries, the JSON (with its CPU ms under ``_cpu``) and CPU ms of one GET."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        started, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    if response.status_code != 200:
        raise SystemExit(
            f"bench: {url} answered {response.status_code}: {response.content[:300]!r}"
        )
    return elapsed * 1000, len(queries), {**response.json(), "_cpu": cpu * 1000}, cpu * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summaries", type=int, default=20_000)
    parser.add_argument("--sentences", type=int, default=5, help="per summary, +-1 (mean)")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_JUDGES_DATABASE_URL", DEFAULT_URL),
        help=f"dropped and recreated (default {DEFAULT_URL}); its name must contain 'bench'",
    )
    parser.add_argument("--keep", action="store_true", help="keep the bench database")
    parser.add_argument(
        "--reuse", action="store_true", help="measure a database a --keep run left (keeps it)"
    )
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="bench-judges-")
    media = Path(tmp) / "media"
    media.mkdir()
    _configure_environment(args.database_url, str(media))
    from bench_import import _admin_conninfo, _create_database, _drop_database

    db_name = _admin_conninfo()[1]
    args.keep = args.keep or args.reuse
    if not args.reuse:
        print(f"bench: creating database {db_name} and migrating ...", flush=True)
        _create_database()
    try:
        import django

        django.setup()
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.core.management import call_command
        from django.db import connection
        from django.test import Client

        from annotations.models import JudgesReport, Project, SentenceJudgement, SummarySentence
        from annotations.services.adjudication_round import adjudication_open
        from annotations.services.corpus_import import corpus_import_native
        from annotations.services.dispatch import dispatch
        from annotations.services.judges_live import judges_recompute_schedule
        from annotations.services.projects import project_get_or_create

        call_command("migrate", verbosity=0)
        if args.reuse:
            project = Project.objects.get(slug="bench")
            seeded = {
                "admin": get_user_model().objects.get(username="admin").pk,
                "first_sentence": SummarySentence.objects.order_by("id")[args.seed].pk,
            }
        else:
            corpus = Path(tmp) / "corpus.jsonl"
            write_corpus(corpus, summaries=args.summaries, sentences=args.sentences, seed=args.seed)
            project, _ = project_get_or_create(slug="bench", name="Judges benchmark")
            started = time.perf_counter()
            imported = corpus_import_native(project=project, path=corpus)
            corpus.unlink()
            print(
                f"bench: imported {imported.summaries} summaries, {imported.sentences}"
                f" sentences in {time.perf_counter() - started:.0f} s",
                flush=True,
            )
            started = time.perf_counter()
            seeded = _seed(project, runs=args.runs, seed=args.seed)
            print(
                f"bench: seeded {seeded['sentence_judgements']} sentence judgements and"
                f" {args.runs} runs of {seeded['sentences']} predictions in"
                f" {time.perf_counter() - started:.0f} s",
                flush=True,
            )
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE")
        admin = get_user_model().objects.get(pk=seeded["admin"])
        client = Client(HTTP_HOST="127.0.0.1")
        client.force_login(admin)
        client.get("/api/me/")  # the URL conf, DRF and the views: paid once per worker
        url = "/api/projects/bench/judges/"
        # A change's recompute waits behind its debounce: the GETs below never compute.
        settings.JUDGES_DEBOUNCE_SECONDS = 3600

        def recompute() -> tuple[float, float]:
            job = judges_recompute_schedule(project_id=project.pk, delay=0)
            wall, cpu = time.perf_counter(), time.process_time()
            dispatch(job)  # in-process: the task runs here, as a worker runs it
            report = JudgesReport.objects.get(project=project)
            assert report.state == "done", report.error
            return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000

        cold_task = recompute()
        first, first_queries, body, _ = _get(client, url)
        assert (body["stale"], body["ready"]) == (False, True)
        gold = body["gold"]
        runs = body["runs"]
        sentence = SummarySentence.objects.get(pk=seeded["first_sentence"])
        assignment = adjudication_open(project, sentence.summary.topic_id, admin)
        judgement, _ = SentenceJudgement.objects.get_or_create(
            assignment=assignment, sentence=sentence
        )
        judgement.label = "consistent" if judgement.label == "inconsistent" else "inconsistent"
        judgement.save()
        changed, changed_queries, after, _ = _get(client, url)
        assert (after["stale"], after["state"]) == (True, "queued")
        changed_task = recompute()
        fresh, fresh_queries, latest, _ = _get(client, url)
        assert latest["stale"] is False
        assert latest["computed_at"] != after["computed_at"]
        warm = []
        for _ in range(args.repeat):
            warm.append(_get(client, url))
        warm_ms = statistics.median(w[0] for w in warm)
        warm_cpu = statistics.median(w[3] for w in warm)
        print()
        print(
            f"Judges page: {len(runs)} runs over {gold['sentences']} gold sentences"
            f" ({gold['inconsistent_sentences']} inconsistent) and {gold['summaries']} summaries"
        )
        for name, ms, cpu in (
            ("recompute task, cold (gold built, runs read)", *cold_task),
            ("recompute task after an adjudication", *changed_task),
        ):
            print(f"  {name:<46} {ms:8.0f} ms wall  {cpu:8.0f} ms CPU")
        for name, ms, queries, cpu in (
            ("GET, first from the persisted report", first, first_queries, body["_cpu"]),
            ("GET after an adjudication (stale, queued)", changed, changed_queries, after["_cpu"]),
            ("GET after the recompute (new figures)", fresh, fresh_queries, latest["_cpu"]),
            (f"GET warm (median of {args.repeat})", warm_ms, warm[-1][1], warm_cpu),
        ):
            verdict = "ok" if ms < TARGET_MS else "over"
            print(
                f"  {name:<46} {ms:8.0f} ms wall  {cpu:8.0f} ms CPU  {queries:3d} queries"
                f"  target < {TARGET_MS} ms: {verdict}"
            )
        with open("/proc/loadavg") as load:
            print(f"  load average: {load.read().strip()}")
        return 0
    finally:
        from django.db import connections

        connections.close_all()
        if args.keep:
            print(f"bench: kept database {db_name}")
        else:
            _drop_database()
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
