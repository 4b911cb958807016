"""The database rows of one chunk of units: every query of a release build's rows.

``_fetch`` reads a chunk in a fixed number of queries (filtered by the chunk's topic or
assignment ids, never by sentence ids) and returns them, untouched, as ``_Fetched``;
``_Adjudicated`` holds the admins' gold values among them (docs/review.md,
"Adjudication"). Only queries live here, so the assembly (release_rows.py) can run a
chunk's fetch in a second thread while it turns the previous chunk into rows
(docs/performance.md).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import Exists, OuterRef, QuerySet
from django.db.models.fields.json import KT

from annotations.models import (
    AlignedSentence,
    Assignment,
    AssignmentStage,
    AtomicFact,
    AtomicFactSheet,
    ErrorSpan,
    EvidenceSpan,
    KeyFact,
    KeyFactAlignment,
    KeyFactSheet,
    ReviewDecision,
    RoundKind,
    SecondReview,
    SecondVerdict,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    SummarySentence,
    Topic,
    TopicJudgement,
    Turn,
    TypingJudgement,
)
from annotations.selectors.release_scope import ReleaseScope, counted_assignments


@dataclass(slots=True)
class _Adjudicated:
    """The admins' gold values of a chunk's units (docs/review.md, "Adjudication")."""

    # (sentence id, label, judgement id), and (judgement id, type id)
    sentences: list[tuple[int, str, int]]
    types: list[tuple[int, int]]
    # (summary id, relevance, not a summary)
    summaries: list[tuple[int, int | None, bool]]
    # (topic id, category)
    categories: list[tuple[int, str]]
    # The adjudicated key-fact lists: (fact id, topic id, text, numbered) of the latest saved
    # sheet of each unit, in position order; their (fact id, summary id, covered) decisions
    # and (fact id, sentence id) alignments.
    key_facts: list[tuple[int, int, str, bool]]
    alignments: list[tuple[int, int, bool]]
    aligned_sentences: list[tuple[int, int]]
    # The adjudicated atomic facts: (summary id, text, verdict, given ACU id) of the latest
    # saved sheet of each summary, in position order.
    atomic_facts: list[tuple[int, str, str, int | None]] = field(default_factory=list)


@dataclass(slots=True)
class _Fetched:
    """The database rows of one chunk of units, as the queries return them."""

    topic_ids: list[int]
    topics: list[tuple[Any, ...]]
    # (id, topic id, annotator id, source, active seconds)
    assignments: list[tuple[int, int, int | None, str, int]]
    types: list[tuple[int, int]]
    evidence: list[tuple[Any, ...]]
    spans: list[tuple[Any, ...]]
    alignments: list[tuple[int, int, int, bool]]
    # (assignment id, key fact id, sentence id)
    aligned_sentences: list[tuple[int, int, int]]
    judgements: list[tuple[int, int, int, str, str, str, int | None, str]]
    # Confirmed review decisions: (sentence id, decision, decision id), and the types of
    # those that changed them (decision id, type id).
    decisions: list[tuple[int, str, int]]
    decision_types: list[tuple[int, int]]
    # The admins' gold values (the adjudication round), oldest first: the last one counts.
    adjudicated: _Adjudicated
    # Error-typing rounds over the release's rounds: (typing id, sentence id, the round's
    # type_min_count), and (typing id, type id).
    typings: list[tuple[int, int, int]]
    typing_types: list[tuple[int, int]]
    answers: list[tuple[int, int, int | None, bool, str]]
    categories: list[tuple[int, str]]
    key_facts: list[tuple[int, int, str, bool, int | None]]
    # (assignment id, summary id, text, verdict, given fact id), by assignment, summary and
    # position: the atomic facts of the chunk's sheets.
    atomic_facts: list[tuple[int, int, str, str, int | None]]
    turns: list[tuple[int, str, str, str]]
    sentences: list[tuple[int, int, int, int | None, str, int]]
    summaries: list[tuple[int, int, int, str, str, str, str | None]]


def _raw(queryset: QuerySet[Any]) -> list[tuple[Any, ...]]:
    """The rows of a ``values_list`` query as the database driver returns them: the ORM
    writes the SQL, but its row-by-row iteration (a third of the client's time on the
    largest queries of a build) is skipped. Only for columns that need no conversion from
    the database (integers and text, not booleans, JSON or dates)."""
    try:
        sql, params = queryset.query.sql_with_params()
    except EmptyResultSet:  # e.g. ``__in=[]``: the ORM knows there is nothing to read
        return []
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _fetch(scope: ReleaseScope, topic_ids: list[int]) -> _Fetched:
    """The queries of one chunk: 15 at most (fewer when there are no spans, alignments or
    turns to read), whatever the chunk's size. They filter by the chunk's topic or
    assignment ids (hundreds), never by sentence or judgement ids (tens of thousands), which
    Django and psycopg take seconds to bind. Only queries here, so a thread can run it."""
    topic_set = set(topic_ids)  # a set: see annotations.lookups
    topics = list(
        Topic.objects.filter(pk__any=topic_set).values_list(
            "id",
            "name",
            "document_id",
            "document__external_id",
            "document__split",
            "document__metadata",
            "document__corpus__slug",
            "document__corpus__name",
        )
    )
    assignments = list(
        counted_assignments(scope.round_ids)
        .filter(topic_id__any=topic_set)
        .order_by("id")
        .values_list("id", "topic_id", "annotator_id", "source", "active_seconds")
    )
    id_set = {row[0] for row in assignments}
    decisions = _confirmed_decisions(scope, topic_set)
    typings = list(
        TypingJudgement.objects.filter(
            assignment__topic_id__any=topic_set,
            assignment__round__kind=RoundKind.ERROR_TYPING,
            assignment__round__source_rounds__in=list(scope.round_ids),
        )
        .distinct()
        .values_list("id", "sentence_id", "assignment__round__type_min_count")
    )
    summaries = _raw(
        Summary.objects.filter(topic_id__any=topic_set)
        .order_by()  # sorted in Python, in the release's order
        .values_list(
            "id",
            "topic_id",
            "position",
            "system",
            "external_id",
            "text",
            # Text from the JSON (->> / json_extract), not the whole metadata: an import may
            # keep an evaluator's predictions there.
            KT("metadata__system_category"),
        )
    )
    judgements = _raw(
        SentenceJudgement.objects.filter(assignment_id__any=id_set).values_list(
            "id",
            "assignment_id",
            "sentence_id",
            "label",
            "explanation",
            "comment",
            "confidence",
            "pre_reveal_label",
        )
    )
    spans = list(
        ErrorSpan.objects.filter(judgement__assignment_id__any=id_set)
        .order_by("judgement_id", "start", "id")
        .values_list(
            "id",
            "judgement_id",
            "start",
            "end",
            "error_type_id",
            "note",
            "judgement__sentence__text",
            "judgement__assignment_id",
            "no_evidence",
        )
    )
    alignments = list(
        KeyFactAlignment.objects.filter(key_fact__sheet__assignment_id__any=id_set).values_list(
            "key_fact__sheet__assignment_id", "key_fact_id", "summary_id", "covered"
        )
    )
    return _Fetched(
        topic_ids=topic_ids,
        topics=topics,
        assignments=assignments,
        # The id range of the chunk's judgements as well as their assignments: with it the
        # link table is read through its index on the judgement (the range is narrow when
        # a unit's judgements were saved together, as imports and reference rounds do);
        # joined on the assignments alone, PostgreSQL scanned the whole table per chunk, a
        # cost that grew with the square of the project.
        types=_raw(
            SentenceJudgement.error_types.through.objects.filter(
                sentencejudgement__assignment_id__any=id_set,
                sentencejudgement_id__gte=min((row[0] for row in judgements), default=0),
                sentencejudgement_id__lte=max((row[0] for row in judgements), default=0),
            )
            .order_by("id")
            .values_list("sentencejudgement_id", "errortype_id")
        ),
        evidence=list(
            EvidenceSpan.objects.filter(error_span__judgement__assignment_id__any=id_set)
            .order_by("error_span_id", "turn__position", "start", "id")
            .values_list("error_span_id", "turn__position", "start", "end", "turn__text")
        )
        if spans
        else [],
        spans=spans,
        alignments=alignments,
        aligned_sentences=list(
            AlignedSentence.objects.filter(
                alignment__key_fact__sheet__assignment_id__any=id_set
            ).values_list(
                "alignment__key_fact__sheet__assignment_id", "alignment__key_fact_id", "sentence_id"
            )
        )
        if alignments
        else [],
        judgements=judgements,
        decisions=decisions,
        decision_types=list(
            ReviewDecision.error_types.through.objects.filter(
                reviewdecision_id__in=[
                    pk for _, decision, pk in decisions if decision == "types_changed"
                ]
            ).values_list("reviewdecision_id", "errortype_id")
        )
        if any(decision == "types_changed" for _, decision, _ in decisions)
        else [],
        adjudicated=_adjudicated(scope, topic_set),
        typings=typings,
        typing_types=list(
            TypingJudgement.error_types.through.objects.filter(
                typingjudgement_id__in=[pk for pk, _, _ in typings]
            ).values_list("typingjudgement_id", "errortype_id")
        )
        if typings
        else [],
        answers=list(
            SummaryJudgement.objects.filter(assignment_id__any=id_set).values_list(
                "assignment_id", "summary_id", "relevance", "not_a_summary", "comment"
            )
        ),
        categories=list(
            # By assignment, not joined to it for the topic (the chunk's assignments say it):
            # the join made PostgreSQL scan every assignment once per chunk.
            TopicJudgement.objects.filter(assignment_id__any=id_set).values_list(
                "assignment_id", "category"
            )
        ),
        key_facts=list(
            KeyFact.objects.filter(sheet__assignment_id__any=id_set)
            .order_by("sheet__assignment_id", "position")
            .values_list("id", "sheet__assignment_id", "text", "numbered", "given_id")
        ),
        atomic_facts=_raw(
            AtomicFact.objects.filter(sheet__assignment_id__any=id_set)
            .order_by("sheet__assignment_id", "sheet__summary_id", "position")
            .values_list("sheet__assignment_id", "sheet__summary_id", "text", "verdict", "given_id")
        ),
        turns=list(
            Turn.objects.filter(document_id__any={row[2] for row in topics})
            .order_by("document_id", "position")
            .values_list("document_id", "speaker", "text", "role")
        )
        if scope.with_turns
        else [],
        # By the summaries' ids, read through the index on the sentence's summary; by
        # their topic, PostgreSQL joined all summaries per chunk.
        sentences=_raw(
            SummarySentence.objects.filter(summary_id__any={row[0] for row in summaries})
            .order_by("summary_id", "position")
            .values_list("id", "summary_id", "position", "source_index", "text", "start")
        ),
        summaries=summaries,
    )


def _confirmed_decisions(scope: ReleaseScope, topic_set: set[int]) -> list[tuple[int, str, int]]:
    """The review decisions on the chunk's sentences, in review rounds over the release's
    rounds, that a second reviewer confirmed on the decision's current version."""
    confirmed = SecondReview.objects.filter(
        assignment__round_id=OuterRef("assignment__round_id"),
        sentence_id=OuterRef("sentence_id"),
        verdict=SecondVerdict.CONFIRM,
        reviewed_version=OuterRef("version"),
    )
    return list(
        ReviewDecision.objects.filter(
            assignment__topic_id__any=topic_set,
            assignment__stage=AssignmentStage.REVIEW,
            assignment__round__source_rounds__in=list(scope.round_ids),
        )
        .exclude(decision="")
        .filter(Exists(confirmed))
        .distinct()
        .order_by("id")
        .values_list("sentence_id", "decision", "id")
    )


def _adjudicated(scope: ReleaseScope, topic_set: set[int]) -> _Adjudicated:
    """The gold values admins set on the chunk's units (any admin; the latest save wins)."""
    ids = set(
        Assignment.objects.filter(
            round__project=scope.project,
            round__kind=RoundKind.ADJUDICATION,
            topic_id__any=topic_set,
        ).values_list("id", flat=True)
    )
    if not ids:
        return _Adjudicated([], [], [], [], [], [], [])
    sentences = list(
        SentenceJudgement.objects.filter(assignment_id__any=ids)
        .exclude(label="")
        .order_by("updated_at", "id")
        .values_list("sentence_id", "label", "id")
    )
    return _Adjudicated(
        sentences=sentences,
        types=list(
            SentenceJudgement.error_types.through.objects.filter(
                sentencejudgement_id__in=[pk for _, _, pk in sentences]
            ).values_list("sentencejudgement_id", "errortype_id")
        ),
        summaries=list(
            SummaryJudgement.objects.filter(assignment_id__any=ids)
            .order_by("updated_at", "id")
            .values_list("summary_id", "relevance", "not_a_summary")
        ),
        categories=list(
            TopicJudgement.objects.filter(assignment_id__any=ids)
            .exclude(category="")
            .order_by("updated_at", "id")
            .values_list("assignment__topic_id", "category")
        ),
        **_adjudicated_key_facts(ids),
        atomic_facts=_adjudicated_atomic_facts(ids),
    )


def _adjudicated_atomic_facts(ids: set[int]) -> list[tuple[int, str, str, int | None]]:
    """The atomic facts of each summary's latest saved adjudication sheet (any admin's, as
    every adjudicated value); a latest sheet an admin emptied means none adjudicated. Two
    queries, none for facts when no admin verified any."""
    latest: dict[int, int] = {}  # summary -> its latest sheet
    for sheet_id, summary_id in (
        AtomicFactSheet.objects.filter(assignment_id__any=ids)
        .order_by("updated_at", "id")
        .values_list("id", "summary_id")
    ):
        latest[summary_id] = sheet_id
    if not latest:
        return []
    return _raw(
        AtomicFact.objects.filter(sheet_id__any=set(latest.values()))
        .order_by("sheet__summary_id", "position")
        .values_list("sheet__summary_id", "text", "verdict", "given_id")
    )


def _adjudicated_key_facts(ids: set[int]) -> dict[str, list[Any]]:
    """The key-fact list of each unit's latest saved adjudication sheet (any admin's, as for
    every adjudicated value) and its alignments. A latest sheet an admin emptied means no
    adjudicated list (an older admin's does not come back). No query for facts without a
    sheet, nor for alignments without a list."""
    latest: dict[int, int] = {}  # topic -> its latest sheet
    for sheet_id, topic_id in (
        KeyFactSheet.objects.filter(assignment_id__any=ids)
        .order_by("updated_at", "id")
        .values_list("id", "assignment__topic_id")
    ):
        latest[topic_id] = sheet_id
    facts: dict[int, list[tuple[int, int, str, bool]]] = defaultdict(list)  # sheet -> facts
    if latest:
        for pk, topic_id, text, numbered, sheet_id in (
            KeyFact.objects.filter(sheet_id__any=set(latest.values()))
            .order_by("sheet_id", "position")
            .values_list("id", "sheet__assignment__topic_id", "text", "numbered", "sheet_id")
        ):
            facts[sheet_id].append((pk, topic_id, text, numbered))
    chosen = [fact for sheet_id in latest.values() for fact in facts[sheet_id]]
    if not chosen:
        return {"key_facts": [], "alignments": [], "aligned_sentences": []}
    fact_ids = {fact[0] for fact in chosen}
    return {
        "key_facts": chosen,
        "alignments": list(
            KeyFactAlignment.objects.filter(key_fact_id__any=fact_ids).values_list(
                "key_fact_id", "summary_id", "covered"
            )
        ),
        "aligned_sentences": list(
            AlignedSentence.objects.filter(alignment__key_fact_id__any=fact_ids).values_list(
                "alignment__key_fact_id", "sentence_id"
            )
        ),
    }
