"""Agreement on character (or token) spans: F1 in three strictness modes."""

from __future__ import annotations

import numbers
from collections.abc import Sequence

from annotations.agreement.errors import AgreementError

MODES = ("exact", "overlap", "token")

Span = tuple[int, int]


def span_f1(a: Sequence[Span], b: Sequence[Span], *, mode: str) -> float:
    """F1 between two annotators' spans, half-open ``(start, end)`` offsets.

    Modes:

    - ``"exact"``: a span matches only an identical ``(start, end)`` span of the other side.
      F1 = ``2 |A & B| / (|A| + |B|)`` over the sets of spans (duplicates count once).
    - ``"overlap"``: a span is matched if it shares at least one position with some span of
      the other side (``max(start) < min(end)``); matching is not one-to-one. Precision is the
      share of ``b``'s spans matched by ``a``, recall the share of ``a``'s spans matched by
      ``b``, F1 their harmonic mean.
    - ``"token"``: Dice over covered positions: with ``C_a`` the set of positions covered by
      any span of ``a`` (overlapping spans cover a position once), F1 =
      ``2 |C_a & C_b| / (|C_a| + |C_b|)``. With character offsets the positions are characters;
      pass token indices instead to get token-level Dice.

    Every mode is symmetric in ``a`` and ``b``. Both empty gives 1.0 (they agree there is
    nothing to mark); one empty and the other not gives 0.0.

    Raises ``AgreementError`` on an unknown mode or a span that is not ``0 <= start < end``
    integers.
    """
    if mode not in MODES:
        raise AgreementError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
    first = _checked(a, "a")
    second = _checked(b, "b")
    if not first and not second:
        return 1.0
    return f1_from_counts(pair_counts(first, second, mode), mode)


def pair_counts(a: frozenset[Span], b: frozenset[Span], mode: str) -> tuple[int, ...]:
    """The counts F1 is made of, for checked span sets (``checked_spans``); sums of them over
    sentences give a corpus's micro-averaged F1 (``f1_from_counts``):

    - exact and token: ``(2 |A & B|, |A| + |B|)`` over spans or covered positions;
    - overlap: ``(spans of a overlapping b, |A|, spans of b overlapping a, |B|)``.
    """
    if mode == "exact":
        return (2 * len(a & b), len(a) + len(b))
    if mode == "overlap":
        return (
            sum(_overlaps_any(span, b) for span in a),
            len(a),
            sum(_overlaps_any(span, a) for span in b),
            len(b),
        )
    covered_a = _merge(a)
    covered_b = _merge(b)
    return (2 * _intersection_length(covered_a, covered_b), _length(covered_a) + _length(covered_b))


def f1_from_counts(counts: Sequence[float], mode: str) -> float:
    """F1 from ``pair_counts`` (or their sums); nan when nothing was marked on either side."""
    if mode == "overlap":
        matched_a, total_a, matched_b, total_b = counts
        if total_a == 0 or total_b == 0:
            return 0.0 if total_a or total_b else float("nan")
        recall, precision = matched_a / total_a, matched_b / total_b
        return 0.0 if recall + precision == 0 else 2 * precision * recall / (precision + recall)
    numerator, denominator = counts
    return numerator / denominator if denominator else float("nan")


def checked_spans(spans: Sequence[Span], side: str = "spans") -> frozenset[Span]:
    """``spans`` as a set of ``(start, end)`` pairs; ``AgreementError`` naming ``side`` and
    the index of the first span that is not ``0 <= start < end`` integers."""
    return _checked(spans, side)


def _checked(spans: Sequence[Span], side: str) -> frozenset[Span]:
    result = set()
    for index, span in enumerate(spans):
        try:
            start, end = span
        except (TypeError, ValueError):
            raise AgreementError(f"{side}[{index}] = {span!r} is not a (start, end) pair") from None
        if not all(
            isinstance(x, numbers.Integral) and not isinstance(x, bool) for x in (start, end)
        ):
            raise AgreementError(f"{side}[{index}] = {span!r}: offsets must be integers")
        if not 0 <= start < end:
            raise AgreementError(
                f"{side}[{index}] = {span!r}: spans are half-open (start, end) with "
                "0 <= start < end"
            )
        result.add((int(start), int(end)))
    return frozenset(result)


def _overlaps_any(span: Span, others: frozenset[Span]) -> bool:
    start, end = span
    return any(max(start, other_start) < min(end, other_end) for other_start, other_end in others)


def _merge(spans: frozenset[Span]) -> list[Span]:
    """Disjoint, sorted intervals covering the same positions."""
    merged: list[list[int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(start, end) for start, end in merged]


def _length(intervals: list[Span]) -> int:
    return sum(end - start for start, end in intervals)


def _intersection_length(first: list[Span], second: list[Span]) -> int:
    total = 0
    i = j = 0
    while i < len(first) and j < len(second):
        start = max(first[i][0], second[j][0])
        end = min(first[i][1], second[j][1])
        total += max(0, end - start)
        # advance whichever interval ends first
        if first[i][1] < second[j][1]:
            i += 1
        else:
            j += 1
    return total
