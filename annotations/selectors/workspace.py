"""Reads for the linguist: the queue and the workspace payload (docs/api/workspace.md).

Blinding is enforced here: nothing below reads ``Summary.system``, ``Summary.external_id``
or document metadata, and every judgement read is filtered to the requesting assignment.
Each function issues a fixed number of queries whatever the size of the unit or queue.
"""

from __future__ import annotations

import random
import string
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Prefetch, QuerySet

from annotations.handles import encode_many
from annotations.models import (
    Assignment,
    AssignmentStatus,
    ConsistencyLabel,
    Feedback,
    FeedbackReply,
    Project,
    RoundStatus,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    TopicJudgement,
)
from annotations.scheme_texts import RELEVANCE_ANCHORS, TOPIC_CATEGORIES
from annotations.selectors.people import display_name
from annotations.selectors.workspace_sql import (
    dialogue,
    judgements_and_siblings,
    taxonomy,
    unit_summaries,
    workspace_header,
)

VISIBLE_ROUNDS = (RoundStatus.OPEN, RoundStatus.CLOSED)


def user_assignments(*, user: AbstractBaseUser) -> QuerySet[Assignment]:
    """The assignments a linguist may open: their own, in rounds that are not drafts."""
    return Assignment.objects.filter(annotator_id=user.pk, round__status__in=VISIBLE_ROUNDS)


def summary_labels(count: int) -> list[str]:
    """A, B, … Z, AA, AB, … for units with many summaries."""
    letters = string.ascii_uppercase
    return [letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26] for i in range(count)]


def ordered_summary_ids(summary_ids: list[int], *, seed: int) -> list[int]:
    """The annotator's own order of a unit's summaries: a seeded shuffle of their ids in
    stored order, the same on every visit."""
    ordered = sorted(summary_ids)
    random.Random(seed).shuffle(ordered)
    return ordered


@dataclass(frozen=True, slots=True)
class SentenceState:
    label: str
    has_explanation: bool
    has_types: bool


def sentence_done(state: SentenceState | None, *, project: Project) -> bool:
    if state is None or not state.label:
        return False
    if state.label == ConsistencyLabel.CONSISTENT:
        return True
    return state.has_explanation and (state.has_types or not project.ask_error_types)


def summary_done(judgement: SummaryJudgement | None, *, project: Project) -> bool:
    if not project.ask_relevance:
        return True
    return judgement is not None and (judgement.relevance is not None or judgement.not_a_summary)


def queue(*, user: AbstractBaseUser) -> dict[str, Any]:
    assignments = list(
        user_assignments(user=user)
        .select_related("round__project", "topic__document")
        .order_by("round__created_at", "round_id", "id")
    )
    ids = [a.pk for a in assignments]
    topic_ids = {a.topic_id for a in assignments}
    sentences_per_topic = dict(
        Summary.objects.filter(topic_id__in=topic_ids)
        .values_list("topic_id")
        .annotate(n=Count("sentences"))
        .values_list("topic_id", "n")
    )
    summaries_per_topic = dict(
        Summary.objects.filter(topic_id__in=topic_ids)
        .values_list("topic_id")
        .annotate(n=Count("id"))
        .values_list("topic_id", "n")
    )
    sentence_states = _sentence_states(ids)
    summary_judgements: dict[int, list[SummaryJudgement]] = defaultdict(list)
    for judgement in SummaryJudgement.objects.filter(assignment_id__in=ids):
        summary_judgements[judgement.assignment_id].append(judgement)
    topics_answered = set(
        TopicJudgement.objects.filter(assignment_id__in=ids)
        .exclude(category="")
        .values_list("assignment_id", flat=True)
    )
    positions: dict[int, int] = {}
    counts: dict[int, int] = defaultdict(int)
    for assignment in assignments:
        counts[assignment.round_id] += 1
        positions[assignment.pk] = counts[assignment.round_id]
    entries = []
    for assignment in assignments:
        project = assignment.round.project
        total_sentences = sentences_per_topic.get(assignment.topic_id, 0)
        total_summaries = summaries_per_topic.get(assignment.topic_id, 0)
        done_sentences = sum(
            sentence_done(state, project=project)
            for state in sentence_states[assignment.pk].values()
        )
        done_summaries = sum(
            summary_done(j, project=project) for j in summary_judgements[assignment.pk]
        )
        total = (
            total_sentences * project.ask_consistency
            + total_summaries * project.ask_relevance
            + project.ask_topic_category
        )
        done = (
            done_sentences * project.ask_consistency
            + done_summaries * project.ask_relevance
            + (assignment.pk in topics_answered) * project.ask_topic_category
        )
        entries.append(
            {
                **_assignment_header(assignment),
                "document": assignment.topic.document.title
                or assignment.topic.document.external_id,
                "topic": assignment.topic.name,
                "position": positions[assignment.pk],
                "count": counts[assignment.round_id],
                "progress": {"done": done, "total": total},
                "active_seconds": assignment.active_seconds,
                "submitted_at": assignment.submitted_at,
            }
        )
    return {"assignments": entries, "feedback": unread_feedback(user_id=user.pk)}


def _assignment_header(assignment: Assignment) -> dict[str, Any]:
    round_ = assignment.round
    return {
        "id": assignment.pk,
        "status": assignment.status,
        "round": {
            "id": round_.pk,
            "name": round_.name,
            "kind": round_.kind,
            "status": round_.status,
        },
        "project": {"slug": round_.project.slug, "name": round_.project.name},
    }


def _sentence_states(assignment_ids: list[int]) -> dict[int, dict[int, SentenceState]]:
    states: dict[int, dict[int, SentenceState]] = defaultdict(dict)
    rows = (
        SentenceJudgement.objects.filter(assignment_id__in=assignment_ids)
        .annotate(types=Count("error_types"))
        .values_list("assignment_id", "sentence_id", "label", "explanation", "types")
    )
    for assignment_id, sentence_id, label, explanation, types in rows:
        states[assignment_id][sentence_id] = SentenceState(
            label=label, has_explanation=bool(explanation.strip()), has_types=types > 0
        )
    return states


def unread_feedback(*, user_id: int) -> list[dict[str, Any]]:
    """Feedback addressed to the user ``user_id`` that they have not marked as read. A
    sentence is located as this user sees it: their letter for its summary and its 1-based
    number."""
    items = list(
        Feedback.objects.filter(annotator_id=user_id, read_at__isnull=True)
        .select_related("round", "author", "sentence__summary")
        .prefetch_related(
            Prefetch("replies", queryset=FeedbackReply.objects.select_related("author"))
        )
        .order_by("-created_at")
    )
    sentence_topics = {f.sentence.summary.topic_id for f in items if f.sentence}
    # (topic -> (order seed, assignment id)) of this user's units that feedback points into.
    own = {
        topic_id: (seed, pk)
        for topic_id, seed, pk in Assignment.objects.filter(
            annotator_id=user_id,
            topic_id__in=sentence_topics,
            round_id__in={f.round_id for f in items},
        ).values_list("topic_id", "order_seed", "id")
    }
    summaries_by_topic: dict[int, list[int]] = defaultdict(list)
    for topic_id, summary_id in Summary.objects.filter(topic_id__in=sentence_topics).values_list(
        "topic_id", "id"
    ):
        summaries_by_topic[topic_id].append(summary_id)
    result = []
    for item in items:
        located = None
        assignment = item.assignment_id
        if item.sentence is not None:
            topic_id = item.sentence.summary.topic_id
            seed, assignment = own.get(topic_id, (0, assignment))
            order = ordered_summary_ids(summaries_by_topic[topic_id], seed=seed)
            letter = summary_labels(len(order))[order.index(item.sentence.summary_id)]
            located = {"summary_label": letter, "number": item.sentence.position + 1}
        result.append(
            {
                "id": item.pk,
                "round": item.round.name,
                "round_id": item.round_id,
                "author": display_name(item.author),
                "text": item.text,
                "created_at": item.created_at,
                "assignment": assignment,
                "sentence": located,
                "reopened": item.reopened,
                "replies": [
                    {
                        "id": reply.pk,
                        "author": display_name(reply.author),
                        "mine": reply.author_id == user_id,
                        "text": reply.text,
                        "created_at": reply.created_at,
                    }
                    for reply in item.replies.all()
                ],
                "read": False,
            }
        )
    return result


def workspace_payload(*, user_id: int, assignment_id: int) -> dict[str, Any] | None:
    """Everything the workspace shows for the user's assignment ``assignment_id``, and
    nothing it must not; None when it is not theirs to open (``user_assignments``' rules).

    Read with the plain statements of ``workspace_sql`` (five, whatever the unit's size),
    plus the unread-feedback lookup only when the annotator has unread feedback in the
    assignment's round."""
    header = workspace_header(assignment_id, user_id)
    if header is None:
        return None
    judgements, siblings = judgements_and_siblings(
        header.pk, round_id=header.round_id, annotator_id=user_id
    )
    sibling_ids = [pk for pk, _ in siblings]
    position = sibling_ids.index(header.pk)
    next_open = next(
        (
            pk
            for pk, status in siblings[position + 1 :] + siblings[:position]
            if status != AssignmentStatus.SUBMITTED
        ),
        None,
    )
    topic, document = dialogue(header.topic_id)
    summaries = unit_summaries(header.topic_id)
    order = ordered_summary_ids(list(summaries), seed=header.order_seed)
    labels = dict(zip(order, summary_labels(len(order)), strict=True))
    # Blinding: no database id leaves the server; each becomes this assignment's handle.
    summary_handles = dict(zip(order, encode_many(header.pk, "summary", order), strict=True))
    sentence_ids = [s["id"] for sentences in summaries.values() for s in sentences]
    sentence_handles = dict(
        zip(sentence_ids, encode_many(header.pk, "sentence", sentence_ids), strict=True)
    )
    for judgement in judgements["sentences"]:
        judgement["sentence"] = sentence_handles[judgement["sentence"]]
    for judgement in judgements["summaries"]:
        judgement["summary"] = summary_handles[judgement["summary"]]
    return {
        "id": header.pk,
        "status": header.status,
        "round": {
            "id": header.round_id,
            "name": header.round_name,
            "kind": header.round_kind,
            "status": header.round_status,
        },
        "project": {"slug": header.project_slug, "name": header.project_name},
        "read_only": header.status == AssignmentStatus.SUBMITTED
        or header.round_status != RoundStatus.OPEN,
        "position": position + 1,
        "count": len(sibling_ids),
        "next_assignment": next_open,
        "guideline": header.guideline,
        "scheme": header.scheme,
        "relevance_anchors": RELEVANCE_ANCHORS,
        "topic_categories": TOPIC_CATEGORIES,
        "taxonomy": taxonomy(header.taxonomy_id),
        "document": document,
        "topic": topic,
        "summaries": [
            {
                "id": summary_handles[summary_id],
                "label": labels[summary_id],
                "sentences": [
                    {**sentence, "id": sentence_handles[sentence["id"]]}
                    for sentence in summaries[summary_id]
                ],
            }
            for summary_id in order
        ],
        "judgements": judgements,
        "active_seconds": header.active_seconds,
        # The admin's unread feedback for this round: general, or about this unit's sentences.
        # The lookup is skipped when there is none (the header says so).
        "feedback": [
            item
            for item in unread_feedback(user_id=user_id)
            if item["round_id"] == header.round_id and item["assignment"] in (None, header.pk)
        ]
        if header.has_feedback
        else [],
    }


def is_read_only(assignment: Assignment) -> bool:
    return (
        assignment.status == AssignmentStatus.SUBMITTED
        or assignment.round.status != RoundStatus.OPEN
    )


def sentence_judgement_state(judgement: SentenceJudgement) -> dict[str, Any]:
    return {
        "sentence": judgement.sentence_id,
        "label": judgement.label,
        "explanation": judgement.explanation,
        "error_types": sorted(t.pk for t in judgement.error_types.all()),
        "version": judgement.version,
    }


def summary_judgement_state(judgement: SummaryJudgement) -> dict[str, Any]:
    return {
        "summary": judgement.summary_id,
        "relevance": judgement.relevance,
        "not_a_summary": judgement.not_a_summary,
        "comment": judgement.comment,
        "version": judgement.version,
    }


def topic_judgement_state(judgement: TopicJudgement) -> dict[str, Any]:
    return {"category": judgement.category, "version": judgement.version}
