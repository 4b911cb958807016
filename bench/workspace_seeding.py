"""Workspace benchmark, seeding: the bench project, its linguists, units and round."""

from __future__ import annotations

from dataclasses import dataclass

from workspace_settings import (
    SENTENCES_PER_SUMMARY,
    SUMMARIES_PER_UNIT,
    SYSTEMS,
    TURNS_PER_DIALOGUE,
)

# --- seeding ------------------------------------------------------------------------------


@dataclass(slots=True)
class Seeded:
    round_id: int
    users: list[tuple[str, list[int]]]  # (token key, assignment ids) per linguist
    units: int
    turns: int


def _guideline_markdown(gen) -> str:
    parts = ["# Annotation guidelines", ""]
    for section in range(1, 7):
        parts += [f"## {section}. {gen.topic_name()}", ""]
        parts += [gen.sentence(15, 30) + " " + gen.sentence(15, 30) for _ in range(3)]
        parts.append("")
    return "\n".join(parts)


def _records(count: int, seed: int):
    from synthetic import TextGenerator

    from annotations.formats.records import (
        DocumentRecord,
        SentenceRecord,
        SummaryRecord,
        TopicRecord,
        TurnRecord,
    )

    gen = TextGenerator(seed)
    rng = gen.rng
    records = []
    for index in range(count):
        speakers = [gen.speaker() for _ in range(rng.randint(2, 4))]
        turns = []
        for _ in range(TURNS_PER_DIALOGUE):
            speaker, role = rng.choice(speakers)
            turns.append(TurnRecord(speaker=speaker, role=role, text=gen.turn_text()))
        summaries = []
        for system in SYSTEMS[:SUMMARIES_PER_UNIT]:
            texts = [gen.sentence(12, 25) for _ in range(SENTENCES_PER_SUMMARY)]
            sentences, start = [], 0
            for text in texts:
                sentences.append(SentenceRecord(text=text, start=start, end=start + len(text)))
                start += len(text) + 1
            summaries.append(
                SummaryRecord(
                    external_id=system, system=system, text=" ".join(texts), sentences=sentences
                )
            )
        records.append(
            DocumentRecord(
                corpus="bench-ws",
                external_id=f"ws-{index:05d}",
                title=f"Synthetic dialogue {index}",
                turns=turns,
                topics=[TopicRecord(name=gen.topic_name(), summaries=summaries)],
            )
        )
    return records, _guideline_markdown(gen)


def seed_database(
    *, users: int, units_per_user: int, seed: int, spans: bool, completeness: bool = False
) -> Seeded:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from annotations.models import Assignment, GuidelineVersion, Role, Round, RoundKind, Topic
    from annotations.services.corpus_import import corpus_import_records
    from annotations.services.projects import membership_add, project_get_or_create
    from annotations.services.rounds import round_assign_units, round_open

    project, _ = project_get_or_create(slug="bench-ws", name="Workspace load benchmark")
    # With spans, evidence hints are on too (the round's default): the payload carries them.
    type(project).objects.filter(pk=project.pk).update(
        ask_error_spans=spans, ask_evidence=spans, ask_completeness=completeness
    )
    records, markdown = _records(users * units_per_user, seed)
    report = corpus_import_records(project=project, records=records, source_format="native")
    User = get_user_model()
    linguists = []
    for index in range(users):
        user = User.objects.create_user(username=f"linguist{index:02d}")  # no password
        membership_add(project=project, user=user, role=Role.ANNOTATOR)
        linguists.append((user, Token.objects.create(user=user).key))
    guideline = GuidelineVersion.objects.create(project=project, version=1, markdown=markdown)
    round_ = Round.objects.create(
        project=project,
        name="Workspace load",
        kind=RoundKind.PRODUCTION,
        overlap=1,
        guideline_version=guideline,
        seed=seed,
    )
    topic_ids = list(
        Topic.objects.filter(document__corpus__project=project)
        .order_by("id")
        .values_list("id", flat=True)
    )
    round_assign_units(round=round_, topic_ids=topic_ids, annotators=[u for u, _ in linguists])
    round_open(round=round_)
    owned = []
    for user, key in linguists:
        ids = list(
            Assignment.objects.filter(round=round_, annotator=user)
            .order_by("id")
            .values_list("id", flat=True)
        )
        if not ids:
            raise SystemExit(f"bench: {user.username} got no unit")
        owned.append((key, ids))
    return Seeded(round_id=round_.pk, users=owned, units=len(topic_ids), turns=report.turns)
