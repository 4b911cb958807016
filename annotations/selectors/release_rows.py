"""The rows of a release, streamed from the database in chunks of units, for the writers in
``annotations.formats.writers`` (docs/releases.md): the assembly.

``summary_rows`` and ``topic_rows`` are the entry points. Each chunk's queries
(release_fetch.py) run one chunk ahead in a second thread; ``_chunk`` turns a chunk's rows
into ``SummaryRow``s with the gold rules (release_gold.py) and the gold key facts and
atomic facts (release_facts.py), within the scope the build chose (release_scope.py).
Annotators appear under anonymised ids; mappings are applied to the exported values only.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

from django.db import connection, connections

from annotations.agreement.gold import decided
from annotations.formats.writers.rows import (
    AnnotatorLabels,
    AnnotatorSentence,
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
from annotations.models import Project, Topic
from annotations.selectors.release_facts import (
    _adjudicated_coverage,
    _atomic_facts,
    _choose_gold_key_facts,
    _key_fact_coverage,
    _Topic,
)
from annotations.selectors.release_fetch import _fetch, _Fetched
from annotations.selectors.release_gold import (
    TIE_RULES,
    _decided_sentences,
    _gold_sentence,
    _relevance,
    _typed_sentences,
    _TypeRule,
)
from annotations.selectors.release_scope import ReleaseScope, annotator_ids, release_topic_ids

# Units per chunk. Each chunk costs a fixed set of queries whose Python side holds the GIL
# the row writer needs, so larger chunks build faster; two chunks are in memory at once (the
# one being written and the one read ahead). 1,000 units (~25,000 sentences) peak at ~160 MB
# for a whole build (500: 125 MB and 95k sentences/s; 2,000: 230 MB and 140k/s).
CHUNK_TOPICS = 1000


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


_CONSISTENT = AnnotatorSentence(label="consistent")
_STATES_FACT = AnnotatorSentence(covers_key_fact=True)
_STATES_NO_FACT = AnnotatorSentence(covers_key_fact=False)
_CONSISTENT_NO_FACT = AnnotatorSentence(label="consistent", covers_key_fact=False)
_UNANSWERED = AnnotatorSentence()


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
