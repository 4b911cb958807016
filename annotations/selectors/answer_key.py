"""Answer keys and accuracy against them (docs/quality.md).

A unit's key is its adjudicated gold: what an admin set on the adjudication screen (the
project's adjudication round; the latest save of any admin counts), or imported with
``import_answer_key``. Accuracy per question is the share of keyed targets where an answer
equals the key: sentence labels, error types (the same set, over sentences both the key and
the answer call inconsistent), relevance and topic category.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from annotations.models import (
    RoundKind,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
)

QUESTIONS = ("sentence_label", "error_types", "relevance", "topic_category")


@dataclass(slots=True)
class Key:
    """The keyed answers of some units: by sentence, summary and topic id."""

    sentences: dict[int, tuple[str, frozenset[int], str]] = field(default_factory=dict)
    summaries: dict[int, int] = field(default_factory=dict)
    topics: dict[int, str] = field(default_factory=dict)

    def has_unit(self, topic_id: int, sentence_ids: Iterable[int]) -> bool:
        return topic_id in self.topics or any(pk in self.sentences for pk in sentence_ids)


def unit_keys(project_id: int, topic_ids: Iterable[int]) -> Key:
    """The key of each of ``topic_ids`` that has one (four queries)."""
    topics = list(topic_ids)
    key = Key()
    keyed = {
        "assignment__round__project_id": project_id,
        "assignment__round__kind": RoundKind.ADJUDICATION,
        "assignment__topic_id__in": topics,
    }
    rows = list(
        SentenceJudgement.objects.filter(**keyed)
        .exclude(label="")
        .order_by("updated_at", "id")
        .values_list("id", "sentence_id", "label", "explanation")
    )
    types: dict[int, set[int]] = defaultdict(set)
    for judgement_id, type_id in SentenceJudgement.error_types.through.objects.filter(
        sentencejudgement_id__in=[row[0] for row in rows]
    ).values_list("sentencejudgement_id", "errortype_id"):
        types[judgement_id].add(type_id)
    for pk, sentence_id, label, explanation in rows:
        key.sentences[sentence_id] = (label, frozenset(types[pk]), explanation)
    for summary_id, relevance in (
        SummaryJudgement.objects.filter(**keyed)
        .exclude(relevance=None)
        .order_by("updated_at", "id")
        .values_list("summary_id", "relevance")
    ):
        if relevance is not None:
            key.summaries[summary_id] = relevance
    key.topics = dict(
        TopicJudgement.objects.filter(**keyed)
        .exclude(category="")
        .order_by("updated_at", "id")
        .values_list("assignment__topic_id", "category")
    )
    return key


@dataclass(slots=True)
class Tally:
    """Right and scored answers per question."""

    right: dict[str, int] = field(default_factory=lambda: dict.fromkeys(QUESTIONS, 0))
    scored: dict[str, int] = field(default_factory=lambda: dict.fromkeys(QUESTIONS, 0))

    def add(self, question: str, right: bool) -> None:
        self.scored[question] += 1
        self.right[question] += right

    def accuracy(self) -> dict[str, float | None]:
        return {
            q: round(self.right[q] / self.scored[q], 4) if self.scored[q] else None
            for q in QUESTIONS
        }


@dataclass(slots=True)
class Answers:
    """One assignment's answers: by sentence (label, types), summary and the topic."""

    sentences: dict[int, tuple[str, frozenset[int]]]
    summaries: dict[int, int | None]
    topic: str


def assignments_answers(assignment_ids: list[int]) -> dict[int, Answers]:
    """assignment id -> its answers (four queries)."""
    answers = {pk: Answers({}, {}, "") for pk in assignment_ids}
    rows = list(
        SentenceJudgement.objects.filter(assignment_id__in=assignment_ids).values_list(
            "id", "assignment_id", "sentence_id", "label"
        )
    )
    types: dict[int, set[int]] = defaultdict(set)
    for judgement_id, type_id in SentenceJudgement.error_types.through.objects.filter(
        sentencejudgement__assignment_id__in=assignment_ids
    ).values_list("sentencejudgement_id", "errortype_id"):
        types[judgement_id].add(type_id)
    for pk, assignment_id, sentence_id, label in rows:
        answers[assignment_id].sentences[sentence_id] = (label, frozenset(types[pk]))
    for assignment_id, summary_id, relevance in SummaryJudgement.objects.filter(
        assignment_id__in=assignment_ids
    ).values_list("assignment_id", "summary_id", "relevance"):
        answers[assignment_id].summaries[summary_id] = relevance
    for assignment_id, category in TopicJudgement.objects.filter(
        assignment_id__in=assignment_ids
    ).values_list("assignment_id", "category"):
        answers[assignment_id].topic = category
    return answers


def score(answers: Answers, key: Key, topic_id: int, tally: Tally) -> None:
    """Add one assignment's answers on one unit to ``tally``."""
    for sentence_id, (label, types) in answers.sentences.items():
        if sentence_id not in key.sentences or not label:
            continue
        key_label, key_types, _ = key.sentences[sentence_id]
        tally.add("sentence_label", label == key_label)
        if label == key_label == "inconsistent":
            tally.add("error_types", types == key_types)
    for summary_id, relevance in answers.summaries.items():
        if summary_id in key.summaries and relevance is not None:
            tally.add("relevance", relevance == key.summaries[summary_id])
    if topic_id in key.topics and answers.topic:
        tally.add("topic_category", answers.topic == key.topics[topic_id])


def key_feedback(
    *, project_id: int, assignment_id: int, topic_id: int, handle_of: dict[int, str]
) -> dict[str, Any] | None:
    """What a linguist sees after submitting a keyed unit: their accuracy and, per keyed
    sentence, the key's answer with its explanation beside theirs (sentences by handle)."""
    key = unit_keys(project_id, [topic_id])
    if not key.has_unit(topic_id, handle_of):
        return None
    answers = assignments_answers([assignment_id])[assignment_id]
    tally = Tally()
    score(answers, key, topic_id, tally)
    return {
        "accuracy": tally.accuracy(),
        "sentences": [
            {
                "sentence": handle_of[sentence_id],
                "label": label,
                "error_types": sorted(types),
                "explanation": explanation,
                "yours": answers.sentences.get(sentence_id, ("", frozenset()))[0],
                "agrees": answers.sentences.get(sentence_id, ("", frozenset()))[0] == label,
            }
            for sentence_id, (label, types, explanation) in key.sentences.items()
            if sentence_id in handle_of
        ],
    }
