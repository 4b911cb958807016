"""Thresholds tuned per stratum (AggreFact): a score's threshold tuned on each stratum's own
dev records (a corpus; a summarizer category such as SOTA / EXFORMER / OLD, or fine-tuned /
LLM) and applied to that stratum's test records, beside the leaderboard's one threshold for
all. Each stratum is scored as a leaderboard of its own (``level_leaderboard`` on its records),
so the protocol, the intervals and the warnings are the leaderboard's. Pure: numpy only."""

from __future__ import annotations

from typing import Any

import numpy as np

from annotations.evaluator_scores.errors import EvaluatorScoreError
from annotations.evaluator_scores.leaderboard import (
    Coded,
    LevelRecords,
    RunValues,
    _grouped,
    level_leaderboard,
)

STRATA = ("corpus", "system_category")


def stratum_thresholds(
    records: LevelRecords,
    runs: dict[str, RunValues],
    strata: dict[str, np.ndarray | Coded],
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> dict[str, dict[str, Any]]:
    """grouping -> value -> the stratum's protocol, sizes and per evaluator its threshold
    (tuned on the stratum's dev), dev balanced accuracy and test figures with intervals. A
    value "" (unknown) is no stratum."""
    everything = np.ones(len(records.inconsistent), dtype=bool)
    out: dict[str, dict[str, Any]] = {}
    for grouping, values in strata.items():
        codes, names = _grouped(values, everything)
        out[grouping] = {}
        for code, value in enumerate(names):
            mask = codes == code
            subset = LevelRecords(
                inconsistent=np.asarray(records.inconsistent)[mask],
                document=np.asarray(records.document)[mask],
                split=np.asarray(records.split)[mask],
            )
            try:
                board = level_leaderboard(
                    subset,
                    {
                        name: RunValues(run.kind, np.asarray(run.values)[mask])
                        for name, run in runs.items()
                    },
                    n_resamples=n_resamples,
                    confidence=confidence,
                    seed=seed,
                )
            except EvaluatorScoreError as error:
                out[grouping][value] = {"error": str(error)}
                continue
            out[grouping][value] = {
                "protocol": board["protocol"],
                "tuned_on": board["tuned_on"],
                "measured_on": board["measured_on"],
                "documents": board["documents"],
                "warning": board["warning"],
                "evaluators": {
                    name: {
                        "threshold": entry["threshold"],
                        "tuned_balanced_accuracy": entry["tuned_balanced_accuracy"],
                        "balanced_accuracy": entry["balanced_accuracy"],
                    }
                    for name, entry in board["evaluators"].items()
                },
                "unscored": board["unscored"],
            }
    return out
