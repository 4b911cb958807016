"""Live agreement benchmark with the database read: the automatic recompute of a seeded round.

    .venv/bin/python bench/bench_live_agreement_db.py [--summaries 20000] [--repeat 3]
                                                      [--database-url URL] [--keep | --reuse]

bench_live_agreement.py times what the recompute computes once the labels are read; this
script adds the read. It creates (drops first) a bench database, imports a synthetic corpus of
``--summaries`` summaries of 5 +- 1 sentences (bench_release.write_corpus: 3 topics x 5
summaries a dialogue), seeds, untimed, one closed round over every (dialogue, topic) unit
with an overlap of 3, every unit submitted by three linguists (admin_seeding._seed_round: the
second and third disagree on ~2 % of sentences, ~5 % of relevance, ~3 % of topic categories;
no error types or spans), then times, ``--repeat`` times each:

- the selector's read (``round_question_inputs``) and its query count;
- the whole compute as the task runs it (``agreement_report_compute``: read, hash, report,
  competence, the stored row), its stored report deleted before each run so it computes,
  and the kept cluster draws forgotten (a live recompute follows a submit: a new unit count).

``--keep`` leaves the database; ``--reuse`` then times its round again without seeding (two
versions of the code on the same data, one after the other). Wall and CPU time (user + sys
of this process; PostgreSQL's own CPU is not in it) and the load average are printed. Exits 0
whether or not the target is met.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# As the site and the worker run (annotation_site/celery.py): set before numpy loads OpenBLAS.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

BENCH_DB = "annotations_bench_live_agreement"
DEFAULT_URL = f"postgres://postgres@127.0.0.1:5432/{BENCH_DB}"
TARGET_SECONDS = 2.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summaries", type=int, default=20_000, help="5 +- 1 sentences each")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_LIVE_AGREEMENT_DATABASE_URL", DEFAULT_URL),
        help=f"dropped and recreated (default {DEFAULT_URL}); its name must contain 'bench'",
    )
    parser.add_argument("--keep", action="store_true", help="keep the bench database")
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="time the round a --keep run left in the database (no seeding; kept after)",
    )
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="bench-live-agreement-")
    media = Path(tmp) / "media"
    media.mkdir()
    from bench_release import _configure_environment

    _configure_environment(args.database_url, str(media))
    from bench_import import _create_database, _drop_database

    if not args.reuse:
        _create_database()
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from annotations.agreement.bootstrap import cluster_draws_clear
        from annotations.models import AgreementReport, Round
        from annotations.selectors.agreement_inputs import round_question_inputs
        from annotations.services.agreement_reports import agreement_report_compute

        call_command("migrate", verbosity=0)
        if args.reuse:
            round_ = Round.objects.get(project__slug="bench", name="Pilot")
            print(f"bench: the kept round, {round_.assignments.count():,} assignments", flush=True)
        else:
            round_ = _seed(args, tmp)
        # The first compute of a process imports the agreement code and numpy's lazy parts:
        # paid once per worker, not per recompute.
        agreement_report_compute(round=round_)
        reads, computes = [], []
        queries = 0
        for _ in range(args.repeat):
            started, cpu = time.perf_counter(), time.process_time()
            with CaptureQueriesContext(connection) as captured:
                round_question_inputs(round=round_)
            reads.append((time.perf_counter() - started, time.process_time() - cpu))
            queries = len(captured.captured_queries)
            AgreementReport.objects.filter(round=round_).delete()
            # A live round's recompute follows a submit, so its unit count is new: it draws
            # the cluster resamples once (annotations.agreement.bootstrap), not from a
            # previous run's.
            cluster_draws_clear()
            started, cpu = time.perf_counter(), time.process_time()
            agreement_report_compute(round=round_)
            computes.append((time.perf_counter() - started, time.process_time() - cpu))

        def runs(figures: list[tuple[float, float]]) -> str:
            return ", ".join(f"{wall:.2f} s wall ({cpu:.2f} s CPU)" for wall, cpu in figures)

        print(f"selector read (round_question_inputs), {queries} queries: {runs(reads)}")
        best = min(computes)
        print(
            f"whole compute (agreement_report_compute): {runs(computes)}; best {best[0]:.2f} s;"
            f" target < {TARGET_SECONDS:.0f} s: {'met' if best[0] < TARGET_SECONDS else 'NOT met'}"
        )
        load = os.getloadavg()
        print(f"load average at the end: {load[0]:.2f}, {load[1]:.2f}, {load[2]:.2f}")
        return 0
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep and not args.reuse:
            _drop_database()


def _seed(args: argparse.Namespace, tmp: str) -> Any:
    """The corpus imported and one round seeded and submitted (untimed); returns the round."""
    import random

    from admin_seeding import _seed_round
    from bench_release import write_corpus
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from annotations.models import GuidelineVersion, Round, RoundKind, RoundStatus, Topic
    from annotations.services.corpus_import import corpus_import_native
    from annotations.services.projects import project_get_or_create

    corpus = Path(tmp) / "corpus.jsonl"
    write_corpus(corpus, summaries=args.summaries, sentences=5, seed=args.seed)
    project, _ = project_get_or_create(slug="bench", name="Live agreement benchmark")
    imported = corpus_import_native(project=project, path=corpus)
    corpus.unlink()
    people = [get_user_model().objects.create_user(f"linguist{n}") for n in (1, 2, 3)]
    now = timezone.now()
    guideline = GuidelineVersion.objects.create(
        project=project, version=1, markdown="# Guidelines", published_at=now
    )
    round_ = Round.objects.create(
        project=project,
        name="Pilot",
        kind=RoundKind.PILOT,
        status=RoundStatus.CLOSED,
        overlap=3,
        guideline_version=guideline,
        opened_at=now,
        closed_at=now,
    )
    topics = list(
        Topic.objects.filter(document__corpus__project=project)
        .order_by("id")
        .values_list("id", flat=True)
    )
    counts = {"assignments": 0, "sentence_judgements": 0}
    _seed_round(round_, topics, people, len(topics), 0, random.Random(args.seed), now, counts)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    print(
        f"bench: {imported.summaries:,} summaries, {imported.sentences:,} sentences in"
        f" {len(topics):,} units; {counts['assignments']:,} submitted assignments,"
        f" {counts['sentence_judgements']:,} sentence judgements",
        flush=True,
    )
    return round_


if __name__ == "__main__":
    raise SystemExit(main())
