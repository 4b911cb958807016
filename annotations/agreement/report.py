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
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from annotations.agreement.alpha import krippendorff_alpha
from annotations.agreement.bootstrap import bootstrap_ci, cluster_bootstrap_ci
from annotations.agreement.cohen import cohen_kappa
from annotations.agreement.errors import AgreementError
from annotations.agreement.fleiss import fleiss_kappa
from annotations.agreement.label_sets import encode_label_sets
from annotations.agreement.labels import (
    MISSING_CODE,
    CodedRatings,
    LabelMatrix,
    encode_ratings,
    is_missing,
    labels_seen,
    rating_matrix,
)
from annotations.agreement.masi import masi_alpha
from annotations.agreement.multilabel import per_label_fleiss
from annotations.agreement.patterns import unit_value_counts
from annotations.agreement.percent import pairwise_percent_agreement, percent_agreement
from annotations.agreement.projection import DEFAULT_HALF_WIDTH, units_needed
from annotations.agreement.rater_pairs import (
    confusion_pairs,
    pairwise_kappas,
    summed_confusion,
    vs_majority_kappas,
)
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
    # The (dialogue, topic) work unit of each item (column), and how each unit reads. Where
    # several items share a unit (sentences, summaries) the intervals resample whole units
    # (docs/agreement.md, "Units, not sentences"); confusion pairs link to the units.
    units: Sequence[Any] | None = None
    unit_names: Mapping[Any, str] | None = None


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
    # The work unit of each flagged sentence: the interval resamples whole units.
    units_of: Sequence[Any] | None = None


# Below this many units a coefficient's interval is too wide to read the point as a finding
# (one disagreement can swing kappa from 1 to -1); the report says so beside it.
SMALL_N = 30


def bootstrap_interval(
    coefficient: Any,
    *args: Any,
    clusters: Sequence[Any] | None = None,
    spread: bool = False,
    **kwargs: Any,
) -> dict[str, Any]:
    """The coefficient and its interval; ``clusters`` (one work unit per item, some shared)
    resamples whole units. ``spread``: also the bootstrap's spread, for the projection, under
    ``_spread`` (taken out again before the report is stored)."""
    if clusters is not None and nests(clusters):
        result = cluster_bootstrap_ci(
            coefficient, *args, clusters=clusters, n_resamples=N_RESAMPLES, seed=SEED, **kwargs
        )
    else:
        result = bootstrap_ci(coefficient, *args, n_resamples=N_RESAMPLES, seed=SEED, **kwargs)
    interval: dict[str, Any] = {
        "value": round_figure(result.estimate),
        "ci": [round_figure(result.low), round_figure(result.high)],
    }
    if spread:
        interval[_SPREAD] = spread_of(result)
    return interval


def _interval(coefficient: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
    return bootstrap_interval(coefficient, *args, spread=True, **kwargs)


_SPREAD = "_spread"


def nests(units: Sequence[Any]) -> bool:
    """Whether items nest in units: some unit holds more than one item."""
    return len(set(units)) < len(units)


def spread_of(result: Any) -> dict[str, Any]:
    clustered = result.n_clusters is not None
    return {
        "standard_error": result.standard_error,
        "n": result.n_clusters if clustered else result.n_units,
        "resampled": "units" if clustered else "items",
    }


def round_figure(value: float) -> float | None:
    return None if value is None or math.isnan(value) else round(float(value), 4)


def computed_or_note(compute: Any) -> tuple[Any, str | None]:
    try:
        return compute(), None
    except AgreementError as error:
        return None, str(error)


def _cells(matrix: Sequence[Sequence[Any]]) -> np.ndarray:
    """A question's labels as a ``(raters, items)`` object array (None: no label)."""
    if isinstance(matrix, LabelMatrix) and matrix.coded and len(matrix) and len(matrix[0]):
        return matrix.cells()
    rows = [list(row) for row in matrix]
    if not rows or not rows[0]:
        return np.empty((len(rows), 0), dtype=object)
    return rating_matrix(rows)


def _informative(present: np.ndarray) -> np.ndarray:
    """Items with at least two labels: the only ones any coefficient can use."""
    return np.flatnonzero(present.sum(axis=0) >= 2)


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
        # How many more units would narrow the interval to a chosen half-width.
        "projection": None,
        # The most frequent disagreements, with the units where they occur.
        "confusion_pairs": [],
    }


def question_report(question: QuestionInput, *, target: float | None) -> dict[str, Any]:
    report = _question_report(question, target=target)
    return _with_projection(report)


def _question_report(question: QuestionInput, *, target: float | None) -> dict[str, Any]:
    raters = list(question.raters)
    cells = _cells(question.matrix)
    # "Labelled" is "not None" here, as a reader counts; a float nan label is missing to
    # the coefficients (labels.is_missing) but counted among the units.
    present = np.asarray(cells != None)  # noqa: E711  (elementwise: numpy compares each cell)
    units = _informative(present)
    cells, present = cells[:, units], present[:, units]
    matrix = question.matrix
    table_codes = (
        matrix.codes[:, units]
        if isinstance(matrix, LabelMatrix) and matrix.codes is not None and cells.size
        else None
    )
    # Units may be any hashable (a tuple too), so they are picked, not made an array.
    every_unit = list(question.units) if question.units is not None else None
    clusters = [every_unit[u] for u in units.tolist()] if every_unit is not None else None
    report = _blank_report(question.key, question.label, question.level, target)
    report.update(n_units=len(units), n_raters=len(raters), small_n=len(units) < SMALL_N)
    if len(raters) < 2 or not len(units):
        report["note"] = "Fewer than two raters labelled the same units."
        return report
    if question.level == "set":
        return _set_report(report, cells, raters, target, clusters)
    if question.level in ("interval", "ratio"):
        return _score_report(report, cells, question.level, target, clusters)
    coded, categories, names = _coded(question, cells, table_codes)
    alpha, alpha_note = computed_or_note(
        lambda: _interval(
            krippendorff_alpha,
            coded,
            level=question.level,
            categories=categories,
            clusters=clusters,
        )
    )
    report["alpha"] = alpha
    percent, _ = computed_or_note(lambda: percent_agreement(coded, categories=categories))
    report["percent_agreement"] = round_figure(percent) if percent is not None else None
    coefficient, note = _main_coefficient(coded, present, question.level, categories, clusters)
    report["coefficient"] = coefficient or (
        {"name": "Krippendorff's alpha", **alpha} if alpha else None
    )
    report["note"] = note if coefficient is None else None
    if report["coefficient"] is None:
        report["note"] = note or alpha_note
    weights = "quadratic" if question.level == "ordinal" else None
    # Without given categories, each kappa is over the labels its two codings use, as
    # cohen_kappa infers them.
    compact = categories is None
    report["pairwise"] = [
        {
            "a": raters[i],
            "b": raters[j],
            "value": round_figure(pair.value) if pair.value is not None else None,
            "n_units": pair.n_units,
        }
        for (i, j), pair in zip(
            itertools.combinations(range(len(raters)), 2),
            pairwise_kappas(coded, present, weights=weights, compact=compact),
            strict=True,
        )
    ]
    report["vs_majority"] = [
        {
            "annotator": rater,
            "value": round_figure(own.value) if own.value is not None else None,
            "agreement": round_figure(own.agreement) if own.agreement is not None else None,
            "n_units": own.n_units,
        }
        for rater, own in zip(
            raters,
            vs_majority_kappas(coded, present, weights=weights, compact=compact),
            strict=True,
        )
    ]
    report["confusion"] = summed_confusion(coded, categories, names)
    report["confusion_pairs"] = confusion_pairs(
        coded,
        clusters,
        names,
        question.unit_names,
        ordered_by_categories=categories is not None,
        top=TOP_PAIRS,
        units_per_pair=UNITS_PER_PAIR,
    )
    _judge(report, target)
    return report


def _coded(
    question: QuestionInput, cells: np.ndarray, table_codes: np.ndarray | None = None
) -> tuple[CodedRatings, list[Any] | None, Mapping[Any, str] | None]:
    """A nominal or ordinal question's labels encoded once for every figure, with the
    categories the figures are over and the names they read as. Without categories, they are
    the labels seen (sorted), as each coefficient would infer them. ``table_codes``: the
    cells as codes into the question's ``LabelMatrix`` values, which are then encoded once
    each instead of cell by cell."""
    given = question.categories
    categories = list(given) if given is not None else None
    coded = None
    if table_codes is not None and isinstance(question.matrix, LabelMatrix):
        coded = _coded_from_table(question.matrix, table_codes, given)
    if coded is None:
        coded = encode_ratings(cells, categories=given if given is not None else labels_seen(cells))
    coded = replace(coded, explicit=given is not None)
    names = question.category_names
    if question.level == "nominal" and names:
        # A nominal scale's codes mean nothing to a reader ("the label 0" of binned relevance
        # is "1-2"): the coefficients are the same on the names, and every note then names
        # the category as the dashboard does. Two codes with one name become one category.
        named = [names.get(c, str(c)) for c in coded.categories]
        if categories is not None:
            categories = [names.get(c, str(c)) for c in categories]
            words = tuple(categories)
            if len(set(words)) != len(words):
                raise AgreementError(f"categories contain duplicates: {categories}")
        else:
            words = tuple(sorted(set(named)))
        position = {word: p for p, word in enumerate(words)}
        recode = np.array([position[word] for word in named] + [MISSING_CODE], dtype=np.int64)
        coded = CodedRatings(
            recode[coded.codes], words, numeric=False, explicit=categories is not None
        )
        names = None
    return coded, categories, names


# Labels of these types (one of them per question) encode to the same categories whether read
# from the cells or from a table of the distinct values.
_TABLE_TYPES = (str, int, float, bool)


def _coded_from_table(
    matrix: LabelMatrix, codes: np.ndarray, given: Sequence[Any] | None
) -> CodedRatings | None:
    """``encode_ratings`` of the cells ``matrix.values[codes]`` (``-1``: None), from each value
    of the table that occurs, encoded once: every cell's code depends on its value alone once
    the categories are known, and they are the given ones or the sorted labels seen, the same
    set of values either way. None (encode the cells) where that could differ: labels of
    several types (equal ones, 1 and 1.0, would be merged in another order) or of others, or
    values that do not encode (the cells' encoding then raises its own error)."""
    if matrix.values is None:
        return None
    used = matrix.used_codes(codes)
    values = [matrix.values[int(u)] for u in used]
    kinds = {type(value) for value in values if not is_missing(value)}
    if len(kinds) > 1 or not kinds <= set(_TABLE_TYPES):
        return None
    row = rating_matrix([values]) if values else np.empty((1, 0), dtype=object)
    try:
        coded = encode_ratings(row, categories=given if given is not None else labels_seen(row))
    except AgreementError:
        return None
    lookup = np.full(len(matrix.values) + 1, MISSING_CODE, dtype=np.int64)  # last: -1, None
    lookup[used] = coded.codes[0]
    return replace(coded, codes=lookup[codes])


def _with_projection(
    report: dict[str, Any], half_width: float = DEFAULT_HALF_WIDTH
) -> dict[str, Any]:
    """Take the bootstrap spread out of the intervals and project from the coefficient's."""
    spread = None
    for key in ("alpha", "coefficient"):
        if report.get(key):
            taken = report[key].pop(_SPREAD, None)
            spread = taken if key == "coefficient" or spread is None else spread
    coefficient = report.get("coefficient")
    if coefficient is not None and spread is not None:
        report["projection"] = projection_of(
            spread["standard_error"], spread["n"], spread["resampled"], half_width=half_width
        )
    return report


def projection_of(
    standard_error: float | None,
    n: int,
    resampled: str,
    *,
    half_width: float = DEFAULT_HALF_WIDTH,
    confidence: float = 0.95,
) -> dict[str, Any]:
    """A question's ``projection``: its standard error and unit count as measured, and the
    units a ``half_width`` interval needs at the current agreement (docs/agreement.md)."""
    projection: dict[str, Any] = {
        "half_width": half_width,
        "confidence": confidence,
        "standard_error": round_figure(standard_error) if standard_error is not None else None,
        "n_units": n,
        "resampled": resampled,  # "units" (dialogue-topic units) or "items" (one per unit)
        "current_half_width": None,
        "units_needed": None,
        "more_units": None,
        "note": None,
    }
    try:
        result = units_needed(
            float("nan") if standard_error is None else float(standard_error),
            int(n),
            half_width=half_width,
            confidence=confidence,
        )
    except AgreementError as error:
        projection["note"] = str(error)
        return projection
    projection.update(
        current_half_width=round_figure(result.current_half_width),
        units_needed=result.units_needed,
        more_units=result.more_units,
    )
    return projection


def reproject(projection: dict[str, Any] | None, half_width: float) -> dict[str, Any] | None:
    """A stored projection for another target half-width (no recomputation needed: the
    standard error and unit count are stored)."""
    if not projection or projection.get("standard_error") is None:
        return projection
    return projection_of(
        projection["standard_error"],
        projection["n_units"],
        projection["resampled"],
        half_width=half_width,
        confidence=projection.get("confidence", 0.95),
    )


# How many confusion pairs a question lists, and units per pair.
TOP_PAIRS = 3
UNITS_PER_PAIR = 10


def _main_coefficient(
    coded: CodedRatings,
    present: np.ndarray,
    level: str,
    categories: Sequence[Any] | None,
    clusters: Sequence[Any] | None = None,
) -> tuple[dict[str, Any] | None, str | None]:
    weights = "quadratic" if level == "ordinal" else None
    if len(coded.codes) == 2:
        both = np.flatnonzero(present[0] & present[1])
        if not len(both):
            return None, "The two raters share no labelled unit."
        # The pair's labels as labels (a float nan where one was): cohen_kappa infers its
        # categories from them when none are given.
        values = np.array([*coded.categories, None], dtype=object)
        a, b = values[coded.codes[0, both]], values[coded.codes[1, both]]
        pair_clusters = [clusters[int(u)] for u in both] if clusters is not None else None
        name = "Cohen's kappa" + (" (quadratic weights)" if weights else "")
        result, note = computed_or_note(
            lambda: _interval(
                cohen_kappa, a, b, weights=weights, labels=categories, clusters=pair_clusters
            )
        )
        return ({"name": name, **result} if result else None), note
    if present.all() and level == "nominal":
        counts = unit_value_counts(coded.codes, coded.n_categories)
        result, note = computed_or_note(lambda: _interval(fleiss_kappa, counts, clusters=clusters))
        if result is None and counts.sum() > 0:
            # Fleiss' error can only name a column of counts: name its category instead.
            column = int(np.argmax(counts.sum(axis=0)))
            only = coded.categories[column]
            if counts.sum(axis=0)[column] == counts.sum():
                note = (
                    f"Fleiss' kappa cannot be computed: every rating is {only!r}, so there is"
                    " no disagreement to expect by chance and nothing to compare against"
                )
        return ({"name": "Fleiss' kappa", **result} if result else None), note
    return None, (
        "Units have different numbers of ratings (or the scale is ordinal): Krippendorff's"
        " alpha is the coefficient."
    )


def majority_label(values: list[Any]) -> Any:
    """The most frequent label, or None on a tie (no majority to compare with)."""
    counts = Counter(v for v in values if v is not None).most_common()
    if not counts or (len(counts) > 1 and counts[0][1] == counts[1][1]):
        return None
    return counts[0][0]


def _set_report(
    report: dict[str, Any],
    matrix: np.ndarray,
    raters: list[str],
    target: float | None,
    clusters: Sequence[Any] | None = None,
) -> dict[str, Any]:
    sets = [[frozenset(v) if v is not None else None for v in row] for row in matrix]
    # Encoded once for the three figures below (each would encode them again).
    coded, _ = computed_or_note(lambda: encode_label_sets(sets))
    data = coded if coded is not None else sets
    alpha, note = computed_or_note(lambda: _interval(masi_alpha, data, clusters=clusters))
    report["alpha"] = alpha
    report["coefficient"] = {"name": "Krippendorff's alpha (MASI)", **alpha} if alpha else None
    report["note"] = note
    # Only sentences two or more raters labelled inconsistent have two type sets to compare;
    # n_units counts exactly those (see docs/agreement.md, "Set-valued labels").
    pairwise, _ = computed_or_note(lambda: pairwise_percent_agreement(data))
    report["percent_agreement"] = round_figure(pairwise[0]) if pairwise else None
    per_label, _ = computed_or_note(lambda: per_label_fleiss(data))
    if per_label:
        report["per_label"] = {
            str(k): round_figure(v) for k, v in sorted(per_label.items(), key=str)
        }
    _judge(report, target)
    return report


def _score_report(
    report: dict[str, Any],
    matrix: np.ndarray,
    level: str,
    target: float | None,
    clusters: Sequence[Any] | None = None,
) -> dict[str, Any]:
    """A score per unit and rater (completeness of a summary by each linguist's own key
    facts, a list's length): Krippendorff's alpha at the interval level is the coefficient;
    kappa, percent agreement and a confusion matrix need categories, which scores are not."""
    alpha, note = computed_or_note(
        lambda: _interval(krippendorff_alpha, matrix, level=level, clusters=clusters)
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
    kept = [i for i, unit in enumerate(question.units) if len(unit) >= 2]
    units = [question.units[i] for i in kept]
    clusters = (
        [question.units_of[i] for i in kept]
        if question.units_of is not None and nests([question.units_of[i] for i in kept])
        else None
    )
    report = _blank_report(question.key, question.label, "span", target)
    report.update(n_units=len(units), n_raters=len(question.raters), small_n=len(units) < SMALL_N)
    if not units:
        report["note"] = "No sentence was flagged by two raters who both marked it."
        return report
    result = _span_result(question.mode, units, N_RESAMPLES, clusters)
    name = "turn F1" if question.mode == "evidence" else f"span F1 ({question.mode})"
    report["coefficient"] = {
        "name": name,
        "value": round_figure(result.value),
        "ci": [round_figure(result.ci[0]), round_figure(result.ci[1])],
    }
    if math.isnan(result.value):
        report["note"] = "The raters marked nothing on the sentences they both flagged."
    else:
        clustered = result.n_clusters is not None
        report["projection"] = projection_of(
            None if math.isnan(result.standard_error) else result.standard_error,
            result.n_clusters if clustered else result.n_units,
            "units" if clustered else "items",
        )
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


def _span_result(
    mode: str,
    units: Sequence[Mapping[str, Sequence[Any]]],
    resamples: int,
    clusters: Sequence[Any] | None = None,
) -> Any:
    if mode == "evidence":
        return evidence_agreement(units, n_resamples=resamples, seed=SEED, clusters=clusters)
    return span_agreement(units, mode=mode, n_resamples=resamples, seed=SEED, clusters=clusters)


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
