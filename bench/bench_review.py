"""Review benchmark: the reviewer's queue and item payload, and the adjudication queue, on a
project of 200,000 summaries and 50,000 review items.

    python bench/bench_review.py [--summaries 200000] [--items 50000] [--reviewers 20]
                                 [--seconds 20] [--rate 40] [--seed 1] [--database-url URL]
                                 [--keep]

(Re)creates the database ``annotations_bench_review`` (bench_import.py's helpers), migrates
it and seeds, untimed: the synthetic corpus of bench_release.py (3 +- 1 sentences a summary)
imported with ``corpus_import_native``; a closed pilot in which two linguists label every
sentence (``--items`` sentences flagged inconsistent by the first, with an explanation and a
type; every summary rated, 5% of them differently), written with ``insert_rows`` (COPY); and
a review round over it made by the real service (``item_round_create``: one item per flagged
sentence, each unit to a reviewer and a second reviewer among ``--reviewers``). Then it
measures, in this process against PostgreSQL with the production settings:

- **item payload under paced reviewers**: ``--reviewers`` threads, each a reviewer reading
  the item payload of one of their units and saving a decision on one of its items through
  the save pipeline, together offering ``--rate`` payloads/s on a fixed schedule for
  ``--seconds``; latency counts from the scheduled time (no coordinated omission). Target:
  payload p95 <= 50 ms.
- **reviewer queue**: ``review_queue`` of one reviewer (each holds thousands of units).
- **adjudication queue**: its first page, cold (first call) and warm; target < 200 ms.
- **queries**: the item payload of a unit with one item and of the unit with the most, and
  the queue of the reviewer with the fewest and the most units: each pair must be equal.

The threads share two cores with the database, and the GIL: the figures are an upper bound
of what a WSGI server adds. Exits non-zero only if the harness fails. See bench/README.md.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB = "annotations_bench_review"
DEFAULT_URL = f"postgres://postgres@127.0.0.1:5432/{BENCH_DB}"
PAYLOAD_P95_MS = 50
ADJUDICATION_MS = 200
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_release import _configure_environment, write_corpus  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def seed(project, *, items: int, reviewers: int, seed: int) -> dict:  # type: ignore[no-untyped-def]
    """The closed pilot (COPY) and the review round over it (the real service)."""
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from annotations.models import (
        Assignment,
        AssignmentStatus,
        GuidelineVersion,
        Membership,
        Role,
        Round,
        RoundKind,
        RoundStatus,
        SentenceJudgement,
        SummaryJudgement,
        SummarySentence,
        Topic,
        TopicJudgement,
    )
    from annotations.services.bulk import insert_rows
    from annotations.services.item_rounds import ItemRoundRequest, item_round_create
    from annotations.services.rounds import round_open

    rng = random.Random(seed)
    now = timezone.now()
    users = get_user_model().objects
    linguists = [users.create_user(f"linguist{n}", password="x") for n in (1, 2)]
    people = [users.create_user(f"reviewer{n}", password="x") for n in range(1, reviewers + 1)]
    for user in linguists:
        Membership.objects.create(project=project, user=user, role=Role.ANNOTATOR)
    for user in people:
        Membership.objects.create(project=project, user=user, role=Role.REVIEWER)
    guideline = GuidelineVersion.objects.create(project=project, version=1, markdown="# G")
    leaves = list(project.taxonomy.types.values_list("pk", flat=True))
    sentences = list(
        SummarySentence.objects.filter(summary__topic__document__corpus__project=project)
        .order_by("id")
        .values_list("id", "summary__topic_id")
    )
    flagged = set(rng.sample([pk for pk, _ in sentences], min(items, len(sentences))))
    with transaction.atomic():
        pilot = Round.objects.create(
            project=project,
            name="Pilot",
            kind=RoundKind.PILOT,
            status=RoundStatus.CLOSED,
            overlap=2,
            guideline_version=guideline,
        )
        topics = list(
            Topic.objects.filter(document__corpus__project=project).values_list("id", flat=True)
        )
        assignment_of: dict[tuple[int, int], int] = {}
        for user in linguists:
            ids = insert_rows(
                Assignment,
                [
                    "round_id",
                    "topic_id",
                    "annotator_id",
                    "source",
                    "status",
                    "stage",
                    "order_seed",
                    "active_seconds",
                    "created_at",
                    "submitted_at",
                ],
                [
                    (pilot.pk, t, user.pk, "", AssignmentStatus.SUBMITTED, "", t, 0, now, now)
                    for t in topics
                ],
            )
            assignment_of.update({(user.pk, t): a for t, a in zip(topics, ids, strict=True)})
        for number, user in enumerate(linguists):
            rows = []
            for pk, topic in sentences:
                bad = number == 0 and pk in flagged
                rows.append(
                    (
                        assignment_of[(user.pk, topic)],
                        pk,
                        "inconsistent" if bad else "consistent",
                        "Not in the dialogue." if bad else "",
                        None,
                        1,
                        now,
                    )
                )
            ids = insert_rows(
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
                rows,
            )
            if number == 0:
                insert_rows(
                    SentenceJudgement.error_types.through,
                    ["sentencejudgement_id", "errortype_id"],
                    [
                        (j, rng.choice(leaves))
                        for j, row in zip(ids, rows, strict=True)
                        if row[2] == "inconsistent"
                    ],
                )
            summaries = project_summaries(project)
            insert_rows(
                SummaryJudgement,
                [
                    "assignment_id",
                    "summary_id",
                    "relevance",
                    "not_a_summary",
                    "comment",
                    "version",
                    "updated_at",
                ],
                [
                    (
                        assignment_of[(user.pk, topic)],
                        s,
                        4 if number == 0 or rng.random() > 0.05 else 2,
                        False,
                        "",
                        1,
                        now,
                    )
                    for s, topic in summaries
                ],
            )
            insert_rows(
                TopicJudgement,
                ["assignment_id", "category", "version", "updated_at"],
                [(assignment_of[(user.pk, t)], "main", 1, now) for t in topics],
            )
    review, collected = item_round_create(
        ItemRoundRequest(
            project=project,
            name="Review",
            kind=RoundKind.REVIEW,
            guideline_version=1,
            people=[user.username for user in people],
            source_rounds=[pilot.pk],
        )
    )
    round_open(round=review)
    return {"pilot": pilot.pk, "review": review.pk, "items": collected}


def project_summaries(project) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    from annotations.models import Summary

    return list(
        Summary.objects.filter(topic__document__corpus__project=project).values_list(
            "id", "topic_id"
        )
    )


def paced(review_id: int, *, seconds: float, rate: float, reviewers: int) -> dict:
    """``reviewers`` threads offering ``rate`` item payloads/s in all, each followed by a
    decision saved on one of the unit's items; latency from the scheduled time."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    from annotations.handles import decode
    from annotations.kinds import REVIEW
    from annotations.models import Assignment, AssignmentStage
    from annotations.selectors.items import items_payload
    from annotations.services.judgements import StaleVersion, judgement_save

    work: dict[int, list[int]] = {}
    for pk, annotator in Assignment.objects.filter(
        round_id=review_id, stage=AssignmentStage.REVIEW
    ).values_list("id", "annotator_id"):
        work.setdefault(annotator, []).append(pk)
    users = {u.pk: u for u in get_user_model().objects.filter(pk__in=work)}
    interval = reviewers / rate
    latencies: list[float] = []
    saves: list[float] = []
    lock = threading.Lock()
    start = time.perf_counter() + 0.5

    def reviewer(number: int, user_id: int) -> None:
        rng = random.Random(number)
        user = users[user_id]
        mine = work[user_id]
        due = start + number * interval / reviewers
        try:
            while due < start + seconds:
                pause = due - time.perf_counter()
                if pause > 0:
                    time.sleep(pause)
                assignment = rng.choice(mine)
                payload = items_payload(user_id=user_id, assignment_id=assignment)
                took = time.perf_counter() - due
                assert payload is not None
                item = rng.choice(payload["items"])
                target = decode(assignment, "sentence", item["sentence"])
                saved = {s["sentence"]: s["version"] for s in payload["judgements"]["reviews"]}
                began = time.perf_counter()
                with contextlib.suppress(StaleVersion):
                    judgement_save(
                        REVIEW,
                        assignment_id=assignment,
                        user=user,
                        version=saved.get(item["sentence"], 0),
                        changes={
                            "decision": rng.choice(["confirmed", "types_changed"]),
                            "error_types": [],
                        },
                        target_id=target,
                    )
                with lock:
                    latencies.append(took)
                    saves.append(time.perf_counter() - began)
                due += interval
        finally:
            connection.close()

    threads = [
        threading.Thread(target=reviewer, args=(n, user_id))
        for n, user_id in enumerate(sorted(work)[:reviewers])
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"payloads": len(latencies), "latencies": latencies, "saves": saves, "seconds": seconds}


def counted(read) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        began = time.perf_counter()
        read()
        took = time.perf_counter() - began
    return took, len(captured)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summaries", type=int, default=200_000)
    parser.add_argument("--items", type=int, default=50_000)
    parser.add_argument("--reviewers", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rate", type=float, default=40, help="item payloads per second, in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_REVIEW_DATABASE_URL", DEFAULT_URL),
        help=f"dropped and recreated (default {DEFAULT_URL}); its name must contain 'bench'",
    )
    parser.add_argument("--keep", action="store_true", help="keep the bench database")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="bench-review-")
    media = Path(tmp) / "media"
    media.mkdir()
    _configure_environment(args.database_url, str(media))
    from bench_import import _admin_conninfo, _create_database, _drop_database

    db_name = _admin_conninfo()[1]
    print(f"bench: creating database {db_name} and migrating ...", flush=True)
    _create_database()
    try:
        import django

        django.setup()
        from django.contrib.auth import get_user_model
        from django.core.management import call_command
        from django.db import connection

        from annotations.models import Assignment, AssignmentStage, RoundItem
        from annotations.selectors.adjudication_queue import adjudication_queue
        from annotations.selectors.items import items_payload
        from annotations.selectors.workspace import review_queue
        from annotations.services.corpus_import import corpus_import_native
        from annotations.services.projects import project_get_or_create

        call_command("migrate", verbosity=0)
        corpus = Path(tmp) / "corpus.jsonl"
        write_corpus(corpus, summaries=args.summaries, sentences=3, seed=args.seed)
        project, _ = project_get_or_create(slug="bench", name="Review benchmark")
        started = time.perf_counter()
        report = corpus_import_native(project=project, path=corpus)
        corpus.unlink()
        seeded = seed(project, items=args.items, reviewers=args.reviewers, seed=args.seed)
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
        print(
            f"bench: seeded (not timed) {report.summaries} summaries, {report.sentences}"
            f" sentences, {seeded['items']} review items in {time.perf_counter() - started:.0f} s",
            flush=True,
        )
        result = paced(
            seeded["review"], seconds=args.seconds, rate=args.rate, reviewers=args.reviewers
        )
        p50 = percentile(result["latencies"], 0.5) * 1000
        p95 = percentile(result["latencies"], 0.95) * 1000
        s95 = percentile(result["saves"], 0.95) * 1000
        print(
            f"item payload, {args.reviewers} paced reviewers offering {args.rate:.0f}/s:"
            f" {result['payloads']} payloads in {result['seconds']:.0f} s"
            f" ({result['payloads'] / result['seconds']:.1f}/s), p50 {p50:.1f} ms,"
            f" p95 {p95:.1f} ms (target <= {PAYLOAD_P95_MS} ms:"
            f" {'met' if p95 <= PAYLOAD_P95_MS else 'NOT met'}); decision save p95 {s95:.1f} ms"
        )
        loads = Counter(
            Assignment.objects.filter(round_id=seeded["review"]).values_list(
                "annotator_id", flat=True
            )
        )
        busiest, quietest = loads.most_common()[0][0], loads.most_common()[-1][0]
        users = get_user_model().objects
        queue_s, queue_q = counted(lambda: review_queue(user=users.get(pk=busiest)))
        _, few_q = counted(lambda: review_queue(user=users.get(pk=quietest)))
        print(
            f"reviewer queue: {loads[busiest]} units in {queue_s * 1000:.0f} ms;"
            f" queries {queue_q} (busiest) vs {few_q} (quietest):"
            f" {'constant' if queue_q == few_q else 'NOT constant'}"
        )
        per_unit = Counter(
            RoundItem.objects.filter(round_id=seeded["review"]).values_list(
                "sentence__summary__topic_id", flat=True
            )
        )
        big, small = per_unit.most_common()[0][0], per_unit.most_common()[-1][0]
        unit_of = {
            topic: (pk, user)
            for pk, topic, user in Assignment.objects.filter(
                round_id=seeded["review"], stage=AssignmentStage.REVIEW, topic_id__in=[big, small]
            ).values_list("id", "topic_id", "annotator_id")
        }
        _, big_q = counted(
            lambda: items_payload(user_id=unit_of[big][1], assignment_id=unit_of[big][0])
        )
        _, small_q = counted(
            lambda: items_payload(user_id=unit_of[small][1], assignment_id=unit_of[small][0])
        )
        print(
            f"item payload queries: {big_q} ({per_unit[big]} items) vs {small_q}"
            f" ({per_unit[small]} item): {'constant' if big_q == small_q else 'NOT constant'}"
        )
        times = []
        for _ in range(6):
            took, queries = counted(lambda: adjudication_queue(project=project))
            times.append(took * 1000)
        count = adjudication_queue(project=project)["count"]
        verdict = "met" if max(times[1:]) < ADJUDICATION_MS else "NOT met"
        print(
            f"adjudication queue first page ({count} items over all questions): cold"
            f" {times[0]:.0f} ms, warm p50 {percentile(times[1:], 0.5):.0f} ms, {queries} queries"
            f" (target < {ADJUDICATION_MS} ms: {verdict})"
        )
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
