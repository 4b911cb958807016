"""Creating an explanation round (TofuEval Appendix H; docs/evaluation.md): the sentences of a
published release that its gold calls inconsistent and an evaluator also flagged, with the
evaluator's explanation, each unit given to ``overlap`` linguists.

Each chosen evaluator contributes its first run that has explanations, called at its own
threshold as the leaderboard calls it (``run_calls``). Its explanations are copied into the
round (``ExplanationItem``), so what linguists judge never changes under them. The human
explanations come from the release's rounds, which become the round's source rounds.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q

from annotations.evaluator_scores import RunValues
from annotations.formats.writers.rows import record_id
from annotations.models import (
    EvaluatorRun,
    ExplanationItem,
    Membership,
    Project,
    Release,
    ReleaseStatus,
    Role,
    Round,
    RoundItem,
    RoundKind,
    SummarySentence,
)
from annotations.selectors.evaluator_leaderboard import levels_of, run_calls
from annotations.services.evaluator_runs import release_records, run_predictions
from annotations.services.people import paused_refused
from annotations.services.rounds import RoundInvalid, checked_guideline_and_name, round_assign_units

MIN_OVERLAP = 2


@dataclass(frozen=True, slots=True)
class ExplanationRoundRequest:
    project: Project
    name: str
    guideline_version: int
    annotators: Sequence[str]  # usernames
    release: int
    evaluators: Sequence[str] = ()  # names; empty: every evaluator with explanations
    overlap: int = 2
    seed: int = 0


@dataclass(frozen=True, slots=True)
class Explained:
    """One flagged sentence record of a run, with the run's explanation."""

    run: EvaluatorRun
    record: str
    corpus: str
    doc_id: str
    topic: str
    explanation: str


def _runs(
    release: Release, names: Sequence[str], errors: dict[str, list[str]]
) -> list[EvaluatorRun]:
    runs = list(
        EvaluatorRun.objects.filter(release=release, sentences__gt=0)
        .select_related("evaluator")
        .order_by("evaluator__name", "number")
    )
    known = {run.evaluator.name for run in runs}
    unknown = [name for name in names if name not in known]
    if unknown:
        errors["evaluators"] = [f"no sentence-level runs on this release: {', '.join(unknown)}"]
    first: dict[str, EvaluatorRun] = {}
    for run in runs:
        if names and run.evaluator.name not in names:
            continue
        if run.evaluator.name not in first and run_predictions(run).sentence_explanations:
            first[run.evaluator.name] = run
    return list(first.values())


def flagged_explanations(release: Release, runs: list[EvaluatorRun]) -> list[Explained]:
    """Every sentence record gold-inconsistent that a run flagged and explained."""
    records = release_records(release)
    index, level = levels_of(records)["sentence"]
    summaries = records.summaries
    found = []
    for run in runs:
        predictions = run_predictions(run)
        calls = run_calls(RunValues(run.kind, predictions.sentence_values[index]), level)  # type: ignore[arg-type]
        for position in index[calls & level.inconsistent]:
            text = predictions.sentence_explanations.get(int(position), "").strip()
            if not text:
                continue
            owner = records.sentences.summary[position]
            found.append(
                Explained(
                    run=run,
                    record=records.sentences.record_id.text(int(position)),
                    corpus=summaries.value("corpus", owner),
                    doc_id=summaries.value("doc_id", owner),
                    topic=summaries.value("topic", owner),
                    explanation=text,
                )
            )
    return found


def sentences_of_records(
    project: Project, explained: list[Explained]
) -> dict[str, tuple[int, int]]:
    """record id -> (sentence id, topic id) in the project, by recomputing the record ids of
    the units the records name (an id is a hash of what names the sentence in its corpus)."""
    units = {(e.corpus, e.doc_id, e.topic) for e in explained}
    match = Q(pk__in=[])
    for corpus, doc_id, topic in units:
        match |= Q(
            summary__topic__document__corpus__slug=corpus,
            summary__topic__document__external_id=doc_id,
            summary__topic__name=topic,
        )
    rows = SummarySentence.objects.filter(
        match, summary__topic__document__corpus__project=project
    ).values_list(
        "id",
        "summary__topic_id",
        "summary__topic__document__corpus__slug",
        "summary__topic__document__external_id",
        "summary__topic__name",
        "summary__external_id",
        "summary__system",
        "position",
        "source_index",
    )
    found = {}
    for pk, topic_id, corpus, doc_id, topic, external_id, system, position, source_index in rows:
        number = source_index if source_index is not None else position + 1
        found[record_id(corpus, doc_id, topic, external_id or system, number)] = (pk, topic_id)
    return found


@transaction.atomic
def explanation_round_create(request: ExplanationRoundRequest) -> tuple[Round, int]:
    """Create a draft explanation round; return it and how many explanations it asks about.
    Raises ``RoundInvalid`` naming each field."""
    project = request.project
    errors: dict[str, list[str]] = {}
    users = dict(
        Membership.objects.filter(
            project=project, role=Role.ANNOTATOR, user__username__in=list(request.annotators)
        ).values_list("user__username", "user_id")
    )
    unknown = [name for name in request.annotators if name not in users]
    if unknown:
        errors["annotators"] = [f"not annotators of this project: {', '.join(unknown)}"]
    paused_refused(project, request.annotators, Role.ANNOTATOR, errors)
    people = list(dict.fromkeys(users[name] for name in request.annotators if name in users))
    if request.overlap < MIN_OVERLAP:
        errors["overlap"] = [f"at least {MIN_OVERLAP} linguists per item, for agreement"]
    elif len(people) < request.overlap:
        errors["overlap"] = [f"an overlap of {request.overlap} needs as many annotators"]
    release = Release.objects.filter(
        pk=request.release, project=project, status=ReleaseStatus.PUBLISHED
    ).first()
    if release is None:
        errors["release"] = ["no published release of this project"]
    guideline = checked_guideline_and_name(project, request.guideline_version, request.name, errors)
    runs = _runs(release, request.evaluators, errors) if release is not None else []
    if release is not None and not runs and "evaluators" not in errors:
        errors["evaluators"] = ["no run on this release has sentence explanations"]
    if errors:
        raise RoundInvalid(errors)
    assert release is not None
    assert guideline is not None
    explained = flagged_explanations(release, runs)
    sentence_of = sentences_of_records(project, explained)
    items = [(sentence_of[e.record], e) for e in explained if e.record in sentence_of]
    if not items:
        raise RoundInvalid(
            {
                "evaluators": [
                    "no sentence is both inconsistent by the release's gold and flagged with an"
                    " explanation by these evaluators"
                ]
            }
        )
    round_ = Round.objects.create(
        project=project,
        name=request.name,
        kind=RoundKind.EXPLANATION,
        overlap=request.overlap,
        guideline_version=guideline,
        seed=request.seed,
    )
    round_.source_rounds.set(release.config.get("rounds", []))
    ExplanationItem.objects.bulk_create(
        ExplanationItem(round=round_, sentence_id=sentence, run=e.run, explanation=e.explanation)
        for (sentence, _), e in items
    )
    RoundItem.objects.bulk_create(
        RoundItem(round=round_, sentence_id=sentence)
        for sentence in sorted({sentence for (sentence, _), _ in items})
    )
    topics: dict[int, int] = defaultdict(int)
    for (_, topic), _ in items:
        topics[topic] += 1
    annotators = list(get_user_model().objects.filter(pk__in=people))
    annotators.sort(key=lambda user: people.index(user.pk))
    round_assign_units(round=round_, topic_ids=sorted(topics), annotators=annotators)
    return round_, len(items)


__all__ = ["ExplanationRoundRequest", "explanation_round_create"]
