"""The binary figures of an evaluator against the gold labels, with **inconsistent as the
positive class** (TofuEval, AggreFact: the evaluator's job is to find errors).

Every figure is a function of four counts — ``tp`` (inconsistent, flagged), ``fp``
(consistent, flagged), ``p`` (inconsistent) and ``n`` (consistent) — so the functions take
numpy arrays of counts and work on one value or on a thousand bootstrap replicates alike.
A figure whose denominator is 0 is ``nan``.

- balanced accuracy ``(TPR + TNR) / 2``, TPR = tp/p, TNR = (n - fp)/n (AggreFact, LLM-AggreFact
  and TofuEval rank evaluators by it);
- FPR ``fp / n``: the share of consistent sentences the evaluator wrongly flags; FNR
  ``(p - tp) / p``: the share of inconsistent ones it misses (TofuEval's error analysis
  reports both, with inconsistent as the positive class);
- precision ``tp / (tp + fp)``, recall ``tp / p``, F1 their harmonic mean, for the
  inconsistent class.
"""

from __future__ import annotations

import numpy as np

FIGURES = ("balanced_accuracy", "fpr", "fnr", "precision", "recall", "f1")


def _ratio(top: np.ndarray, bottom: np.ndarray) -> np.ndarray:
    top = np.asarray(top, dtype=np.float64)
    bottom = np.asarray(bottom, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(bottom > 0, top / np.where(bottom > 0, bottom, 1), np.nan)


def binary_figures(
    tp: np.ndarray, fp: np.ndarray, p: np.ndarray, n: np.ndarray
) -> dict[str, np.ndarray]:
    """Every figure of ``FIGURES`` from the four counts (arrays of one shape)."""
    recall = _ratio(tp, p)
    tnr = _ratio(np.asarray(n) - fp, n)
    precision = _ratio(tp, np.asarray(tp) + fp)
    with np.errstate(invalid="ignore"):
        f1 = _ratio(2 * precision * recall, precision + recall)
    return {
        "balanced_accuracy": (recall + tnr) / 2,
        "fpr": _ratio(fp, n),
        "fnr": _ratio(np.asarray(p) - tp, p),
        "precision": precision,
        "recall": recall,
        "f1": f1,
    }
