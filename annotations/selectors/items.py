"""The item screen's payload: a review or error-typing assignment's unit, its items with
every annotator's answer, and the assignment's own answers (docs/api/review.md).

Blinding as in the workspace (selectors/workspace.py): summaries and sentences travel as
this assignment's handles, in its own seeded order under letters; nothing reads a summary's
system or external id. Annotators appear as R1, R2… numbered by their first assignment of
the unit in the source rounds, which says nothing of who they are. A fixed number of
queries whatever the unit's size.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from annotations.handles import encode_many
from annotations.kinds import round_kinds, round_scheme
from annotations.kinds.blinding import states_out
from annotations.kinds.rows import saved_states_and_siblings
from annotations.models import (
    ITEM_ROUND_KINDS,
    Assignment,
    AssignmentStage,
    ErrorSpan,
    EvidenceSpan,
    ExplanationItem,
    ReviewDecision,
    RoundItem,
    RoundKind,
    SentenceJudgement,
    is_read_only,
)
from annotations.selectors.workspace import ordered_summary_ids, place_among, summary_labels
from annotations.selectors.workspace_sql import dialogue, taxonomy, unit_summaries, workspace_header


def item_stage(round_kind: str, stage: str) -> str:
    """What the item screen asks: ``review``, ``second_review``, ``error_typing`` or
    ``explanation``."""
    if round_kind == RoundKind.REVIEW:
        return stage
    return "explanation" if round_kind == RoundKind.EXPLANATION else "error_typing"


def explanations_to_judge(
    round_id: int, sentence_ids: list[int], *, assignment_id: int, order_seed: int
) -> tuple[dict[int, list[dict[str, str]]], dict[int, str]]:
    """sentence id -> its evaluators' explanations as this assignment sees them: each by its
    handle, in an order shuffled per assignment and item, never with the run or evaluator
    (whose order of creation the ids, and so a stable order, would give away); and the
    handle of each explanation id."""
    rows = list(
        ExplanationItem.objects.filter(round_id=round_id, sentence_id__in=sentence_ids)
        .order_by("id")
        .values_list("id", "sentence_id", "explanation")
    )
    handles = dict(
        zip(
            [pk for pk, _, _ in rows],
            encode_many(assignment_id, "explanation", [pk for pk, _, _ in rows]),
            strict=True,
        )
    )
    found: dict[int, list[dict[str, str]]] = defaultdict(list)
    for pk, sentence_id, text in rows:
        found[sentence_id].append({"id": handles[pk], "text": text})
    for sentence_id, explanations in found.items():
        random.Random(f"{order_seed}:{sentence_id}").shuffle(explanations)
    return found, handles


def source_labels(
    round_id: int, topic_id: int, sentence_ids: list[int]
) -> dict[int, list[dict[str, Any]]]:
    """sentence id -> every annotator's answer on it in the round's source rounds, by role
    letter (R1, R2… by their first assignment of the unit)."""
    assignments = list(
        Assignment.objects.filter(
            round__followed_by=round_id, topic_id=topic_id, annotator__isnull=False
        )
        .order_by("id")
        .values_list("id", "annotator_id")
    )
    letter_of_person: dict[int, str] = {}
    letter: dict[int, str] = {}
    for assignment_id, person in assignments:
        letter_of_person.setdefault(person, f"R{len(letter_of_person) + 1}")
        letter[assignment_id] = letter_of_person[person]
    judgements = list(
        SentenceJudgement.objects.filter(
            assignment_id__in=list(letter), sentence_id__in=sentence_ids
        )
        .order_by("assignment_id")
        .values_list("id", "assignment_id", "sentence_id", "label", "explanation")
    )
    ids = [row[0] for row in judgements]
    types: dict[int, list[int]] = defaultdict(list)
    for judgement_id, type_id in SentenceJudgement.error_types.through.objects.filter(
        sentencejudgement_id__in=ids
    ).values_list("sentencejudgement_id", "errortype_id"):
        types[judgement_id].append(type_id)
    spans: dict[int, list[dict[str, Any]]] = defaultdict(list)
    span_rows = list(
        ErrorSpan.objects.filter(judgement_id__in=ids)
        .order_by("start", "end")
        .values_list("id", "judgement_id", "start", "end", "error_type_id", "note", "no_evidence")
    )
    evidence: dict[int, list[dict[str, int]]] = defaultdict(list)
    for span_id, turn, start, end in (
        EvidenceSpan.objects.filter(error_span_id__in=[row[0] for row in span_rows])
        .order_by("turn_id", "start")
        .values_list("error_span_id", "turn_id", "start", "end")
    ):
        evidence[span_id].append({"turn": turn, "start": start, "end": end})
    for span_id, judgement_id, start, end, error_type, note, no_evidence in span_rows:
        spans[judgement_id].append(
            {
                "start": start,
                "end": end,
                "error_type": error_type,
                "note": note,
                "no_evidence": bool(no_evidence),
                "evidence": evidence[span_id],
            }
        )
    labels: dict[int, list[dict[str, Any]]] = defaultdict(list)
    seen: set[tuple[int, str]] = set()
    for pk, assignment_id, sentence_id, label, explanation in judgements:
        rater = letter[assignment_id]
        if (sentence_id, rater) in seen:  # one answer per person: their first assignment's
            continue
        seen.add((sentence_id, rater))
        labels[sentence_id].append(
            {
                "rater": rater,
                "label": label,
                "explanation": explanation,
                "error_types": sorted(types[pk]),
                "spans": spans[pk],
            }
        )
    for answers in labels.values():
        answers.sort(key=lambda answer: int(answer["rater"][1:]))
    return labels


def blind_types(answers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What an error-typing annotator sees of the source labels: who flagged the sentence and
    why (the explanation, the wrong words), never the types they chose, which would steer
    the independent choice whose agreement the round measures."""
    return [
        {
            **answer,
            "error_types": [],
            "spans": [{**span, "error_type": None} for span in answer["spans"]],
        }
        for answer in answers
        if answer["label"] == "inconsistent"
    ]


def decisions_to_confirm(round_id: int, sentence_ids: list[int]) -> dict[int, dict[str, Any]]:
    """sentence id -> the review decision a second reviewer confirms or disputes."""
    rows = ReviewDecision.objects.filter(
        assignment__round_id=round_id,
        assignment__stage=AssignmentStage.REVIEW,
        sentence_id__in=sentence_ids,
    ).exclude(decision="")
    types: dict[int, list[int]] = defaultdict(list)
    for decision_id, type_id in ReviewDecision.error_types.through.objects.filter(
        reviewdecision__in=rows
    ).values_list("reviewdecision_id", "errortype_id"):
        types[decision_id].append(type_id)
    return {
        sentence_id: {
            "decision": decision,
            "error_types": sorted(types[pk]),
            "note": note,
            "version": version,
        }
        for pk, sentence_id, decision, note, version in rows.values_list(
            "id", "sentence_id", "decision", "note", "version"
        )
    }


def items_payload(*, user_id: int, assignment_id: int) -> dict[str, Any] | None:
    """Everything the item screen shows for the user's review or error-typing assignment;
    None when it is not theirs to open or not such an assignment."""
    header = workspace_header(assignment_id, user_id)
    if header is None or header.round_kind not in ITEM_ROUND_KINDS:
        return None
    stage = Assignment.objects.filter(pk=header.pk).values_list("stage", flat=True).get()
    kinds = round_kinds(header.round_kind)
    scheme = round_scheme(header.scheme, round_kind=header.round_kind, stage=stage)
    states, siblings = saved_states_and_siblings(
        kinds, header.pk, round_id=header.round_id, annotator_id=user_id, scheme=scheme
    )
    # Siblings of the same stage only: a reviewer who also second-reviews has two queues.
    same_stage = set(
        Assignment.objects.filter(
            round_id=header.round_id, annotator_id=user_id, stage=stage
        ).values_list("id", flat=True)
    )
    siblings = [(pk, status) for pk, status in siblings if pk in same_stage]
    position, next_open = place_among(siblings, header.pk)
    topic, document = dialogue(header.topic_id)
    summaries = unit_summaries(header.topic_id)
    order = ordered_summary_ids(list(summaries), seed=header.order_seed)
    letters = dict(zip(order, summary_labels(len(order)), strict=True))
    summary_handles = dict(zip(order, encode_many(header.pk, "summary", order), strict=True))
    sentence_ids = [s["id"] for sentences in summaries.values() for s in sentences]
    sentence_handles = dict(
        zip(sentence_ids, encode_many(header.pk, "sentence", sentence_ids), strict=True)
    )
    summary_of = {s["id"]: summary_id for summary_id, ss in summaries.items() for s in ss}
    item_ids = set(
        RoundItem.objects.filter(
            round_id=header.round_id, sentence_id__in=sentence_ids
        ).values_list("sentence_id", flat=True)
    )
    # Items in the reviewer's reading order: by summary letter, then sentence.
    items = [s["id"] for summary_id in order for s in summaries[summary_id] if s["id"] in item_ids]
    labels = source_labels(header.round_id, header.topic_id, items)
    if header.round_kind == RoundKind.ERROR_TYPING:
        labels = {pk: blind_types(answers) for pk, answers in labels.items()}
    explanations: dict[int, list[dict[str, str]]] = {}
    explanation_handles: dict[int, str] = {}
    if header.round_kind == RoundKind.EXPLANATION:
        # The human explanations: the answers that called the sentence inconsistent.
        labels = {
            pk: [answer for answer in answers if answer["label"] == "inconsistent"]
            for pk, answers in labels.items()
        }
        explanations, explanation_handles = explanations_to_judge(
            header.round_id, items, assignment_id=header.pk, order_seed=header.order_seed
        )
    to_confirm = (
        decisions_to_confirm(header.round_id, items)
        if stage == AssignmentStage.SECOND_REVIEW
        else {}
    )
    judgements = states_out(
        kinds,
        states,
        {
            "sentence": sentence_handles,
            "summary": summary_handles,
            "explanation": explanation_handles,
        },
    )
    return {
        "id": header.pk,
        "stage": item_stage(header.round_kind, stage),
        "status": header.status,
        "read_only": is_read_only(status=header.status, round_status=header.round_status),
        "round": {
            "id": header.round_id,
            "name": header.round_name,
            "kind": header.round_kind,
            "status": header.round_status,
        },
        "project": {"slug": header.project_slug, "name": header.project_name},
        "position": position + 1,
        "count": len(siblings),
        "next_assignment": next_open,
        "guideline": header.guideline,
        "taxonomy": taxonomy(header.taxonomy_id, header.round_id),
        "topic": topic,
        "document": document,
        "summaries": [
            {
                "id": summary_handles[summary_id],
                "label": letters[summary_id],
                "sentences": [
                    {
                        "id": sentence_handles[sentence["id"]],
                        "number": sentence["number"],
                        "text": sentence["text"],
                    }
                    for sentence in summaries[summary_id]
                ],
            }
            for summary_id in order
        ],
        "items": [
            {
                "sentence": sentence_handles[sentence_id],
                "summary": summary_handles[summary_of[sentence_id]],
                "labels": labels.get(sentence_id, []),
                "decision": to_confirm.get(sentence_id),
                "explanations": explanations.get(sentence_id, []),
            }
            for sentence_id in items
        ],
        "judgements": judgements,
    }
