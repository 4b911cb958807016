"""The rows of a release, streamed from the database in chunks of units, for the writers in
``annotations.formats.writers`` (docs/releases.md).

Gold labels: an adjudicated review decision (confirmed by a second reviewer) first, then
the majority of the annotators in the chosen rounds, then the single annotation. A tie on
a sentence label resolves to *inconsistent* (a possible error is kept for review rather
than dropped); a tie on the topic category to the less central category. Annotators appear
under anonymised ids (A1, A2, …) stable within the release; no user name is ever read here.
Mappings are applied to the exported values only.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Exists, OuterRef

from annotations.formats.writers.rows import (
    AnnotatorLabels,
    AnnotatorSentence,
    KeyFactRow,
    SentenceRow,
    SummaryRow,
    TopicRow,
    TurnRow,
)
from annotations.models import (
    Assignment,
    AssignmentStatus,
    KeyFact,
    Project,
    ReviewDecision,
    ReviewOutcome,
    RoundKind,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    SummarySentence,
    Topic,
    TopicJudgement,
    Turn,
)

CHUNK_TOPICS = 500
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
    excluded_topics: frozenset[int] = frozenset()


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


def unlabelled_units(round_ids: Sequence[int]) -> list[dict[str, Any]]:
    """Units of the chosen rounds where some sentence has no label that counts. One grouped
    query: the database finds the unlabelled sentences, so memory does not grow with the
    project."""
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


def _majority(values: list[Any], *, tie: Callable[[list[Any]], Any]) -> Any:
    counts = Counter(v for v in values if v not in (None, ""))
    if not counts:
        return None
    ranked = counts.most_common()
    best = [value for value, n in ranked if n == ranked[0][1]]
    return best[0] if len(best) == 1 else tie(best)


def summary_rows(scope: ReleaseScope) -> Iterator[SummaryRow]:
    """Every summary of the release's units, chunk by chunk (a constant number of queries
    per chunk; memory bounded by the chunk)."""
    ids = annotator_ids(scope.round_ids)
    topics = [t for t in release_topic_ids(scope.round_ids) if t not in scope.excluded_topics]
    type_names = _type_names(scope.project)
    for start in range(0, len(topics), CHUNK_TOPICS):
        yield from _chunk(scope, topics[start : start + CHUNK_TOPICS], ids, type_names)


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


def _chunk(
    scope: ReleaseScope,
    topic_ids: list[int],
    ids: dict[str, str],
    type_names: dict[int, tuple[str, str]],
) -> Iterator[SummaryRow]:
    topics = {
        t.pk: t for t in Topic.objects.filter(pk__in=topic_ids).select_related("document__corpus")
    }
    assignments = list(
        counted_assignments(scope.round_ids)
        .filter(topic_id__in=topic_ids)
        .order_by("id")
        .values_list("id", "topic_id", "annotator_id", "source")
    )
    rater = {
        pk: ids[f"user:{user}" if user else f"source:{source}"]
        for pk, _, user, source in assignments
    }
    raters_of_topic: dict[int, list[str]] = defaultdict(list)
    for pk, topic_id, _, _ in assignments:
        if rater[pk] not in raters_of_topic[topic_id]:
            raters_of_topic[topic_id].append(rater[pk])
    summaries = list(
        Summary.objects.filter(topic_id__in=topic_ids)
        .order_by("topic_id", "position")
        .values_list("id", "topic_id", "system", "external_id", "text")
    )
    sentences: dict[int, list[tuple[int, int, int | None, str]]] = defaultdict(list)
    for pk, summary_id, position, source_index, text in (
        SummarySentence.objects.filter(summary__topic_id__in=topic_ids)
        .order_by("summary_id", "position")
        .values_list("id", "summary_id", "position", "source_index", "text")
    ):
        sentences[summary_id].append((pk, position, source_index, text))
    judgements: dict[int, dict[str, AnnotatorSentence]] = defaultdict(dict)
    raw = list(
        SentenceJudgement.objects.filter(assignment_id__in=rater).values_list(
            "id", "assignment_id", "sentence_id", "label", "explanation"
        )
    )
    types: dict[int, list[tuple[str, str]]] = defaultdict(list)
    # By the chunk's judgement ids (the link table's index), not by a join on assignments,
    # which made PostgreSQL scan the whole link table once per chunk.
    for judgement_id, type_id in (
        SentenceJudgement.error_types.through.objects.filter(
            sentencejudgement_id__in=[row[0] for row in raw]
        )
        .order_by("id")
        .values_list("sentencejudgement_id", "errortype_id")
    ):
        types[judgement_id].append(type_names[type_id])
    consistent = AnnotatorSentence(label="consistent")
    for pk, assignment_id, sentence_id, label, explanation in raw:
        if label == "consistent" and not explanation and not types[pk]:
            judged = consistent  # most judgements: one shared immutable object
        else:
            judged = AnnotatorSentence(
                label=label or None,
                explanation=explanation,
                error_types=tuple(name for name, _ in types[pk]),
                unified_types=tuple(dict.fromkeys(code for _, code in types[pk])),
            )
        judgements[sentence_id][rater[assignment_id]] = judged
    adjudicated = _adjudicated(list(rater))
    summary_answers: dict[int, dict[str, tuple[int | None, bool, str]]] = defaultdict(dict)
    for assignment_id, summary_id, relevance, flag, comment in SummaryJudgement.objects.filter(
        assignment_id__in=rater
    ).values_list("assignment_id", "summary_id", "relevance", "not_a_summary", "comment"):
        summary_answers[summary_id][rater[assignment_id]] = (relevance, flag, comment)
    categories: dict[int, list[str]] = defaultdict(list)
    for topic_id, category in TopicJudgement.objects.filter(assignment_id__in=rater).values_list(
        "assignment__topic_id", "category"
    ):
        categories[topic_id].append(category)
    lists: dict[tuple[int, int], list[KeyFactRow]] = defaultdict(list)
    for assignment_id, topic_id, text, numbered in (
        KeyFact.objects.filter(assignment_id__in=rater)
        .order_by("assignment_id", "position")
        .values_list("assignment_id", "assignment__topic_id", "text", "numbered")
    ):
        lists[(topic_id, assignment_id)].append(KeyFactRow(text, numbered))
    # The gold key facts of a unit are those of its first assignment (by id) that has any.
    key_facts: dict[int, tuple[KeyFactRow, ...]] = {}
    for (topic_id, _), facts in sorted(lists.items(), key=lambda item: item[0][1]):
        key_facts.setdefault(topic_id, tuple(facts))
    turns: dict[int, tuple[TurnRow, ...]] = {}
    if scope.with_turns:
        grouped: dict[int, list[TurnRow]] = defaultdict(list)
        for document_id, speaker, text, role in (
            Turn.objects.filter(document_id__in={t.document_id for t in topics.values()})
            .order_by("document_id", "position")
            .values_list("document_id", "speaker", "text", "role")
        ):
            grouped[document_id].append(TurnRow(speaker, text, role))
        turns = {k: tuple(v) for k, v in grouped.items()}
    order = {topic_id: index for index, topic_id in enumerate(topic_ids)}
    for summary_id, topic_id, system, external_id, text in sorted(
        summaries, key=lambda s: order[s[1]]
    ):
        topic = topics[topic_id]
        document = topic.document
        raters = raters_of_topic[topic_id]
        sentence_rows = []
        for sentence_id, position, source_index, sentence_text in sentences[summary_id]:
            by_rater = judgements.get(sentence_id, {})
            gold = adjudicated.get(sentence_id) or _majority(
                [j.label for j in by_rater.values()], tie=lambda _: "inconsistent"
            )
            flagged = [j for j in by_rater.values() if j.label == "inconsistent"]
            sentence_rows.append(
                SentenceRow(
                    position,
                    sentence_text,
                    source_index=source_index,
                    label=gold,
                    explanations=tuple(j.explanation for j in flagged if j.explanation)
                    if gold == "inconsistent"
                    else (),
                    error_types=tuple(dict.fromkeys(t for j in flagged for t in j.error_types))
                    if gold == "inconsistent"
                    else (),
                    unified_types=tuple(dict.fromkeys(t for j in flagged for t in j.unified_types))
                    if gold == "inconsistent"
                    else (),
                )
            )
        answers = summary_answers.get(summary_id, {})
        category = (
            _majority(
                categories.get(topic_id, []), tie=lambda tied: max(tied, key=CATEGORY_ORDER.index)
            )
            or ""
        )
        if scope.merge_marginal and category == "irrelevant":
            category = "marginal"
        yield SummaryRow(
            corpus=document.corpus.slug,
            doc_id=document.external_id,
            topic=topic.name,
            system=system,
            sentences=tuple(sentence_rows),
            summary_id=external_id,
            annotation_id=str(document.metadata.get("tofueval_annotation_id", "")),
            topic_category=category,
            split=scope.split_of(document.corpus.slug, document.external_id, document.split),
            text=text,
            relevance=_relevance([a[0] for a in answers.values()], binary=scope.binary_relevance),
            not_a_summary=_majority([a[1] for a in answers.values()], tie=lambda _: True)
            if answers
            else None,
            key_facts=key_facts.get(topic_id, ()),
            annotators=tuple(
                AnnotatorLabels(
                    annotator=r,
                    sentences=tuple(
                        judgements.get(s[0], {}).get(r, AnnotatorSentence())
                        for s in sentences[summary_id]
                    ),
                    relevance=answers.get(r, (None, False, ""))[0],
                    not_a_summary=answers[r][1] if r in answers else None,
                    comment=answers.get(r, (None, False, ""))[2],
                )
                for r in raters
            ),
            turns=turns.get(document.pk, ()),
        )


def _relevance(values: list[int | None], *, binary: bool) -> float | None:
    rated = [v for v in values if v is not None]
    if not rated:
        return None
    if binary:
        return float(_majority([RELEVANCE_BINS[v] for v in rated], tie=lambda _: 1))
    return round(sum(rated) / len(rated), 4)


def _adjudicated(assignment_ids: list[int]) -> dict[int, str]:
    """sentence -> label decided by a confirmed second-stage review, when there is one."""
    decided: dict[int, str] = {}
    for sentence_id, decision in ReviewDecision.objects.filter(
        judgement__assignment_id__in=assignment_ids, confirmed_by__isnull=False
    ).values_list("judgement__sentence_id", "decision"):
        decided[sentence_id] = (
            "consistent" if decision == ReviewOutcome.FALSE_POSITIVE else "inconsistent"
        )
    return decided
