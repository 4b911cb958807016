"""The labels of a round as rating matrices, one per question (annotations.agreement.report).

Only submitted assignments of people count (published reference labels have no annotator).
Analysis mappings are applied here, at read time: relevance binned {1,2}→0 {3,4,5}→1, topic
category with marginal + irrelevant merged; stored labels never change. A fixed number of
queries whatever the round's size.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import replace
from typing import Any

from annotations.agreement.report import QuestionInput, SpanQuestionInput
from annotations.models import (
    Assignment,
    AssignmentStatus,
    ErrorSpan,
    EvidenceSpan,
    Round,
    RoundKind,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    SummarySentence,
    TopicJudgement,
)
from annotations.selectors.explanation_inputs import explanation_questions
from annotations.selectors.fact_agreement_inputs import acu_questions, key_fact_questions
from annotations.selectors.typing_inputs import typing_question, unit_names

RELEVANCE_BINS = {1: 0, 2: 0, 3: 1, 4: 1, 5: 1}
MERGED_CATEGORIES = {"main": "main", "marginal": "marginal", "irrelevant": "marginal"}


def round_question_inputs(*, round: Round) -> list[QuestionInput | SpanQuestionInput]:
    if round.kind == RoundKind.ERROR_TYPING:
        # An error-typing round answers one question: the types of its items.
        return [typing_question(round)]
    if round.kind == RoundKind.EXPLANATION:
        return list(explanation_questions(round))
    project = round.project
    assignments = list(
        Assignment.objects.filter(
            round=round, annotator__isnull=False, status=AssignmentStatus.SUBMITTED
        )
        .select_related("annotator")
        .order_by("annotator__username")
    )
    # annotator__isnull=False above: every assignment has its annotator.
    rater_of = {a.pk: a.annotator.get_username() for a in assignments if a.annotator is not None}
    raters = sorted(set(rater_of.values()))
    topic_ids = sorted({a.topic_id for a in assignments})
    summaries = list(
        Summary.objects.filter(topic_id__in=topic_ids)
        .order_by("topic_id", "position", "id")
        .values_list("id", "topic_id")
    )
    sentences = list(
        SummarySentence.objects.filter(summary__topic_id__in=topic_ids)
        .order_by("summary__topic_id", "summary__position", "summary_id", "position")
        .values_list("id", "summary_id")
    )
    labels: dict[tuple[str, int], str] = {}
    types: dict[tuple[str, int], frozenset[str]] = defaultdict(frozenset)
    judgements = SentenceJudgement.objects.filter(assignment_id__in=rater_of).values_list(
        "assignment_id", "sentence_id", "label"
    )
    for assignment_id, sentence_id, label in judgements:
        if label:
            labels[(rater_of[assignment_id], sentence_id)] = label
    through = SentenceJudgement.error_types.through.objects.filter(
        sentencejudgement__assignment_id__in=rater_of
    ).values_list(
        "sentencejudgement__assignment_id", "sentencejudgement__sentence_id", "errortype__name"
    )
    for assignment_id, sentence_id, name in through:
        key = (rater_of[assignment_id], sentence_id)
        types[key] = types[key] | {name}
    summary_answers = {
        (rater_of[a], s): (relevance, flag)
        for a, s, relevance, flag in SummaryJudgement.objects.filter(
            assignment_id__in=rater_of
        ).values_list("assignment_id", "summary_id", "relevance", "not_a_summary")
    }
    categories = {
        (rater_of[a], topic): category
        for a, topic, category in TopicJudgement.objects.filter(assignment_id__in=rater_of)
        .exclude(category="")
        .values_list("assignment_id", "assignment__topic_id", "category")
    }
    assigned = {(rater_of[a.pk], a.topic_id) for a in assignments}
    topic_of_summary = dict(summaries)
    summary_of_sentence = dict(sentences)

    topics_of: dict[str, set[int]] = defaultdict(set)
    for rater, topic_id in assigned:
        topics_of[rater].add(topic_id)

    def matrix(units: list[Any], value: Any, topic: Any) -> list[list[Any]]:
        # Each item's unit looked up once, not once per rater: a round of 100,000 sentences
        # has 300,000 cells per sentence question.
        unit_topics = [topic(unit) for unit in units]
        rows = []
        for rater in raters:
            rated = topics_of[rater]
            rows.append(
                [
                    value(rater, unit) if topic_id in rated else None
                    for unit, topic_id in zip(units, unit_topics, strict=True)
                ]
            )
        return UnitMatrix(rows, unit_topics)

    sentence_ids = [s for s, _ in sentences]
    summary_ids = [s for s, _ in summaries]
    sentence_topic = lambda s: topic_of_summary[summary_of_sentence[s]]  # noqa: E731
    sentences_of: dict[int, list[int]] = defaultdict(list)
    for sentence_id, summary_id in sentences:
        sentences_of[summary_id].append(sentence_id)

    def summary_consistency(rater: str, summary_id: int) -> str | None:
        values = [labels.get((rater, s)) for s in sentences_of[summary_id]]
        if any(v is None for v in values) or not values:
            return None
        return "consistent" if all(v == "consistent" for v in values) else "inconsistent"

    def relevance(rater: str, summary_id: int) -> int | None:
        answer = summary_answers.get((rater, summary_id))
        return answer[0] if answer else None

    def relevance_bin(rater: str, summary_id: int) -> int | None:
        rated = relevance(rater, summary_id)
        return RELEVANCE_BINS.get(rated) if rated is not None else None

    def error_types(rater: str, sentence_id: int) -> frozenset[str] | None:
        return (
            types[(rater, sentence_id)]
            if labels.get((rater, sentence_id)) == "inconsistent"
            else None
        )

    questions: list[QuestionInput | SpanQuestionInput] = []
    if project.ask_consistency:
        questions.append(
            QuestionInput(
                "sentence_consistency",
                "Sentence consistency",
                "nominal",
                raters,
                matrix(sentence_ids, lambda r, s: labels.get((r, s)), sentence_topic),
                categories=["consistent", "inconsistent"],
            )
        )
        questions.append(
            QuestionInput(
                "summary_consistency",
                "Summary consistency (from sentences)",
                "nominal",
                raters,
                matrix(summary_ids, summary_consistency, topic_of_summary.get),
                categories=["consistent", "inconsistent"],
            )
        )
    if project.ask_consistency and project.ask_error_types:
        questions.append(
            QuestionInput(
                "error_types",
                "Error types (sentences labelled inconsistent)",
                "set",
                raters,
                matrix(sentence_ids, error_types, sentence_topic),
            )
        )
    if project.ask_relevance:
        questions.append(
            QuestionInput(
                "relevance",
                "Relevance (1-5)",
                "ordinal",
                raters,
                matrix(summary_ids, relevance, topic_of_summary.get),
                categories=[1, 2, 3, 4, 5],
            )
        )
        questions.append(
            QuestionInput(
                "relevance_binned",
                "Relevance binned {1,2} / {3,4,5}",
                "nominal",
                raters,
                matrix(
                    summary_ids,
                    relevance_bin,
                    topic_of_summary.get,
                ),
                categories=[0, 1],
                category_names={0: "1\u20132", 1: "3\u20135"},  # "1-2", "3-5" with en dashes
            )
        )
    if project.ask_topic_category:
        questions.append(
            QuestionInput(
                "topic_category",
                "Topic category",
                "nominal",
                raters,
                matrix(topic_ids, lambda r, t: categories.get((r, t)), lambda t: t),
                categories=["main", "marginal", "irrelevant"],
            )
        )
        questions.append(
            QuestionInput(
                "topic_category_merged",
                "Topic category (marginal + irrelevant merged)",
                "nominal",
                raters,
                matrix(
                    topic_ids,
                    lambda r, t: MERGED_CATEGORIES.get(categories.get((r, t), "")),
                    lambda t: t,
                ),
                categories=["main", "marginal"],
            )
        )
    if project.ask_not_a_summary:
        questions.append(
            QuestionInput(
                "not_a_summary",
                "Not a summary",
                "nominal",
                raters,
                matrix(
                    summary_ids,
                    lambda r, s: bool(summary_answers.get((r, s), (None, False))[1]),
                    topic_of_summary.get,
                ),
                categories=[False, True],
                category_names={False: "a summary", True: "not a summary"},
            )
        )
    if project.ask_error_spans:
        questions += span_questions(
            rater_of,
            labels,
            sentence_ids,
            evidence=project.ask_evidence,
            topic_of_sentence=sentence_topic,
        )
    if project.ask_completeness:
        questions += key_fact_questions(round, rater_of, matrix, summaries, sentences)
    if project.ask_atomic_facts:
        questions += acu_questions(round, rater_of, matrix, summaries)
    return with_units(questions, topic_ids)


class UnitMatrix(list[list[Any]]):
    """A raters x items matrix that knows the work unit (topic id) of each item."""

    def __init__(self, rows: list[list[Any]], units: list[Any]) -> None:
        super().__init__(rows)
        self.units = units


def with_units(
    questions: list[QuestionInput | SpanQuestionInput], topic_ids: list[int]
) -> list[QuestionInput | SpanQuestionInput]:
    """Every question with the work unit of each item and the units' names (one query): the
    report resamples units where items nest in them, and its confusion pairs link to them."""
    names = unit_names(topic_ids)
    done: list[QuestionInput | SpanQuestionInput] = []
    for question in questions:
        if isinstance(question, QuestionInput):
            units = question.units
            if units is None and isinstance(question.matrix, UnitMatrix):
                units = question.matrix.units
            if units is not None:
                question = replace(question, units=units, unit_names=names)
        done.append(question)
    return done


SPAN_QUESTIONS = (
    ("span_exact", "Error spans (exact)", "exact"),
    ("span_overlap", "Error spans (overlap)", "overlap"),
    ("span_character", "Error spans (characters)", "character"),
)


def span_questions(
    rater_of: dict[int, str],
    labels: dict[tuple[str, int], str],
    sentence_ids: list[int],
    *,
    evidence: bool,
    topic_of_sentence: Any = None,
) -> list[SpanQuestionInput]:
    """The span questions (and the evidence one) over the sentences that two or more raters
    labelled inconsistent: their spans, and per error type the spans of that type."""
    raters = sorted(set(rater_of.values()))
    flagged: dict[int, list[str]] = defaultdict(list)
    for (rater, sentence_id), label in labels.items():
        if label == "inconsistent":
            flagged[sentence_id].append(rater)
    shared = [s for s in sentence_ids if len(flagged.get(s, ())) >= 2]
    spans: dict[tuple[str, int], list[tuple[int, int, str | None]]] = defaultdict(list)
    for assignment_id, sentence_id, start, end, type_name in ErrorSpan.objects.filter(
        judgement__assignment_id__in=rater_of, judgement__label="inconsistent"
    ).values_list(
        "judgement__assignment_id", "judgement__sentence_id", "start", "end", "error_type__name"
    ):
        spans[(rater_of[assignment_id], sentence_id)].append((start, end, type_name))
    type_names = sorted({name for marked in spans.values() for *_, name in marked if name})

    def units(kept: Any) -> list[dict[str, list[Any]]]:
        return [
            {
                rater: [(a, b) for a, b, name in spans[(rater, s)] if kept(name)]
                for rater in sorted(flagged[s])
            }
            for s in shared
        ]

    by_type = {name: units(lambda kind, name=name: kind == name) for name in type_names}
    units_of = [topic_of_sentence(s) for s in shared] if topic_of_sentence else None
    questions = [
        SpanQuestionInput(
            key, label, raters, mode, units(lambda _: True), by_type or None, units_of
        )
        for key, label, mode in SPAN_QUESTIONS
    ]
    if evidence:
        cited: dict[tuple[str, int], set[int]] = defaultdict(set)
        for assignment_id, sentence_id, position in EvidenceSpan.objects.filter(
            error_span__judgement__assignment_id__in=rater_of
        ).values_list(
            "error_span__judgement__assignment_id",
            "error_span__judgement__sentence_id",
            "turn__position",
        ):
            cited[(rater_of[assignment_id], sentence_id)].add(position)
        questions.append(
            SpanQuestionInput(
                "evidence_turns",
                "Evidence (turns cited)",
                raters,
                "evidence",
                [
                    {rater: sorted(cited[(rater, s)]) for rater in sorted(flagged[s])}
                    for s in shared
                ],
                units_of=units_of,
            )
        )
    return questions


def inputs_hash(questions: list[QuestionInput | SpanQuestionInput]) -> str:
    """sha256 of every question's raters and matrix: a report is reused until it changes."""
    encoded = json.dumps(
        [
            [
                q.key,
                list(q.raters),
                [
                    [dict(unit) for unit in q.units],
                    {k: list(v) for k, v in (q.by_type or {}).items()},
                ]
                if isinstance(q, SpanQuestionInput)
                else [list(row) for row in q.matrix],
            ]
            for q in questions
        ],
        sort_keys=True,
        # A label set is written as its sorted list, anything else JSON lacks as its text:
        # one call per such value from the C encoder, where a pass over every cell in Python
        # cost a quarter of a second on a 100,000-sentence round.
        default=_JsonValues().encode,
    )
    return hashlib.sha256(encoded.encode()).hexdigest()


class _JsonValues:
    """What ``inputs_hash`` writes for a value JSON lacks; each label set sorted once (a
    round repeats a few dozen sets over tens of thousands of sentences)."""

    def __init__(self) -> None:
        self.sorted_sets: dict[frozenset[Any], list[Any]] = {}

    def encode(self, value: Any) -> Any:
        if not isinstance(value, frozenset):
            return str(value)
        listed = self.sorted_sets.get(value)
        if listed is None:
            listed = self.sorted_sets[value] = sorted(value)
        return listed
