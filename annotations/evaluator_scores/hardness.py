"""Which units are hard for automatic evaluators, to spend annotation where it matters
(FaithBench chose its items where evaluators disagree): per unit, over its judged records,

- ``against_gold``: the share of the evaluators' calls that differ from the gold label;
- ``among_evaluators``: the mean, over its records, of the share of evaluators in the
  minority on that record (0 when all agree, 0.5 when they split evenly).

Pure numpy: ``unit`` codes each record's unit (0..U-1), ``calls`` each evaluator's booleans
(flagged inconsistent) aligned with ``gold``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from annotations.evaluator_scores.errors import EvaluatorScoreError

MEASURES = ("against_gold", "among_evaluators")


@dataclass(frozen=True, slots=True)
class UnitHardness:
    records: np.ndarray  # per unit: how many judged records
    against_gold: np.ndarray
    among_evaluators: np.ndarray


def unit_hardness(unit: np.ndarray, gold: np.ndarray, calls: list[np.ndarray]) -> UnitHardness:
    if not calls:
        raise EvaluatorScoreError("no evaluator run to measure hardness with: upload one first")
    units = int(unit.max()) + 1 if len(unit) else 0
    matrix = np.stack([np.asarray(c, dtype=bool) for c in calls], axis=1)
    evaluators = matrix.shape[1]
    wrong = (matrix != np.asarray(gold, dtype=bool)[:, None]).mean(axis=1)
    flagged = matrix.sum(axis=1)
    minority = np.minimum(flagged, evaluators - flagged) / evaluators
    records = np.bincount(unit, minlength=units).astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        return UnitHardness(
            records=records,
            against_gold=np.bincount(unit, weights=wrong, minlength=units) / records,
            among_evaluators=np.bincount(unit, weights=minority, minlength=units) / records,
        )
