"""Reads for the linguist: the queue and the workspace payload (docs/api/workspace.md).

Blinding is enforced here: nothing below reads ``Summary.system``, ``Summary.external_id``
or document metadata, and every judgement read is filtered to the requesting assignment.
Each function issues a fixed number of queries whatever the size of the unit or queue.
"""

from __future__ import annotations

import random
import string
from collections import defaultdict
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet

from annotations.handles import encode_many
from annotations.kinds import Kind, all_kinds, round_kinds, round_scheme, scheme_in_effect
from annotations.kinds.blinding import states_out
from annotations.kinds.rows import saved_states, saved_states_and_siblings
from annotations.models import (
    ANNOTATION_ROUND_KINDS,
    ITEM_ROUND_KINDS,
    KEYED_ROUND_KINDS,
    VISIBLE_ROUND_STATUSES,
    Assignment,
    AssignmentStatus,
    ErrorType,
    Feedback,
    FeedbackReply,
    Membership,
    Role,
    RoundItem,
    RoundKind,
    Summary,
    SummarySentence,
    is_read_only,
)
from annotations.retrieval.hints import turn_hints
from annotations.scheme_texts import RELEVANCE_ANCHORS, TOPIC_CATEGORIES
from annotations.selectors.answer_key import key_feedback
from annotations.selectors.people import display_name
from annotations.selectors.review_outcomes import review_outcomes
from annotations.selectors.workspace_sql import (
    dialogue,
    given_atomic_facts,
    given_key_facts,
    taxonomy,
    unit_summaries,
    workspace_header,
)

# The rounds whose assignments are in the linguist's queue.
LINGUIST_ROUND_KINDS = (*ANNOTATION_ROUND_KINDS, RoundKind.ERROR_TYPING, RoundKind.EXPLANATION)


def user_assignments(*, user: AbstractBaseUser) -> QuerySet[Assignment]:
    """The assignments a linguist may open: their own, in rounds that are not drafts."""
    return Assignment.objects.filter(annotator_id=user.pk, round__status__in=VISIBLE_ROUND_STATUSES)


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


def item_counts(assignments: list[Assignment]) -> dict[tuple[int, int], int]:
    """(round id, topic id) -> how many items the round asks about in the unit, for the
    assignments of review and error-typing rounds among ``assignments`` (one query)."""
    rounds = {a.round_id for a in assignments if a.round.kind in ITEM_ROUND_KINDS}
    if not rounds:
        return {}
    rows = (
        RoundItem.objects.filter(round_id__in=rounds)
        .values_list("round_id", "sentence__summary__topic_id")
        .annotate(n=Count("id"))
    )
    return {(round_id, topic_id): n for round_id, topic_id, n in rows}


def assignment_entries(assignments: list[Assignment]) -> list[dict[str, Any]]:
    """Queue rows of ``assignments`` (with ``round__project`` and ``topic__document``): each
    with its progress, counted by the completion rules of the kinds its round asks for, in a
    constant number of queries."""
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
    items = item_counts(assignments)
    states = saved_states(all_kinds(), ids)
    taxonomies_with_types = set(
        ErrorType.objects.filter(taxonomy_id__in={a.round.project.taxonomy_id for a in assignments})
        .values_list("taxonomy_id", flat=True)
        .distinct()
    )
    positions: dict[int, int] = {}
    counts: dict[int, int] = defaultdict(int)
    for assignment in assignments:
        counts[assignment.round_id] += 1
        positions[assignment.pk] = counts[assignment.round_id]
    entries = []
    for assignment in assignments:
        round_ = assignment.round
        on_items = round_.kind in ITEM_ROUND_KINDS
        targets = {
            "sentence": items.get((round_.pk, assignment.topic_id), 0)
            if on_items
            else sentences_per_topic.get(assignment.topic_id, 0),
            "summary": summaries_per_topic.get(assignment.topic_id, 0),
            "unit": 1,
        }
        project = round_.project
        scheme = scheme_in_effect(
            round_scheme(project.scheme, round_kind=round_.kind, stage=assignment.stage),
            taxonomy_has_types=project.taxonomy_id in taxonomies_with_types,
        )
        done, total = unit_progress(
            states.get(assignment.pk, {}), targets, scheme=scheme, kinds=round_kinds(round_.kind)
        )
        entries.append(
            {
                **_assignment_header(assignment),
                "screen": "items" if on_items else "workspace",
                "stage": assignment.stage,
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
    return entries


def _membership(user: AbstractBaseUser, role: str) -> QuerySet[Membership]:
    """The user's ``role`` in the project of the outer query's round."""
    return Membership.objects.filter(
        project_id=OuterRef("round__project_id"), user_id=user.pk, role=role
    )


def queue(*, user: AbstractBaseUser) -> dict[str, Any]:
    """The linguist's queue: their assignments of annotation and error-typing rounds (a
    reviewer's work is in ``review_queue``, an admin's adjudication is not a queue)."""
    paused = Membership.objects.filter(
        project_id=OuterRef("round__project_id"),
        user_id=user.pk,
        role=Role.ANNOTATOR,
        paused_at__isnull=False,
    )
    assignments = list(
        user_assignments(user=user)
        .filter(round__kind__in=LINGUIST_ROUND_KINDS)
        # Someone removed from a project, or no longer its annotator, has nothing to do there
        # (docs/people.md); their judgements stay, attributed to them.
        .filter(Exists(_membership(user, Role.ANNOTATOR)))
        # A paused annotator's work not yet started waits for an admin (docs/quality.md).
        .exclude(Q(status=AssignmentStatus.ASSIGNED) & Exists(paused))
        .select_related("round__project", "topic__document")
        .order_by("round__created_at", "round_id", "id")
    )
    return {
        "assignments": assignment_entries(assignments),
        "feedback": unread_feedback(user_id=user.pk),
    }


def queue_entry(*, user: AbstractBaseUser, assignment_id: int) -> dict[str, Any]:
    """One of the user's assignments as a queue row (any round kind): what submit returns."""
    assignment = (
        user_assignments(user=user)
        .select_related("round__project", "topic__document")
        .get(pk=assignment_id)
    )
    position = (
        user_assignments(user=user)
        .filter(round_id=assignment.round_id, stage=assignment.stage, id__lte=assignment.pk)
        .count()
    )
    count = (
        user_assignments(user=user)
        .filter(round_id=assignment.round_id, stage=assignment.stage)
        .count()
    )
    (entry,) = assignment_entries([assignment])
    return {**entry, "position": position, "count": count}


def review_queue(*, user: AbstractBaseUser) -> dict[str, Any]:
    """The reviewer's queue: their assignments of review rounds, either stage."""
    assignments = list(
        user_assignments(user=user)
        .filter(round__kind=RoundKind.REVIEW)
        .filter(Exists(_membership(user, Role.REVIEWER)))
        # Paused: what they started stays, the rest waits (as in the linguist's queue).
        .exclude(
            Q(status=AssignmentStatus.ASSIGNED)
            & Exists(_membership(user, Role.REVIEWER).filter(paused_at__isnull=False))
        )
        .select_related("round__project", "topic__document")
        .order_by("round__created_at", "round_id", "stage", "id")
    )
    return {"assignments": assignment_entries(assignments)}


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
    """Feedback addressed to the user ``user_id`` that they have not marked as read. A
    sentence is located as this user sees it: their letter for its summary and its 1-based
    number."""
    items = list(
        Feedback.objects.filter(annotator_id=user_id, read_at__isnull=True)
        .select_related("round__project", "author", "sentence__summary")
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
                "project": {"slug": item.round.project.slug, "name": item.round.project.name},
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


def hints_ensure(summaries: dict[int, list[dict[str, Any]]], turns: list[dict[str, Any]]) -> None:
    """Fill the unit's evidence hints where they were never computed (its first opening
    with hints), and store them on the sentences for every later opening: one UPDATE."""
    sentences = [sentence for unit in summaries.values() for sentence in unit]
    if all(sentence["hints"] is not None for sentence in sentences):
        return
    ranked = turn_hints([turn["text"] for turn in turns], [s["text"] for s in sentences])
    for sentence, indices in zip(sentences, ranked, strict=True):
        sentence["hints"] = [turns[index]["position"] for index in indices]
    SummarySentence.objects.bulk_update(
        [SummarySentence(pk=s["id"], evidence_hints=s["hints"]) for s in sentences],
        ["evidence_hints"],
    )


def workspace_payload(*, user_id: int, assignment_id: int) -> dict[str, Any] | None:
    """Everything the workspace shows for the user's assignment ``assignment_id``, and
    nothing it must not; None when it is not theirs to open (``user_assignments``' rules).

    Read with the plain statements of ``workspace_sql`` (five, whatever the unit's size),
    plus the unread-feedback lookup only when the annotator has unread feedback in the
    assignment's round."""
    header = workspace_header(assignment_id, user_id)
    if header is None or header.round_kind not in ANNOTATION_ROUND_KINDS:
        # Review and error-typing work opens on the item screen (selectors/items.py).
        return None
    kinds = round_kinds(header.round_kind)
    states, siblings = saved_states_and_siblings(
        kinds,
        header.pk,
        round_id=header.round_id,
        annotator_id=user_id,
        scheme=header.scheme,
    )
    sibling_ids = [pk for pk, _ in siblings]
    position, next_open = place_among(siblings, header.pk)
    topic, document = dialogue(header.topic_id)
    summaries = unit_summaries(header.topic_id)
    # Hints help link evidence: shown only where spans are asked and the round allows them.
    show_hints = header.evidence_hints and header.scheme.get("error_spans", False)
    if show_hints:
        hints_ensure(summaries, document["turns"])
    # Given key facts and atomic facts: read only where the scheme and the round use them.
    completeness = header.scheme.get("completeness", False)
    given_facts = (
        given_key_facts(header.topic_id, header.key_fact_source)
        if completeness and header.key_fact_source
        else []
    )
    acus = (
        given_atomic_facts(header.topic_id)
        if header.scheme.get("atomic_facts", False) and header.given_atomic_facts
        else {}
    )
    order = ordered_summary_ids(list(summaries), seed=header.order_seed)
    labels = dict(zip(order, summary_labels(len(order)), strict=True))
    # Blinding: no database id leaves the server; each becomes this assignment's handle.
    summary_handles = dict(zip(order, encode_many(header.pk, "summary", order), strict=True))
    sentence_ids = [s["id"] for sentences in summaries.values() for s in sentences]
    sentence_handles = dict(
        zip(sentence_ids, encode_many(header.pk, "sentence", sentence_ids), strict=True)
    )
    acu_ids = [fact["id"] for facts in acus.values() for fact in facts]
    acu_handles = dict(zip(acu_ids, encode_many(header.pk, "acu", acu_ids), strict=True))
    handles_of = {"sentence": sentence_handles, "summary": summary_handles, "acu": acu_handles}
    judgements = states_out(kinds, states, handles_of)
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
        "read_only": is_read_only(status=header.status, round_status=header.round_status),
        "position": position + 1,
        "count": len(sibling_ids),
        "next_assignment": next_open,
        "guideline": header.guideline,
        "scheme": header.scheme,
        "relevance_anchors": RELEVANCE_ANCHORS,
        "topic_categories": TOPIC_CATEGORIES,
        "taxonomy": taxonomy(header.taxonomy_id, header.round_id),
        "document": document,
        "topic": topic,
        "summaries": [
            {
                "id": summary_handles[summary_id],
                "label": labels[summary_id],
                "sentences": [
                    {
                        **sentence,
                        "id": sentence_handles[sentence["id"]],
                        "hints": sentence["hints"] if show_hints else [],
                    }
                    for sentence in summaries[summary_id]
                ],
                "given_atomic_facts": [
                    {**fact, "id": acu_handles[fact["id"]]} for fact in acus.get(summary_id, [])
                ],
            }
            for summary_id in order
        ],
        # How key facts and atomic facts are asked in this round (given lists or written).
        "key_fact_source": header.key_fact_source if completeness else "",
        "given_key_facts": given_facts,
        "given_atomic_facts": header.given_atomic_facts,
        "judgements": judgements,
        # What review decided about this linguist's labels: only once they submitted.
        "review_outcomes": [
            {**outcome, "sentence": sentence_handles[outcome["sentence"]]}
            for outcome in review_outcomes(
                assignment_id=header.pk, round_id=header.round_id, topic_id=header.topic_id
            )
        ]
        if header.status == AssignmentStatus.SUBMITTED
        else [],
        # A practice or qualification unit with an answer key: where they differed from it.
        "answer_key": key_feedback(
            project_id=header.project_id,
            assignment_id=header.pk,
            topic_id=header.topic_id,
            handle_of=sentence_handles,
        )
        if header.status == AssignmentStatus.SUBMITTED and header.round_kind in KEYED_ROUND_KINDS
        else None,
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


def place_among(siblings: list[tuple[int, str]], pk: int) -> tuple[int, int | None]:
    """The assignment's 0-based place among its siblings (id, status) and the next one not
    submitted after it, wrapping round (None: all are)."""
    position = [sibling for sibling, _ in siblings].index(pk)
    following = siblings[position + 1 :] + siblings[:position]
    return position, next(
        (sibling for sibling, status in following if status != AssignmentStatus.SUBMITTED), None
    )


def unit_progress(
    states: dict[str, list[dict[str, Any]]],
    targets: dict[str, int],
    *,
    scheme: dict[str, bool],
    kinds: tuple[Kind, ...] | None = None,
) -> tuple[int, int]:
    """(answered, to answer) of one unit: per asked kind (of ``kinds``, else all), its
    targets and those of its saved states that its completion rule finds done."""
    done = total = 0
    for kind in kinds if kinds is not None else all_kinds():
        if kind.is_asked(scheme) and kind.counts_toward_progress:
            total += targets[kind.target]
            done += sum(not kind.missing_items(state, scheme) for state in states.get(kind.key, []))
    return done, total
