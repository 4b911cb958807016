"""What needs an admin's decision (docs/review.md, "Adjudication"): disputed review items,
and every disagreement in a closed annotation round on a sentence's label, the error types
of a sentence every rater called inconsistent, a summary's relevance or a unit's topic
category, lowest agreement first.

A closed round's labels cannot change, so its disagreements are found once
(``disagreements_list``: one aggregate query per question, GROUP BY the target, HAVING the
answers differ) and kept in ``Disagreement``, indexed by agreement: the queue's page is then
an indexed ``ORDER BY … LIMIT``, its count one more query, and what admins already decided an
``EXISTS`` per row of the page. Disputes (few, and live: a reviewer may still change their
mind) are read as they stand and come first (agreement 0). A fixed number of queries
whatever the project's size. An item's agreement is the share of its raters who gave the
most common answer.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import (
    BooleanField,
    Case,
    Count,
    Exists,
    F,
    Max,
    Min,
    OuterRef,
    Q,
    Subquery,
    When,
)
from django.utils import timezone

from annotations.models import (
    ANNOTATION_ROUND_KINDS,
    AssignmentStage,
    AssignmentStatus,
    ConsistencyLabel,
    Disagreement,
    Project,
    ReviewDecision,
    Round,
    RoundKind,
    RoundStatus,
    SecondReview,
    SecondVerdict,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    SummarySentence,
    Topic,
    TopicJudgement,
)
from annotations.selectors.workspace import summary_labels
from annotations.services.bulk import insert_rows

PAGE_SIZE = 50
QUESTIONS = ("review_dispute", "sentence_label", "error_types", "relevance", "topic_category")


@dataclass(frozen=True, slots=True)
class QueueItem:
    question: str
    round_id: int
    topic_id: int
    agreement: float
    answers: int
    summary_id: int | None = None
    sentence_id: int | None = None


def _people(round_ids: list[int]) -> dict[str, Any]:
    """The filter of submitted assignments of people in ``round_ids``, for judgements."""
    return {
        "assignment__round_id__in": round_ids,
        "assignment__annotator__isnull": False,
        "assignment__status": AssignmentStatus.SUBMITTED,
    }


def _sentence_items(round_ids: list[int]) -> list[QueueItem]:
    rows = (
        SentenceJudgement.objects.filter(**_people(round_ids))
        .exclude(label="")
        .values("assignment__round_id", "sentence_id", "sentence__summary__topic_id")
        .annotate(n=Count("id"), bad=Count("id", filter=Q(label=ConsistencyLabel.INCONSISTENT)))
        .filter(bad__gt=0, n__gt=F("bad"))
    )
    return [
        QueueItem(
            "sentence_label",
            row["assignment__round_id"],
            row["sentence__summary__topic_id"],
            max(row["bad"], row["n"] - row["bad"]) / row["n"],
            row["n"],
            sentence_id=row["sentence_id"],
        )
        for row in rows
    ]


def _type_items(round_ids: list[int]) -> list[QueueItem]:
    """Sentences every rater (two or more) called inconsistent with different type sets: the
    label is agreed, the kind of error is not. Agreement: the share of raters whose set is
    the most common one."""
    agreed = (
        SentenceJudgement.objects.filter(**_people(round_ids))
        .exclude(label="")
        .values("assignment__round_id", "sentence_id")
        .annotate(n=Count("id"), bad=Count("id", filter=Q(label=ConsistencyLabel.INCONSISTENT)))
        .filter(n__gte=2, bad=F("n"))
        .values("sentence_id")
    )
    judgements = SentenceJudgement.objects.filter(
        **_people(round_ids), sentence_id__in=Subquery(agreed)
    ).exclude(label="")
    chosen: dict[int, set[int]] = defaultdict(set)
    for judgement_id, type_id in SentenceJudgement.error_types.through.objects.filter(
        sentencejudgement__in=judgements
    ).values_list("sentencejudgement_id", "errortype_id"):
        chosen[judgement_id].add(type_id)
    sets: dict[tuple[int, int, int], Counter[frozenset[int]]] = defaultdict(Counter)
    for judgement_id, round_id, sentence_id, topic_id in judgements.values_list(
        "id", "assignment__round_id", "sentence_id", "sentence__summary__topic_id"
    ):
        sets[(round_id, sentence_id, topic_id)][frozenset(chosen[judgement_id])] += 1
    return [
        QueueItem(
            "error_types",
            round_id,
            topic_id,
            max(given.values()) / sum(given.values()),
            sum(given.values()),
            sentence_id=sentence_id,
        )
        for (round_id, sentence_id, topic_id), given in sets.items()
        if len(given) > 1
    ]


def _relevance_items(round_ids: list[int]) -> list[QueueItem]:
    disagreeing = (
        SummaryJudgement.objects.filter(**_people(round_ids), relevance__isnull=False)
        .values("assignment__round_id", "summary_id")
        .annotate(low=Min("relevance"), high=Max("relevance"))
        .filter(low__lt=F("high"))
        .values_list("summary_id", flat=True)
    )
    counts: dict[tuple[int, int, int], Counter[int]] = defaultdict(Counter)
    for round_id, summary_id, topic_id, relevance in SummaryJudgement.objects.filter(
        **_people(round_ids), relevance__isnull=False, summary_id__in=Subquery(disagreeing)
    ).values_list("assignment__round_id", "summary_id", "summary__topic_id", "relevance"):
        if relevance is not None:
            counts[(round_id, summary_id, topic_id)][relevance] += 1
    items = []
    for (round_id, summary_id, topic_id), ratings in counts.items():
        total = sum(ratings.values())
        if len(ratings) > 1:
            items.append(
                QueueItem(
                    "relevance",
                    round_id,
                    topic_id,
                    max(ratings.values()) / total,
                    total,
                    summary_id=summary_id,
                )
            )
    return items


def _category_items(round_ids: list[int]) -> list[QueueItem]:
    counts: dict[tuple[int, int], Counter[str]] = defaultdict(Counter)
    for round_id, topic_id, category in (
        TopicJudgement.objects.filter(**_people(round_ids))
        .exclude(category="")
        .values_list("assignment__round_id", "assignment__topic_id", "category")
    ):
        counts[(round_id, topic_id)][category] += 1
    return [
        QueueItem(
            "topic_category",
            round_id,
            topic_id,
            max(given.values()) / sum(given.values()),
            sum(given.values()),
        )
        for (round_id, topic_id), given in counts.items()
        if len(given) > 1
    ]


def _dispute_items(project: Project) -> list[QueueItem]:
    """Review decisions whose second reviewer disputed the decision as it stands."""
    current = ReviewDecision.objects.filter(
        assignment__round_id=OuterRef("assignment__round_id"),
        assignment__stage=AssignmentStage.REVIEW,
        sentence_id=OuterRef("sentence_id"),
    ).values("version")[:1]
    rows = (
        SecondReview.objects.filter(
            assignment__round__project=project,
            assignment__round__kind=RoundKind.REVIEW,
            verdict=SecondVerdict.DISPUTE,
            reviewed_version=Subquery(current),
        )
        .values_list("assignment__round_id", "assignment__topic_id", "sentence_id")
        .order_by("id")
    )
    return [
        QueueItem("review_dispute", round_id, topic_id, 0.0, 2, sentence_id=sentence_id)
        for round_id, topic_id, sentence_id in rows
    ]


def disagreements_list(round_: Round) -> int:
    """Find a closed annotation round's disagreements and keep them for the queue (once:
    again only if the list was cleared). Returns how many."""
    if round_.kind not in ANNOTATION_ROUND_KINDS or round_.status != RoundStatus.CLOSED:
        return 0
    with transaction.atomic():
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        if locked.disagreements_at is not None:
            return Disagreement.objects.filter(round=locked).count()
        ids = [locked.pk]
        items = (
            _sentence_items(ids) + _type_items(ids) + _relevance_items(ids) + _category_items(ids)
        )
        insert_rows(
            Disagreement,
            [
                "round_id",
                "question",
                "topic_id",
                "summary_id",
                "sentence_id",
                "agreement",
                "answers",
            ],
            [
                (
                    i.round_id,
                    i.question,
                    i.topic_id,
                    i.summary_id,
                    i.sentence_id,
                    i.agreement,
                    i.answers,
                )
                for i in items
            ],
        )
        Round.objects.filter(pk=locked.pk).update(disagreements_at=timezone.now())
        return len(items)


def _listed(project: Project) -> None:
    """List the disagreements of closed rounds not listed yet (normally done at close)."""
    for round_ in Round.objects.filter(
        project=project,
        kind__in=ANNOTATION_ROUND_KINDS,
        status=RoundStatus.CLOSED,
        disagreements_at__isnull=True,
    ):
        disagreements_list(round_)


def _decided_exists(project: Project) -> Any:
    """Whether an admin set the gold of a ``Disagreement`` row's target (an expression)."""
    adjudicated = {
        "assignment__round__project": project,
        "assignment__round__kind": RoundKind.ADJUDICATION,
    }
    sentence = Exists(
        SentenceJudgement.objects.filter(
            **adjudicated, sentence_id=OuterRef("sentence_id")
        ).exclude(label="")
    )
    summary = Exists(
        SummaryJudgement.objects.filter(
            **adjudicated, summary_id=OuterRef("summary_id"), relevance__isnull=False
        )
    )
    topic = Exists(
        TopicJudgement.objects.filter(
            **adjudicated, assignment__topic_id=OuterRef("topic_id")
        ).exclude(category="")
    )
    return Case(
        When(question__in=("sentence_label", "error_types"), then=sentence),
        When(question="relevance", then=summary),
        default=topic,
        output_field=BooleanField(),
    )


def adjudication_queue(
    *,
    project: Project,
    question: str | None = None,
    round_id: int | None = None,
    decided: bool | None = None,
    page: int = 1,
) -> dict[str, Any]:
    """One page of the queue, filtered by question, round and decided-or-not."""
    _listed(project)
    rounds = list(
        Round.objects.filter(
            project=project, kind__in=ANNOTATION_ROUND_KINDS, status=RoundStatus.CLOSED
        )
        .order_by("created_at", "id")
        .values_list("id", "name")
    )
    review_rounds = dict(
        Round.objects.filter(project=project, kind=RoundKind.REVIEW).values_list("id", "name")
    )
    names = {**dict(rounds), **review_rounds}
    disputes: list[tuple[QueueItem, bool]] = []
    every_dispute = 0
    if question in (None, "review_dispute") and (round_id is None or round_id in review_rounds):
        done = _decided_sentences(project)
        disputes = [
            (item, item.sentence_id in done)
            for item in _dispute_items(project)
            if round_id is None or item.round_id == round_id
        ]
        every_dispute = len(disputes)
        if decided is not None:
            disputes = [(item, is_done) for item, is_done in disputes if is_done == decided]
    listed = Disagreement.objects.filter(round__project=project)
    if round_id is not None:
        listed = listed.filter(round_id=round_id)
    if question is not None:
        listed = listed.filter(question=question)
    listed = listed.annotate(decided=_decided_exists(project))
    # What the decided filter hides, so an empty page can say so ("16 decided items hidden").
    hidden = 0
    if decided is not None:
        hidden = listed.filter(decided=not decided).count() + every_dispute - len(disputes)
        listed = listed.filter(decided=decided)
    total = listed.count() + len(disputes)
    page = max(page, 1)
    first = (page - 1) * PAGE_SIZE
    shown = disputes[first : first + PAGE_SIZE]
    offset = max(first - len(disputes), 0)
    rows = listed.order_by("agreement", "topic_id", "summary_id", "sentence_id", "id").values_list(
        "question",
        "round_id",
        "topic_id",
        "agreement",
        "answers",
        "summary_id",
        "sentence_id",
        "decided",
    )[offset : offset + PAGE_SIZE - len(shown)]
    shown += [
        (QueueItem(q, r, t, a, n, summary_id=m, sentence_id=s), bool(d))
        for q, r, t, a, n, m, s, d in rows
    ]
    return {
        "count": total,
        "page": page,
        "page_size": PAGE_SIZE,
        "questions": list(QUESTIONS),
        "rounds": [{"id": pk, "name": name} for pk, name in rounds],
        "hidden": hidden,
        # Only closed rounds list their disagreements: an empty queue with rounds still
        # open says to close them first.
        "open_rounds": Round.objects.filter(project=project, kind__in=ANNOTATION_ROUND_KINDS)
        .exclude(status=RoundStatus.CLOSED)
        .count(),
        "items": _described(shown, names),
    }


def _decided_sentences(project: Project) -> set[int]:
    """The sentences whose gold label an admin set."""
    return set(
        SentenceJudgement.objects.filter(
            assignment__round__project=project, assignment__round__kind=RoundKind.ADJUDICATION
        )
        .exclude(label="")
        .values_list("sentence_id", flat=True)
    )


def _described(shown: list[tuple[QueueItem, bool]], names: dict[int, str]) -> list[dict[str, Any]]:
    """The page's items with their unit's name, summary letter and sentence number (the
    admin's letters: summaries in stored order)."""
    topics = {item.topic_id for item, _ in shown}
    unit = {
        pk: f"{title or external_id} · {name}"
        for pk, name, title, external_id in Topic.objects.filter(pk__in=topics).values_list(
            "id", "name", "document__title", "document__external_id"
        )
    }
    letters: dict[int, str] = {}
    by_topic: dict[int, list[int]] = defaultdict(list)
    for pk, topic_id in (
        Summary.objects.filter(topic_id__in=topics)
        .order_by("topic_id", "position", "id")
        .values_list("id", "topic_id")
    ):
        by_topic[topic_id].append(pk)
    for summary_ids in by_topic.values():
        letters.update(zip(summary_ids, summary_labels(len(summary_ids)), strict=True))
    sentences = {
        pk: (summary_id, position)
        for pk, summary_id, position in SummarySentence.objects.filter(
            pk__in=[item.sentence_id for item, _ in shown if item.sentence_id is not None]
        ).values_list("id", "summary_id", "position")
    }
    described = []
    for item, is_done in shown:
        summary_id: int | None = item.summary_id
        number = None
        if item.sentence_id is not None:
            summary_id, position = sentences[item.sentence_id]
            number = position + 1
        described.append(
            {
                "question": item.question,
                "round": {"id": item.round_id, "name": names.get(item.round_id, "")},
                "topic_id": item.topic_id,
                "unit": unit.get(item.topic_id, ""),
                "summary": letters.get(summary_id) if summary_id is not None else None,
                "sentence": number,
                "agreement": round(item.agreement, 4),
                "answers": item.answers,
                "decided": is_done,
            }
        )
    return described
