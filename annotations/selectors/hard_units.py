"""The units of a release hardest for its evaluators (docs/evaluation.md, "Hard units"), for
a new round: each evaluator's first run called at its own threshold (as the leaderboard
calls it), measured per (document, topic) by ``evaluator_scores.hardness``, and matched back
to the project's units."""

from __future__ import annotations

from typing import Any

import numpy as np
from django.db.models import Q

from annotations.evaluator_scores import RunValues
from annotations.evaluator_scores.hardness import MEASURES, unit_hardness
from annotations.models import EvaluatorRun, Release, Topic
from annotations.selectors.evaluator_leaderboard import levels_of, run_calls
from annotations.services.evaluator_runs import EvaluatorInvalid, release_records, run_predictions


def hard_units(release: Release, *, by: str, count: int) -> list[dict[str, Any]]:
    """The ``count`` units with the highest ``by`` (a ``MEASURES`` name), hardest first."""
    if by not in MEASURES:
        raise EvaluatorInvalid({"by": [f"one of {', '.join(MEASURES)}"]})
    records = release_records(release)
    index, level = levels_of(records)["sentence"]
    first_runs: dict[int, EvaluatorRun] = {}
    for run in EvaluatorRun.objects.filter(release=release, sentences__gt=0).order_by("number"):
        first_runs.setdefault(run.evaluator_id, run)
    if by == "among_evaluators" and len(first_runs) < 2:
        raise EvaluatorInvalid(
            {"by": ["disagreement among evaluators needs runs of at least two evaluators"]}
        )
    calls = []
    for run in first_runs.values():
        values = run_predictions(run).sentence_values[index]
        calls.append(run_calls(RunValues(run.kind, values), level))  # type: ignore[arg-type]
    summaries = records.summaries
    owner = records.sentences.summary[index]
    keys = np.char.add(
        np.char.add(summaries.field("corpus", owner), "\x1f"),
        np.char.add(
            np.char.add(summaries.field("doc_id", owner), "\x1f"), summaries.field("topic", owner)
        ),
    )
    names, unit = np.unique(keys, return_inverse=True)
    hardness = unit_hardness(unit, level.inconsistent, calls)
    score = getattr(hardness, by)
    order = np.lexsort((names, -score))[:count]
    wanted = [tuple(str(names[i]).split("\x1f")) for i in order]
    match = Q(pk__in=[])
    for corpus, doc_id, topic in wanted:
        match |= Q(document__corpus__slug=corpus, document__external_id=doc_id, name=topic)
    topics = {
        (corpus, doc_id, name): pk
        for pk, corpus, doc_id, name in Topic.objects.filter(
            match, document__corpus__project=release.project
        ).values_list("pk", "document__corpus__slug", "document__external_id", "name")
    }
    return [
        {
            "topic_id": topics[key],
            "unit": f"{key[1]} · {key[2]}",
            "records": int(hardness.records[i]),
            "against_gold": round(float(hardness.against_gold[i]), 4),
            "among_evaluators": round(float(hardness.among_evaluators[i]), 4),
        }
        for key, i in zip(wanted, order, strict=True)
        if key in topics
    ]
