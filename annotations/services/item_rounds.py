"""Creating review and error-typing rounds: collect their items from the source rounds and
give each unit's items to their people (docs/review.md).

A review round gives each unit with items to one reviewer and one second reviewer, both
with the reviewer role, never the same person and never one of the unit's annotators in the
source rounds, balancing the reviewers' loads. An error-typing round gives each unit to
``overlap`` (at least three) annotators, as any round does.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

from annotations.models import (
    ANNOTATION_ROUND_KINDS,
    Assignment,
    AssignmentStage,
    AssignmentStatus,
    ConsistencyLabel,
    ErrorType,
    Membership,
    Project,
    ReviewScope,
    Role,
    Round,
    RoundItem,
    RoundKind,
    SentenceJudgement,
)
from annotations.selectors.gold_labels import gold_sentence_labels
from annotations.services.people import paused_refused
from annotations.services.rounds import (
    RoundInvalid,
    checked_guideline_and_name,
    order_seed,
    round_assign_units,
)

MIN_TYPING_OVERLAP = 3


@dataclass(frozen=True, slots=True)
class ItemRoundRequest:
    project: Project
    name: str
    kind: str
    guideline_version: int
    people: Sequence[str]  # reviewers (review) or annotators (error typing), by username
    source_rounds: Sequence[int]
    overlap: int = 1
    review_scope: str = ReviewScope.ANY
    type_min_count: int = 2
    topic_ids: Sequence[int] | None = None
    seed: int = 0


def collected_items(project: Project, source_ids: list[int], *, scope: str) -> dict[int, list[int]]:
    """topic id -> the sentence ids a round over ``source_ids`` asks about: labelled
    inconsistent by anyone (scope "any") or by the gold rule ("gold")."""
    if scope == ReviewScope.ANY:
        rows = (
            SentenceJudgement.objects.filter(
                assignment__round_id__in=source_ids, label=ConsistencyLabel.INCONSISTENT
            )
            .values_list("sentence__summary__topic_id", "sentence_id")
            .distinct()
        )
        inconsistent = list(rows)
    else:
        gold = gold_sentence_labels(project, source_ids)
        wanted = [pk for pk, value in gold.items() if value.value == ConsistencyLabel.INCONSISTENT]
        inconsistent = list(
            SentenceJudgement.objects.filter(sentence_id__in=wanted)
            .values_list("sentence__summary__topic_id", "sentence_id")
            .distinct()
        )
    items: dict[int, list[int]] = defaultdict(list)
    for topic_id, sentence_id in sorted(inconsistent):
        items[topic_id].append(sentence_id)
    return items


def _reviewer_pairs(
    items: dict[int, list[int]], reviewers: list[int], source_ids: list[int], seed: int
) -> tuple[dict[int, tuple[int, int]], list[int]]:
    """topic id -> (reviewer, second reviewer), and the topics no two eligible reviewers
    can take. Each unit goes to the eligible reviewers with the least work so far (ties
    broken by a seeded order), the one with less first-stage work reviewing."""
    annotated: dict[int, set[int]] = defaultdict(set)
    for topic_id, annotator_id in Assignment.objects.filter(
        round_id__in=source_ids, topic_id__in=list(items), annotator__isnull=False
    ).values_list("topic_id", "annotator_id"):
        annotated[topic_id].add(annotator_id)
    order = {
        pk: rank for rank, pk in enumerate(random.Random(seed).sample(reviewers, len(reviewers)))
    }
    load = dict.fromkeys(reviewers, 0)
    first = dict.fromkeys(reviewers, 0)
    pairs: dict[int, tuple[int, int]] = {}
    stranded: list[int] = []
    for topic_id in sorted(items):
        eligible = sorted(
            (pk for pk in reviewers if pk not in annotated[topic_id]),
            key=lambda pk: (load[pk], order[pk]),
        )
        if len(eligible) < 2:
            stranded.append(topic_id)
            continue
        two = sorted(eligible[:2], key=lambda pk: (first[pk], order[pk]))
        pairs[topic_id] = (two[0], two[1])
        for pk in two:
            load[pk] += len(items[topic_id])
        first[two[0]] += len(items[topic_id])
    return pairs, stranded


@transaction.atomic
def item_round_create(request: ItemRoundRequest) -> tuple[Round, int]:
    """Create a draft review or error-typing round with its items and assignments; return
    it and how many items it collected. Raises ``RoundInvalid`` naming each field."""
    project = request.project
    review = request.kind == RoundKind.REVIEW
    errors: dict[str, list[str]] = {}
    role = Role.REVIEWER if review else Role.ANNOTATOR
    users = dict(
        Membership.objects.filter(
            project=project, role=role, user__username__in=list(request.people)
        ).values_list("user__username", "user_id")
    )
    unknown = [name for name in request.people if name not in users]
    if unknown:
        errors["annotators"] = [f"not {role}s of this project: {', '.join(unknown)}"]
    paused_refused(project, request.people, role, errors)
    people = list(dict.fromkeys(users[name] for name in request.people if name in users))
    if review and len(people) < 2:
        errors["annotators"] = [
            *errors.get("annotators", []),
            "a review round needs at least two reviewers: every decision has a second reviewer",
        ]
    if not review:
        if request.overlap < MIN_TYPING_OVERLAP:
            errors["overlap"] = [
                f"error typing needs at least {MIN_TYPING_OVERLAP} annotators per sentence"
            ]
        elif len(people) < request.overlap:
            errors["overlap"] = [
                f"an overlap of {request.overlap} needs at least {request.overlap} annotators"
            ]
        if not ErrorType.objects.filter(taxonomy_id=project.taxonomy_id).exists():
            errors["kind"] = ["the project's taxonomy has no error types to choose from"]
    if review and request.review_scope not in ReviewScope.values:
        errors["review_scope"] = [f"one of {', '.join(ReviewScope.values)}"]
    if not 1 <= request.type_min_count <= 20:
        errors["type_min_count"] = ["between 1 and 20"]
    sources = list(
        Round.objects.filter(
            project=project, pk__in=list(request.source_rounds), kind__in=ANNOTATION_ROUND_KINDS
        ).values_list("pk", "name")
    )
    source_ids = [pk for pk, _ in sources]
    wrong = sorted(set(request.source_rounds) - set(source_ids))
    if not request.source_rounds:
        errors["source_rounds"] = ["name at least one practice, pilot or production round"]
    elif wrong:
        errors["source_rounds"] = [
            f"not practice, pilot or production rounds of this project: {wrong}"
        ]
    guideline = checked_guideline_and_name(project, request.guideline_version, request.name, errors)
    if errors:
        raise RoundInvalid(errors)
    scope = request.review_scope if review else ReviewScope.GOLD
    items = collected_items(project, source_ids, scope=scope)
    if request.topic_ids is not None:
        items = {topic: found for topic, found in items.items() if topic in set(request.topic_ids)}
    if not items:
        which = "by anyone" if scope == ReviewScope.ANY else "by the gold rule"
        names = ", ".join(name for _, name in sources)
        raise RoundInvalid(
            {"source_rounds": [f"no sentence is labelled inconsistent {which} in {names}"]}
        )
    pairs: dict[int, tuple[int, int]] = {}
    if review:
        pairs, stranded = _reviewer_pairs(items, people, source_ids, request.seed)
        if stranded:
            raise RoundInvalid(
                {
                    "annotators": [
                        f"{len(stranded)} unit(s) have fewer than two reviewers who did not"
                        f" annotate them (units {stranded[:10]}); add reviewers"
                    ]
                }
            )
    round_ = Round.objects.create(
        project=project,
        name=request.name,
        kind=request.kind,
        overlap=1 if review else request.overlap,
        guideline_version=guideline,
        seed=request.seed,
        review_scope=scope if review else "",
        type_min_count=request.type_min_count,
    )
    round_.source_rounds.set(source_ids)
    RoundItem.objects.bulk_create(
        RoundItem(round=round_, sentence_id=sentence_id)
        for sentences in items.values()
        for sentence_id in sentences
    )
    if review:
        Assignment.objects.bulk_create(
            Assignment(
                round=round_,
                topic_id=topic_id,
                annotator_id=person,
                stage=stage,
                status=AssignmentStatus.ASSIGNED,
                order_seed=order_seed(
                    round_seed=request.seed, topic_id=topic_id, annotator_id=person
                ),
            )
            for topic_id, pair in pairs.items()
            for person, stage in zip(
                pair, (AssignmentStage.REVIEW, AssignmentStage.SECOND_REVIEW), strict=True
            )
        )
    else:
        from django.contrib.auth import get_user_model

        annotators = list(get_user_model().objects.filter(pk__in=people))
        annotators.sort(key=lambda user: people.index(user.pk))
        round_assign_units(round=round_, topic_ids=sorted(items), annotators=annotators)
    return round_, sum(len(found) for found in items.values())
