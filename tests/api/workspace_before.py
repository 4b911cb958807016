"""The workspace payload as the ORM built it before the plain-SQL rewrite
(annotations/selectors/workspace_sql.py): the reference the new payload is compared against
in tests/api/test_workspace_payload_equivalence.py. Copied verbatim from
``annotations/selectors/workspace.py`` and ``annotations/api/assignments.py``; do not
"improve" it."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from annotations.models import (
    Assignment,
    AssignmentStatus,
    ErrorType,
    Feedback,
    RoundStatus,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    TopicJudgement,
    Turn,
)
from annotations.scheme_texts import RELEVANCE_ANCHORS, TOPIC_CATEGORIES
from annotations.selectors.workspace import ordered_summary_ids, summary_labels

VISIBLE_ROUNDS = (RoundStatus.OPEN, RoundStatus.CLOSED)


def own_assignment(user_id: int, assignment_id: int) -> Assignment | None:
    return (
        Assignment.objects.filter(annotator_id=user_id, round__status__in=VISIBLE_ROUNDS)
        .select_related("round__project__taxonomy", "round__guideline_version", "topic__document")
        .filter(pk=assignment_id)
        .first()
    )


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


def unread_feedback(*, user_id: int) -> list[dict[str, Any]]:
    items = list(
        Feedback.objects.filter(annotator_id=user_id, read_at__isnull=True)
        .select_related("round", "author", "sentence__summary")
        .order_by("-created_at")
    )
    sentence_topics = {f.sentence.summary.topic_id for f in items if f.sentence}
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
        assignment = None
        if item.sentence is not None:
            topic_id = item.sentence.summary.topic_id
            seed, assignment = own.get(topic_id, (0, None))
            order = ordered_summary_ids(summaries_by_topic[topic_id], seed=seed)
            letter = summary_labels(len(order))[order.index(item.sentence.summary_id)]
            located = {"summary_label": letter, "number": item.sentence.position + 1}
        result.append(
            {
                "id": item.pk,
                "round": item.round.name,
                "round_id": item.round_id,
                "author": (item.author.get_full_name() or item.author.get_username())
                if item.author
                else "",
                "text": item.text,
                "created_at": item.created_at,
                "assignment": assignment,
                "sentence": located,
                "read": False,
            }
        )
    return result


def workspace_payload(*, assignment: Assignment) -> dict[str, Any]:
    assert assignment.annotator_id is not None  # (own_assignment only finds a user's)
    round_ = assignment.round
    project = round_.project
    topic = assignment.topic
    document = topic.document
    siblings = list(
        Assignment.objects.filter(round_id=round_.pk, annotator_id=assignment.annotator_id)
        .order_by("id")
        .values_list("id", "status")
    )
    sibling_ids = [pk for pk, _ in siblings]
    position = sibling_ids.index(assignment.pk)
    next_open = next(
        (
            pk
            for pk, status in siblings[position + 1 :] + siblings[:position]
            if status != AssignmentStatus.SUBMITTED
        ),
        None,
    )
    summaries = unit_summaries(topic.pk)
    order = ordered_summary_ids(list(summaries), seed=assignment.order_seed)
    labels = dict(zip(order, summary_labels(len(order)), strict=True))
    return {
        **_assignment_header(assignment),
        "read_only": assignment.status == AssignmentStatus.SUBMITTED
        or assignment.round.status != RoundStatus.OPEN,
        "position": position + 1,
        "count": len(sibling_ids),
        "next_assignment": next_open,
        "guideline": {
            "version": round_.guideline_version.version,
            "markdown": round_.guideline_version.markdown,
        }
        if round_.guideline_version
        else None,
        "scheme": project.scheme,
        "relevance_anchors": RELEVANCE_ANCHORS,
        "topic_categories": TOPIC_CATEGORIES,
        "taxonomy": {
            "name": project.taxonomy.name,
            "types": [
                {
                    "id": pk,
                    "code": code,
                    "name": name,
                    "definition": definition,
                    "example": example,
                    "parent": parent,
                }
                for pk, code, name, definition, example, parent in ErrorType.objects.filter(
                    taxonomy_id=project.taxonomy_id
                )
                .order_by("position", "id")
                .values_list("id", "code", "name", "definition", "example", "parent_id")
            ],
        },
        "document": {
            "title": document.title or document.external_id,
            "turns": list(
                Turn.objects.filter(document_id=document.pk)
                .order_by("position")
                .values("id", "position", "speaker", "role", "text", "start", "end")
            ),
        },
        "topic": {"id": topic.pk, "name": topic.name},
        "summaries": [
            {"id": summary_id, "label": labels[summary_id], "sentences": summaries[summary_id]}
            for summary_id in order
        ],
        "judgements": own_judgements(assignment.pk),
        "active_seconds": assignment.active_seconds,
        "feedback": [
            item
            for item in unread_feedback(user_id=assignment.annotator_id)
            if item["round_id"] == round_.pk and item["assignment"] in (None, assignment.pk)
        ],
    }


def unit_summaries(topic_id: int) -> dict[int, list[dict[str, Any]]]:
    rows = Summary.objects.filter(topic_id=topic_id).values_list(
        "id", "sentences__id", "sentences__position", "sentences__text"
    )
    positioned: dict[int, list[tuple[int, int, str]]] = {}
    for summary_id, sentence_id, position, text in rows.order_by():
        sentences = positioned.setdefault(summary_id, [])
        if sentence_id is not None:
            sentences.append((position, sentence_id, text))
    return {
        summary_id: [
            {"id": pk, "number": position + 1, "text": text}
            for position, pk, text in sorted(sentences)
        ]
        for summary_id, sentences in positioned.items()
    }


def own_judgements(assignment_id: int) -> dict[str, Any]:
    through = SentenceJudgement.error_types.through
    types: dict[int, list[int]] = defaultdict(list)
    for judgement_id, type_id in through.objects.filter(
        sentencejudgement__assignment_id=assignment_id
    ).values_list("sentencejudgement_id", "errortype_id"):
        types[judgement_id].append(type_id)
    topic = (
        TopicJudgement.objects.filter(assignment_id=assignment_id)
        .values_list("category", "version")
        .first()
    )
    return {
        "sentences": [
            {
                "sentence": sentence_id,
                "label": label,
                "explanation": explanation,
                "error_types": sorted(types.get(pk, ())),
                "version": version,
            }
            for pk, sentence_id, label, explanation, version in SentenceJudgement.objects.filter(
                assignment_id=assignment_id
            )
            .order_by("id")
            .values_list("id", "sentence_id", "label", "explanation", "version")
        ],
        "summaries": [
            {
                "summary": summary_id,
                "relevance": relevance,
                "not_a_summary": not_a_summary,
                "comment": comment,
                "version": version,
            }
            for summary_id, relevance, not_a_summary, comment, version in (
                SummaryJudgement.objects.filter(assignment_id=assignment_id)
                .order_by("id")
                .values_list("summary_id", "relevance", "not_a_summary", "comment", "version")
            )
        ],
        "topic": {"category": topic[0], "version": topic[1]} if topic else None,
    }
