"""A round's agreement report, from plain rating matrices (docs/api/admin.md, Agreement).

Pure: the selector ``annotations.selectors.agreement_inputs`` reads the labels and hands
them here as ``QuestionInput``s; this module picks the coefficient that fits each question
(Cohen for two raters, Fleiss for three or more with complete units, Krippendorff's alpha
always), adds bootstrap intervals, pairwise and vs-majority figures and a confusion matrix,
and compares each with the admin's target. Label mappings (binning, merging) are applied by
the caller when building inputs, so stored labels never change.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from annotations.agreement.alpha import krippendorff_alpha
from annotations.agreement.bootstrap import bootstrap_ci
from annotations.agreement.cohen import cohen_kappa, confusion_matrix
from annotations.agreement.errors import AgreementError
from annotations.agreement.fleiss import category_counts, fleiss_kappa
from annotations.agreement.masi import masi_alpha
from annotations.agreement.multilabel import per_label_fleiss
from annotations.agreement.percent import pairwise_percent_agreement, percent_agreement
from annotations.agreement.span_agreement import evidence_agreement, span_agreement

N_RESAMPLES = 1000
SEED = 20240101


@dataclass(frozen=True, slots=True)
class QuestionInput:
    key: str
    label: str
    level: str  # "nominal", "ordinal" or "set" (set-valued labels: MASI alpha)
    raters: Sequence[str]
    # raters x units; None where a rater gave no label for a unit.
    matrix: Sequence[Sequence[Any]]
    categories: Sequence[Any] | None = None
    # How each category reads (``{0: "1-2", 1: "3-5"}``, ``{True: "not a summary"}``); a
    # category without a name is shown as itself.
    category_names: Mapping[Any, str] | None = None


@dataclass(frozen=True, slots=True)
class SpanQuestionInput:
    """Error spans (or evidence turns) of the sentences two or more raters flagged."""

    key: str
    label: str
    raters: Sequence[str]
    mode: str  # span_agreement's: "exact", "overlap", "character"; "evidence": turn F1
    # One mapping per flagged sentence: rater -> spans ((start, end)) or cited turns.
    units: Sequence[Mapping[str, Sequence[Any]]]
    # Spans by error type name, for the per-type figures (same units, each type's spans).
    by_type: Mapping[str, Sequence[Mapping[str, Sequence[Any]]]] | None = None


# Below this many units a coefficient's interval is too wide to read the point as a finding
# (one disagreement can swing kappa from 1 to -1); the report says so beside it.
SMALL_N = 30


def bootstrap_interval(coefficient: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
    result = bootstrap_ci(coefficient, *args, n_resamples=N_RESAMPLES, seed=SEED, **kwargs)
    return {
        "value": round_figure(result.estimate),
        "ci": [round_figure(result.low), round_figure(result.high)],
    }


def round_figure(value: float) -> float | None:
    return None if value is None or math.isnan(value) else round(float(value), 4)


def computed_or_note(compute: Any) -> tuple[Any, str | None]:
    try:
        return compute(), None
    except AgreementError as error:
        return None, str(error)


def _informative(matrix: list[list[Any]]) -> list[int]:
    """Units with at least two labels: the only ones any coefficient can use."""
    return [
        unit
        for unit in range(len(matrix[0]) if matrix else 0)
        if sum(row[unit] is not None for row in matrix) >= 2
    ]


def _blank_report(key: str, label: str, level: str, target: float | None) -> dict[str, Any]:
    """A question's report before any figure: every key of the contract, in its order."""
    return {
        "key": key,
        "label": label,
        "level": level,
        "n_units": 0,
        "n_raters": 0,
        "coefficient": None,
        "alpha": None,
        "percent_agreement": None,
        "pairwise": [],
        "vs_majority": [],
        "confusion": None,
        "per_label": None,
        "target": target,
        "met": None,
        "note": None,
        "small_n": True,
    }


def question_report(question: QuestionInput, *, target: float | None) -> dict[str, Any]:
    raters = list(question.raters)
    matrix = [list(row) for row in question.matrix]
    units = _informative(matrix)
    matrix = [[row[u] for u in units] for row in matrix]
    report = _blank_report(question.key, question.label, question.level, target)
    report.update(n_units=len(units), n_raters=len(raters), small_n=len(units) < SMALL_N)
    if len(raters) < 2 or not units:
        report["note"] = "Fewer than two raters labelled the same units."
        return report
    if question.level == "set":
        return _set_report(report, matrix, raters, target)
    if question.level in ("interval", "ratio"):
        return _score_report(report, matrix, question.level, target)
    categories = question.categories
    names = question.category_names
    if question.level == "nominal" and names:
        # A nominal scale's codes mean nothing to a reader ("the label 0" of binned relevance
        # is "1-2"): the coefficients are the same on the names, and every note then names
        # the category as the dashboard does.
        matrix = [[None if v is None else names.get(v, str(v)) for v in row] for row in matrix]
        if categories is not None:
            categories = [names.get(c, str(c)) for c in categories]
        names = None
    alpha, alpha_note = computed_or_note(
        lambda: bootstrap_interval(
            krippendorff_alpha, matrix, level=question.level, categories=categories
        )
    )
    report["alpha"] = alpha
    percent, _ = computed_or_note(lambda: percent_agreement(matrix, categories=categories))
    report["percent_agreement"] = round_figure(percent) if percent is not None else None
    coefficient, note = _main_coefficient(matrix, question.level, categories)
    report["coefficient"] = coefficient or (
        {"name": "Krippendorff's alpha", **alpha} if alpha else None
    )
    report["note"] = note if coefficient is None else None
    if report["coefficient"] is None:
        report["note"] = note or alpha_note
    report["pairwise"] = _pairwise(matrix, raters, question.level, categories)
    report["vs_majority"] = _vs_majority(matrix, raters, question.level, categories)
    report["confusion"] = _confusion(matrix, categories, names)
    _judge(report, target)
    return report


def _main_coefficient(
    matrix: list[list[Any]], level: str, categories: Sequence[Any] | None
) -> tuple[dict[str, Any] | None, str | None]:
    weights = "quadratic" if level == "ordinal" else None
    if len(matrix) == 2:
        pairs = [
            (a, b)
            for a, b in zip(matrix[0], matrix[1], strict=True)
            if a is not None and b is not None
        ]
        if not pairs:
            return None, "The two raters share no labelled unit."
        a, b = [p[0] for p in pairs], [p[1] for p in pairs]
        name = "Cohen's kappa" + (" (quadratic weights)" if weights else "")
        result, note = computed_or_note(
            lambda: bootstrap_interval(cohen_kappa, a, b, weights=weights, labels=categories)
        )
        return ({"name": name, **result} if result else None), note
    complete = [u for u in range(len(matrix[0])) if all(row[u] is not None for row in matrix)]
    if len(complete) == len(matrix[0]) and level == "nominal":
        counted = category_counts(
            [[row[u] for u in complete] for row in matrix], categories=categories
        )
        counts = counted.counts
        result, note = computed_or_note(lambda: bootstrap_interval(fleiss_kappa, counts))
        if result is None and np.asarray(counts).sum() > 0:
            # Fleiss' error can only name a column of counts: name its category instead.
            column = int(np.argmax(np.asarray(counts).sum(axis=0)))
            only = list(counted.categories)[column]
            if np.asarray(counts).sum(axis=0)[column] == np.asarray(counts).sum():
                note = (
                    f"Fleiss' kappa cannot be computed: every rating is {only!r}, so there is"
                    " no disagreement to expect by chance and nothing to compare against"
                )
        return ({"name": "Fleiss' kappa", **result} if result else None), note
    return None, (
        "Units have different numbers of ratings (or the scale is ordinal): Krippendorff's"
        " alpha is the coefficient."
    )


def _pairwise(
    matrix: list[list[Any]], raters: list[str], level: str, categories: Sequence[Any] | None
) -> list[dict[str, Any]]:
    rows = []
    for i, j in itertools.combinations(range(len(raters)), 2):
        pairs = [
            (a, b)
            for a, b in zip(matrix[i], matrix[j], strict=True)
            if a is not None and b is not None
        ]
        value, _ = (
            computed_or_note(
                lambda pairs=pairs: cohen_kappa(
                    [p[0] for p in pairs],
                    [p[1] for p in pairs],
                    weights="quadratic" if level == "ordinal" else None,
                    labels=categories,
                )
            )
            if pairs
            else (None, None)
        )
        rows.append(
            {
                "a": raters[i],
                "b": raters[j],
                "value": round_figure(value) if value is not None else None,
                "n_units": len(pairs),
            }
        )
    return rows


def majority_label(values: list[Any]) -> Any:
    """The most frequent label, or None on a tie (no majority to compare with)."""
    counts = Counter(v for v in values if v is not None).most_common()
    if not counts or (len(counts) > 1 and counts[0][1] == counts[1][1]):
        return None
    return counts[0][0]


def _vs_majority(
    matrix: list[list[Any]], raters: list[str], level: str, categories: Sequence[Any] | None
) -> list[dict[str, Any]]:
    """Each rater against the majority of the others (Cohen's kappa over units where the
    others have a majority)."""
    rows = []
    for i, rater in enumerate(raters):
        own, majority = [], []
        for unit in range(len(matrix[0])):
            mine = matrix[i][unit]
            others = majority_label([matrix[j][unit] for j in range(len(raters)) if j != i])
            if mine is not None and others is not None:
                own.append(mine)
                majority.append(others)
        value, _ = (
            computed_or_note(
                lambda own=own, majority=majority: cohen_kappa(
                    own,
                    majority,
                    weights="quadratic" if level == "ordinal" else None,
                    labels=categories,
                )
            )
            if own
            else (None, None)
        )
        agreement = (
            sum(a == b for a, b in zip(own, majority, strict=True)) / len(own) if own else None
        )
        rows.append(
            {
                "annotator": rater,
                "value": round_figure(value) if value is not None else None,
                "agreement": round_figure(agreement) if agreement is not None else None,
                "n_units": len(own),
            }
        )
    return rows


def _confusion(
    matrix: list[list[Any]],
    categories: Sequence[Any] | None,
    names: Mapping[Any, str] | None = None,
) -> dict[str, Any] | None:
    """The confusion matrix of every pair of raters, summed (for two raters: theirs)."""
    labels = (
        list(categories)
        if categories
        else sorted({v for row in matrix for v in row if v is not None}, key=str)
    )
    if not labels:
        return None
    total = np.zeros((len(labels), len(labels)), dtype=int)
    for i, j in itertools.combinations(range(len(matrix)), 2):
        pairs = [
            (a, b)
            for a, b in zip(matrix[i], matrix[j], strict=True)
            if a is not None and b is not None
        ]
        if pairs:
            table = confusion_matrix([p[0] for p in pairs], [p[1] for p in pairs], labels=labels)
            total += np.asarray(table.counts, dtype=int)
    names = names or {}
    return {"labels": [names.get(label, str(label)) for label in labels], "counts": total.tolist()}


def _set_report(
    report: dict[str, Any], matrix: list[list[Any]], raters: list[str], target: float | None
) -> dict[str, Any]:
    sets = [[frozenset(v) if v is not None else None for v in row] for row in matrix]
    alpha, note = computed_or_note(lambda: bootstrap_interval(masi_alpha, sets))
    report["alpha"] = alpha
    report["coefficient"] = {"name": "Krippendorff's alpha (MASI)", **alpha} if alpha else None
    report["note"] = note
    # Only sentences two or more raters labelled inconsistent have two type sets to compare;
    # n_units counts exactly those (see docs/agreement.md, "Set-valued labels").
    pairwise, _ = computed_or_note(lambda: pairwise_percent_agreement(sets))
    report["percent_agreement"] = round_figure(pairwise[0]) if pairwise else None
    per_label, _ = computed_or_note(lambda: per_label_fleiss(sets))
    if per_label:
        report["per_label"] = {
            str(k): round_figure(v) for k, v in sorted(per_label.items(), key=str)
        }
    _judge(report, target)
    return report


def _score_report(
    report: dict[str, Any], matrix: list[list[Any]], level: str, target: float | None
) -> dict[str, Any]:
    """A score per unit and rater (completeness of a summary by each linguist's own key
    facts, a list's length): Krippendorff's alpha at the interval level is the coefficient;
    kappa, percent agreement and a confusion matrix need categories, which scores are not."""
    alpha, note = computed_or_note(
        lambda: bootstrap_interval(krippendorff_alpha, matrix, level=level)
    )
    report["alpha"] = alpha
    report["coefficient"] = {"name": f"Krippendorff's alpha ({level})", **alpha} if alpha else None
    report["note"] = note
    _judge(report, target)
    return report


def _judge(report: dict[str, Any], target: float | None) -> None:
    coefficient = report["coefficient"]
    if target is not None and coefficient is not None and coefficient["value"] is not None:
        report["met"] = coefficient["value"] >= target


def span_question_report(question: SpanQuestionInput, *, target: float | None) -> dict[str, Any]:
    """The report of a span question in the shape of the others: the F1 averaged over pairs
    as the coefficient, with its interval; each pair's F1; per error type, F1 alone."""
    units = [unit for unit in question.units if len(unit) >= 2]
    report = _blank_report(question.key, question.label, "span", target)
    report.update(n_units=len(units), n_raters=len(question.raters), small_n=len(units) < SMALL_N)
    if not units:
        report["note"] = "No sentence was flagged by two raters who both marked it."
        return report
    result = _span_result(question.mode, units, N_RESAMPLES)
    name = "turn F1" if question.mode == "evidence" else f"span F1 ({question.mode})"
    report["coefficient"] = {
        "name": name,
        "value": round_figure(result.value),
        "ci": [round_figure(result.ci[0]), round_figure(result.ci[1])],
    }
    if math.isnan(result.value):
        report["note"] = "The raters marked nothing on the sentences they both flagged."
    report["pairwise"] = [
        {"a": pair.a, "b": pair.b, "value": round_figure(pair.value), "n_units": pair.n_units}
        for pair in result.pairwise
    ]
    if question.by_type:
        report["per_label"] = {
            name: round_figure(_span_result(question.mode, typed, 1).value)
            for name, typed in sorted(question.by_type.items())
        }
    _judge(report, target)
    return report


def _span_result(mode: str, units: Sequence[Mapping[str, Sequence[Any]]], resamples: int) -> Any:
    if mode == "evidence":
        return evidence_agreement(units, n_resamples=resamples, seed=SEED)
    return span_agreement(units, mode=mode, n_resamples=resamples, seed=SEED)


def round_report(
    questions: Sequence[QuestionInput | SpanQuestionInput],
    *,
    targets: dict[str, float] | None = None,
) -> list[dict[str, Any]]:
    targets = targets or {}
    return [
        span_question_report(q, target=targets.get(q.key))
        if isinstance(q, SpanQuestionInput)
        else question_report(q, target=targets.get(q.key))
        for q in questions
    ]


def with_targets(
    questions: Sequence[dict[str, Any]], targets: dict[str, float]
) -> list[dict[str, Any]]:
    """The questions of a stored report judged against the project's targets *now*: a target
    set or changed after the report was computed is the one shown (the report stores the
    coefficients; the target is the admin's current goal, not part of the measurement)."""
    judged = []
    for question in questions:
        updated = {**question, "target": targets.get(question["key"]), "met": None}
        _judge(updated, updated["target"])
        judged.append(updated)
    return judged
