"""Seeding for bench_admin_pages.py (not timed): people, rounds with their assignments and
judgements written with COPY (``insert_rows``), and releases, on a project whose corpus was
imported. See bench/README.md, "Admin pages benchmark"."""

from __future__ import annotations

import random

PROJECT = "bench"
LINGUISTS = 20
PILOT_UNITS = 2000
CHUNK_TOPICS = 2000  # topics per seeding batch


def seed(project, *, judged: float, seed: int) -> dict:  # type: ignore[no-untyped-def]
    """People, three rounds with their assignments and judgements (COPY), three releases."""
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from annotations.models import (
        GuidelineVersion,
        Membership,
        Role,
        Round,
        RoundKind,
        RoundStatus,
        Topic,
    )

    rng = random.Random(seed)
    now = timezone.now()
    users = get_user_model().objects
    admin = users.create_user("admin")
    linguists = [users.create_user(f"linguist{n}") for n in range(1, LINGUISTS + 1)]
    Membership.objects.create(project=project, user=admin, role=Role.ADMIN)
    Membership.objects.bulk_create(
        Membership(project=project, user=user, role=Role.ANNOTATOR) for user in linguists
    )
    guideline = GuidelineVersion.objects.create(
        project=project, version=1, markdown="# Guidelines", published_at=now
    )
    topics = list(
        Topic.objects.filter(document__corpus__project=project)
        .order_by("id")
        .values_list("id", flat=True)
    )
    counts = {"assignments": 0, "sentence_judgements": 0}
    with transaction.atomic():
        pilot = Round.objects.create(
            project=project,
            name="Pilot",
            kind=RoundKind.PILOT,
            status=RoundStatus.CLOSED,
            overlap=2,
            guideline_version=guideline,
            opened_at=now,
            closed_at=now,
        )
        production = Round.objects.create(
            project=project,
            name="Production",
            kind=RoundKind.PRODUCTION,
            status=RoundStatus.OPEN,
            overlap=2,
            guideline_version=guideline,
            opened_at=now,
        )
        practice = Round.objects.create(
            project=project, name="Practice", kind=RoundKind.PRACTICE, overlap=1
        )
        pilot_units = topics[:PILOT_UNITS]
        _seed_round(pilot, pilot_units, linguists[:2], len(pilot_units), 0, rng, now, counts)
        done = int(len(topics) * judged)
        busy = int(len(topics) * 0.02)
        _seed_round(production, topics, linguists, done, busy, rng, now, counts)
        _seed_round(practice, topics[-500:], linguists[:1], 0, 0, rng, now, counts)
    _seed_releases(project, admin, now)
    return {"production": production.pk, "pilot": pilot.pk, "admin": admin.pk, **counts}


def _seed_round(round_, topics, people, done, busy, rng, now, counts) -> None:  # type: ignore[no-untyped-def]
    """``round_.overlap`` assignments per topic, people taken in turn; the first ``done``
    topics submitted with their judgements, the next ``busy`` in progress."""
    from annotations.models import Assignment, AssignmentStatus
    from annotations.services.bulk import insert_rows

    columns = [
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
    ]
    for start in range(0, len(topics), CHUNK_TOPICS):
        chunk = topics[start : start + CHUNK_TOPICS]
        rows = []
        for offset, topic in enumerate(chunk):
            number = start + offset
            for k in range(round_.overlap):
                person = people[(number + k) % len(people)]
                if number < done:
                    status, seconds, at = AssignmentStatus.SUBMITTED, 600, now
                elif number < done + busy and k == 0:
                    status, seconds, at = AssignmentStatus.IN_PROGRESS, 120, None
                else:
                    status, seconds, at = AssignmentStatus.ASSIGNED, 0, None
                rows.append((round_.pk, topic, person.pk, "", status, "", topic, seconds, now, at))
        ids = insert_rows(Assignment, columns, rows)
        counts["assignments"] += len(ids)
        # Each topic has ``overlap`` rows in turn: index % overlap is the rater's place.
        judged = [
            (assignment, row[1], index % round_.overlap)
            for index, (assignment, row) in enumerate(zip(ids, rows, strict=True))
            if row[4] == AssignmentStatus.SUBMITTED
        ]
        if judged:
            counts["sentence_judgements"] += _seed_judgements(judged, rng, now)


def _seed_judgements(judged, rng, now) -> int:  # type: ignore[no-untyped-def]
    """Every sentence, summary and topic of the submitted assignments judged; the second
    rater (``second`` = 1) differs now and then, so there are disagreements to list."""
    from annotations.models import (
        SentenceJudgement,
        Summary,
        SummaryJudgement,
        SummarySentence,
        TopicJudgement,
    )
    from annotations.services.bulk import insert_rows

    topic_ids = sorted({topic for _, topic, _ in judged})
    sentences: dict[int, list[int]] = {}
    for pk, topic in (
        SummarySentence.objects.filter(summary__topic_id__in=topic_ids)
        .order_by("id")
        .values_list("id", "summary__topic_id")
    ):
        sentences.setdefault(topic, []).append(pk)
    summaries: dict[int, list[int]] = {}
    for pk, topic in (
        Summary.objects.filter(topic_id__in=topic_ids).order_by("id").values_list("id", "topic_id")
    ):
        summaries.setdefault(topic, []).append(pk)
    # The same draw for both raters of a sentence: the first rater's label is consistent,
    # the second's inconsistent where the draw falls under 2%.
    differs = {pk for ids in sentences.values() for pk in ids if rng.random() < 0.02}
    relevance_differs = {pk for ids in summaries.values() for pk in ids if rng.random() < 0.05}
    category_differs = {topic for topic in topic_ids if rng.random() < 0.03}
    sentence_rows, summary_rows, topic_rows = [], [], []
    for assignment, topic, second in judged:
        for pk in sentences.get(topic, []):
            bad = second and pk in differs
            sentence_rows.append(
                (
                    assignment,
                    pk,
                    "inconsistent" if bad else "consistent",
                    "Not in the dialogue." if bad else "",
                    None,
                    1,
                    now,
                )
            )
        for pk in summaries.get(topic, []):
            relevance = 2 if second and pk in relevance_differs else 4
            summary_rows.append((assignment, pk, relevance, False, "", 1, now))
        category = "marginal" if second and topic in category_differs else "main"
        topic_rows.append((assignment, category, 1, now))
    insert_rows(
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
        sentence_rows,
    )
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
        summary_rows,
    )
    insert_rows(TopicJudgement, ["assignment_id", "category", "version", "updated_at"], topic_rows)
    return len(sentence_rows)


def _seed_releases(project, admin, now) -> None:  # type: ignore[no-untyped-def]
    """Two published releases and a failed one, as rows (the list reads no archive)."""
    from annotations.models import Release, ReleaseFile, ReleaseStatus

    for version, status in (
        ("1.0.0", ReleaseStatus.PUBLISHED),
        ("1.1.0", ReleaseStatus.PUBLISHED),
        ("1.2.0", ReleaseStatus.FAILED),
    ):
        published = status == ReleaseStatus.PUBLISHED
        release = Release.objects.create(
            project=project,
            version=version,
            status=status,
            progress=100 if published else 40,
            error="" if published else "The worker was lost.",
            created_by=admin,
            published_at=now if published else None,
            config={"rounds": [], "formats": ["native"]},
            manifest={"counts": {"per_split": {"dev": 2000, "test": 8000}}} if published else {},
        )
        if published:
            ReleaseFile.objects.bulk_create(
                ReleaseFile(release=release, name=name, sha256="0" * 64, size=size, records=n)
                for name, size, n in (
                    ("native/dev.jsonl", 20_000_000, 2000),
                    ("native/test.jsonl", 80_000_000, 8000),
                    ("README.md", 4_000, None),
                )
            )
