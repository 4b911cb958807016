"""Per-summary scores from plain judgements (no Django).

Each score is a share of a summary's parts, and is undefined (``None``) when the summary has
no such parts or when any of them is not judged (a share over a subset would read as a
finished score):

=================  ==========================================  ==========================
score              numerator                                   denominator
=================  ==========================================  ==========================
``faithfulness``   sentences labelled consistent               sentences
``completeness``   key facts of the topic the summary states   key facts of the topic
``conciseness``    sentences aligned to at least one key fact  sentences
``acu_score``      atomic facts (ACUs) supported by the source  atomic facts
=================  ==========================================  ==========================

Completeness and conciseness are FineSurE's (Song et al., 2024); the ACU score is the share
of supported atomic content units, as in ACUEval and RoSE. ``SummaryRow`` (the export rows)
has the same four properties; ``tests/scoring`` checks that both agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from annotations.scoring.errors import ScoringError

METRICS: tuple[str, ...] = ("faithfulness", "completeness", "conciseness", "acu_score")
METRIC_LABELS: dict[str, str] = {
    "faithfulness": "Faithfulness",
    "completeness": "Completeness",
    "conciseness": "Conciseness",
    "acu_score": "ACU score",
}


def share(values: Iterable[bool | None]) -> float | None:
    """The share of ``True`` values; ``None`` when there are none or any is ``None``
    (not judged)."""
    total = 0
    true = 0
    for value in values:
        if value is None:
            return None
        total += 1
        true += bool(value)
    return true / total if total else None


@dataclass(frozen=True, slots=True)
class SummaryScores:
    """The four scores of one summary, each in [0, 1] or ``None`` when undefined."""

    faithfulness: float | None = None
    completeness: float | None = None
    conciseness: float | None = None
    acu_score: float | None = None

    def as_tuple(self) -> tuple[float | None, ...]:
        """The scores in ``METRICS`` order."""
        return (self.faithfulness, self.completeness, self.conciseness, self.acu_score)


def summary_scores(
    *,
    sentences_consistent: Sequence[bool | None] = (),
    key_facts_covered: Sequence[bool | None] = (),
    sentences_aligned: Sequence[bool | None] = (),
    atomic_facts_supported: Sequence[bool | None] = (),
) -> SummaryScores:
    """One summary's scores from its judgements, one value per part (``None``: not judged).

    ``sentences_consistent[i]``: sentence ``i`` is consistent with the source;
    ``key_facts_covered[k]``: the summary states the topic's key fact ``k``;
    ``sentences_aligned[i]``: sentence ``i`` is aligned to at least one key fact;
    ``atomic_facts_supported[j]``: atomic fact ``j`` is supported by the source.
    """
    return SummaryScores(
        faithfulness=share(sentences_consistent),
        completeness=share(key_facts_covered),
        conciseness=share(sentences_aligned),
        acu_score=share(atomic_facts_supported),
    )


def shares(
    numerators: Sequence[int] | np.ndarray, denominators: Sequence[int] | np.ndarray
) -> np.ndarray:
    """Vectorised ``numerator / denominator`` per summary, ``nan`` where the denominator is 0
    (undefined). Refuses negative counts and numerators above their denominators."""
    top = np.asarray(numerators, dtype=np.int64)
    bottom = np.asarray(denominators, dtype=np.int64)
    if top.shape != bottom.shape:
        raise ScoringError(
            f"{top.shape[0] if top.ndim else 1} numerators for"
            f" {bottom.shape[0] if bottom.ndim else 1} denominators"
        )
    if np.any(top < 0) or np.any(top > bottom):
        raise ScoringError("every numerator must be between 0 and its denominator")
    result = np.full(top.shape, np.nan)
    defined = bottom > 0
    np.divide(top, bottom, out=result, where=defined)
    return result
