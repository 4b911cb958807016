"""Correlations of evaluator scores with human scores (FineSurE §4, its Tables 4-5): Pearson,
Spearman and Kendall (tau-b), at the summary level and the system level, with percentile
bootstrap intervals resampling documents. Pure: numpy only (scipy checks it in tests).

- **Summary level** (FineSurE): per document, the coefficient between the human and the
  evaluator scores of that document's summaries; then the mean over the documents where it
  is defined (at least two summaries, neither side constant). A resample draws documents, so
  its mean is a weighted mean of the same per-document coefficients: one matrix product.
- **System level**: per system (summarizer), the mean human score and the mean evaluator
  score over its summaries; then the coefficient across systems. A resample's system means
  come from per-document sums (``resampling.py``), and the coefficients are taken for every
  resample at once.

Undefined coefficients (fewer than two points, a constant side) are ``nan``, reported as
``null``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from annotations.evaluator_scores.errors import EvaluatorScoreError
from annotations.evaluator_scores.resampling import interval, resampled_sums

COEFFICIENTS = ("pearson", "spearman", "kendall")


def _average_ranks(values: np.ndarray) -> np.ndarray:
    """Ranks (1-based) along the last axis, ties given their average rank (as
    ``scipy.stats.rankdata(method="average")``)."""
    order = np.argsort(values, axis=-1, kind="stable")
    ordered = np.take_along_axis(values, order, axis=-1)
    n = values.shape[-1]
    position = np.broadcast_to(np.arange(1, n + 1, dtype=np.float64), values.shape)
    # Within a run of equal values, every member gets the run's mean position: the cumulative
    # maximum of run starts and the reversed cumulative minimum of run ends bound each run.
    new_run = np.ones(values.shape, dtype=bool)
    new_run[..., 1:] = ordered[..., 1:] != ordered[..., :-1]
    starts = np.maximum.accumulate(np.where(new_run, position, 0.0), axis=-1)
    run_end = np.ones(values.shape, dtype=bool)
    run_end[..., :-1] = new_run[..., 1:]
    ends = np.flip(
        np.minimum.accumulate(np.flip(np.where(run_end, position, np.inf), -1), axis=-1), -1
    )
    ranks = np.empty(values.shape, dtype=np.float64)
    np.put_along_axis(ranks, order, (starts + ends) / 2, axis=-1)
    return ranks


def _pearson(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Pearson's r along the last axis; nan where a side is constant or has < 2 points."""
    x = x - x.mean(axis=-1, keepdims=True)
    y = y - y.mean(axis=-1, keepdims=True)
    sxx = (x * x).sum(axis=-1)
    syy = (y * y).sum(axis=-1)
    # A side is constant when its spread is rounding noise relative to its values' size.
    scale_x = np.abs(x).max(axis=-1, initial=0.0) if x.shape[-1] else np.zeros(x.shape[:-1])
    scale_y = np.abs(y).max(axis=-1, initial=0.0) if y.shape[-1] else np.zeros(y.shape[:-1])
    flat = (sxx <= (1e-12 * scale_x) ** 2 * x.shape[-1]) | (
        syy <= (1e-12 * scale_y) ** 2 * y.shape[-1]
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        r = (x * y).sum(axis=-1) / np.sqrt(sxx * syy)
    r = np.where(flat | (x.shape[-1] < 2), np.nan, r)
    return np.clip(r, -1.0, 1.0)


def _kendall(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Kendall's tau-b along the last axis (as ``scipy.stats.kendalltau``): pairs compared
    all at once, which suits the few points of a document or of a release's systems."""
    i, j = np.triu_indices(x.shape[-1], k=1)
    dx = np.sign(x[..., j] - x[..., i])
    dy = np.sign(y[..., j] - y[..., i])
    concordance = (dx * dy).sum(axis=-1)
    untied_x = np.count_nonzero(dx, axis=-1).astype(np.float64)
    untied_y = np.count_nonzero(dy, axis=-1).astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        tau = concordance / np.sqrt(untied_x * untied_y)
    return np.where((untied_x == 0) | (untied_y == 0), np.nan, np.clip(tau, -1.0, 1.0))


def coefficients(x: np.ndarray, y: np.ndarray) -> dict[str, np.ndarray]:
    """Pearson, Spearman and Kendall along the last axis of two equally shaped arrays."""
    return {
        "pearson": _pearson(x, y),
        "spearman": _pearson(_average_ranks(x), _average_ranks(y)),
        "kendall": _kendall(x, y),
    }


@dataclass(frozen=True, slots=True)
class ScoredSummaries:
    """The summaries both sides scored: a human score per summary, the document (the
    bootstrap's cluster) and the system of each, as integer codes."""

    human: np.ndarray  # float
    document: np.ndarray  # int codes 0..D-1
    system: np.ndarray  # int codes 0..S-1


def _figure(value: float, low: float, high: float) -> dict[str, float | None]:
    def clean(x: float) -> float | None:
        return None if np.isnan(x) else round(float(x), 6)

    return {"value": clean(value), "low": clean(low), "high": clean(high)}


@dataclass(frozen=True, slots=True)
class _Side:
    """One side of Pearson's r along an axis, prepared once for every other side it meets:
    the values centred, their sum of squares, and whether the side is constant (its spread
    rounding noise next to its size)."""

    centred: np.ndarray
    squares: np.ndarray
    flat: np.ndarray


def _side(values: np.ndarray, axis: int) -> _Side:
    centred = values - values.mean(axis=axis, keepdims=True)
    squares = (centred * centred).sum(axis=axis)
    size = values.shape[axis]
    flat = squares <= (1e-12 * np.abs(centred).max(axis=axis)) ** 2 * size
    return _Side(centred, squares, flat)


def _r(a: _Side, b: _Side, axis: int) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        r = (a.centred * b.centred).sum(axis=axis) / np.sqrt(a.squares * b.squares)
    return np.where(a.flat | b.flat, np.nan, np.clip(r, -1.0, 1.0))


def _pair_signs(columns: np.ndarray) -> np.ndarray:
    """``columns`` (points x rows) -> (points x points x rows) bytes: at ``[i, j, r]`` the
    sign of ``columns[j, r] - columns[i, r]``, from two comparisons (no float differences).
    Rows last, so every comparison runs along the rows: with a document's 15 points first
    this is ~4x faster than the same comparisons with the points last (measured
    2026-11-27, docs/performance.md)."""
    later, earlier = columns[None, :, :], columns[:, None, :]
    return (later > earlier).view(np.int8) - (later < earlier).view(np.int8)


def _rank_side(signs: np.ndarray) -> _Side:
    """Spearman's side from the pair signs (points x points x rows), exactly as ``_side``
    of the average ranks (``scipy.stats.rankdata``) would give it. Point ``j`` has ``less``
    points below and ``greater`` above, so its tied run spans positions ``less + 1 ..
    n - greater``: its rank is ``(n + 1 + S) / 2`` with ``S = less - greater``, the column
    sum of the signs. The ranks' mean is ``(n + 1) / 2``, so they centre to ``S / 2``; in
    integers every sum is exact, which floats of the ranks also are (half-integers)."""
    half_ranks = signs.sum(axis=0, dtype=np.int32).astype(np.int64)
    squares = (half_ranks * half_ranks).sum(axis=0)
    return _Side(half_ranks, squares / 4, squares == 0)


def _rank_r(a: _Side, b: _Side) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        r = (a.centred * b.centred).sum(axis=0) / 4 / np.sqrt(a.squares * b.squares)
    return np.where(a.flat | b.flat, np.nan, np.clip(r, -1.0, 1.0))


def _against(
    x: np.ndarray, ys: np.ndarray, x_columns: np.ndarray, ys_columns: np.ndarray
) -> dict[str, np.ndarray]:
    """The coefficients of one side ``x`` (rows x points) against several others ``ys``
    (sides x rows x points), given also as ``x_columns`` (points x rows) and ``ys_columns``
    (sides x points x rows): the work on ``x`` (centring, ranks, pair signs) done once.

    Pearson runs along the points as given (the order its float sums are taken in).
    Spearman and Kendall work on the pair signs, laid out points x points x rows; on signs
    and ranks every sum is an exact integer, so the layout does not change the result."""
    points = x.shape[-1]
    x_side = _side(x, -1)
    dx = _pair_signs(x_columns)
    x_ranks = _rank_side(dx)
    dx_flat = dx.reshape(points * points, -1)
    # Each unordered pair appears twice (i, j and j, i) with the same product of signs.
    untied_x = (dx_flat != 0).sum(axis=0, dtype=np.int32).astype(np.float64) / 2
    out: dict[str, list[np.ndarray]] = {name: [] for name in COEFFICIENTS}
    for y, y_columns in zip(ys, ys_columns, strict=True):
        # One side at a time: a side's pair signs are points^2 x rows bytes.
        out["pearson"].append(_r(x_side, _side(y, -1), -1))
        dy = _pair_signs(y_columns)
        out["spearman"].append(_rank_r(x_ranks, _rank_side(dy)))
        dy_flat = dy.reshape(points * points, -1)
        concordance = (dx_flat * dy_flat).sum(axis=0, dtype=np.int32) // 2
        untied_y = (dy_flat != 0).sum(axis=0, dtype=np.int32).astype(np.float64) / 2
        with np.errstate(divide="ignore", invalid="ignore"):
            tau = concordance / np.sqrt(untied_x * untied_y)
        out["kendall"].append(
            np.where((untied_x == 0) | (untied_y == 0), np.nan, np.clip(tau, -1.0, 1.0))
        )
    return {name: np.stack(values) for name, values in out.items()}


def per_document(
    human: np.ndarray, scores: np.ndarray, document: np.ndarray, n: int
) -> dict[str, np.ndarray]:
    """Each coefficient per evaluator (rows of ``scores``) and document (nan where undefined):
    documents with the same number of summaries are taken together as one (documents x
    summaries) matrix, and the human side of it is prepared once for every evaluator."""
    scores = np.atleast_2d(scores)
    out = {name: np.full((len(scores), n), np.nan) for name in COEFFICIENTS}
    order = np.argsort(document, kind="stable")
    sizes = np.bincount(document, minlength=n)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    for size in np.unique(sizes):
        if size < 2:
            continue
        docs = np.flatnonzero(sizes == size)
        at = order[starts[docs][:, None] + np.arange(size)]
        # Gathered in both layouts (a gather costs what a transposing copy does), with
        # ``take`` and a C-ordered index: ``scores[:, index]`` and a gather by a transposed
        # index both give strided results, whose comparisons cost ~6x more.
        columns = np.ascontiguousarray(at.T)
        for name, value in _against(
            human[at], scores[:, at], human[columns], np.take(scores, columns, axis=1)
        ).items():
            out[name][:, docs] = value
    return out


def correlation_table(
    summaries: ScoredSummaries,
    scores: dict[str, np.ndarray],
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> dict[str, Any]:
    """Per evaluator (``scores``: name -> one score per summary), the three coefficients at
    the summary and the system level, each with its bootstrap interval."""
    human = np.asarray(summaries.human, dtype=np.float64)
    size = len(human)
    for name, values in scores.items():
        if len(values) != size or not np.isfinite(np.asarray(values, dtype=float)).all():
            raise EvaluatorScoreError(f"{name}: needs a finite score for each of {size} summaries")
    if not np.isfinite(human).all():
        raise EvaluatorScoreError("a human score is missing")
    document = np.asarray(summaries.document, dtype=np.int64)
    system = np.asarray(summaries.system, dtype=np.int64)
    n_documents = int(document.max()) + 1 if size else 0
    n_systems = int(system.max()) + 1 if size else 0
    names = list(scores)
    report: dict[str, Any] = {
        "summaries": size,
        "documents": n_documents,
        "systems": n_systems,
        "evaluators": {name: {"summary_level": {}, "system_level": {}} for name in names},
    }
    if not size:
        return report

    # Summary level: per document and evaluator, each coefficient and whether it is defined.
    if not names:
        return report
    columns: list[np.ndarray] = []
    matrix_scores = np.stack([np.asarray(scores[name], dtype=np.float64) for name in names])
    by_document = per_document(human, matrix_scores, document, n_documents)
    for e in range(len(names)):
        for coefficient in COEFFICIENTS:
            values = by_document[coefficient][e]
            defined = ~np.isnan(values)
            columns += [np.where(defined, values, 0.0), defined.astype(float)]
    # System level: per document and system, the count and the sums of each side.
    cell = document * n_systems + system
    cells = n_documents * n_systems

    def summed(weights: np.ndarray) -> np.ndarray:
        return np.bincount(cell, weights=weights, minlength=cells).reshape(n_documents, n_systems)

    system_columns = [summed(np.ones(size)), summed(human)]
    system_columns += [summed(np.asarray(scores[name], float)) for name in names]
    matrix = np.concatenate([np.stack(columns, axis=1), *system_columns], axis=1)
    totals = matrix.sum(axis=0)
    sums = resampled_sums(matrix, n_resamples=n_resamples, seed=seed)
    with np.errstate(divide="ignore", invalid="ignore"):
        block = 2 * len(COEFFICIENTS)
        system_start = block * len(names)
        counts_point = totals[system_start : system_start + n_systems]
        counts_rep = sums[:, system_start : system_start + n_systems]
        human_point = totals[system_start + n_systems : system_start + 2 * n_systems] / counts_point
        human_rep = sums[:, system_start + n_systems : system_start + 2 * n_systems] / counts_rep
        for e, name in enumerate(names):
            entry = report["evaluators"][name]
            for c, coefficient in enumerate(COEFFICIENTS):
                at = block * e + 2 * c
                value = totals[at] / totals[at + 1] if totals[at + 1] else np.nan
                rep = np.where(
                    sums[:, at + 1] > 0, sums[:, at] / np.maximum(sums[:, at + 1], 1), np.nan
                )
                low, high = interval(rep, confidence)
                entry["summary_level"][coefficient] = {
                    **_figure(value, float(low), float(high)),
                    "documents": int(totals[at + 1]),
                }
            start = system_start + (2 + e) * n_systems
            evaluator_point = totals[start : start + n_systems] / counts_point
            evaluator_rep = sums[:, start : start + n_systems] / counts_rep
            point = coefficients(human_point[None, :], evaluator_point[None, :])
            # A resample that drew no summary of some system has no mean for it: the
            # coefficient is taken over the systems it has.
            replicates = _system_replicates(human_rep, evaluator_rep)
            for coefficient in COEFFICIENTS:
                low, high = interval(replicates[coefficient], confidence)
                entry["system_level"][coefficient] = _figure(
                    float(point[coefficient][0]), float(low), float(high)
                )
    return report


def _system_replicates(human: np.ndarray, evaluator: np.ndarray) -> dict[str, np.ndarray]:
    """The coefficients of every resample (rows); rows missing some system are computed
    apart, on the systems they have."""
    complete = ~(np.isnan(human).any(axis=1) | np.isnan(evaluator).any(axis=1))
    out = {name: np.full(len(human), np.nan) for name in COEFFICIENTS}
    if complete.any():
        for name, value in coefficients(human[complete], evaluator[complete]).items():
            out[name][complete] = value
    for row in np.flatnonzero(~complete):
        present = ~np.isnan(human[row])
        for name, value in coefficients(human[row, present], evaluator[row, present]).items():
            out[name][row] = float(value)
    return out
