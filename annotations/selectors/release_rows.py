"""The rows of a release, streamed from the database in chunks of units, for the writers in
``annotations.formats.writers`` (docs/releases.md).

Gold labels (annotations/agreement/gold.py, docs/review.md): an admin's adjudicated value
first, then a review decision a second reviewer confirmed, then the vote of the annotators
in the chosen rounds (unanimous, majority, a tie rule, or the single annotation), each with
its provenance. A tie on a sentence label resolves to *inconsistent* (a possible error is
kept for review rather than dropped); a tie on the topic category to the less central
category. Gold error types are those at least ``type_min_count`` of the flaggers chose.
A unit's gold key facts are an admin's adjudicated list, else the given list its raters
aligned, else the list of its first voting assignment (by id) that wrote any, each with the
coverage of those who judged that very list (docs/completeness.md, "Releases"); a summary's
gold atomic facts are an admin's adjudicated ones, else those of the first voting assignment
that has them. Annotators appear
under anonymised ids (A1, A2, …) stable within the release; no user name is ever read here.
Mappings are applied to the exported values only.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, cast

from django.core.exceptions import EmptyResultSet
from django.db import connection, connections
from django.db.models import Count, Exists, OuterRef, QuerySet
from django.db.models.fields.json import KT

from annotations.agreement.gold import (
    Gold,
    Provenance,
    decided,
    posterior_mode,
    types_by_count,
    voted,
)
from annotations.formats.writers.rows import (
    AnnotatorLabels,
    AnnotatorSentence,
    AtomicFactRow,
    EvidenceRow,
    FactCoverage,
    KeyFactRow,
    Label,
    SentenceRow,
    SpanRow,
    SummaryRow,
    TopicRow,
    TurnRow,
)
from annotations.models import (
    AlignedSentence,
    Assignment,
    AssignmentStage,
    AssignmentStatus,
    AtomicFact,
    AtomicFactSheet,
    ErrorSpan,
    EvidenceSpan,
    KeyFact,
    KeyFactAlignment,
    KeyFactSheet,
    Project,
    ReviewDecision,
    ReviewOutcome,
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

# Units per chunk. Each chunk costs a fixed set of queries whose Python side holds the GIL
# the row writer needs, so larger chunks build faster; two chunks are in memory at once (the
# one being written and the one read ahead). 1,000 units (~25,000 sentences) peak at ~160 MB
# for a whole build (500: 125 MB and 95k sentences/s; 2,000: 230 MB and 140k/s).
CHUNK_TOPICS = 1000
CATEGORY_ORDER = ("main", "marginal", "irrelevant")
RELEVANCE_BINS = {1: 0, 2: 0, 3: 1, 4: 1, 5: 1}


@dataclass(frozen=True, slots=True)
class ReleaseScope:
    project: Project
    round_ids: Sequence[int]
    split_of: Callable[[str, str, str], str]  # (corpus, doc id, stored split) -> split
    merge_marginal: bool = False
    binary_relevance: bool = False
    with_turns: bool = False
    with_annotators: bool = True  # False: rows without the annotators' raw labels
    excluded_topics: frozenset[int] = frozenset()
    # A gold error type needs at least this many of the flaggers (all of them when fewer):
    # AggreFact's "more than one annotator" (docs/review.md).
    type_min_count: int = 2
    # Leave out the summaries whose gold flag says they are not a summary (TofuEval's 23);
    # applied by the release build (services/releases.py), not by ``summary_rows``.
    drop_not_a_summary: bool = False
    # Assisted rounds: "both", "final" or "pre_reveal" (services/releases.py ASSISTED_LABELS).
    assisted_labels: str = "both"
    # The sentence-label gold rule below adjudication and review: "majority" (the vote) or
    # "posterior_mode" (the most probable label under Dawid-Skene, ``posteriors``).
    gold_rule: str = "majority"
    # sentence id -> Dawid-Skene P(inconsistent) over the release's voters
    # (annotations/selectors/release_competence.py); the soft-label columns print it.
    posteriors: Mapping[int, float] | None = None


def counted_assignments(round_ids: Sequence[int]) -> Any:
    """Labels that count: submitted work of people, and published reference labels."""
    return Assignment.objects.filter(round_id__in=round_ids).filter(
        status=AssignmentStatus.SUBMITTED
    ) | Assignment.objects.filter(round_id__in=round_ids, round__kind=RoundKind.REFERENCE)


def release_topic_ids(round_ids: Sequence[int]) -> list[int]:
    """The units of a release, in corpus and import order (which is a published
    benchmark's own order when it was imported)."""
    return list(
        Topic.objects.filter(assignments__round_id__in=round_ids)
        .distinct()
        .order_by("document__corpus_id", "document_id", "position")
        .values_list("id", flat=True)
    )


def unlabelled_units(round_ids: Sequence[int], *, asks_consistency: bool) -> list[dict[str, Any]]:
    """Units of the chosen rounds where some sentence has no label that counts. One grouped
    query: the database finds the unlabelled sentences, so memory does not grow with the
    project. None in a project that does not ask for consistency (key facts or atomic facts
    alone, FineSurE's REALSumm): there a sentence has no label to miss."""
    if not asks_consistency:
        return []
    labelled = (
        SentenceJudgement.objects.filter(
            assignment__in=counted_assignments(round_ids), sentence_id=OuterRef("pk")
        )
        .exclude(label="")
        .values("pk")
    )
    rows = (
        SummarySentence.objects.filter(
            summary__topic_id__in=Topic.objects.filter(assignments__round_id__in=round_ids).values(
                "id"
            )
        )
        .exclude(Exists(labelled))
        .values(
            "summary__topic_id",
            "summary__topic__name",
            "summary__topic__document__external_id",
            "summary__topic__document__corpus__slug",
        )
        .annotate(n=Count("id"))
        .order_by("summary__topic_id")
    )
    return [
        {
            "topic": row["summary__topic_id"],
            "document": row["summary__topic__document__external_id"],
            "corpus": row["summary__topic__document__corpus__slug"],
            "topic_name": row["summary__topic__name"],
            "unlabelled_sentences": row["n"],
        }
        for row in rows
    ]


def annotator_ids(round_ids: Sequence[int]) -> dict[str, str]:
    """rater key (user id or source) -> anonymised id, in a stable order."""
    keys = set()
    for annotator_id, source in counted_assignments(round_ids).values_list(
        "annotator_id", "source"
    ):
        keys.add(f"user:{annotator_id}" if annotator_id else f"source:{source}")
    return {key: f"A{i}" for i, key in enumerate(sorted(keys), start=1)}


@dataclass(frozen=True, slots=True)
class TieRule:
    """How a majority vote with a tie is decided: the rule as the dataset card states it,
    and the function that applies it (one definition, so the card cannot drift)."""

    question: str
    rule: str
    pick: Callable[[list[Any]], Any]


TIE_RULES: dict[str, TieRule] = {
    "sentence_label": TieRule(
        "sentence label",
        "a tie counts as inconsistent (a possible error is kept for review, not dropped)",
        lambda tied: "inconsistent",
    ),
    "topic_category": TieRule(
        "topic category",
        "a tie goes to the less central category (main, then marginal, then irrelevant)",
        lambda tied: max(tied, key=CATEGORY_ORDER.index),
    ),
    "not_a_summary": TieRule("not a summary", "a tie counts as not a summary", lambda tied: True),
    "relevance_binary": TieRule(
        "binary relevance",
        "a tie between {1,2} and {3,4,5} counts as relevant (1); without the mapping,"
        " relevance is the mean of the ratings and has no ties",
        lambda tied: 1,
    ),
}


def tie_rules(*, binary_relevance: bool) -> dict[str, str]:
    """The tie rules a release's gold labels use, by question, as the card states them."""
    return {
        key: f"{rule.question}: {rule.rule}"
        for key, rule in TIE_RULES.items()
        if key != "relevance_binary" or binary_relevance
    }


def _majority(values: list[Any], *, tie: Callable[[list[Any]], Any]) -> Any:
    counts = Counter(v for v in values if v not in (None, ""))
    if not counts:
        return None
    ranked = counts.most_common()
    best = [value for value, n in ranked if n == ranked[0][1]]
    return best[0] if len(best) == 1 else tie(best)


def summary_rows(scope: ReleaseScope, *, by_split: bool = False) -> Iterator[SummaryRow]:
    """Every summary of the release's units, chunk by chunk (a constant number of queries
    per chunk; memory bounded by the chunk). ``by_split``: all of one split's units before
    the next split's (in the release's order within each), so a writer with one file per
    split has one file open at a time."""
    ids = annotator_ids(scope.round_ids)
    topics = [t for t in release_topic_ids(scope.round_ids) if t not in scope.excluded_topics]
    if by_split:
        split_of_topic = _topic_splits(scope, topics)
        topics.sort(key=lambda topic: SPLIT_ORDER.get(split_of_topic[topic], len(SPLIT_ORDER)))
    type_names = _type_names(scope.project)
    chunks = [topics[start : start + CHUNK_TOPICS] for start in range(0, len(topics), CHUNK_TOPICS)]
    for fetched in _fetched_ahead(scope, chunks):
        yield from _chunk(scope, fetched, ids, type_names)


def _fetched_ahead(scope: ReleaseScope, chunks: list[list[int]]) -> Iterator[_Fetched]:
    """Each chunk's rows, the next chunk's queries running in a second thread (with its own
    database connection) while the caller turns the current one into rows and files: the
    thread mostly waits on the database, outside the GIL, so on two cores the database's
    time is hidden behind the writer's.

    Inside a transaction (a test case, or a caller's atomic block) the queries stay on the
    caller's connection, since another connection would not see uncommitted rows."""
    if connection.in_atomic_block or len(chunks) < 2:
        for chunk in chunks:
            yield _fetch(scope, chunk)
        return
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="release-rows") as pool:
        try:
            pending = pool.submit(_fetch, scope, chunks[0])
            for following in [*chunks[1:], None]:
                fetched = pending.result()
                if following is not None:
                    pending = pool.submit(_fetch, scope, following)
                yield fetched
        finally:
            pool.submit(connections.close_all).result()  # the thread's own connection


SPLIT_ORDER = {"dev": 0, "test": 1, "none": 2}


def _topic_splits(scope: ReleaseScope, topics: list[int]) -> dict[int, str]:
    splits = {}
    for start in range(0, len(topics), CHUNK_TOPICS):
        for pk, corpus, doc_id, stored in Topic.objects.filter(
            pk__any=set(topics[start : start + CHUNK_TOPICS])
        ).values_list("id", "document__corpus__slug", "document__external_id", "document__split"):
            splits[pk] = scope.split_of(corpus, doc_id, stored)
    return splits


def topic_rows(scope: ReleaseScope) -> Iterator[TopicRow]:
    """One row per unit with its gold category and key facts (TofuEval's per-topic files)."""
    previous = None
    for row in summary_rows(scope):
        # summary_rows is grouped by topic: emit a topic when its first summary passes.
        if (row.corpus, row.doc_id, row.topic) == previous:
            continue
        previous = (row.corpus, row.doc_id, row.topic)
        yield TopicRow(
            corpus=row.corpus,
            doc_id=row.doc_id,
            topic=row.topic,
            annotation_id=row.annotation_id,
            category=row.topic_category,
            key_facts=row.key_facts,
        )


def _type_names(project: Project) -> dict[int, tuple[str, str]]:
    """type id -> (name, unified code): read once per build, not joined per chunk."""
    from annotations.models import ErrorType

    return {
        pk: (name, unified or code)
        for pk, name, unified, code in ErrorType.objects.filter(
            taxonomy_id=project.taxonomy_id
        ).values_list("id", "name", "unified_type__code", "code")
    }


@dataclass(slots=True)
class _Topic:
    """What a chunk knows of one unit: the document's fields, the gold category, the key
    facts, the raters and, for each rater, which summaries' and sentences' key-fact
    coverage they judged."""

    corpus: str
    doc_id: str
    name: str
    document_id: int
    split: str
    annotation_id: str
    raters: list[tuple[int, str]]  # (assignment id, anonymised id), in assignment order
    corpus_name: str = ""
    category: str = ""
    key_facts: tuple[KeyFactRow, ...] = ()
    key_fact_ids: tuple[int, ...] = ()  # of the gold list, aligned with key_facts
    gold_assignment: int | None = None  # whose key facts are the gold ones
    key_facts_source: str = ""  # adjudicated | given | written (SummaryRow.key_facts_source)
    key_facts_author: str = ""
    reference: str = ""  # the document's reference summary (metadata "reference")
    category_provenance: str | None = None


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


@dataclass(frozen=True, slots=True)
class _Decided:
    """A sentence's gold label decided above the vote, with its types when they were decided
    too (None: the flaggers' types by the count rule)."""

    label: Label
    provenance: Provenance
    types: tuple[int, ...] | None


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


def _typed_sentences(fetched: _Fetched) -> dict[int, tuple[int, ...]]:
    """sentence id -> the gold types its error-typing round gives it: those at least the
    round's ``type_min_count`` of its annotators chose (docs/review.md)."""
    types_of: dict[int, list[int]] = defaultdict(list)
    for typing_id, type_id in fetched.typing_types:
        types_of[typing_id].append(type_id)
    sets: dict[int, list[list[int]]] = defaultdict(list)
    bar: dict[int, int] = {}
    for typing_id, sentence_id, min_count in fetched.typings:
        sets[sentence_id].append(sorted(types_of[typing_id]))
        bar[sentence_id] = min_count
    return {
        sentence_id: types_by_count(chosen, min_count=bar[sentence_id])
        for sentence_id, chosen in sets.items()
    }


def _decided_sentences(fetched: _Fetched) -> dict[int, _Decided]:
    """sentence id -> its gold label decided above the vote: an admin's, else confirmed
    review decisions that agree. Two confirmed decisions that conflict (one a false
    positive, one an error) cancel each other: the vote decides, as without review."""
    types_of: dict[int, list[int]] = defaultdict(list)
    for decision_id, type_id in fetched.decision_types:
        types_of[decision_id].append(type_id)
    reviewed: dict[int, set[tuple[str, tuple[int, ...] | None]]] = defaultdict(set)
    for sentence_id, decision, decision_id in fetched.decisions:
        if decision == ReviewOutcome.FALSE_POSITIVE:
            reviewed[sentence_id].add(("consistent", None))
        elif decision == ReviewOutcome.TYPES_CHANGED:
            reviewed[sentence_id].add(("inconsistent", tuple(sorted(types_of[decision_id]))))
        else:
            reviewed[sentence_id].add(("inconsistent", None))
    decided = {
        sentence_id: _Decided(cast(Label, label), "reviewed", types)
        for sentence_id, outcomes in reviewed.items()
        if len({label for label, _ in outcomes}) == 1
        # Confirmed with the flaggers' types by one reviewer, changed by another: the change.
        for label, types in [max(outcomes, key=lambda outcome: outcome[1] is not None)]
    }
    adjudicated_types: dict[int, list[int]] = defaultdict(list)
    for judgement_id, type_id in fetched.adjudicated.types:
        adjudicated_types[judgement_id].append(type_id)
    for sentence_id, label, judgement_id in fetched.adjudicated.sentences:
        decided[sentence_id] = _Decided(
            cast(Label, label), "adjudicated", tuple(sorted(adjudicated_types[judgement_id]))
        )
    return decided


def _chunk(
    scope: ReleaseScope,
    fetched: _Fetched,
    ids: dict[str, str],
    type_names: dict[int, tuple[str, str]],
) -> Iterator[SummaryRow]:
    """The rows of one chunk of units, from its database rows (no queries here)."""
    topics: dict[int, _Topic] = {}
    for (
        pk,
        name,
        document_id,
        doc_id,
        stored_split,
        metadata,
        corpus,
        corpus_name,
    ) in fetched.topics:
        topics[pk] = _Topic(
            corpus=corpus,
            corpus_name=corpus_name if corpus_name != corpus else "",
            doc_id=doc_id,
            name=name,
            document_id=document_id,
            split=scope.split_of(corpus, doc_id, stored_split),
            annotation_id=str((metadata or {}).get("tofueval_annotation_id", "")),
            raters=[],
            reference=_reference(metadata),
        )
    rater: dict[int, str] = {}
    # Time on task of people's work; imported labels (a source, no person) have none.
    seconds: dict[int, int | None] = {}
    for pk, topic_id, user, source, active in fetched.assignments:
        seconds[pk] = active if user else None
        rater[pk] = ids[f"user:{user}" if user else f"source:{source}"]
        if all(r != rater[pk] for _, r in topics[topic_id].raters):
            topics[topic_id].raters.append((pk, rater[pk]))

    type_ids: dict[int, list[int]] = defaultdict(list)
    for judgement_id, type_id in fetched.types:
        type_ids[judgement_id].append(type_id)
    # judgement -> (type names, unified codes); the few combinations that occur are built once.
    combinations: dict[tuple[int, ...], tuple[tuple[str, ...], tuple[str, ...]]] = {}
    types: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for judgement_id, listed in type_ids.items():
        key = tuple(listed)
        if key not in combinations:
            named = [type_names[type_id] for type_id in key]
            combinations[key] = (
                tuple(name for name, _ in named),
                tuple(dict.fromkeys(code for _, code in named)),
            )
        types[judgement_id] = combinations[key]
    spans = _spans(fetched, type_names, rater)
    coverage, aligned = _key_fact_coverage(fetched)
    fact_sentences: dict[int, set[int]] = defaultdict(set)  # key fact -> sentences stating it
    for _, fact_id, sentence_id in fetched.aligned_sentences:
        fact_sentences[fact_id].add(sentence_id)
    # assignment id -> {sentence id: judgement} (a dict per assignment, not per sentence);
    # most judgements are a plain "consistent", which all share one object.
    judged_by: dict[int, dict[int, AnnotatorSentence]] = {a: {} for a in rater}
    for (
        pk,
        assignment_id,
        sentence_id,
        label,
        explanation,
        comment,
        confidence,
        pre_reveal,
    ) in fetched.judgements:
        if pre_reveal and scope.assisted_labels == "pre_reveal":
            label = pre_reveal
        beside = pre_reveal if scope.assisted_labels == "both" else ""
        judged_types = types.get(pk)
        judged_spans = spans.get(pk)
        covers = (sentence_id in coverage[assignment_id][1]) if assignment_id in aligned else None
        noted = comment or confidence is not None
        if label == "consistent" and not (
            explanation or noted or judged_types or judged_spans or covers or beside
        ):
            judged = _CONSISTENT if covers is None else _CONSISTENT_NO_FACT
        else:
            names, unified = judged_types or ((), ())
            judged = AnnotatorSentence(
                label=cast(Label, label) or None,  # the database allows only the two or ""
                explanation=explanation,
                comment=comment,
                confidence=confidence,
                error_types=names,
                unified_types=unified,
                spans=judged_spans or (),
                covers_key_fact=covers,
                pre_reveal_label=cast(Label, beside) or None,
            )
        judged_by[assignment_id][sentence_id] = judged
    # One vote per person per unit on every question: their first assignment of the unit (by
    # id) in the chosen rounds, the one topic.raters keeps for sentence labels. A person with
    # assignments of one unit in two rounds does not count twice on relevance or category.
    voting = {assignment_id for topic in topics.values() for assignment_id, _ in topic.raters}
    adjudicated = _decided_sentences(fetched)
    rule = _TypeRule(
        scope.type_min_count,
        type_names,
        {name: code for name, code in type_names.values()},
        _typed_sentences(fetched),
    )
    summary_answers: dict[int, dict[int, tuple[int | None, bool, str]]] = defaultdict(dict)
    for assignment_id, summary_id, relevance, flag, comment in fetched.answers:
        if assignment_id in voting:
            summary_answers[summary_id][assignment_id] = (relevance, flag, comment)
    categories: dict[int, list[str]] = defaultdict(list)
    topic_of = {pk: topic_id for pk, topic_id, _, _, _ in fetched.assignments}
    for assignment_id, category in fetched.categories:
        if assignment_id in voting:
            categories[topic_of[assignment_id]].append(category)
    adjudicated_category = dict(fetched.adjudicated.categories)
    adjudicated_summary = {
        summary_id: (relevance, flag)
        for summary_id, relevance, flag in fetched.adjudicated.summaries
    }
    for topic_id, topic in topics.items():
        gold_category = decided(
            categories.get(topic_id, []),
            tie=TIE_RULES["topic_category"].pick,
            adjudicated=adjudicated_category.get(topic_id),
        )
        category = gold_category.value or ""
        topic.category = (
            "marginal" if scope.merge_marginal and category == "irrelevant" else category
        )
        topic.category_provenance = gold_category.provenance
    # Each assignment's own key facts, in position order. A fact's key names what it is: a
    # copy of a given fact is that given fact (so every rater's copy is the same fact), a
    # written one is itself, however alike its text is to another linguist's.
    facts_of: dict[int, list[tuple[int, KeyFactRow]]] = defaultdict(list)
    # (assignment, given fact) -> the assignment's copy of it (a round with a given list).
    copy_of: dict[tuple[int, int], int] = {}
    given_of: dict[int, int] = {}  # a copy -> the given fact it copies
    for pk, assignment_id, text, numbered, given_id in fetched.key_facts:
        fact_key = f"given:{given_id}" if given_id is not None else f"fact:{pk}"
        facts_of[assignment_id].append((pk, KeyFactRow(text, numbered, key=fact_key)))
        if given_id is not None:
            copy_of[(assignment_id, given_id)] = pk
            given_of[pk] = given_id
    _choose_gold_key_facts(topics, facts_of, given_of, voting, fetched.adjudicated)
    atomic_facts = _atomic_facts(fetched, voting)

    def unjudged(assignment_id: int, sentence_id: int) -> AnnotatorSentence:
        """A sentence the rater did not judge: it still says whether it states a key fact
        when the rater aligned key facts (FineSurE's sentence labels come without
        consistency labels)."""
        if assignment_id not in aligned:
            return _UNANSWERED
        return _STATES_FACT if sentence_id in coverage[assignment_id][1] else _STATES_NO_FACT

    grouped: dict[int, list[TurnRow]] = defaultdict(list)
    for document_id, speaker, text, role in fetched.turns:
        grouped[document_id].append(TurnRow(speaker, text, role))
    turns = {k: tuple(v) for k, v in grouped.items()}
    # summary id -> its sentence rows (id, summary id, position, source index, text, start)
    sentences: dict[int, list[tuple[int, int, int, int | None, str, int]]] = defaultdict(list)
    for row in fetched.sentences:
        sentences[row[1]].append(row)
    order = {topic_id: index for index, topic_id in enumerate(fetched.topic_ids)}
    summaries = sorted(fetched.summaries, key=lambda s: (order[s[1]], s[2]))

    adjudicated_coverage = _adjudicated_coverage(fetched.adjudicated)
    posteriors: Mapping[int, float] = scope.posteriors or {}
    by_posterior = scope.gold_rule == "posterior_mode"

    def stating(fact_id: int, own: list[Any], stated_by: dict[int, set[int]]) -> tuple[int, ...]:
        """The positions of the summary's sentences aligned with the fact."""
        aligned_to = stated_by.get(fact_id)
        return tuple(row[2] for row in own if row[0] in aligned_to) if aligned_to else ()

    def majority_coverage(
        topic: _Topic, summary_id: int, own: list[Any]
    ) -> tuple[tuple[FactCoverage, ...], set[int]] | None:
        """With a given list aligned by several raters, the gold coverage is their majority
        (FineSurE's majority vote): a fact is stated when more than half of the raters who
        aligned the unit say so, a sentence states a fact likewise (a tie: not stated); one
        rater's is theirs. Only raters whose sheet copies the given list count: a rater who
        wrote their own list did not judge these facts. None when the gold list is not a
        given one or nobody aligned it."""
        if topic.key_facts_source != "given":
            return None
        gold_given = [given_of[pk] for pk in topic.key_fact_ids]
        raters = [
            a
            for a, _ in topic.raters
            if a in aligned and all((a, given) in copy_of for given in gold_given)
        ]
        if not raters:
            return None
        majority = len(raters) / 2
        judged = []
        for given, fact in zip(gold_given, topic.key_facts, strict=True):
            copies = [(rater, copy_of[(rater, given)]) for rater in raters]
            covered = sum((copy, summary_id) in coverage[rater][0] for rater, copy in copies)
            judged.append(
                FactCoverage(
                    fact,
                    covered > majority,
                    tuple(
                        row[2]
                        for row in own
                        if sum(row[0] in fact_sentences.get(copy, ()) for _, copy in copies)
                        > majority
                    ),
                )
            )
        covering = {
            row[0]
            for row in own
            if sum(row[0] in coverage[rater][1] for rater in raters) > majority
        }
        return tuple(judged), covering

    def own_coverage(
        assignment_id: int, summary_id: int, own: list[Any]
    ) -> tuple[FactCoverage, ...]:
        """The assignment's own facts with its decisions for the summary (None: unknown, it
        aligned nothing in the unit)."""
        known = assignment_id in aligned
        decided = coverage[assignment_id][0]
        return tuple(
            FactCoverage(
                fact,
                ((pk, summary_id) in decided) if known else None,
                stating(pk, own, fact_sentences) if known else (),
            )
            for pk, fact in facts_of.get(assignment_id, ())
        )

    for summary_id, topic_id, _, system, external_id, text, system_category in summaries:
        topic = topics[topic_id]
        own = sentences[summary_id]
        gold_covers: set[int] | None = None
        gold_coverage: tuple[FactCoverage, ...] = ()
        if topic.key_facts_source == "adjudicated":
            if topic_id in adjudicated_coverage.known:
                gold_covers = adjudicated_coverage.sentences
                gold_coverage = tuple(
                    FactCoverage(
                        fact,
                        (pk, summary_id) in adjudicated_coverage.covered,
                        stating(pk, own, adjudicated_coverage.stated_by),
                    )
                    for pk, fact in zip(topic.key_fact_ids, topic.key_facts, strict=True)
                )
        elif topic.key_facts_source == "written" and topic.gold_assignment in aligned:
            gold_covers = coverage[topic.gold_assignment][1]
            gold_coverage = own_coverage(topic.gold_assignment, summary_id, own)
        majority = majority_coverage(topic, summary_id, own)
        if majority is not None:
            gold_coverage, gold_covers = majority
        answers = summary_answers.get(summary_id, {})
        # Each rater's judgements, aligned with the sentences.
        theirs = [
            [judged_by[assignment_id].get(row[0]) or unjudged(assignment_id, row[0]) for row in own]
            for assignment_id, _ in topic.raters
        ]
        if len(theirs) == 1 and not adjudicated and gold_covers is None and not by_posterior:
            # One annotation per sentence, no review, no key-fact coverage: the common case
            # of a reference or single-annotated round, built without the general rule.
            gold = tuple(
                SentenceRow(
                    row[2],
                    row[4],
                    source_index=row[3],
                    start=row[5],
                    label=judged.label,
                    provenance="single" if judged.label else None,
                    votes=_SINGLE_VOTES.get(judged.label),
                    posterior=posteriors.get(row[0]),
                )
                if judged.label != "inconsistent"
                else _gold_sentence(
                    row, [judged], None, covers=None, rule=rule, posterior=posteriors.get(row[0])
                )
                for row, judged in zip(own, theirs[0], strict=True)
            )
        else:
            gold = tuple(
                _gold_sentence(
                    row,
                    [judgements[i] for judgements in theirs],
                    adjudicated.get(row[0]),
                    covers=(row[0] in gold_covers) if gold_covers is not None else None,
                    rule=rule,
                    posterior=posteriors.get(row[0]),
                    by_posterior=by_posterior,
                )
                for i, row in enumerate(own)
            )
        gold_relevance, relevance_provenance = _relevance(
            [a[0] for a in answers.values()],
            binary=scope.binary_relevance,
            adjudicated=adjudicated_summary.get(summary_id, (None, False))[0],
        )
        not_a_summary = decided(
            [a[1] for a in answers.values()],
            tie=TIE_RULES["not_a_summary"].pick,
            # An admin's gold relevance or flag decides the flag too: a rated summary is one.
            adjudicated=None
            if summary_id not in adjudicated_summary
            else adjudicated_summary[summary_id][1],
        )
        yield SummaryRow(
            corpus=topic.corpus,
            doc_id=topic.doc_id,
            topic=topic.name,
            system=system,
            system_category=system_category if isinstance(system_category, str) else "",
            sentences=gold,
            summary_id=external_id,
            annotation_id=topic.annotation_id,
            topic_category=topic.category,
            split=topic.split,
            text=text,
            corpus_name=topic.corpus_name,
            relevance=gold_relevance,
            relevance_provenance=relevance_provenance,
            not_a_summary=not_a_summary.value,
            not_a_summary_provenance=not_a_summary.provenance,
            category_provenance=topic.category_provenance,
            key_facts=topic.key_facts,
            key_fact_coverage=gold_coverage,
            key_facts_source=topic.key_facts_source,
            key_facts_author=topic.key_facts_author,
            annotators=()
            if not scope.with_annotators
            else tuple(
                AnnotatorLabels(
                    annotator=name,
                    sentences=tuple(judgements),
                    relevance=answers[assignment_id][0] if assignment_id in answers else None,
                    not_a_summary=answers[assignment_id][1] if assignment_id in answers else None,
                    comment=answers[assignment_id][2] if assignment_id in answers else "",
                    key_facts=own_coverage(assignment_id, summary_id, own),
                    active_seconds=seconds.get(assignment_id),
                )
                for (assignment_id, name), judgements in zip(topic.raters, theirs, strict=True)
            ),
            turns=turns.get(topic.document_id, ()),
            atomic_facts=atomic_facts.get(summary_id, ((), ""))[0],
            atomic_facts_source=atomic_facts.get(summary_id, ((), ""))[1],
            reference=topic.reference,
        )


def _reference(metadata: Any) -> str:
    reference = (metadata or {}).get("reference") if isinstance(metadata, dict) else None
    return reference if isinstance(reference, str) else ""


def _atomic_facts(
    fetched: _Fetched, voting: set[int]
) -> dict[int, tuple[tuple[AtomicFactRow, ...], str]]:
    """summary id -> its gold atomic facts and the rule that gave them: an admin's
    adjudicated sheet (``adjudicated``), else those of the first voting assignment (by id)
    with atomic facts for the summary, as a unit's gold key facts are the first voting
    assignment's (``given`` when they verify the given ACUs, ``written`` when the rater wrote
    them); ``supported`` from the verdict (None while not verified), ``given`` when the fact
    copies a given ACU."""

    def row(text: str, verdict: str, given_id: int | None) -> AtomicFactRow:
        return AtomicFactRow(
            text,
            supported=(verdict == "supported") if verdict else None,
            given=given_id is not None,
        )

    adjudicated: dict[int, list[AtomicFactRow]] = defaultdict(list)
    for summary_id, text, verdict, given_id in fetched.adjudicated.atomic_facts:
        adjudicated[summary_id].append(row(text, verdict, given_id))
    gold: dict[int, int] = {}  # summary id -> the assignment whose facts are gold
    facts: dict[int, list[AtomicFactRow]] = defaultdict(list)
    for assignment_id, summary_id, text, verdict, given_id in fetched.atomic_facts:
        if summary_id in adjudicated:
            continue
        if assignment_id not in voting or gold.setdefault(summary_id, assignment_id) != (
            assignment_id
        ):
            continue
        facts[summary_id].append(row(text, verdict, given_id))
    chosen = {
        summary_id: (tuple(rows), "given" if any(r.given for r in rows) else "written")
        for summary_id, rows in facts.items()
    }
    chosen.update(
        (summary_id, (tuple(rows), "adjudicated")) for summary_id, rows in adjudicated.items()
    )
    return chosen


_CONSISTENT = AnnotatorSentence(label="consistent")
_STATES_FACT = AnnotatorSentence(covers_key_fact=True)
_STATES_NO_FACT = AnnotatorSentence(covers_key_fact=False)
_CONSISTENT_NO_FACT = AnnotatorSentence(label="consistent", covers_key_fact=False)
_UNANSWERED = AnnotatorSentence()


@dataclass(frozen=True, slots=True)
class _TypeRule:
    """How a sentence's gold error types are chosen: by count among the flaggers, or the
    decided type ids named (``names``: type id -> (name, unified code))."""

    min_count: int
    names: dict[int, tuple[str, str]]
    code_of: dict[str, str]
    # sentence id -> the types an error-typing round gave it (type ids)
    typed: dict[int, tuple[int, ...]]


def _gold_sentence(
    row: tuple[int, int, int, int | None, str, int],
    judged: list[AnnotatorSentence],
    adjudicated: _Decided | None,
    *,
    covers: bool | None,
    rule: _TypeRule,
    posterior: float | None = None,
    by_posterior: bool = False,
) -> SentenceRow:
    """A sentence (its database row) with its gold label and the label's provenance: an
    admin's, else a confirmed review's, else the raters' vote (a tie is inconsistent); the
    explanations and spans of those who flagged it when the gold label is inconsistent, and
    its types: an admin's or a review's, else an error-typing round's, else those at least
    ``rule.min_count`` of the flaggers chose. ``judged``
    has one entry per rater (unanswered ones included)."""
    _, _, position, source_index, text, start = row
    flags = sum(j.label == "inconsistent" for j in judged)
    answered = sum(j.label is not None for j in judged)
    votes = (answered - flags, flags) if answered else None
    modelled = (
        posterior_mode(posterior, tie=TIE_RULES["sentence_label"].pick)
        if by_posterior and adjudicated is None
        else None
    )
    gold: Gold[Any] = (
        Gold(adjudicated.label, adjudicated.provenance)
        if adjudicated is not None
        else modelled
        if modelled is not None
        else voted([j.label for j in judged], tie=TIE_RULES["sentence_label"].pick)
    )
    label = cast("Label | None", gold.value)
    if label != "inconsistent":
        return SentenceRow(
            position,
            text,
            source_index=source_index,
            start=start,
            label=label,
            covers_key_fact=covers,
            provenance=gold.provenance,
            votes=votes,
            posterior=posterior,
        )
    flagged = [j for j in judged if j.label == "inconsistent"]
    decided_types = (
        adjudicated.types
        if adjudicated is not None and adjudicated.types is not None
        else rule.typed.get(row[0])
    )
    if decided_types is not None:
        names = tuple(rule.names[pk][0] for pk in decided_types if pk in rule.names)
    else:
        names = types_by_count([j.error_types for j in flagged], min_count=rule.min_count)
    return SentenceRow(
        position,
        text,
        source_index=source_index,
        start=start,
        label="inconsistent",
        explanations=tuple(j.explanation for j in flagged if j.explanation),
        error_types=names,
        unified_types=tuple(dict.fromkeys(rule.code_of[name] for name in names)),
        spans=tuple(span for j in flagged for span in j.spans),
        covers_key_fact=covers,
        provenance=gold.provenance,
        votes=votes,
        posterior=posterior,
    )


# A single rater's label as (consistent, inconsistent) votes.
_SINGLE_VOTES: dict[str | None, tuple[int, int]] = {"consistent": (1, 0), "inconsistent": (0, 1)}


def _spans(
    fetched: _Fetched, type_names: dict[int, tuple[str, str]], rater: dict[int, str]
) -> dict[int, tuple[SpanRow, ...]]:
    """judgement id -> its error spans (by start), each with its evidence in the dialogue
    and the anonymised id of whoever marked it (``rater``: assignment -> id), so a gold
    span still says whose it was."""
    evidence: dict[int, list[EvidenceRow]] = defaultdict(list)
    for span_id, turn, start, end, turn_text in fetched.evidence:
        evidence[span_id].append(EvidenceRow(turn, start, end, turn_text[start:end]))
    spans: dict[int, list[SpanRow]] = defaultdict(list)
    for (
        pk,
        judgement_id,
        start,
        end,
        type_id,
        note,
        sentence_text,
        assignment_id,
        no_evidence,
    ) in fetched.spans:
        name, unified = type_names[type_id] if type_id else ("", "")
        spans[judgement_id].append(
            SpanRow(
                start,
                end,
                sentence_text[start:end],
                error_type=name,
                unified_type=unified,
                note=note,
                evidence=tuple(evidence.get(pk, ())),
                annotator=rater.get(assignment_id, ""),
                no_evidence=no_evidence,
            )
        )
    return {k: tuple(v) for k, v in spans.items()}


def _key_fact_coverage(
    fetched: _Fetched,
) -> tuple[dict[int, tuple[set[tuple[int, int]], set[int]]], set[int]]:
    """Key-fact alignments of the chunk's assignments: assignment -> ({(key fact, summary)
    covered}, {sentence that states a key fact}), and the assignments that aligned any.

    Coverage is known only for an assignment that decided at least one (fact, summary) cell
    in its unit: there, a fact without a covered row is not covered and a sentence in no
    alignment states no key fact. Elsewhere (e.g. key facts imported from a published
    release, which has no alignments) coverage is unknown."""
    coverage: dict[int, tuple[set[tuple[int, int]], set[int]]] = defaultdict(lambda: (set(), set()))
    for assignment_id, fact_id, summary_id, covered in fetched.alignments:
        decided = coverage[assignment_id][0]
        if covered:
            decided.add((fact_id, summary_id))
    for assignment_id, _, sentence_id in fetched.aligned_sentences:
        coverage[assignment_id][1].add(sentence_id)
    return coverage, set(coverage)


def _choose_gold_key_facts(
    topics: dict[int, _Topic],
    facts_of: dict[int, list[tuple[int, KeyFactRow]]],
    given_of: dict[int, int],
    voting: set[int],
    adjudicated: _Adjudicated,
) -> None:
    """Set each unit's gold key-fact list, by one rule (docs/completeness.md, "Releases"):

    1. ``adjudicated``: the list an admin saved in the adjudication round, with the admin's
       coverage;
    2. ``given``: else the given list that the first voting rater with one aligned (every
       rater of a given-list round aligns the same facts), with the raters' majority;
    3. ``written``: else the list of the first voting rater (by assignment) who wrote any,
       with that rater's own coverage: nobody else judged those facts.
    """
    adjudicated_facts: dict[int, list[tuple[int, KeyFactRow]]] = defaultdict(list)
    for pk, topic_id, text, numbered in adjudicated.key_facts:
        adjudicated_facts[topic_id].append(
            (pk, KeyFactRow(text, numbered, key=f"adjudicated:{pk}"))
        )
    for topic_id, topic in topics.items():
        chosen = adjudicated_facts.get(topic_id)
        if chosen:
            topic.key_facts_source = "adjudicated"
        else:
            listed = [(a, name) for a, name in topic.raters if a in voting and facts_of.get(a)]
            given = [
                (a, name) for a, name in listed if all(pk in given_of for pk, _ in facts_of[a])
            ]
            if not listed:
                continue
            topic.gold_assignment, name = (given or listed)[0]
            chosen = facts_of[topic.gold_assignment]
            topic.key_facts_source = "given" if given else "written"
            topic.key_facts_author = "" if given else name
        topic.key_fact_ids = tuple(pk for pk, _ in chosen)
        topic.key_facts = tuple(fact for _, fact in chosen)


@dataclass(frozen=True, slots=True)
class _AdjudicatedCoverage:
    covered: set[tuple[int, int]]  # (fact, summary) an admin says the summary states
    sentences: set[int]  # sentences aligned with some adjudicated fact
    stated_by: dict[int, set[int]]  # fact -> its aligned sentences
    known: set[int]  # units whose adjudicated list the admin aligned (coverage known)


def _adjudicated_coverage(adjudicated: _Adjudicated) -> _AdjudicatedCoverage:
    topic_of = {pk: topic_id for pk, topic_id, _, _ in adjudicated.key_facts}
    stated_by: dict[int, set[int]] = defaultdict(set)
    for fact_id, sentence_id in adjudicated.aligned_sentences:
        stated_by[fact_id].add(sentence_id)
    return _AdjudicatedCoverage(
        covered={(f, summary) for f, summary, covered in adjudicated.alignments if covered},
        sentences={s for sentences in stated_by.values() for s in sentences},
        stated_by=stated_by,
        known={topic_of[f] for f, _, _ in adjudicated.alignments},
    )


def _relevance(
    values: list[int | None], *, binary: bool, adjudicated: int | None
) -> tuple[float | None, str | None]:
    """The gold relevance and its provenance: an admin's rating, else the raters' binary
    vote (with the mapping) or their mean. A mean of several ratings is ``unanimous`` when
    they agree and ``majority`` (the raters' aggregate) when they do not."""
    if adjudicated is not None:
        return (
            float(RELEVANCE_BINS[adjudicated]) if binary else float(adjudicated),
            "adjudicated",
        )
    rated = [v for v in values if v is not None]
    if not rated:
        return None, None
    if binary:
        vote = voted([RELEVANCE_BINS[v] for v in rated], tie=TIE_RULES["relevance_binary"].pick)
        return float(cast(int, vote.value)), vote.provenance
    provenance = (
        "single" if len(rated) == 1 else "unanimous" if len(set(rated)) == 1 else "majority"
    )
    return round(sum(rated) / len(rated), 4), provenance
