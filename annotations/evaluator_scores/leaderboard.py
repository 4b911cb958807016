"""Every figure of every evaluator at one level (sentences, or summaries), with bootstrap
intervals by document (docs/evaluation.md, "Figures").

Protocol (AggreFact, TofuEval): when the records have a dev and a test split, a score's
threshold is tuned on dev (``threshold.py``) and every figure is measured on test; with no
dev split, the threshold is tuned and measured on all records, and the report says so
(``protocol: "all"``: optimistic). A label needs no threshold. Figures are given overall and
per value of each grouping (corpus, topic type, system…), recall per gold error type, AUC for
scores, and each pair of evaluators' difference in balanced accuracy with a paired bootstrap
p-value (the same resampled documents for both), or, below ``MIN_TEST_DOCUMENTS`` measured
documents, no p-value and a note saying there are not enough documents to test. A score
whose threshold cannot be tuned is listed under ``unscored`` with its reason, the other
evaluators keep their figures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Literal

import numpy as np

from annotations.evaluator_scores.auc import clustered_auc
from annotations.evaluator_scores.binary import FIGURES, binary_figures
from annotations.evaluator_scores.errors import EvaluatorScoreError
from annotations.evaluator_scores.resampling import interval, resampled_sums
from annotations.evaluator_scores.threshold import tune_threshold
from annotations.evaluator_scores.type_sets import TypeSets

PredictionKind = Literal["score", "label"]
# Below this many documents a bootstrap by document has too few distinct resamples for its
# intervals and p-values to mean much; the report says so.
FEW_DOCUMENTS = 20
# Below this many measured documents two evaluators are not tested against each other: their
# comparison has no p-value and says why. With n documents even the exact paired randomisation
# test by document (swap the two evaluators' calls within each document, 2^n ways) cannot go
# below a two-sided p of 2 / 2^n, which is 0.0625 at 5 and 0.031 at 6; a bootstrap p below 0.05
# from fewer documents is an artefact of resampling too few of them (one document gave
# "p = 0.002" with every interval of zero width).
MIN_TEST_DOCUMENTS = 6
NOT_TESTED = "not enough documents to test"


def untested_note(n_documents: int) -> str | None:
    """Why a pair of evaluators measured on ``n_documents`` is not tested, or None."""
    if n_documents >= MIN_TEST_DOCUMENTS:
        return None
    return (
        f"{NOT_TESTED}: {n_documents} document{'s' if n_documents != 1 else ''} measured,"
        f" a paired test needs at least {MIN_TEST_DOCUMENTS}"
    )


@dataclass(frozen=True, slots=True)
class Coded:
    """One value per record as a code into ``values`` (text); a value may go unused."""

    codes: np.ndarray
    values: np.ndarray


def _grouped(values: np.ndarray | Coded, measure: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """The measured records' groups of one grouping: per record a code into the returned
    names (sorted; -1 for none), which are the values that occur, "" (unknown) left out."""
    if isinstance(values, Coded):
        codes, names = values.codes[measure], values.values.tolist()
    else:
        distinct, codes = np.unique(np.asarray(values)[measure], return_inverse=True)
        names = distinct.tolist()
    codes = np.asarray(codes, dtype=np.int64).reshape(-1)
    occurs = np.bincount(codes, minlength=len(names)) > 0
    kept = sorted((names[i], i) for i in np.flatnonzero(occurs).tolist() if names[i] != "")
    renumbered = np.full(len(names), -1, dtype=np.int64)
    renumbered[[i for _, i in kept]] = np.arange(len(kept))
    return renumbered[codes], [name for name, _ in kept]


@dataclass(frozen=True, slots=True)
class LevelRecords:
    """The judged records of one level, aligned: gold, document, split, groupings."""

    inconsistent: np.ndarray  # bool
    document: np.ndarray  # any hashable codes
    split: np.ndarray  # str: dev | test | none
    # name -> value per record: text, or as codes into distinct values (faster to group)
    groups: dict[str, np.ndarray | Coded] = field(default_factory=dict)
    # The gold error types of each record (inconsistent ones), for recall per type.
    types: TypeSets | None = None


@dataclass(frozen=True, slots=True)
class RunValues:
    """One evaluator's predictions aligned to ``LevelRecords``: scores (higher = more
    consistent) or labels (1.0 consistent, 0.0 inconsistent)."""

    kind: PredictionKind
    values: np.ndarray


def flags(run: RunValues, threshold: float | None) -> np.ndarray:
    """Which records the evaluator calls inconsistent."""
    if run.kind == "label":
        return np.asarray(run.values) == 0.0
    assert threshold is not None
    return np.asarray(run.values) < threshold


def _tuned(run: RunValues, records: LevelRecords, dev: np.ndarray) -> tuple[float | None, Any]:
    if run.kind == "label":
        return None, None
    tuned = tune_threshold(run.values[dev], records.inconsistent[dev])
    return tuned.value, tuned.balanced_accuracy


def _figure(value: float, low: float, high: float) -> dict[str, float | None]:
    def clean(x: float) -> float | None:
        return None if np.isnan(x) else round(float(x), 6)

    return {"value": clean(value), "low": clean(low), "high": clean(high)}


def _figures(
    point: dict[str, np.ndarray], replicates: dict[str, np.ndarray], confidence: float
) -> list[dict[str, Any]]:
    """Per column: every figure with its interval."""
    bounds = {name: interval(replicates[name], confidence) for name in FIGURES}
    return [
        {name: _figure(point[name][c], bounds[name][0][c], bounds[name][1][c]) for name in FIGURES}
        for c in range(len(point[FIGURES[0]]))
    ]


def _document_counts(
    documents: np.ndarray,
    n_documents: int,
    y: np.ndarray,
    groupings: list[tuple[np.ndarray, int]],
    flagged: list[np.ndarray],
    has_type: list[np.ndarray],
) -> np.ndarray:
    """Per document, one column each: p and n per group; then per evaluator tp and fp per
    group; then per type its count and, per evaluator, its flagged count. Groups are
    counted a grouping at a time: one bincount of (document, group, gold, flag) per grouping
    and evaluator, not one per column (~290 for ten evaluators)."""

    def cells(cell: np.ndarray) -> np.ndarray:
        # (documents, groups, 4): cell 0 consistent unflagged, 1 consistent flagged,
        # 2 inconsistent unflagged, 3 inconsistent flagged.
        blocks = []
        for codes, n_values in groupings:
            inside = codes >= 0
            key = (documents[inside] * n_values + codes[inside]) * 4 + cell[inside]
            counted = np.bincount(key, minlength=n_documents * n_values * 4)
            blocks.append(counted.reshape(n_documents, n_values, 4))
        return np.concatenate(blocks, axis=1)

    gold = y.astype(np.int64) * 2
    by_gold = cells(gold)
    columns = [by_gold[:, :, 2] + by_gold[:, :, 3], by_gold[:, :, 0] + by_gold[:, :, 1]]
    blocks = [np.stack(columns, axis=2).reshape(n_documents, -1)]
    for calls in flagged:
        by_call = cells(gold + calls)
        blocks.append(
            np.stack([by_call[:, :, 3], by_call[:, :, 1]], axis=2).reshape(n_documents, -1)
        )
    for typed in has_type:
        blocks.append(np.bincount(documents[typed], minlength=n_documents)[:, None])
        blocks += [
            np.bincount(documents[typed & calls], minlength=n_documents)[:, None]
            for calls in flagged
        ]
    return np.concatenate(blocks, axis=1).astype(np.float64)


def level_leaderboard(
    records: LevelRecords,
    runs: dict[str, RunValues],
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> dict[str, Any]:
    """The figures of every run in ``runs`` (by evaluator name) on ``records``."""
    gold = np.asarray(records.inconsistent, dtype=bool)
    size = len(gold)
    for name, run in runs.items():
        if len(run.values) != size or np.isnan(np.asarray(run.values, dtype=float)).any():
            raise EvaluatorScoreError(f"{name}: needs one prediction for each of {size} records")
    dev = np.asarray(records.split) == "dev"
    test = np.asarray(records.split) == "test"
    split_protocol = bool(dev.any() and test.any())
    tune_on = dev if split_protocol else np.ones(size, dtype=bool)
    measure = test if split_protocol else np.ones(size, dtype=bool)
    # A score whose threshold cannot be tuned (its dev records hold one label only) is left
    # out with its reason; the others are still scored. Only when none can be is the level
    # an error.
    thresholds: dict[str, tuple[float | None, Any]] = {}
    unscored: dict[str, str] = {}
    for name, run in runs.items():
        try:
            thresholds[name] = _tuned(run, records, tune_on)
        except EvaluatorScoreError as error:
            unscored[name] = str(error)
    if not thresholds:
        if len(unscored) == 1:
            raise EvaluatorScoreError(next(iter(unscored.values())))
        raise EvaluatorScoreError("; ".join(f"{name}: {why}" for name, why in unscored.items()))
    names = list(thresholds)
    flagged = {name: flags(runs[name], thresholds[name][0])[measure] for name in names}
    y = gold[measure]
    documents = np.unique(np.asarray(records.document)[measure], return_inverse=True)[1]
    n_documents = int(documents.max()) + 1 if len(documents) else 0
    if n_documents == 0:
        raise EvaluatorScoreError("no record to measure on")

    # The groups: overall, then each value of each grouping, as record masks and, per
    # grouping, as one code per record (-1: in none of its groups).
    group_masks: list[tuple[str, str, np.ndarray]] = [("all", "all", np.ones(len(y), dtype=bool))]
    coded: list[tuple[np.ndarray, int]] = [(np.zeros(len(y), dtype=np.int64), 1)]
    for grouping, values in records.groups.items():
        codes, names_kept = _grouped(values, measure)
        coded.append((codes, len(names_kept)))
        group_masks += [(grouping, value, codes == i) for i, value in enumerate(names_kept)]
    type_names: list[str] = []
    has_type: list[np.ndarray] = []
    if records.types is not None:
        type_names = records.types.names()
        has_type = [records.types.having(name)[measure] & y for name in type_names]

    per_document = _document_counts(
        documents, n_documents, y, coded, [flagged[name] for name in names], has_type
    )
    totals = per_document.sum(axis=0)
    sums = resampled_sums(per_document, n_resamples=n_resamples, seed=seed)

    g = len(group_masks)
    p_point, n_point = totals[0 : 2 * g : 2], totals[1 : 2 * g : 2]
    p_rep, n_rep = sums[:, 0 : 2 * g : 2], sums[:, 1 : 2 * g : 2]
    report: dict[str, Any] = {
        "protocol": "dev_test" if split_protocol else "all",
        "tuned_on": int(tune_on.sum()),
        "measured_on": int(measure.sum()),
        "documents": n_documents,
        "warning": (
            f"Only {n_documents} document{'s' if n_documents != 1 else ''} measured: bootstrap"
            " intervals and p-values resample documents, and mean little with so few."
            if n_documents < FEW_DOCUMENTS
            else None
        ),
        "n_resamples": n_resamples,
        "confidence": confidence,
        "seed": seed,
        "evaluators": {},
        "unscored": unscored,
        "comparisons": [],
    }
    balanced: dict[str, np.ndarray] = {}
    point_balanced: dict[str, float] = {}
    for e, name in enumerate(names):
        start = 2 * g + 2 * g * e
        tp_point, fp_point = (
            totals[start : start + 2 * g : 2],
            totals[start + 1 : start + 2 * g : 2],
        )
        tp_rep, fp_rep = sums[:, start : start + 2 * g : 2], sums[:, start + 1 : start + 2 * g : 2]
        point = binary_figures(tp_point, fp_point, p_point, n_point)
        replicates = binary_figures(tp_rep, fp_rep, p_rep, n_rep)
        per_group = _figures(point, replicates, confidence)
        balanced[name] = replicates["balanced_accuracy"][:, 0]
        point_balanced[name] = float(point["balanced_accuracy"][0])
        by: dict[str, dict[str, Any]] = {}
        for index, (grouping, value, mask) in enumerate(group_masks[1:], start=1):
            by.setdefault(grouping, {})[value] = {
                "records": int(mask.sum()),
                "inconsistent": int(p_point[index]),
                **per_group[index],
            }
        threshold, dev_accuracy = thresholds[name]
        entry: dict[str, Any] = {
            "kind": runs[name].kind,
            "threshold": threshold,
            "tuned_balanced_accuracy": None if dev_accuracy is None else round(dev_accuracy, 6),
            **per_group[0],
            "by": by,
            "auc": None,
            "type_recall": {},
        }
        if runs[name].kind == "score":
            auc = clustered_auc(
                np.asarray(runs[name].values)[measure],
                y,
                documents,
                confidence=confidence,
                n_documents=n_documents,
            )
            entry["auc"] = _figure(auc.value, auc.low, auc.high)
        entry["confusion"] = {
            "tp": int(tp_point[0]),
            "fp": int(fp_point[0]),
            "fn": int(p_point[0] - tp_point[0]),
            "tn": int(n_point[0] - fp_point[0]),
        }
        report["evaluators"][name] = entry
    type_start = 2 * g + 2 * g * len(names)
    for t, type_name in enumerate(type_names):
        base = type_start + t * (len(names) + 1)
        count_point, count_rep = totals[base], sums[:, base]
        for e, name in enumerate(names):
            with np.errstate(divide="ignore", invalid="ignore"):
                recall = totals[base + 1 + e] / count_point if count_point else np.nan
                rep = np.where(
                    count_rep > 0, sums[:, base + 1 + e] / np.maximum(count_rep, 1), np.nan
                )
            low, high = interval(rep, confidence)
            report["evaluators"][name]["type_recall"][type_name] = {
                "records": int(count_point),
                **_figure(recall, float(low), float(high)),
            }
    note = untested_note(n_documents)
    for a, b in combinations(names, 2):
        difference = balanced[a] - balanced[b]
        defined = difference[~np.isnan(difference)]
        low, high = interval(difference, confidence)
        # Two-sided: how often the resampled difference falls on the other side of 0 than
        # the observed one, doubled; +1 in both counts so a p-value is never exactly 0.
        below = (np.count_nonzero(defined <= 0) + 1) / (len(defined) + 1)
        above = (np.count_nonzero(defined >= 0) + 1) / (len(defined) + 1)
        report["comparisons"].append(
            {
                "a": a,
                "b": b,
                **_figure(point_balanced[a] - point_balanced[b], float(low), float(high)),
                "p_value": None if note else round(min(1.0, 2 * min(below, above)), 6),
                "testable": note is None,
                "note": note,
            }
        )
    return report
