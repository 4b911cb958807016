"""Which units, raters and labels a release is made of: the scope of a release build
(docs/releases.md), before any row is read.

``ReleaseScope`` holds the build's choices (rounds, splits, mappings, gold rule);
``counted_assignments`` says which labels count (people's submitted work and published
reference labels); ``release_topic_ids`` orders the units; ``unlabelled_units`` finds the
units a release would ship with unlabelled sentences; ``annotator_ids`` gives the raters
anonymised ids (A1, A2, …) stable within the release, so no user name is ever read.
Kept apart from the rows because the release service, the judges and the competence model
ask these questions without building any row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Exists, OuterRef

from annotations.models import (
    Assignment,
    AssignmentStatus,
    Project,
    RoundKind,
    SentenceJudgement,
    SummarySentence,
    Topic,
)


@dataclass(frozen=True, slots=True)
class ReleaseScope:
    project: Project
    round_ids: Sequence[int]
    split_of: Callable[[str, str, str], str]  # (corpus, doc id, stored split) -> split
    merge_marginal: bool = False
    binary_relevance: bool = False
    with_turns: bool = False
    with_annotators: bool = True  # False: rows without the annotators' raw labels
    excluded_topics: frozenset[int] = frozenset()
    # A gold error type needs at least this many of the flaggers (all of them when fewer):
    # AggreFact's "more than one annotator" (docs/review.md).
    type_min_count: int = 2
    # Leave out the summaries whose gold flag says they are not a summary (TofuEval's 23);
    # applied by the release build (services/releases.py), not by ``summary_rows``.
    drop_not_a_summary: bool = False
    # Assisted rounds: "both", "final" or "pre_reveal" (services/releases.py ASSISTED_LABELS).
    assisted_labels: str = "both"
    # The sentence-label gold rule below adjudication and review: "majority" (the vote) or
    # "posterior_mode" (the most probable label under Dawid-Skene, ``posteriors``).
    gold_rule: str = "majority"
    # sentence id -> Dawid-Skene P(inconsistent) over the release's voters
    # (annotations/selectors/release_competence.py); the soft-label columns print it.
    posteriors: Mapping[int, float] | None = None


def counted_assignments(round_ids: Sequence[int]) -> Any:
    """Labels that count: submitted work of people, and published reference labels."""
    return Assignment.objects.filter(round_id__in=round_ids).filter(
        status=AssignmentStatus.SUBMITTED
    ) | Assignment.objects.filter(round_id__in=round_ids, round__kind=RoundKind.REFERENCE)


def release_topic_ids(round_ids: Sequence[int]) -> list[int]:
    """The units of a release, in corpus and import order (which is a published
    benchmark's own order when it was imported)."""
    return list(
        Topic.objects.filter(assignments__round_id__in=round_ids)
        .distinct()
        .order_by("document__corpus_id", "document_id", "position")
        .values_list("id", flat=True)
    )


def unlabelled_units(round_ids: Sequence[int], *, asks_consistency: bool) -> list[dict[str, Any]]:
    """Units of the chosen rounds where some sentence has no label that counts. One grouped
    query: the database finds the unlabelled sentences, so memory does not grow with the
    project. None in a project that does not ask for consistency (key facts or atomic facts
    alone, FineSurE's REALSumm): there a sentence has no label to miss."""
    if not asks_consistency:
        return []
    labelled = (
        SentenceJudgement.objects.filter(
            assignment__in=counted_assignments(round_ids), sentence_id=OuterRef("pk")
        )
        .exclude(label="")
        .values("pk")
    )
    rows = (
        SummarySentence.objects.filter(
            summary__topic_id__in=Topic.objects.filter(assignments__round_id__in=round_ids).values(
                "id"
            )
        )
        .exclude(Exists(labelled))
        .values(
            "summary__topic_id",
            "summary__topic__name",
            "summary__topic__document__external_id",
            "summary__topic__document__corpus__slug",
        )
        .annotate(n=Count("id"))
        .order_by("summary__topic_id")
    )
    return [
        {
            "topic": row["summary__topic_id"],
            "document": row["summary__topic__document__external_id"],
            "corpus": row["summary__topic__document__corpus__slug"],
            "topic_name": row["summary__topic__name"],
            "unlabelled_sentences": row["n"],
        }
        for row in rows
    ]


def annotator_ids(round_ids: Sequence[int]) -> dict[str, str]:
    """rater key (user id or source) -> anonymised id, in a stable order: published sources
    by name, then people by when they joined (their ids as numbers: compared as text, user 10
    came before user 9, and which linguist was A1 depended on how many users existed)."""
    people: set[int] = set()
    sources: set[str] = set()
    for annotator_id, source in counted_assignments(round_ids).values_list(
        "annotator_id", "source"
    ):
        if annotator_id:
            people.add(int(annotator_id))
        else:
            sources.add(str(source))
    keys = [f"source:{s}" for s in sorted(sources)] + [f"user:{pk}" for pk in sorted(people)]
    return {key: f"A{i}" for i, key in enumerate(keys, start=1)}
