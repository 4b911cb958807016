"""A release's gold key facts and atomic facts, per chunk of units (docs/completeness.md,
"Releases").

A unit's gold key facts are an admin's adjudicated list, else the given list its raters
aligned, else the list of its first voting assignment (by id) that wrote any, each with the
coverage of those who judged that very list; a summary's gold atomic facts are an admin's
adjudicated ones, else those of the first voting assignment that has them. ``_Topic``, what
a chunk knows of one unit, lives here because choosing the gold key facts fills its
key-fact fields; the assembly (release_rows.py) fills the rest. No queries here.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from annotations.formats.writers.rows import AtomicFactRow, KeyFactRow
from annotations.selectors.release_fetch import _Adjudicated, _Fetched


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
