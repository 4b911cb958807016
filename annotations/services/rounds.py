"""Writes to rounds: creating assignments and opening/closing. See docs/rounds.md."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from annotations.models import (
    Assignment,
    CorpusRun,
    GoldUnit,
    GuidelineVersion,
    Job,
    KeyFactList,
    Membership,
    Project,
    Role,
    Round,
    RoundKind,
    RoundStatus,
    Summary,
    Topic,
)
from annotations.models.webhooks import WebhookEvent
from annotations.services.assisted import round_assistance_set
from annotations.services.gold_units import (
    MIN_SCORED_UNITS,
    gold_units_draw,
    interleaved,
    keyed_units,
)
from annotations.services.jobs import job_start
from annotations.services.people import paused_refused
from annotations.services.unit_selection import (
    SelectionRequest,
    selection_plan,
    selection_record,
)
from annotations.services.webhooks import webhook_emit


class RoundError(ValueError):
    pass


def order_seed(*, round_seed: int, topic_id: int, annotator_id: int) -> int:
    """A stable per-(round, unit, annotator) seed for the order of the unit's summaries, so
    each annotator sees the summaries in their own order, the same on every visit."""
    digest = hashlib.sha256(f"{round_seed}:{topic_id}:{annotator_id}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@transaction.atomic
def round_assign_units(
    *, round: Round, topic_ids: Sequence[int], annotators: Sequence[AbstractBaseUser]
) -> list[Assignment]:
    """Give each unit to exactly ``round.overlap`` distinct annotators, balancing load: each
    unit goes to the annotators with the fewest units so far (ties broken by their order)."""
    # Lock the round: concurrent requests to assign units serialise here, so each sees the
    # others' assignments and no unit ever goes to more than ``overlap`` people.
    round = Round.objects.select_for_update().get(pk=round.pk)
    if round.status == RoundStatus.CLOSED:
        raise RoundError(f"round {round.name!r} is closed; its assignments cannot change")
    if len({a.pk for a in annotators}) < round.overlap:
        raise RoundError(
            f"an overlap of {round.overlap} needs at least {round.overlap} distinct annotators,"
            f" got {len({a.pk for a in annotators})}"
        )
    load = {
        a.pk: Assignment.objects.filter(round=round, annotator_id=a.pk).count() for a in annotators
    }
    order = {a.pk: index for index, a in enumerate(annotators)}
    existing = set(
        Assignment.objects.filter(round=round, topic_id__in=topic_ids).values_list(
            "topic_id", "annotator_id"
        )
    )
    created = []
    for topic_id in topic_ids:
        holders = {annotator for topic, annotator in existing if topic == topic_id}
        missing = round.overlap - len(holders)
        candidates = sorted(
            (pk for pk in load if pk not in holders), key=lambda pk: (load[pk], order[pk])
        )
        for annotator_id in candidates[: max(missing, 0)]:
            created.append(
                Assignment(
                    round=round,
                    topic_id=topic_id,
                    annotator_id=annotator_id,
                    order_seed=order_seed(
                        round_seed=round.seed, topic_id=topic_id, annotator_id=annotator_id
                    ),
                )
            )
            load[annotator_id] += 1
    return Assignment.objects.bulk_create(created)


@transaction.atomic
def round_open(*, round: Round) -> Round:
    if round.status != RoundStatus.DRAFT:
        raise RoundError(f"round {round.name!r} is {round.status}; only a draft round can open")
    if round.guideline_version_id is None:
        raise RoundError(
            f"round {round.name!r} needs a guideline version to freeze before it opens"
        )
    round.status = RoundStatus.OPEN
    round.opened_at = timezone.now()
    round.save(update_fields=["status", "opened_at"])
    webhook_emit(
        project_id=round.project_id, event=WebhookEvent.ROUND_OPENED, data=_round_data(round)
    )
    return round


def _round_data(round: Round) -> dict[str, object]:
    return {
        "round": {"id": round.pk, "name": round.name, "kind": round.kind, "status": round.status},
        "opened_at": round.opened_at,
        "closed_at": round.closed_at,
    }


@transaction.atomic
def round_close(*, round: Round, user: AbstractBaseUser | None = None) -> Round:
    """Close the round and start its report (agreement and the disagreement list) as a job,
    so it has the one job lifecycle: followed, sent again after a broker outage, retried or
    cancelled (services/dispatch.py). ``round_close_job`` finds that job."""
    if round.status != RoundStatus.OPEN:
        raise RoundError(f"round {round.name!r} is {round.status}; only an open round can close")
    round.status = RoundStatus.CLOSED
    round.closed_at = timezone.now()
    round.save(update_fields=["status", "closed_at"])
    webhook_emit(
        project_id=round.project_id, event=WebhookEvent.ROUND_CLOSED, data=_round_data(round)
    )
    job_start(
        project=round.project,
        kind="agreement",
        params={"round": round.pk, "compare": None, "close": True},
        user=user,
    )
    return round


def round_close_job(round: Round) -> Job | None:
    """The job computing the report of the round's closing (the latest, after a retry)."""
    return (
        Job.objects.filter(project_id=round.project_id, kind="agreement", params__round=round.pk)
        .filter(params__close=True)
        .order_by("-pk")
        .first()
    )


class RoundInvalid(RoundError):
    """A round that cannot be created; ``errors`` names each field."""

    def __init__(self, errors: dict[str, list[str]]) -> None:
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))
        self.errors = errors


def checked_guideline_and_name(
    project: Project, guideline_version: int, name: str, errors: dict[str, list[str]]
) -> GuidelineVersion | None:
    """What every kind of round checks the same way: its guideline version exists in the
    project and its name is free. Adds to ``errors``; returns the guideline when found."""
    guideline = GuidelineVersion.objects.filter(project=project, version=guideline_version).first()
    if guideline is None:
        errors["guideline_version"] = [f"no guideline version {guideline_version} in this project"]
    if Round.objects.filter(project=project, name=name).exists():
        errors["name"] = [f"a round named {name!r} exists in this project"]
    return guideline


def given_facts_errors(
    topic_ids: Sequence[int], key_fact_source: str, given_atomic_facts: bool
) -> dict[str, list[str]]:
    """A round that aligns a given key-fact list needs that list in every unit, and one that
    verifies given atomic facts needs them for every summary: else a linguist would be
    asked for what cannot be answered."""
    errors: dict[str, list[str]] = {}
    if key_fact_source:
        with_list = set(
            KeyFactList.objects.filter(topic_id__in=topic_ids, source=key_fact_source).values_list(
                "topic_id", flat=True
            )
        )
        lacking = [pk for pk in topic_ids if pk not in with_list]
        if lacking:
            sources = sorted(
                set(
                    KeyFactList.objects.filter(topic_id__in=topic_ids).values_list(
                        "source", flat=True
                    )
                )
            )
            errors["key_fact_source"] = [
                f"{len(lacking)} of the {len(topic_ids)} units have no {key_fact_source!r}"
                f" key-fact list (lists these units have: {', '.join(sources) or 'none'})"
            ]
    if given_atomic_facts:
        lacking_summaries = (
            Summary.objects.filter(topic_id__in=topic_ids)
            .exclude(given_atomic_facts__isnull=False)
            .count()
        )
        if lacking_summaries:
            errors["given_atomic_facts"] = [
                f"{lacking_summaries} summaries of these units have no given atomic facts"
            ]
    return errors


@transaction.atomic
def round_create(
    *,
    project: Project,
    name: str,
    kind: str,
    overlap: int,
    guideline_version: int,
    annotators: Sequence[str],
    sample: int | None = None,
    seed: int = 0,
    topic_ids: Sequence[int] | None = None,
    include_busy: bool = False,
    evidence_hints: bool = True,
    key_fact_source: str = "",
    given_atomic_facts: bool = False,
    gold_rate: float = 0.0,
    pause_below: float | None = None,
    assistance: dict[str, Any] | None = None,
    selection: SelectionRequest | None = None,
) -> tuple[Round, int]:
    """Create a draft round and its assignments: each unit to exactly ``overlap`` distinct
    annotators, balancing load (docs/api/admin.md, Rounds). Returns the round and how many
    units the sample skipped.

    A seeded sample leaves out units already in another round of the same kind that is not
    closed (a unit annotated twice in parallel pilots wastes the linguists' time and muddles
    agreement), unless ``include_busy``; units listed by hand are taken as listed."""
    errors: dict[str, list[str]] = {}
    users = {
        m.user.get_username(): m.user
        for m in Membership.objects.filter(
            project=project, role=Role.ANNOTATOR, user__username__in=annotators
        ).select_related("user")
    }
    unknown = [a for a in annotators if a not in users]
    if unknown:
        errors["annotators"] = [f"not annotators of this project: {', '.join(unknown)}"]
    paused_refused(project, annotators, Role.ANNOTATOR, errors)
    if len(set(annotators)) < overlap:
        errors["overlap"] = [
            f"an overlap of {overlap} needs at least {overlap} distinct annotators"
        ]
    guideline = checked_guideline_and_name(project, guideline_version, name, errors)
    units = list(
        Topic.objects.filter(document__corpus__project=project)
        .order_by("document__corpus__slug", "document__external_id", "position")
        .values_list("pk", flat=True)
    )
    if topic_ids is not None:
        missing = sorted(set(topic_ids) - set(units))
        if missing:
            errors["units"] = [f"not units of this project: {missing}"]
        chosen = list(dict.fromkeys(topic_ids))
    skipped = 0
    # Units chosen by evaluators (docs/models-in-the-loop.md): drawn from the unannotated ones
    # with recorded inclusion probabilities.
    plan = selection_plan(project, selection, seed=seed, errors=errors) if selection else None
    if selection is not None:
        chosen = sorted(plan.topic_ids) if plan else []
    elif topic_ids is None:
        if not include_busy:
            busy = set(
                Assignment.objects.filter(
                    round__project=project, round__kind=kind, topic_id__in=units
                )
                .exclude(round__status=RoundStatus.CLOSED)
                .values_list("topic_id", flat=True)
            )
            skipped = sum(unit in busy for unit in units)
            units = [unit for unit in units if unit not in busy]
        if sample is None or sample < 1 or sample > len(units):
            busy_note = (
                f", {skipped} more are in another {kind} round that is not closed"
                if skipped
                else ""
            )
            errors["units"] = [
                f"a sample of 1 to {len(units)} units (the project has {len(units)} free"
                f"{busy_note})"
            ]
            chosen = []
        else:
            chosen = sorted(random.Random(seed).sample(units, sample))
    errors.update(given_facts_errors(chosen, key_fact_source, given_atomic_facts))
    if (gold_rate or pause_below is not None) and kind != RoundKind.PRODUCTION:
        errors["gold_rate"] = ["gold units and a pause threshold are for production rounds"]
    elif pause_below is not None:
        # A pause that can never trigger would look like quality control and be none: the
        # new-round form says so before submit; the API refuses it too.
        keyed = len(keyed_units(project))
        if keyed < MIN_SCORED_UNITS:
            errors["pause_below"] = [
                f"a pause needs at least three scored gold units: {keyed} so far (gold units"
                " are units with an answer key: adjudicate more units first, or leave"
                " pause_below empty)"
            ]
    run = assistance_run(project, assistance, errors)
    gold = gold_units_draw(project, chosen, rate=gold_rate, seed=seed) if not errors else []
    if gold_rate and not gold and not errors:
        errors["gold_rate"] = [
            "no unit outside the round has an answer key: adjudicate some units first"
        ]
    if errors:
        raise RoundInvalid(errors)
    round_ = Round.objects.create(
        project=project,
        name=name,
        kind=kind,
        overlap=overlap,
        guideline_version=guideline,
        seed=seed,
        evidence_hints=evidence_hints,
        key_fact_source=key_fact_source,
        given_atomic_facts=given_atomic_facts,
        gold_rate=gold_rate,
        pause_below=pause_below,
    )
    GoldUnit.objects.bulk_create(GoldUnit(round=round_, topic_id=pk) for pk in gold)
    if plan is not None:
        selection_record(round=round_, plan=plan)
    round_assign_units(
        round=round_,
        topic_ids=interleaved(chosen, gold, seed=seed) if gold else chosen,
        annotators=[users[a] for a in annotators],
    )
    if run is not None and assistance is not None:
        round_assistance_set(round=round_, run=run, share=assistance["share"])
    return round_, skipped


def assistance_run(
    project: Project, assistance: dict[str, Any] | None, errors: dict[str, list[str]]
) -> CorpusRun | None:
    """The corpus run an assisted round reveals: the project's, with sentence verdicts."""
    if assistance is None:
        return None
    run = CorpusRun.objects.filter(pk=assistance["run"], project=project).first()
    if run is None:
        runs = list(CorpusRun.objects.filter(project=project).values_list("pk", flat=True))
        errors["assistance.run"] = [
            f"no corpus run {assistance['run']} in this project (its runs: {runs or 'none'})"
        ]
    elif run.sentences == 0:
        errors["assistance.run"] = ["this run has no sentence verdicts to reveal"]
    return run
