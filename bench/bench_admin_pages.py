"""Admin pages at scale: the first page of each admin list on a project of 1,000,000
summaries and ~5,000,000 sentences.

    python bench/bench_admin_pages.py [--summaries 1000000] [--sentences 5] [--judged 0.05]
                                      [--repeat 7] [--seed 1] [--database-url URL]
                                      [--keep] [--reuse]

(Re)creates the database ``annotations_bench_admin`` (bench_import.py's helpers), migrates
it and seeds, untimed, one project ``bench``: the synthetic corpus of bench_release.py
(``--summaries`` summaries of ``--sentences`` +- 1 sentences, 3 topics x 5 summaries a
dialogue) imported with ``corpus_import_native``; 20 linguists; a closed pilot over 2,000
units and an open production round over every unit, both with an overlap of 2, written with
``insert_rows`` (COPY). The pilot's units and the first ``--judged`` share of the production
round's are submitted by both linguists with every sentence, summary and topic judged, the
second linguist disagreeing on ~2% of the sentences, ~5% of the summaries' relevance and ~3%
of the topic categories; the next 2% of the production units are in progress. A draft
practice round and three releases (two published, one failed) complete it. Seeding takes
minutes: ``--keep`` keeps the database, ``--reuse`` measures a kept one again (migrated
first, so a new index is there).

Then, in this process with the production settings, through the Django test client signed
in as the project's admin: what is paid once, timed apart (the corpus's counts, which an
import takes at its end, and the production round's disagreements, counted by the first read
after its units were submitted; both dropped first, so every run counts them again); each
page's first page ``--repeat`` times, the first answer "cold" (this process has not run that
view yet, though it answered ``/api/me/``, so the URL conf and DRF are loaded; PostgreSQL's
buffers may be warm) and the median of the rest "warm", in a table with the query count of
each and of its page 2 against the target of 200 ms; last, the disagreement list after 20
units were submitted again. Exits non-zero only if the harness fails or a page does not
answer 200. See bench/README.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB = "annotations_bench_admin"
DEFAULT_URL = f"postgres://postgres@127.0.0.1:5432/{BENCH_DB}"
TARGET_MS = 200
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from admin_seeding import PROJECT, seed  # noqa: E402
from bench_release import _configure_environment, write_corpus  # noqa: E402

# --- measuring ----------------------------------------------------------------------------


def _seeded_already() -> dict:
    from annotations.models import Membership, Role, Round

    return {
        "production": Round.objects.get(project__slug=PROJECT, name="Production").pk,
        "pilot": Round.objects.get(project__slug=PROJECT, name="Pilot").pk,
        "admin": Membership.objects.get(project__slug=PROJECT, role=Role.ADMIN).user_id,
    }


def pages(seeded: dict) -> list[tuple[str, str]]:
    """(name, URL of its first page) of each admin page's list."""
    production = seeded["production"]
    return [
        ("project overview", f"/api/admin/projects/{PROJECT}/"),
        ("round progress", f"/api/admin/rounds/{production}/progress/"),
        ("disagreements", f"/api/admin/rounds/{production}/disagreements/"),
        ("corpus overview", f"/api/admin/projects/{PROJECT}/corpus/"),
        ("corpus units", f"/api/admin/projects/{PROJECT}/units/"),
        ("releases", f"/api/projects/{PROJECT}/releases/"),
    ]


def measure(client, url: str, repeat: int) -> dict:  # type: ignore[no-untyped-def]
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times, queries = [], []
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            began = time.perf_counter()
            response = client.get(url)
            took = time.perf_counter() - began
        if response.status_code != 200:
            raise SystemExit(
                f"bench: {url} answered {response.status_code}: {response.content[:300]!r}"
            )
        times.append(took * 1000)
        queries.append(len(captured))
    body = response.json()
    return {
        "cold": times[0],
        "warm": statistics.median(times[1:]) if len(times) > 1 else times[0],
        "queries": queries[-1],
        **_later_pages(client, url, body),
        "count": _count(body),
    }


def _later_pages(client, url: str, first) -> dict:  # type: ignore[no-untyped-def]
    """Page 2's query count and the last page's time (an OFFSET past every other row), where
    the list has more than one page; the target is the first page's."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    if not isinstance(first, dict) or first.get("pages", 1) < 2:
        return {"page2": None, "last": None}
    with CaptureQueriesContext(connection) as captured:
        client.get(url, {"page": 2})
    page2 = len(captured)  # now: the next request's start empties the connection's log
    client.get(url, {"page": first["pages"]})
    began = time.perf_counter()
    client.get(url, {"page": first["pages"]})
    return {"page2": page2, "last": (time.perf_counter() - began) * 1000}


def _count(body) -> str:  # type: ignore[no-untyped-def]
    if isinstance(body, list):
        return f"{len(body)} rows (unpaged)"
    if "count" in body:
        return f"{body['count']} rows, {body.get('pages', '?')} pages"
    return ""


def once(seeded: dict) -> None:
    """What is paid once, timed apart from the pages: the corpus's counts (an import takes
    them at its end) and the production round's disagreements (the first read after its
    units were submitted, here all at once, outside the services). Both are dropped first,
    so every run, --reuse or not, measures the same work."""
    from annotations.models import Corpus, Project, Round, UnitDisagreement
    from annotations.selectors.corpus_counts import corpus_counts
    from annotations.services.unit_disagreements import unit_disagreements_refresh

    project = Project.objects.get(slug=PROJECT)
    Corpus.objects.filter(project=project).update(counts={})
    started = time.perf_counter()
    corpus_counts(project=project)
    counted = time.perf_counter() - started
    production = Round.objects.get(pk=seeded["production"])
    UnitDisagreement.objects.filter(round=production).delete()
    started = time.perf_counter()
    units = unit_disagreements_refresh(round=production)
    print(
        f"once: the corpus's counts {counted * 1000:.0f} ms (at the end of an import);"
        f" the disagreements of {units} submitted units of the production round"
        f" {(time.perf_counter() - started) * 1000:.0f} ms (the first read after they were"
        " submitted outside the services)"
    )


def after_submits(client, seeded: dict, repeat: int, submits: int = 20) -> None:  # type: ignore[no-untyped-def]
    """The disagreement list's first page after ``submits`` units were submitted again
    since it was last read: the page counts those units again, and only those."""
    from django.utils import timezone

    from annotations.models import Assignment, AssignmentStatus

    url = dict(pages(seeded))["disagreements"]
    submitted = Assignment.objects.filter(
        round_id=seeded["production"], status=AssignmentStatus.SUBMITTED
    )
    times = []
    for _ in range(repeat):
        chosen = list(submitted.order_by("?").values_list("pk", flat=True)[:submits])
        Assignment.objects.filter(pk__in=chosen).update(submitted_at=timezone.now())
        began = time.perf_counter()
        client.get(url)
        times.append((time.perf_counter() - began) * 1000)
    print(
        f"disagreements after {submits} units were submitted again: median"
        f" {statistics.median(times):.0f} ms, max {max(times):.0f} ms of {repeat}"
    )


def report(results: list[tuple[str, dict]]) -> None:
    print(
        f"{'page (first page)':<20} {'cold ms':>8} {'warm ms':>8} {'queries':>8}"
        f" {'page 2':>7} {'last ms':>8}  {'target':<16} rows"
    )
    for name, result in results:
        verdict = "met" if result["warm"] < TARGET_MS and result["cold"] < TARGET_MS else "NOT met"
        page2 = "-" if result["page2"] is None else str(result["page2"])
        last = "-" if result["last"] is None else f"{result['last']:.0f}"
        print(
            f"{name:<20} {result['cold']:>8.0f} {result['warm']:>8.0f} {result['queries']:>8}"
            f" {page2:>7} {last:>8}  < {TARGET_MS} ms: {verdict:<7} {result['count']}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summaries", type=int, default=1_000_000)
    parser.add_argument("--sentences", type=int, default=5, help="per summary, +-1 (mean)")
    parser.add_argument(
        "--judged", type=float, default=0.05, help="share of production units submitted"
    )
    parser.add_argument("--repeat", type=int, default=7, help="requests per page")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_ADMIN_DATABASE_URL", DEFAULT_URL),
        help=f"dropped and recreated (default {DEFAULT_URL}); its name must contain 'bench'",
    )
    parser.add_argument("--keep", action="store_true", help="keep the bench database")
    parser.add_argument(
        "--reuse", action="store_true", help="measure a database a --keep run left (keeps it)"
    )
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="bench-admin-")
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

        from annotations.services.corpus_import import corpus_import_native
        from annotations.services.projects import project_get_or_create

        call_command("migrate", verbosity=0)
        if args.reuse:
            seeded = _seeded_already()
            print(f"bench: reusing database {db_name}", flush=True)
        else:
            corpus = Path(tmp) / "corpus.jsonl"
            started = time.perf_counter()
            stats = write_corpus(
                corpus, summaries=args.summaries, sentences=args.sentences, seed=args.seed
            )
            print(
                f"bench: generated {stats.summaries} summaries, {stats.sentences} sentences"
                f" ({stats.bytes / 2**20:.0f} MB) in {time.perf_counter() - started:.0f} s",
                flush=True,
            )
            project, _ = project_get_or_create(slug=PROJECT, name="Admin pages benchmark")
            started = time.perf_counter()
            imported = corpus_import_native(project=project, path=corpus)
            corpus.unlink()
            print(
                f"bench: imported {imported.summaries} summaries, {imported.sentences} sentences"
                f" in {time.perf_counter() - started:.0f} s",
                flush=True,
            )
            started = time.perf_counter()
            seeded = seed(project, judged=args.judged, seed=args.seed)
            print(
                f"bench: seeded {seeded['assignments']} assignments,"
                f" {seeded['sentence_judgements']} sentence judgements, 3 releases in"
                f" {time.perf_counter() - started:.0f} s",
                flush=True,
            )
        started = time.perf_counter()
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
            cursor.execute("SELECT pg_database_size(current_database())")
            size = cursor.fetchone()[0]
        print(
            f"bench: VACUUM ANALYZE in {time.perf_counter() - started:.0f} s;"
            f" database {size / 2**20:.0f} MB",
            flush=True,
        )
        once(seeded)
        client = Client(HTTP_HOST="127.0.0.1")
        client.force_login(get_user_model().objects.get(pk=seeded["admin"]))
        # The process's first request loads the URL conf, DRF and the views (~0.6 s): paid
        # once per worker, not by any page, so it is not in a page's "cold".
        client.get("/api/me/")
        results = []
        for name, url in pages(seeded):
            print(f"bench: {name} {url} ...", flush=True)
            results.append((name, measure(client, url, args.repeat)))
        report(results)
        after_submits(client, seeded, args.repeat)
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
    raise SystemExit(main())
