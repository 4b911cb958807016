"""A new round's units chosen by what evaluators find hard, with the design recorded
(docs/models-in-the-loop.md, "Choosing what to annotate"; the statistics are
annotations/evaluator_scores/selection.py).

``selection_plan`` reads the frame (the project's units no annotation or reference round has
taken), the chosen corpus runs' verdicts on it, and each unit's summarizers; it draws with
the round's seed and returns the plan, or adds to ``errors`` what the stored data refuses
(field names ``units.select.<field>``). ``selection_record`` writes the plan beside the round
(``round_create`` calls both, in its transaction). Four queries whatever the corpus's size."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from django.db.models import Count, Exists, OuterRef, QuerySet

from annotations.evaluator_scores.selection import (
    THRESHOLD,
    draw,
    record_disagreement,
    record_uncertainty,
    unit_priority,
)
from annotations.formats.corpus_predictions import INCONSISTENT, NO_LABEL
from annotations.models import (
    ANNOTATION_ROUND_KINDS,
    Assignment,
    CorpusRun,
    Project,
    Round,
    RoundKind,
    SelectedUnit,
    Summary,
    Topic,
    UnitSelection,
)
from annotations.selectors.corpus_run_records import runs_records

FIELD = "units.select"
# The rounds whose units count as annotated: every round of the project's scheme, and
# published labels.
ANNOTATING_KINDS = [*ANNOTATION_ROUND_KINDS, RoundKind.REFERENCE]


@dataclass(frozen=True, slots=True)
class SelectionRequest:
    strategy: str
    runs: Sequence[int]
    count: int
    reserve: float = 0.2
    weights: dict[str, float] = field(default_factory=dict)

    def mix(self) -> dict[str, float]:
        if self.strategy == "mix":
            return dict(self.weights)
        return {self.strategy: 1.0}


@dataclass(frozen=True, slots=True)
class SelectionPlan:
    request: SelectionRequest
    runs: list[CorpusRun]
    topic_ids: list[int]
    probabilities: dict[int, float]
    priorities: dict[int, float]
    frame_units: int
    frame_sentences: dict[str, int]
    allocation: dict[str, int]


def frame_units(project: Project) -> list[int]:
    """The project's units no annotation or reference round holds, in corpus order."""
    return list(
        _frame_query(project)
        .order_by("document__corpus__slug", "document__external_id", "position")
        .values_list("pk", flat=True)
    )


def selection_plan(
    project: Project, request: SelectionRequest, *, seed: int, errors: dict[str, list[str]]
) -> SelectionPlan | None:
    runs = list(
        CorpusRun.objects.filter(project=project, pk__in=list(request.runs)).select_related(
            "evaluator"
        )
    )
    unknown = sorted(set(request.runs) - {run.pk for run in runs})
    if unknown:
        errors[f"{FIELD}.runs"] = [f"not corpus runs of this project: {unknown}"]
        return None
    weights = request.mix()
    if weights.get("uncertainty", 0) > 0 and not any(run.has_scores for run in runs):
        errors[f"{FIELD}.runs"] = [
            "score uncertainty needs a run with scores; these have labels only: "
            + ", ".join(f"{run.pk} ({run.evaluator.name} {run.version})" for run in runs)
        ]
        return None
    frame = frame_units(project)
    if request.count > len(frame):
        errors[f"{FIELD}.count"] = [
            f"a selection of 1 to {len(frame)} units (the project's units no annotation or"
            f" reference round holds), not {request.count}"
        ]
        return None
    in_frame = set(frame)
    systems: dict[int, set[str]] = defaultdict(set)
    frame_sentences: dict[str, int] = defaultdict(int)
    frame_summaries = Summary.objects.filter(topic__in=_frame_query(project))
    unit_of: dict[int, int] = {}
    for summary_id, topic_id, system, sentences in (
        frame_summaries.values_list("pk", "topic_id", "system")
        .annotate(n=Count("sentences"))
        .order_by()
    ):
        unit_of[summary_id] = topic_id
        systems[topic_id].add(system)
        frame_sentences[system] += sentences
    disagreements, uncertainties = _record_measures(runs, unit_of)
    priorities = {
        pk: unit_priority(disagreements.get(pk, []), uncertainties.get(pk, []), weights)
        for pk in frame
    }
    strata = ["+".join(sorted(systems[pk])) or "(no summaries)" for pk in frame]
    drawn = draw(
        [priorities[pk] for pk in frame],
        strata,
        count=request.count,
        reserve=request.reserve,
        seed=seed,
    )
    chosen = [frame[i] for i in drawn.chosen]
    assert set(chosen) <= in_frame
    return SelectionPlan(
        request=request,
        runs=runs,
        topic_ids=chosen,
        probabilities={frame[i]: drawn.probabilities[i] for i in drawn.chosen},
        priorities={pk: priorities[pk] for pk in chosen},
        frame_units=len(frame),
        frame_sentences=dict(sorted(frame_sentences.items())),
        allocation={str(k): v for k, v in sorted(drawn.allocation.items(), key=repr)},
    )


def _frame_query(project: Project) -> QuerySet[Topic]:
    taken = Assignment.objects.filter(topic_id=OuterRef("pk"), round__kind__in=ANNOTATING_KINDS)
    return Topic.objects.filter(document__corpus__project=project).exclude(Exists(taken))


def _record_measures(
    runs: list[CorpusRun], unit_of: dict[int, int]
) -> tuple[dict[int, list[float]], dict[int, list[float]]]:
    """Per unit: each record's disagreement across the runs, and each record's uncertainty
    (mean over the runs that scored it). A record is a sentence, or a summary as a whole;
    ``unit_of`` maps the frame's summaries to their units (a record outside it is not
    counted)."""
    verdicts: dict[tuple[int, int, int], list[bool]] = defaultdict(list)
    scores: dict[tuple[int, int, int], list[float]] = defaultdict(list)
    in_frame = np.fromiter(unit_of, dtype=np.int64, count=len(unit_of))
    for records in runs_records([run.pk for run in runs]).values():
        kept = np.flatnonzero(~records.abstain & np.isin(records.summary, in_frame))
        for summary_id, sentence_id, label, score in zip(
            records.summary[kept].tolist(),
            records.sentence[kept].tolist(),
            records.labels[kept].tolist(),
            records.scores[kept].tolist(),
            strict=True,
        ):
            key = (unit_of[summary_id], summary_id, sentence_id)
            scored = score == score
            if label != NO_LABEL:
                verdicts[key].append(label == INCONSISTENT)
            elif scored:
                verdicts[key].append(score < THRESHOLD)
            if scored:
                scores[key].append(record_uncertainty(score))
    disagreements: dict[int, list[float]] = defaultdict(list)
    uncertainties: dict[int, list[float]] = defaultdict(list)
    for (topic_id, _, _), votes in verdicts.items():
        value = record_disagreement(votes)
        if value is not None:
            disagreements[topic_id].append(value)
    for (topic_id, _, _), values in scores.items():
        uncertainties[topic_id].append(sum(values) / len(values))
    return disagreements, uncertainties


def selection_record(*, round: Round, plan: SelectionPlan) -> UnitSelection:
    """The design beside the round (called inside ``round_create``'s transaction)."""
    selection = UnitSelection.objects.create(
        round=round,
        strategy=plan.request.strategy,
        weights=plan.request.mix(),
        reserve=plan.request.reserve,
        count=plan.request.count,
        frame_units=plan.frame_units,
        frame_sentences=plan.frame_sentences,
        allocation=plan.allocation,
    )
    selection.runs.set(plan.runs)
    SelectedUnit.objects.bulk_create(
        SelectedUnit(
            selection=selection,
            topic_id=pk,
            inclusion_probability=plan.probabilities[pk],
            priority=plan.priorities[pk],
        )
        for pk in plan.topic_ids
    )
    return selection
