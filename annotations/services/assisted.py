"""Writes of assisted rounds (docs/models-in-the-loop.md, "Assisted rounds").

- ``assistance_arms`` draws each (annotator, unit) pair's arm, assisted or not, with the
  round's seed, stratified so every annotator and every summarizer gets both arms;
- ``round_assistance_set`` stores a new round's assistance and its assignments' arms;
- ``reveal_marks`` is the save pipeline's step for assisted assignments: the first labelled
  save of a sentence keeps its label as the pre-reveal label and reveals the model's verdict
  (``selectors.assisted_reveal``); every later save is marked in the audit trail.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from annotations.models import Assignment, CorpusRun, Round, RoundAssistance, SentenceJudgement

if TYPE_CHECKING:
    from annotations.services.assignment_lock import LockedAssignment
    from annotations.services.judgements import Planned

SENTENCE_KIND = "sentence"

Pair = tuple[int, int]  # (annotator id, topic id)


def assistance_arms(
    pairs: Sequence[Pair],
    systems: Mapping[int, Iterable[str]],
    *,
    share: float,
    seed: int,
) -> dict[Pair, bool]:
    """Each pair's arm (True: assisted). Per annotator, the units are grouped by the set of
    summarizers they show (the stratum) and shuffled with ``seed``; walking the strata in
    turn, a running quota gives ``share`` of the annotator's units the assisted arm (at
    least one and at most all but one, when they have two or more). Then every summarizer
    seen in two or more pairs but only in one arm swaps one pair with a pair of the other arm
    of the same annotator that does not show it, so per-annotator counts are kept."""
    rng = random.Random(f"assistance:{seed}")
    by_annotator: dict[int, list[int]] = defaultdict(list)
    for annotator, topic in sorted(set(pairs)):
        by_annotator[annotator].append(topic)
    arms: dict[Pair, bool] = {}
    for annotator, topics in by_annotator.items():
        strata: dict[tuple[str, ...], list[int]] = defaultdict(list)
        for topic in topics:
            strata[tuple(sorted(set(systems.get(topic, ()))))].append(topic)
        ordered: list[int] = []
        for key in sorted(strata):
            units = strata[key]
            rng.shuffle(units)
            ordered += units
        n = len(ordered)
        wanted = round(share * n)
        if n >= 2:
            wanted = min(max(wanted, 1), n - 1)
        # Spread the assisted units evenly through the stratified order, from a random start:
        # systematic sampling, so each stratum gets its share.
        offset = rng.random()
        chosen = {int((i + offset) * n / wanted) for i in range(wanted)} if wanted else set()
        for index, topic in enumerate(ordered):
            arms[(annotator, topic)] = index in chosen
    _both_arms_per_system(arms, systems, rng)
    return arms


def _both_arms_per_system(
    arms: dict[Pair, bool], systems: Mapping[int, Iterable[str]], rng: random.Random
) -> None:
    shows = {pair: set(systems.get(pair[1], ())) for pair in arms}
    for system in sorted({s for names in shows.values() for s in names}):
        with_it = [pair for pair in sorted(arms) if system in shows[pair]]
        if len(with_it) < 2 or len({arms[pair] for pair in with_it}) == 2:
            continue
        rng.shuffle(with_it)
        for pair in with_it:
            partners = [
                other
                for other in sorted(arms)
                if other[0] == pair[0] and arms[other] != arms[pair] and system not in shows[other]
            ]
            if partners:
                other = rng.choice(partners)
                arms[pair], arms[other] = arms[other], arms[pair]
                break


@transaction.atomic
def round_assistance_set(*, round: Round, run: CorpusRun, share: float) -> RoundAssistance:
    """Store the round's assistance and draw its assignments' arms (``assistance_arms``)."""
    assistance = RoundAssistance.objects.create(round=round, run=run, share=share)
    assignments = list(
        Assignment.objects.filter(round=round, annotator__isnull=False).values_list(
            "pk", "annotator_id", "topic_id"
        )
    )
    topics = {topic for _, _, topic in assignments}
    systems: dict[int, set[str]] = defaultdict(set)
    from annotations.models import Summary

    for topic, system in Summary.objects.filter(topic_id__in=topics).values_list(
        "topic_id", "system"
    ):
        systems[topic].add(system)
    arms = assistance_arms(
        [(annotator, topic) for _, annotator, topic in assignments],
        systems,
        share=share,
        seed=round.seed,
    )
    assisted = [pk for pk, annotator, topic in assignments if arms[(annotator, topic)]]
    Assignment.objects.filter(pk__in=assisted).update(assisted=True)
    return assistance


def reveal_marks(locked: LockedAssignment, plans: Iterable[Planned]) -> set[int]:
    """The save pipeline's step for an assisted assignment, after its rows are written and
    before the audit: the sentence judgements (ids) whose model verdict was revealed before
    this save (their audit rows are marked ``after_reveal``). A sentence saved with a label
    for the first time keeps that label as its pre-reveal label and is revealed now."""
    if not locked.assisted:
        return set()
    written = {
        plan.pk: plan.after.get("label", "")
        for plan in plans
        if plan.kind.key == SENTENCE_KIND and plan.pk is not None
    }
    if not written:
        return set()
    revealed = set(
        SentenceJudgement.objects.filter(pk__in=written, revealed_at__isnull=False).values_list(
            "pk", flat=True
        )
    )
    now = timezone.now()
    for pk, label in written.items():
        if pk not in revealed and label:
            SentenceJudgement.objects.filter(pk=pk).update(pre_reveal_label=label, revealed_at=now)
    return revealed
