"""Tuning a score's threshold on the dev split (AggreFact and TofuEval's protocol).

A score is **higher for more consistent** text (a support probability); a record is flagged
inconsistent when its score is *below* the threshold. The threshold chosen maximises balanced
accuracy on dev. Candidates lie between consecutive distinct dev scores (their midpoint), and
beyond both ends (flag nothing; flag everything), so two sorts and a search cost
O(n log n) for a million records. Ties in balanced accuracy go to the lowest threshold (the
fewest flags): deterministic, and the conservative choice.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from annotations.evaluator_scores.errors import EvaluatorScoreError


@dataclass(frozen=True, slots=True)
class Threshold:
    value: float
    balanced_accuracy: float  # on the records it was tuned on


def tune_threshold(scores: np.ndarray, inconsistent: np.ndarray) -> Threshold:
    """The threshold maximising balanced accuracy of ``scores < threshold`` against the gold
    ``inconsistent`` (booleans)."""
    scores = np.asarray(scores, dtype=np.float64)
    gold = np.asarray(inconsistent, dtype=bool)
    p, n = int(gold.sum()), int((~gold).sum())
    if p == 0 or n == 0:
        missing = "inconsistent" if p == 0 else "consistent"
        raise EvaluatorScoreError(
            f"no {missing} record to tune a threshold on: the dev records need both labels"
        )
    # Sorting values is ~3x faster than sorting indices: the scores are sorted, and the
    # inconsistent ones apart, which gives how many of each a cut flags by a search.
    ordered = np.sort(scores)
    # Cut after position k only where the next score differs: equal scores go together.
    ends = np.flatnonzero(np.append(ordered[1:] != ordered[:-1], True))
    flagged_bad = np.searchsorted(np.sort(scores[gold]), ordered[ends], side="right")
    tp = np.concatenate([[0], flagged_bad])
    fp = np.concatenate([[0], ends + 1 - flagged_bad])
    accuracy = (tp / p + (n - fp) / n) / 2
    best = int(np.argmax(accuracy))  # the first maximum: the fewest flags
    if best == 0:
        value = float(ordered[0]) - 1.0
    elif best == len(ends):
        value = float(ordered[-1]) + 1.0
    else:
        below, above = ordered[ends[best - 1]], ordered[ends[best - 1] + 1]
        value = float((below + above) / 2)
    return Threshold(value=value, balanced_accuracy=float(accuracy[best]))
