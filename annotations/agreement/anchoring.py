"""Does seeing the model's verdict anchor the linguists? Figures of an assisted round.

In an assisted round (docs/models-in-the-loop.md, "Assisted rounds") each (annotator, unit)
pair is assisted or not; in an assisted pair the model's verdict on a sentence is revealed
after the linguist's own (pre-reveal) label is saved, and the linguist may revise. This module
measures what the reveal did, per annotator and overall:

- ``changed``: the share of revealed labels changed after the reveal (final differs from the
  pre-reveal label), with the direction of the changes (counts each way) and the share of
  changes that moved to the model's label (``toward_model``);
- ``model_agreement``: agreement with the model's label before the reveal (pre-reveal labels)
  and after it (final labels) on the revealed sentences the model labelled, and the
  difference after minus before;
- ``inconsistent_rate``: the share of final labels that say inconsistent in assisted pairs and
  in unassisted pairs, and the difference assisted minus unassisted;
- ``agreement``: inter-annotator agreement on sentences labelled by two or more linguists who
  were all assisted, and on those whose linguists were all unassisted (mixed sentences are
  counted and left out). Overall: Krippendorff's alpha (nominal) and pairwise percent
  agreement; per annotator: their pairwise percent agreement with the others, by their arm;
- ``time``: active seconds per unit, assisted and unassisted pairs.

Every figure has a 95% percentile bootstrap interval that resamples **units** (a unit's
sentences and pairs move together, since labels within a unit are not independent), the
report's number of resamples and seed. All figures are ratios of per-unit sums (alpha through
its per-unit coincidence counts), so each resample is one matrix product.

Pure: plain records in, a JSON-ready dict out; no Django.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from annotations.agreement.report import N_RESAMPLES, SEED, SMALL_N, round_figure

CONSISTENT, INCONSISTENT = "consistent", "inconsistent"
CATEGORIES = (CONSISTENT, INCONSISTENT)


@dataclass(frozen=True, slots=True)
class LabelRecord:
    """One linguist's label of one sentence. ``pre_reveal`` is the label saved before the
    model's verdict was revealed ("" when nothing was revealed: every unassisted pair);
    ``model`` the model's label ("" when it gave none or abstained)."""

    unit: Hashable
    sentence: Hashable
    annotator: str
    assisted: bool
    label: str
    pre_reveal: str = ""
    model: str = ""


@dataclass(frozen=True, slots=True)
class UnitTime:
    """One (annotator, unit) pair's active seconds."""

    unit: Hashable
    annotator: str
    assisted: bool
    seconds: float


# A figure as per-unit sums: numerators and denominators (units x terms), combined by
# ``value`` from the resampled sums (a row per resample).
@dataclass(frozen=True, slots=True)
class _Sums:
    table: np.ndarray  # units x columns
    value: Callable[[np.ndarray], np.ndarray]  # (resamples x columns) -> resamples
    n: int  # the figure's count (sentences, pairs), for ``small_n``


def _ratio(num: np.ndarray, den: np.ndarray, n: int) -> _Sums:
    return _Sums(np.stack([num, den], axis=1), lambda s: _div(s[:, 0], s[:, 1]), n)


def _difference(a: _Sums, b: _Sums) -> _Sums:
    width = a.table.shape[1]
    return _Sums(
        np.concatenate([a.table, b.table], axis=1),
        lambda s: a.value(s[:, :width]) - b.value(s[:, width:]),
        min(a.n, b.n),
    )


def _div(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)


def _alpha_from_coincidences(sums: np.ndarray) -> np.ndarray:
    """Nominal Krippendorff's alpha from summed 2x2 coincidence counts (columns o_cc, o_ci,
    o_ic, o_ii): 1 - (n - 1) * D_o / D_e."""
    o_cc, o_ci, o_ic, o_ii = sums.T
    n_c, n_i = o_cc + o_ci, o_ic + o_ii
    n = n_c + n_i
    observed = o_ci + o_ic
    expected = 2 * n_c * n_i
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(
            expected > 0, 1 - (n - 1) * observed / np.where(expected > 0, expected, 1), np.nan
        )


class _Units:
    """The units' index, and the bootstrap's resample weights (resamples x units)."""

    def __init__(self, units: Sequence[Hashable], n_resamples: int, seed: int) -> None:
        self.order = list(dict.fromkeys(units))
        self.index = {unit: i for i, unit in enumerate(self.order)}
        rng = np.random.default_rng(seed)
        size = len(self.order)
        draws = rng.integers(0, size, size=(n_resamples, size)) if size else np.zeros((0, 0))
        self.weights = np.zeros((n_resamples, size))
        for row in range(n_resamples):
            if size:
                self.weights[row] = np.bincount(draws[row], minlength=size)

    def column(self, pairs: Sequence[tuple[Hashable, float]]) -> np.ndarray:
        out = np.zeros(len(self.order))
        for unit, amount in pairs:
            out[self.index[unit]] += amount
        return out

    def figure(self, sums: _Sums) -> dict[str, Any] | None:
        estimate = sums.value(sums.table.sum(axis=0, keepdims=True))[0]
        if np.isnan(estimate):
            return None
        replicates = sums.value(self.weights @ sums.table)
        defined = replicates[~np.isnan(replicates)]
        low, high = np.percentile(defined, [2.5, 97.5]) if defined.size else (np.nan, np.nan)
        return {
            "value": round_figure(estimate),
            "ci": [round_figure(low), round_figure(high)],
            "n": sums.n,
        }


def anchoring_report(
    labels: Sequence[LabelRecord],
    times: Sequence[UnitTime] = (),
    *,
    n_resamples: int = N_RESAMPLES,
    seed: int = SEED,
) -> dict[str, Any]:
    """The assisted round's figures (module docstring), overall and per annotator."""
    units = _Units([r.unit for r in labels] + [t.unit for t in times], n_resamples, seed)
    annotators = sorted({r.annotator for r in labels} | {t.annotator for t in times})
    revealed = [r for r in labels if r.assisted and r.pre_reveal and r.label]
    overall = _figures(units, labels, times)
    overall["agreement"] = _agreement_overall(units, labels)
    return {
        "n_units": len(units.order),
        "n_labels": len(labels),
        "n_revealed": len(revealed),
        "small_n": len(revealed) < SMALL_N,
        "overall": overall,
        "annotators": [
            {
                "annotator": name,
                **_figures(
                    units,
                    [r for r in labels if r.annotator == name],
                    [t for t in times if t.annotator == name],
                ),
                "agreement": _agreement_of(units, labels, name),
            }
            for name in annotators
        ],
    }


def _share(
    units: _Units, records: Sequence[LabelRecord], hit: Callable[[LabelRecord], bool]
) -> _Sums:
    return _ratio(
        units.column([(r.unit, float(hit(r))) for r in records]),
        units.column([(r.unit, 1.0) for r in records]),
        len(records),
    )


def _figures(
    units: _Units, labels: Sequence[LabelRecord], times: Sequence[UnitTime]
) -> dict[str, Any]:
    revealed = [r for r in labels if r.assisted and r.pre_reveal and r.label]
    changed = [r for r in revealed if r.label != r.pre_reveal]
    with_model = [r for r in revealed if r.model]
    before = _share(units, with_model, lambda r: r.pre_reveal == r.model)
    after = _share(units, with_model, lambda r: r.label == r.model)
    assisted = [r for r in labels if r.assisted and r.label]
    unassisted = [r for r in labels if not r.assisted and r.label]
    rate_assisted = _share(units, assisted, lambda r: r.label == INCONSISTENT)
    rate_unassisted = _share(units, unassisted, lambda r: r.label == INCONSISTENT)
    time_arms = {
        arm: _ratio(
            units.column([(t.unit, t.seconds) for t in times if t.assisted is arm]),
            units.column([(t.unit, 1.0) for t in times if t.assisted is arm]),
            sum(t.assisted is arm for t in times),
        )
        for arm in (True, False)
    }
    return {
        "changed": {
            **(
                units.figure(_share(units, revealed, lambda r: r.label != r.pre_reveal))
                or {"value": None, "ci": None, "n": 0}
            ),
            "n_revealed": len(revealed),
            "to_inconsistent": sum(r.label == INCONSISTENT for r in changed),
            "to_consistent": sum(r.label == CONSISTENT for r in changed),
            "toward_model": units.figure(
                _share(units, [r for r in changed if r.model], lambda r: r.label == r.model)
            ),
        },
        "model_agreement": {
            "before": units.figure(before),
            "after": units.figure(after),
            "difference": units.figure(_difference(after, before)),
        },
        "inconsistent_rate": {
            "assisted": units.figure(rate_assisted),
            "unassisted": units.figure(rate_unassisted),
            "difference": units.figure(_difference(rate_assisted, rate_unassisted)),
        },
        "time": {
            "assisted": units.figure(time_arms[True]),
            "unassisted": units.figure(time_arms[False]),
        },
    }


def _by_sentence(labels: Sequence[LabelRecord]) -> dict[Hashable, list[LabelRecord]]:
    sentences: dict[Hashable, list[LabelRecord]] = defaultdict(list)
    for record in labels:
        if record.label:
            sentences[(record.unit, record.sentence)].append(record)
    return sentences


def _agreement_overall(units: _Units, labels: Sequence[LabelRecord]) -> dict[str, Any]:
    sentences = {s: rs for s, rs in _by_sentence(labels).items() if len(rs) >= 2}
    arms: dict[str, list[list[LabelRecord]]] = {"assisted": [], "unassisted": []}
    mixed = 0
    for records in sentences.values():
        kinds = {r.assisted for r in records}
        if kinds == {True}:
            arms["assisted"].append(records)
        elif kinds == {False}:
            arms["unassisted"].append(records)
        else:
            mixed += 1
    out: dict[str, Any] = {"n_mixed_sentences": mixed}
    for arm, groups in arms.items():
        coincidences = np.zeros((len(units.order), 4))
        agree = np.zeros(len(units.order))
        pairs = np.zeros(len(units.order))
        for records in groups:
            unit = units.index[records[0].unit]
            values = [CATEGORIES.index(r.label) for r in records]
            m = len(values)
            for a, b in combinations(range(m), 2):
                for x, y in ((values[a], values[b]), (values[b], values[a])):
                    coincidences[unit, 2 * x + y] += 1 / (m - 1)
                agree[unit] += values[a] == values[b]
                pairs[unit] += 1
        out[arm] = {
            "n_sentences": len(groups),
            "alpha": units.figure(_Sums(coincidences, _alpha_from_coincidences, len(groups))),
            "percent": units.figure(_ratio(agree, pairs, len(groups))),
        }
    return out


def _agreement_of(units: _Units, labels: Sequence[LabelRecord], name: str) -> dict[str, Any]:
    """The annotator's pairwise percent agreement with the others, by the annotator's arm."""
    out: dict[str, Any] = {}
    sentences = _by_sentence(labels)
    for arm, key in ((True, "assisted"), (False, "unassisted")):
        agree: list[tuple[Hashable, float]] = []
        pairs: list[tuple[Hashable, float]] = []
        for records in sentences.values():
            own = [r for r in records if r.annotator == name and r.assisted is arm]
            if not own:
                continue
            for other in records:
                if other.annotator != name:
                    agree.append((other.unit, float(other.label == own[0].label)))
                    pairs.append((other.unit, 1.0))
        out[key] = units.figure(_ratio(units.column(agree), units.column(pairs), len(pairs)))
    return out
