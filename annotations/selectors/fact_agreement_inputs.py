"""Agreement questions on key facts and atomic facts (docs/completeness.md, "Agreement").

With a given key-fact list every linguist decides the same items, so coefficients over
items are defined: (key fact, summary) coverage and (key fact, sentence) alignment. With
lists each linguist wrote, "key fact 3" of one list is not "key fact 3" of another: there
is no shared item, so the report compares what is comparable, each summary's completeness
by each linguist's own list and the lists' lengths, with Krippendorff's alpha (interval).
Given atomic facts give a verdict per ACU; written ones a score per summary. A fixed number
of queries whatever the round's size.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from annotations.agreement.report import QuestionInput
from annotations.models import (
    AlignedSentence,
    AtomicFact,
    KeyFact,
    KeyFactAlignment,
    Round,
)

Matrix = Callable[
    [list[Any], Callable[[str, Any], Any], Callable[[Any], int | None]], list[list[Any]]
]


def key_fact_questions(
    round: Round,
    rater_of: dict[int, str],
    matrix: Matrix,
    summaries: Sequence[tuple[int, int]],
    sentences: Sequence[tuple[int, int]],
) -> list[QuestionInput]:
    """``summaries``: (summary id, topic id); ``sentences``: (sentence id, summary id), in
    report order; ``matrix(units, value, topic_of_unit)`` builds raters x units."""
    raters = sorted(set(rater_of.values()))
    topic_of_summary = dict(summaries)
    # (rater, fact key, summary) -> covered; the fact key is the given fact in a given-list
    # round (shared by every linguist), else the linguist's own fact.
    decisions: dict[tuple[str, int | None, int], bool] = {}
    aligned: set[tuple[str, int | None, int]] = set()  # (rater, fact key, sentence)
    given = bool(round.key_fact_source)
    for assignment_id, fact_id, given_id, summary_id, covered in KeyFactAlignment.objects.filter(
        key_fact__sheet__assignment_id__in=rater_of
    ).values_list(
        "key_fact__sheet__assignment_id",
        "key_fact_id",
        "key_fact__given_id",
        "summary_id",
        "covered",
    ):
        decisions[(rater_of[assignment_id], given_id if given else fact_id, summary_id)] = covered
    for assignment_id, fact_id, given_id, sentence_id in AlignedSentence.objects.filter(
        alignment__key_fact__sheet__assignment_id__in=rater_of
    ).values_list(
        "alignment__key_fact__sheet__assignment_id",
        "alignment__key_fact_id",
        "alignment__key_fact__given_id",
        "sentence_id",
    ):
        aligned.add((rater_of[assignment_id], given_id if given else fact_id, sentence_id))
    if given:
        facts = list(
            KeyFact.objects.filter(
                given_list__topic_id__in=set(topic_of_summary.values()),
                given_list__source=round.key_fact_source,
            )
            .order_by("given_list__topic_id", "position")
            .values_list("id", "given_list__topic_id")
        )
        cells = [
            (fact_id, summary_id)
            for fact_id, topic_id in facts
            for summary_id, summary_topic in summaries
            if summary_topic == topic_id
        ]
        summary_of_sentence = dict(sentences)
        sentence_cells = [
            (fact_id, sentence_id)
            for fact_id, topic_id in facts
            for sentence_id, summary_id in sentences
            if topic_of_summary[summary_id] == topic_id
        ]

        def sentence_aligned(rater: str, cell: tuple[int, int]) -> bool | None:
            fact_id, sentence_id = cell
            if (rater, fact_id, summary_of_sentence[sentence_id]) not in decisions:
                return None
            return (rater, fact_id, sentence_id) in aligned

        return [
            QuestionInput(
                "key_fact_coverage",
                "Key facts: does the summary state it (given list)",
                "nominal",
                raters,
                matrix(
                    cells,
                    lambda r, cell: decisions.get((r, cell[0], cell[1])),
                    lambda cell: topic_of_summary[cell[1]],
                ),
                categories=[False, True],
                category_names={False: "not stated", True: "stated"},
            ),
            QuestionInput(
                "key_fact_alignment",
                "Key facts: which sentences state it (given list)",
                "nominal",
                raters,
                matrix(
                    sentence_cells,
                    sentence_aligned,
                    lambda cell: topic_of_summary[summary_of_sentence[cell[1]]],
                ),
                categories=[False, True],
                category_names={False: "does not state it", True: "states it"},
            ),
        ]
    # Written lists: each linguist's own facts; compare scores, not items.
    facts_of: dict[tuple[str, int], list[int]] = defaultdict(list)  # (rater, topic) -> facts
    for fact_id, assignment_id, topic_id in KeyFact.objects.filter(
        sheet__assignment_id__in=rater_of
    ).values_list("id", "sheet__assignment_id", "sheet__assignment__topic_id"):
        facts_of[(rater_of[assignment_id], topic_id)].append(fact_id)

    def completeness(rater: str, summary_id: int) -> float | None:
        own = facts_of.get((rater, topic_of_summary[summary_id]), [])
        verdicts = [decisions.get((rater, fact_id, summary_id)) for fact_id in own]
        if not own or None in verdicts:
            return None
        return sum(bool(v) for v in verdicts) / len(own)

    topics = sorted(set(topic_of_summary.values()))
    return [
        QuestionInput(
            "key_fact_completeness",
            "Key facts: completeness of each summary by each linguist's own list",
            "interval",
            raters,
            matrix([s for s, _ in summaries], completeness, topic_of_summary.get),
        ),
        QuestionInput(
            "key_fact_count",
            "Key facts: how many each linguist wrote per unit",
            "interval",
            raters,
            matrix(topics, lambda r, t: len(facts_of[(r, t)]) or None, lambda t: t),
        ),
    ]


def acu_questions(
    round: Round,
    rater_of: dict[int, str],
    matrix: Matrix,
    summaries: Sequence[tuple[int, int]],
) -> list[QuestionInput]:
    """Given ACUs: the verdict on each; written ones: each summary's ACU score."""
    raters = sorted(set(rater_of.values()))
    topic_of_summary = dict(summaries)
    rows = list(
        AtomicFact.objects.filter(sheet__assignment_id__in=rater_of)
        .exclude(verdict="")
        .values_list("sheet__assignment_id", "sheet__summary_id", "given_id", "verdict")
    )
    if round.given_atomic_facts:
        verdicts = {(rater_of[a], given_id): verdict for a, _, given_id, verdict in rows}
        acus = list(
            AtomicFact.objects.filter(given_for_id__in=topic_of_summary)
            .order_by("given_for__topic_id", "given_for__position", "given_for_id", "position")
            .values_list("id", "given_for_id")
        )
        summary_of_acu = dict(acus)
        return [
            QuestionInput(
                "acu_verdict",
                "Atomic facts: supported by the dialogue (given ACUs)",
                "nominal",
                raters,
                matrix(
                    [pk for pk, _ in acus],
                    lambda r, acu: verdicts.get((r, acu)),
                    lambda acu: topic_of_summary[summary_of_acu[acu]],
                ),
                categories=["supported", "not_supported"],
                category_names={"supported": "supported", "not_supported": "not supported"},
            )
        ]
    counts: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])
    for assignment_id, summary_id, _, verdict in rows:
        tally = counts[(rater_of[assignment_id], summary_id)]
        tally[0] += verdict == "supported"
        tally[1] += 1

    def score(rater: str, summary_id: int) -> float | None:
        supported, total = counts.get((rater, summary_id), (0, 0))
        return supported / total if total else None

    return [
        QuestionInput(
            "acu_score",
            "Atomic facts: each summary's ACU score (supported ÷ all)",
            "interval",
            raters,
            matrix([s for s, _ in summaries], score, topic_of_summary.get),
        )
    ]
