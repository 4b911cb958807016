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

Then, in this process with the production settings, through the Django test client signed in
as the project's admin, ``GET /api/projects/bench/judges/``:

- **cold**: the first answer of the process: the gold is built (the release's rows), every
  run's predictions are read, every figure with 1,000 bootstrap resamples by document;
- **after a change**: one sentence adjudicated, then the next answer (the last figures,
  marked stale, while the new ones are scored in the background: the gold rebuilt, the runs,
  immutable, not read again), how long the background scoring took, and the answer after it;
- **warm**: the median of ``--repeat`` answers with nothing changed.

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

    from annotations.models import (
        CorpusPrediction,
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
    from annotations.services.bulk import insert_rows

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
    columns = [
        "run_id",
        "summary_id",
        "sentence_id",
        "label",
        "score",
        "abstain",
        "explanation",
        "error_types",
        "spans",
        "evidence",
    ]
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
                rows.append((run.pk, summary, pk, "", None, True, "", "[]", "[]", "[]"))
            else:
                rows.append((run.pk, summary, pk, "", rng.random(), False, "", "[]", "[]", "[]"))
        insert_rows(CorpusPrediction, columns, rows)
        CorpusRun.objects.filter(pk=run.pk).update(abstained=abstained)
    return {
        "admin": admin.pk,
        "sentences": len(sentences),
        "sentence_judgements": counts["sentence_judgements"],
        "first_sentence": sentences[0][0],
    }


def _get(client, url: str) -> tuple[float, int, object]:  # type: ignore[no-untyped-def]
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        response = client.get(url)
        elapsed = time.perf_counter() - started
    if response.status_code != 200:
        raise SystemExit(
            f"bench: {url} answered {response.status_code}: {response.content[:300]!r}"
        )
    return elapsed * 1000, len(queries), response.json()


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
        from django.contrib.auth import get_user_model
        from django.core.management import call_command
        from django.db import connection
        from django.test import Client

        from annotations.models import Project, SentenceJudgement, SummarySentence
        from annotations.selectors.judges import wait_for_background
        from annotations.services.adjudication_round import adjudication_open
        from annotations.services.corpus_import import corpus_import_native
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
        cold, cold_queries, body = _get(client, url)
        gold = body["gold"]  # type: ignore[index]
        runs = body["runs"]  # type: ignore[index]
        sentence = SummarySentence.objects.get(pk=seeded["first_sentence"])
        assignment = adjudication_open(project, sentence.summary.topic_id, admin)
        judgement, _ = SentenceJudgement.objects.get_or_create(
            assignment=assignment, sentence=sentence
        )
        judgement.label = "consistent" if judgement.label == "inconsistent" else "inconsistent"
        judgement.save()
        changed, changed_queries, after = _get(client, url)
        assert after["stale"] is True  # type: ignore[index]
        started = time.perf_counter()
        wait_for_background()
        scored = (time.perf_counter() - started) * 1000 + changed
        fresh, fresh_queries, latest = _get(client, url)
        assert latest["stale"] is False  # type: ignore[index]
        assert latest["computed_at"] != after["computed_at"]  # type: ignore[index]
        warm = []
        for _ in range(args.repeat):
            elapsed, warm_queries, _ = _get(client, url)
            warm.append(elapsed)
        print()
        print(
            f"Judges page: {len(runs)} runs over {gold['sentences']} gold sentences"
            f" ({gold['inconsistent_sentences']} inconsistent) and {gold['summaries']} summaries"
        )
        for name, ms, queries in (
            ("cold (first answer: gold built, runs read)", cold, cold_queries),
            ("after an adjudication (last figures, stale)", changed, changed_queries),
            ("next answer (the new figures)", fresh, fresh_queries),
            (f"warm (median of {args.repeat})", statistics.median(warm), warm_queries),
        ):
            verdict = "ok" if ms < TARGET_MS else "over"
            print(
                f"  {name:<44} {ms:8.0f} ms  {queries:3d} queries"
                f"  target < {TARGET_MS} ms: {verdict}"
            )
        print(f"  new figures scored in the background within {scored:.0f} ms of the change")
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
