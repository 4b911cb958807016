"""Cohen's kappa (unweighted, linear, quadratic) and confusion matrices for two coders."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from annotations.agreement.errors import AgreementError
from annotations.agreement.labels import MISSING_CODE, CodedRatings, encode_ratings

WEIGHTS = (None, "linear", "quadratic")


@dataclass(frozen=True)
class ConfusionMatrix:
    """Counts of label pairs: ``counts[i, j]`` items coder A put in ``labels[i]`` and coder B
    in ``labels[j]``. ``n_missing`` items were left out because a coder gave no label."""

    labels: tuple[Any, ...]
    counts: np.ndarray
    n_missing: int


@dataclass(frozen=True)
class CodedPairs:
    """Two coders' labels as codes, restricted to the items both labelled."""

    coded: CodedRatings
    a: np.ndarray
    b: np.ndarray
    items: np.ndarray  # positions of the kept items in the input
    n_missing: int

    def table(self) -> np.ndarray:
        n = self.coded.n_categories
        return np.bincount(self.a * n + self.b, minlength=n * n).reshape(n, n)


def encode_pairs(
    a: Sequence[Any], b: Sequence[Any], *, labels: Sequence[Any] | None, ordered: bool
) -> CodedPairs:
    if len(a) != len(b):
        raise AgreementError(
            f"the coders have {len(a)} and {len(b)} labels; they must label the same items in "
            "the same order (use None where a coder gave no label)"
        )
    if _numeric_vector(a) and _numeric_vector(b):
        matrix: Any = np.stack([a, b])  # fast path; stacking other arrays could coerce types
    else:
        matrix = [a, b]
    coded = encode_ratings(matrix, categories=labels, ordered=ordered, what="the two codings")
    both = (coded.codes != MISSING_CODE).all(axis=0)
    if not both.any():
        raise AgreementError(
            f"no item has a label from both coders ({len(a)} items): there is nothing to compare"
        )
    return CodedPairs(
        coded,
        coded.codes[0, both],
        coded.codes[1, both],
        items=np.flatnonzero(both),
        n_missing=int((~both).sum()),
    )


def _numeric_vector(values: Any) -> bool:
    return isinstance(values, np.ndarray) and values.ndim == 1 and values.dtype.kind in "biuf"


def confusion_matrix(
    a: Sequence[Any], b: Sequence[Any], *, labels: Sequence[Any] | None = None
) -> ConfusionMatrix:
    """Confusion matrix of two codings of the same items (rows: ``a``, columns: ``b``).

    ``labels`` fixes the rows/columns and their order; by default the labels seen, sorted.
    Missing data: items where either coder has ``None``/``nan`` are left out and counted in
    ``n_missing``. Raises ``AgreementError`` on different lengths or when no item has both.
    """
    pairs = encode_pairs(a, b, labels=labels, ordered=False)
    return ConfusionMatrix(pairs.coded.categories, pairs.table(), pairs.n_missing)


def check_weights(weights: str | None) -> None:
    if weights not in WEIGHTS:
        raise AgreementError(f"weights must be None, 'linear' or 'quadratic'; got {weights!r}")


def disagreement_weights(n_categories: int, weights: str | None) -> np.ndarray:
    """Cohen's (1968) disagreement weights on category positions ``0 .. k-1``.

    Unweighted: 0 on the diagonal, 1 elsewhere; linear: ``|i - j| / (k - 1)``; quadratic:
    ``((i - j) / (k - 1)) ** 2``.
    """
    check_weights(weights)
    positions = np.arange(n_categories, dtype=np.float64)
    distance = np.abs(positions[:, np.newaxis] - positions[np.newaxis, :])
    scale = max(n_categories - 1, 1)
    if weights is None:
        return (distance > 0).astype(np.float64)
    if weights == "linear":
        return distance / scale
    return (distance / scale) ** 2


def kappa_from_tables(tables: np.ndarray, disagreement: np.ndarray) -> np.ndarray:
    """Kappa of each ``(k, k)`` table in a ``(B, k, k)`` stack; ``nan`` where undefined.

    ``kappa = 1 - sum(w * p) / sum(w * outer(rows, cols))`` with proportions ``p``: the
    disagreement form of Cohen (1968), identical to ``(p_o - p_e) / (1 - p_e)`` when unweighted.
    """
    tables = np.asarray(tables, dtype=np.float64)
    n = tables.sum(axis=(1, 2))
    rows = tables.sum(axis=2)
    cols = tables.sum(axis=1)
    observed = (tables * disagreement).sum(axis=(1, 2))
    expected = np.einsum("bi,ij,bj->b", rows, disagreement, cols)
    kappa = np.full(len(tables), np.nan)
    defined = (expected > 0) & (n > 0)
    # observed / n over expected / n**2
    kappa[defined] = 1.0 - n[defined] * observed[defined] / expected[defined]
    return kappa


def cohen_kappa(
    a: Sequence[Any],
    b: Sequence[Any],
    *,
    weights: str | None = None,
    labels: Sequence[Any] | None = None,
) -> float:
    """Cohen's kappa of two codings of the same items.

    ``weights``: ``None`` (nominal), ``"linear"`` or ``"quadratic"`` (Cohen 1968). Weighted
    kappa needs ordered categories: numeric labels, or ``labels`` listing them from lowest to
    highest. Weights are on category positions in that list, so listing an unused category
    changes weighted (not unweighted) kappa.

    Missing data: items where either coder has ``None``/``nan`` are left out (listwise).

    Raises ``AgreementError`` on different lengths, no item labelled by both, or when both
    coders used one and the same category for every item (kappa is then 0/0).
    """
    check_weights(weights)
    pairs = encode_pairs(a, b, labels=labels, ordered=weights is not None)
    table = pairs.table()
    kappa = kappa_from_tables(table[np.newaxis], disagreement_weights(len(table), weights))[0]
    if np.isnan(kappa):
        only = pairs.coded.categories[int(pairs.a[0])]
        raise AgreementError(
            f"Cohen's kappa cannot be computed: both coders gave every item the label {only!r}, "
            "so there is no disagreement to expect by chance and nothing to compare against"
        )
    return float(kappa)
