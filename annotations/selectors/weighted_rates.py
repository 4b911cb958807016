"""A selected round's design and its per-system error rates weighted back to the frame
(docs/models-in-the-loop.md, "Choosing what to annotate"; the estimators are
annotations/evaluator_scores/selection.py). Admins only: it names systems and evaluators.

A selected unit counts once every sentence of it has a gold label (the rule releases use:
adjudicated, else reviewed, else the vote). Until every selected unit does, the Hajek rate
treats the missing ones as missing at random within the sample and the HT rate (which divides
by the frame's known sentence count) runs low: the answer says how many count. Nine queries
whatever the round's size."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from annotations.evaluator_scores.selection import weighted_rate
from annotations.models import Round, SelectedUnit, SummarySentence, UnitSelection
from annotations.selectors.gold_labels import gold_sentence_labels

NOTE = (
    "Weighted by inverse inclusion probabilities: the units were chosen by evaluator"
    " disagreement or uncertainty, so the unweighted rate describes the selected (harder)"
    " units; the Horvitz-Thompson and Hajek rates estimate every unannotated unit the round"
    " drew from."
)


def selection_report(round: Round) -> dict[str, Any] | None:
    selection = (
        UnitSelection.objects.filter(round=round).prefetch_related("runs__evaluator").first()
    )
    if selection is None:
        return None
    probabilities = dict(
        SelectedUnit.objects.filter(selection=selection).values_list(
            "topic_id", "inclusion_probability"
        )
    )
    gold = gold_sentence_labels(round.project, [round.pk])
    # unit -> system -> [inconsistent, sentences]; units with a sentence lacking gold drop out.
    counts: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    incomplete: set[int] = set()
    for sentence_id, topic_id, system in SummarySentence.objects.filter(
        summary__topic_id__in=list(probabilities)
    ).values_list("pk", "summary__topic_id", "summary__system"):
        label = gold.get(sentence_id)
        if label is None or label.value is None:
            incomplete.add(topic_id)
            continue
        cell = counts[topic_id][system]
        cell[0] += label.value == "inconsistent"
        cell[1] += 1
    complete = [pk for pk in probabilities if pk not in incomplete]
    systems = sorted({s for pk in complete for s in counts[pk]} | set(selection.frame_sentences))
    rates = []
    for system in systems:
        units = [pk for pk in complete if system in counts[pk]]
        rate = weighted_rate(
            [counts[pk][system][0] for pk in units],
            [counts[pk][system][1] for pk in units],
            [probabilities[pk] for pk in units],
            population_sentences=selection.frame_sentences.get(system),
        )
        rates.append({"system": system, **rate.as_dict()})
    return {
        "strategy": selection.strategy,
        "runs": [
            {"id": run.pk, "evaluator": run.evaluator.name, "version": run.version}
            for run in sorted(selection.runs.all(), key=lambda r: r.pk)
        ],
        "weights": selection.weights,
        "reserve": selection.reserve,
        "count": selection.count,
        "frame_units": selection.frame_units,
        "allocation": selection.allocation,
        "selected_units": len(probabilities),
        "labelled_units": len(complete),
        "systems": rates,
        "note": NOTE,
    }
