"""Span and evidence agreement over a round, with bootstrap intervals.

The units are the summary sentences that at least two annotators flagged (labelled
inconsistent); each annotator of a unit has a set of error spans, half-open ``(start, end)``
character offsets in the sentence, possibly none. For each pair of annotators, F1 is
micro-averaged over the units both flagged: the counts F1 is made of (``spans.pair_counts``)
are summed over those units and F1 is taken once, so a sentence with four spans weighs
more than one with a single span, as in span-level evaluation. The round's figure is the
mean over pairs (pairs that share no unit, or marked nothing, are left out). Three modes:

- ``exact``: identical spans;
- ``overlap``: a span counts as found when it overlaps some span of the other side;
- ``character``: Dice over the characters the two annotators' spans cover.

Evidence agreement is ``exact`` F1 over the dialogue turns each annotator cites for the
sentence (a turn is the span ``(turn, turn + 1)``): do both point at the same turns.

The bootstrap resamples units (sentences): a pair's counts are sums of per-unit counts, so
every resample is a weighted sum of the distinct rows of per-unit counts, evaluated for all
resamples in one matrix product (``bootstrap.bootstrap_statistic``).
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from annotations.agreement.bootstrap import bootstrap_statistic, cluster_bootstrap_statistic
from annotations.agreement.errors import AgreementError
from annotations.agreement.patterns import distinct_rows
from annotations.agreement.spans import Span, f1_from_counts
from annotations.agreement.sufficient_statistics import UnitStatistic

MODES = ("exact", "overlap", "character")
# spans.pair_counts's name for each mode, and how many counts it gives.
_PAIR_MODE = {"exact": "exact", "overlap": "overlap", "character": "token"}
_WIDTH = {"exact": 2, "overlap": 4, "character": 2}

# One unit: annotator -> the spans they marked in the sentence. An annotator who did not
# flag the sentence is absent (not an empty list, which means "flagged, marked nothing").
Unit = Mapping[str, Sequence[Span]]


@dataclass(frozen=True, slots=True)
class PairAgreement:
    a: str
    b: str
    value: float  # nan when the pair marked nothing on the units they share
    n_units: int  # units both flagged


@dataclass(frozen=True, slots=True)
class SpanAgreement:
    mode: str
    value: float  # mean of the pairs' F1; nan when no pair has a value
    ci: tuple[float, float]  # percentile bootstrap interval (nan, nan) when undefined
    n_units: int  # units with at least two annotators
    pairwise: tuple[PairAgreement, ...]
    standard_error: float = float("nan")  # of the bootstrap replicates
    n_clusters: int | None = None  # work units resampled, when ``clusters`` was given


def span_agreement(
    units: Sequence[Unit],
    *,
    mode: str,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int | None = 0,
    clusters: Sequence[Any] | None = None,
) -> SpanAgreement:
    """Span F1 of a round in ``mode``, pairwise and averaged over pairs, with its interval.

    ``clusters`` (one label per unit, e.g. the dialogue-topic unit of each sentence) makes the
    interval resample whole clusters (``bootstrap.cluster_bootstrap_statistic``).

    Raises ``AgreementError`` on an unknown mode or an invalid span (naming the unit and the
    annotator)."""
    if mode not in MODES:
        raise AgreementError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
    table = SpanTable.from_units(units)
    pairs = list(combinations(range(len(table.annotators)), 2))
    width = _WIDTH[mode]
    # Per unit and pair: the pair's counts (zeros when one of them did not flag the unit),
    # then a 1 in the pair's "shared" column, to count units per pair.
    shared = table.flagged.sum(axis=1) >= 2
    rows = np.zeros((int(shared.sum()), len(pairs) * (width + 1)), dtype=np.int64)
    for column, (a, b) in enumerate(pairs):
        both = table.flagged[:, a] & table.flagged[:, b]
        start = column * (width + 1)
        rows[:, start : start + width] = table.pair_counts(a, b, mode)[shared]
        rows[:, start + width] = both[shared]
    totals = rows.sum(axis=0)
    pairwise = tuple(
        PairAgreement(
            table.annotators[a],
            table.annotators[b],
            f1_from_counts(totals[i * (width + 1) : i * (width + 1) + width], _PAIR_MODE[mode]),
            int(totals[i * (width + 1) + width]),
        )
        for i, (a, b) in enumerate(pairs)
    )
    if not len(rows):
        return SpanAgreement(mode, float("nan"), (float("nan"), float("nan")), 0, pairwise)
    statistic = _statistic(rows, mode, len(pairs))
    if clusters is not None:
        shared_clusters = np.asarray(clusters, dtype=object)[shared]
        result = cluster_bootstrap_statistic(
            statistic, shared_clusters, n_resamples=n_resamples, confidence=confidence, seed=seed
        )
    else:
        result = bootstrap_statistic(
            statistic, n_resamples=n_resamples, confidence=confidence, seed=seed
        )
    return SpanAgreement(
        mode,
        result.estimate,
        (result.low, result.high),
        len(rows),
        pairwise,
        result.standard_error,
        result.n_clusters,
    )


@dataclass(frozen=True, eq=False)
class SpanTable:
    """Every unit's spans as flat arrays, on one line: unit ``u``'s offsets ``[s, e)`` become
    ``[u * width + s, u * width + e)`` with ``width`` above every offset, so spans of
    different units never touch and each count is a few array operations for all units."""

    annotators: tuple[str, ...]
    flagged: np.ndarray  # (units, annotators): the annotator flagged the unit
    annotator: np.ndarray  # per span
    start: np.ndarray  # per span, on the line
    end: np.ndarray
    width: int

    @classmethod
    def from_units(cls, units: Sequence[Unit]) -> SpanTable:
        annotators = tuple(sorted({name for unit in units for name in unit}))
        code = {name: number for number, name in enumerate(annotators)}
        flagged = np.zeros((len(units), len(annotators)), dtype=bool)
        unit_of: list[int] = []
        annotator_of: list[int] = []
        offsets: list[Span] = []
        for number, unit in enumerate(units):
            for name, spans in unit.items():
                flagged[number, code[name]] = True
                for span in spans:
                    unit_of.append(number)
                    annotator_of.append(code[name])
                    offsets.append(span)
        pairs = _offset_array(offsets, units, unit_of, annotator_of, annotators)
        width = int(pairs[:, 1].max()) + 1 if len(pairs) else 1
        line = np.asarray(unit_of, dtype=np.int64) * width
        # A span marked twice by one annotator counts once (as in spans.span_f1).
        annotator = np.asarray(annotator_of, dtype=np.int64)
        start, end = line + pairs[:, 0], line + pairs[:, 1]
        order = np.lexsort((end, start, annotator))
        annotator, start, end = annotator[order], start[order], end[order]
        repeated = np.zeros(len(order), dtype=bool)
        repeated[1:] = (
            (annotator[1:] == annotator[:-1]) & (start[1:] == start[:-1]) & (end[1:] == end[:-1])
        )
        keep = ~repeated
        return cls(annotators, flagged, annotator[keep], start[keep], end[keep], width)

    def _spans(self, annotator: int, units: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """An annotator's spans in the given units (a boolean mask over units), by start."""
        mine = self.annotator == annotator
        mine[mine] = units[self.start[mine] // self.width]
        return self.start[mine], self.end[mine]

    def pair_counts(self, a: int, b: int, mode: str) -> np.ndarray:
        """(units, counts): ``spans.pair_counts`` of annotators ``a`` and ``b`` in each unit
        both flagged, zeros elsewhere."""
        n = len(self.flagged)
        both = self.flagged[:, a] & self.flagged[:, b]
        a_start, a_end = self._spans(a, both)
        b_start, b_end = self._spans(b, both)
        a_unit, b_unit = a_start // self.width, b_start // self.width

        def per_unit(units: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
            return np.bincount(units, weights=weights, minlength=n).astype(np.int64)

        if mode == "exact":
            a_keys = a_start * self.width + (a_end - a_unit * self.width)
            b_keys = b_start * self.width + (b_end - b_unit * self.width)
            common = np.intersect1d(a_keys, b_keys, assume_unique=True) // self.width
            return np.column_stack(
                [2 * per_unit(common // self.width), per_unit(a_unit) + per_unit(b_unit)]
            )
        a_cover, b_cover = _merged(a_start, a_end), _merged(b_start, b_end)
        if mode == "overlap":
            return np.column_stack(
                [
                    per_unit(a_unit, _overlapping(a_start, a_end, b_cover)),
                    per_unit(a_unit),
                    per_unit(b_unit, _overlapping(b_start, b_end, a_cover)),
                    per_unit(b_unit),
                ]
            )
        shared_start, shared_length = _intersection(a_cover, b_cover)
        covered = per_unit(a_cover[0] // self.width, a_cover[1] - a_cover[0]) + per_unit(
            b_cover[0] // self.width, b_cover[1] - b_cover[0]
        )
        return np.column_stack([2 * per_unit(shared_start // self.width, shared_length), covered])


def _offset_array(
    offsets: list[Span],
    units: Sequence[Unit],
    unit_of: list[int],
    annotator_of: list[int],
    annotators: tuple[str, ...],
) -> np.ndarray:
    """The spans as an (n, 2) integer array; ``AgreementError`` naming the first that is not
    a pair of integers ``0 <= start < end``."""
    # The common case checked in one pass: only (start, end) pairs of plain integers.
    if not offsets:
        return np.zeros((0, 2), dtype=np.int64)
    shapes = {len(span) if isinstance(span, tuple | list) else -1 for span in offsets}
    kinds = {type(x) for span in offsets if isinstance(span, tuple | list) for x in span}
    if shapes != {2} or not all(issubclass(k, numbers.Integral) and k is not bool for k in kinds):
        bad = next(
            i
            for i, span in enumerate(offsets)
            if not (isinstance(span, tuple | list) and len(span) == 2)
            or not all(isinstance(x, numbers.Integral) and not isinstance(x, bool) for x in span)
        )
        why = "offsets must be integers" if shapes == {2} else "not a (start, end) pair"
        raise _invalid(offsets, bad, unit_of, annotator_of, annotators, why)
    pairs = np.asarray(offsets, dtype=np.int64)
    wrong = np.flatnonzero((pairs[:, 0] < 0) | (pairs[:, 0] >= pairs[:, 1]))
    if len(wrong):
        raise _invalid(
            offsets,
            int(wrong[0]),
            unit_of,
            annotator_of,
            annotators,
            "spans are half-open (start, end) with 0 <= start < end",
        )
    return pairs


def _invalid(
    offsets: list[Span],
    index: int,
    unit_of: list[int],
    annotator_of: list[int],
    annotators: tuple[str, ...],
    why: str,
) -> AgreementError:
    return AgreementError(
        f"unit {unit_of[index]}, annotator {annotators[annotator_of[index]]!r}: "
        f"{offsets[index]!r}: {why}"
    )


def _merged(start: np.ndarray, end: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Disjoint intervals covering the same positions, sorted (the line keeps units apart)."""
    if not len(start):
        return start, end
    order = np.lexsort((end, start))
    start, end = start[order], end[order]
    reach = np.maximum.accumulate(end)
    new = np.concatenate(([True], start[1:] > reach[:-1]))
    first = np.flatnonzero(new)
    return start[first], np.maximum.reduceat(end, first)


def _overlapping(
    start: np.ndarray, end: np.ndarray, cover: tuple[np.ndarray, np.ndarray]
) -> np.ndarray:
    """Per span: 1 when it shares a position with the (disjoint, sorted) cover, else 0."""
    cover_start, cover_end = cover
    if not len(cover_start):
        return np.zeros(len(start))
    # The first cover interval ending after the span starts overlaps it iff it starts before
    # the span ends.
    nearest = np.searchsorted(cover_end, start, side="right")
    inside = nearest < len(cover_end)
    found = np.zeros(len(start), dtype=bool)
    found[inside] = cover_start[nearest[inside]] < end[inside]
    return found.astype(np.float64)


def _intersection(
    first: tuple[np.ndarray, np.ndarray], second: tuple[np.ndarray, np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """(start, length) of each stretch covered by both sets of disjoint intervals: a sweep
    over their boundaries, counting how many of each set is open between two boundaries."""
    points = np.concatenate([first[0], first[1], second[0], second[1]])
    in_first = np.concatenate(
        [np.ones(len(first[0])), -np.ones(len(first[1])), np.zeros(2 * len(second[0]))]
    )
    in_second = np.concatenate(
        [np.zeros(2 * len(first[0])), np.ones(len(second[0])), -np.ones(len(second[1]))]
    )
    order = np.argsort(points, kind="stable")
    points = points[order]
    both = (np.cumsum(in_first[order]) > 0) & (np.cumsum(in_second[order]) > 0)
    lengths = np.diff(points, append=points[-1] if len(points) else 0)
    keep = both & (lengths > 0)
    return points[keep], lengths[keep]


def evidence_agreement(
    units: Sequence[Mapping[str, Sequence[int]]],
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int | None = 0,
    clusters: Sequence[Any] | None = None,
) -> SpanAgreement:
    """Turn-level F1 of the evidence: ``units`` map each annotator who flagged the sentence
    to the turn indices (0-based) they cite for it."""
    as_spans = [
        {name: [(turn, turn + 1) for turn in set(turns)] for name, turns in unit.items()}
        for unit in units
    ]
    return span_agreement(
        as_spans,
        mode="exact",
        n_resamples=n_resamples,
        confidence=confidence,
        seed=seed,
        clusters=clusters,
    )


def _statistic(rows: np.ndarray, mode: str, n_pairs: int) -> UnitStatistic:
    width = _WIDTH[mode]
    distinct = distinct_rows(rows)

    def finalize(totals: np.ndarray) -> np.ndarray:
        values = np.full((totals.shape[0], n_pairs), np.nan)
        for pair in range(n_pairs):
            counts = totals[:, pair * (width + 1) : pair * (width + 1) + width]
            values[:, pair] = _f1_rows(counts, mode)
        defined = np.isfinite(values)
        with np.errstate(invalid="ignore"):
            return np.where(
                defined.any(axis=1),
                np.nansum(values, axis=1) / np.maximum(defined.sum(axis=1), 1),
                np.nan,
            )

    return UnitStatistic(
        f"span F1 ({mode})",
        distinct.rows.astype(np.float64),
        distinct.counts,
        distinct.first,
        finalize,
        np.arange(len(rows)),
        distinct.inverse,
    )


def _f1_rows(counts: np.ndarray, mode: str) -> np.ndarray:
    """``spans.f1_from_counts`` for each row of summed counts."""
    with np.errstate(divide="ignore", invalid="ignore"):
        if mode == "overlap":
            matched_a, total_a, matched_b, total_b = counts.T
            recall = matched_a / total_a
            precision = matched_b / total_b
            f1 = np.where(
                recall + precision > 0, 2 * precision * recall / (precision + recall), 0.0
            )
            one_sided = (total_a == 0) ^ (total_b == 0)
            return np.where((total_a > 0) & (total_b > 0), f1, np.where(one_sided, 0.0, np.nan))
        numerator, denominator = counts.T
        return np.where(denominator > 0, numerator / denominator, np.nan)
