"""Error rates per summarizer (TofuEval, Tang et al. 2024: Table 2, Fig. 2 and Table 6).

Per system x corpus x topic type (main / marginal, from the gold topic category):

- ``sentence_inconsistency``: inconsistent sentences / sentences with a gold label;
- ``summary_inconsistency``: inconsistent summaries / summaries whose gold is known (a summary
  is inconsistent when any sentence is, consistent when every sentence is judged consistent:
  the rule of ``formats/release_records.py``);
- ``relevance``: the mean gold relevance (1-5) of the summaries that have one;
- ``completeness``, ``conciseness``: the mean of the summaries' FineSurE scores, over the
  summaries where the score is defined (docs/formats/scores.md);

and the error-type distribution over inconsistent sentences: per type, the share of the
inconsistent sentences whose gold types include it (a sentence with two types counts for
both, so the shares may add up to more than 1), and the share with no gold type.

Rows are also given for "all" corpora and "all" topic types, when there are several.

Intervals: a percentile bootstrap that resamples **(dialogue, topic) units** with
replacement, all the summaries and sentences of a unit together (TofuEval's unit of
annotation: a topic's summaries are written from the same dialogue and judged side by side,
so they are not independent). Units are resampled within each (corpus, topic type) stratum,
each with its own generator seeded from ``seed`` and a digest of the stratum's name, so a
stratum's intervals do not depend on which other strata the release holds; an "all" row sums
its strata's resamples (a stratified bootstrap: the mix of corpora and topic types is held
at the observed one). Every figure is a ratio of sums over units, so a resample is one
matrix product (``evaluator_scores/resampling.py``) of unit multiplicities with the per-unit
sums, for every system and figure at once.

Pure: numpy, no Django.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from annotations.evaluator_scores.resampling import interval, resampled_sums
from annotations.evaluator_scores.type_sets import TypeSets

# (key, words): the words are what a table or chart shows.
METRICS: tuple[tuple[str, str], ...] = (
    ("sentence_inconsistency", "Inconsistent sentences"),
    ("summary_inconsistency", "Inconsistent summaries"),
    ("relevance", "Relevance (1-5)"),
    ("completeness", "Completeness"),
    ("conciseness", "Conciseness"),
)
METRIC_KEYS = tuple(key for key, _ in METRICS)
TOPIC_TYPES = ("main", "marginal", "uncategorised")
ALL = "all"
TOPIC_TYPE_WORDS = {
    "main": "main topics",
    "marginal": "marginal topics",
    "uncategorised": "topics without a category",
    ALL: "all topics",
}
NO_TYPE = ""  # the error-type row of inconsistent sentences with no gold type
NO_TYPE_WORDS = "No error type given"
METHOD = (
    "percentile bootstrap resampling (dialogue, topic) units with replacement within each"
    " (corpus, topic type) stratum; 'all' rows sum their strata's resamples"
)

# Per-summary sums, in this order; each metric is column NUMERATOR[m] / column DENOMINATOR[m].
_STATS = (
    "bad_sentences",
    "judged_sentences",
    "bad_summary",
    "known_summary",
    "relevance",
    "rated",
    "completeness",
    "completeness_n",
    "conciseness",
    "conciseness_n",
)
_RATIOS = ((0, 1), (2, 3), (4, 5), (6, 7), (8, 9))


def topic_type_of(category: str) -> str:
    """A gold topic category as a topic type: TofuEval's main vs marginal, irrelevant topics
    counting as marginal (its own merge), a topic without a category on its own."""
    if category == "main":
        return "main"
    if category in ("marginal", "irrelevant"):
        return "marginal"
    return "uncategorised"


@dataclass(frozen=True)
class ErrorRateInput:
    """One entry per summary (``unit`` to ``conciseness``) and per sentence (``sentence_*``).

    Text columns (``system``, ``corpus``, ``topic_type``) are given as codes into their
    distinct values, as a release's arrays hold them: ``(codes, values)``.
    """

    unit: np.ndarray  # int: the summary's (dialogue, topic) unit, the bootstrap's cluster
    system: tuple[np.ndarray, np.ndarray]
    corpus: tuple[np.ndarray, np.ndarray]
    topic_type: tuple[np.ndarray, np.ndarray]  # values among TOPIC_TYPES
    relevance: np.ndarray  # float: gold relevance, nan when not rated
    completeness: np.ndarray  # float: nan when undefined
    conciseness: np.ndarray  # float: nan when undefined
    sentence_summary: np.ndarray  # int: per sentence, the index of its summary
    sentence_label: np.ndarray  # int8: 1 inconsistent, 0 consistent, -1 not judged
    sentence_types: TypeSets  # per sentence, its gold error types

    def __len__(self) -> int:
        return len(self.unit)


@dataclass(frozen=True)
class Estimate:
    value: float | None  # None when n is 0
    low: float | None
    high: float | None
    n: int  # what the figure is over: sentences, summaries or inconsistent sentences

    def as_dict(self) -> dict[str, Any]:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


@dataclass(frozen=True)
class TypeShare:
    type: str  # the error type's name; NO_TYPE for "no type given"
    count: int  # inconsistent sentences carrying it
    share: Estimate  # count / inconsistent sentences

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "count": self.count, **self.share.as_dict()}


@dataclass(frozen=True)
class GroupRow:
    system: str
    corpus: str  # a corpus, or ALL
    topic_type: str  # one of TOPIC_TYPES, or ALL
    summaries: int
    units: int
    metrics: dict[str, Estimate]
    inconsistent_sentences: int
    types: tuple[TypeShare, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "corpus": self.corpus,
            "topic_type": self.topic_type,
            "summaries": self.summaries,
            "units": self.units,
            **{key: self.metrics[key].as_dict() for key in METRIC_KEYS},
            "inconsistent_sentences": self.inconsistent_sentences,
            "error_types": [share.as_dict() for share in self.types],
        }


@dataclass(frozen=True)
class ErrorRateTable:
    rows: tuple[GroupRow, ...]
    error_types: tuple[str, ...]  # every gold type that occurs, sorted; NO_TYPE last
    n_resamples: int
    confidence: float
    seed: int
    notes: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        return {
            "metrics": [{"key": key, "label": words} for key, words in METRICS],
            "topic_types": [
                {"key": key, "label": words} for key, words in TOPIC_TYPE_WORDS.items()
            ],
            "error_types": list(self.error_types),
            "confidence": self.confidence,
            "n_resamples": self.n_resamples,
            "seed": self.seed,
            "method": METHOD,
            "notes": list(self.notes),
            "rows": [row.as_dict() for row in self.rows],
        }


def _stratum_seed(seed: int, corpus: str, topic_type: str) -> int:
    digest = hashlib.sha256(f"{seed}\x1f{corpus}\x1f{topic_type}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _per_summary(data: ErrorRateInput) -> tuple[np.ndarray, list[str]]:
    """The per-summary sums (summaries x (stats + types)) and the type names."""
    n = len(data)
    owner = np.asarray(data.sentence_summary, dtype=np.int64)
    label = np.asarray(data.sentence_label)
    bad = label == 1
    judged = label >= 0
    n_sentences = np.bincount(owner, minlength=n)
    bad_sentences = np.bincount(owner, weights=bad, minlength=n)
    judged_sentences = np.bincount(owner, weights=judged, minlength=n)
    bad_summary = bad_sentences > 0
    known_summary = bad_summary | ((n_sentences > 0) & (judged_sentences == n_sentences))
    names = data.sentence_types.names()
    sets = data.sentence_types.sets
    # Which type each distinct set holds (sets x types), then per summary the inconsistent
    # sentences of each type: one bincount per type over the flagged sentences only.
    member = np.array([[name in chosen for name in names] for chosen in sets], dtype=bool)
    member = member.reshape(len(sets), len(names))
    codes = np.asarray(data.sentence_types.codes)[bad]
    owners = owner[bad]
    typed = member[codes] if len(names) else np.zeros((len(codes), 0), dtype=bool)
    columns = [
        bad_sentences,
        judged_sentences,
        bad_summary,
        known_summary,
        *_mean_parts(data.relevance),
        *_mean_parts(data.completeness),
        *_mean_parts(data.conciseness),
    ]
    sums = np.empty((n, len(columns) + len(names) + 1))
    for k, column in enumerate(columns):
        sums[:, k] = column
    for t in range(len(names)):
        sums[:, len(columns) + t] = np.bincount(owners, weights=typed[:, t], minlength=n)
    sums[:, -1] = np.bincount(owners, weights=~typed.any(axis=1), minlength=n)
    return sums, names


def _mean_parts(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    values = np.asarray(values, dtype=np.float64)
    defined = ~np.isnan(values)
    return np.where(defined, values, 0.0), defined.astype(np.float64)


def error_rates(
    data: ErrorRateInput, *, n_resamples: int = 1000, confidence: float = 0.95, seed: int = 0
) -> ErrorRateTable:
    """Every figure per system x corpus x topic type with its interval (module docstring)."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence is between 0 and 1, got {confidence}")
    if n_resamples < 0:
        raise ValueError(f"n_resamples is 0 or more, got {n_resamples}")
    sums, type_names = _per_summary(data)
    n_columns = sums.shape[1]
    systems = np.asarray(data.system[1]).astype(str)
    corpora = np.asarray(data.corpus[1]).astype(str)
    topic_types = np.asarray(data.topic_type[1]).astype(str)
    system_code = np.asarray(data.system[0], dtype=np.int64)
    corpus_code = np.asarray(data.corpus[0], dtype=np.int64)
    type_code = np.asarray(data.topic_type[0], dtype=np.int64)
    # Fine groups: (system, corpus, topic type) as one code.
    n_sys, n_corp, n_type = len(systems), len(corpora), len(topic_types)
    fine = (system_code * n_corp + corpus_code) * n_type + type_code
    n_fine = n_sys * n_corp * n_type
    point = np.zeros((n_fine, n_columns))
    summaries = np.bincount(fine, minlength=n_fine)
    replicates = np.zeros((n_resamples, n_fine, n_columns))
    units = np.zeros(n_fine, dtype=np.int64)  # per fine group, its units
    n_units = 0  # a unit is in one stratum
    stratum = corpus_code * n_type + type_code
    for k in np.unique(stratum).tolist():
        members = np.flatnonzero(stratum == k)
        corpus, topic_type = corpora[k // n_type], topic_types[k % n_type]
        # A unit is one cluster; a unit's summaries share its corpus and topic type.
        clusters, cluster = np.unique(data.unit[members], return_inverse=True)
        cluster = cluster.reshape(-1)
        present, local_system = np.unique(system_code[members], return_inverse=True)
        local_system = local_system.reshape(-1)
        width = len(present) * n_columns
        flat = (cluster * len(present) + local_system)[:, None] * n_columns + np.arange(n_columns)
        matrix = np.bincount(
            flat.ravel(), weights=sums[members].ravel(), minlength=len(clusters) * width
        ).reshape(len(clusters), width)
        groups = (present * n_corp + k // n_type) * n_type + k % n_type
        point[groups] = matrix.sum(axis=0).reshape(len(present), n_columns)
        n_units += len(clusters)
        # Units per (system, stratum): the distinct (cluster, system) pairs.
        pairs = np.unique(cluster * len(present) + local_system)
        units[groups] = np.bincount(pairs % len(present), minlength=len(present))
        if n_resamples:
            drawn = resampled_sums(
                matrix,
                n_resamples=n_resamples,
                seed=_stratum_seed(seed, str(corpus), str(topic_type)),
            )
            replicates[:, groups, :] = drawn.reshape(n_resamples, len(present), n_columns)
    rows = _rows(
        point=point,
        replicates=replicates,
        summaries=summaries,
        units=units,
        systems=systems,
        corpora=corpora,
        topic_types=topic_types,
        type_names=type_names,
        confidence=confidence,
        with_intervals=n_resamples > 0,
    )
    notes = []
    if n_units < 20:
        notes.append(
            f"only {n_units} (dialogue, topic) units: a bootstrap by unit"
            " has few distinct resamples, so the intervals are rough"
        )
    return ErrorRateTable(
        rows=tuple(rows),
        error_types=(*type_names, NO_TYPE),
        n_resamples=n_resamples,
        confidence=confidence,
        seed=seed,
        notes=tuple(notes),
    )


def _rows(
    *,
    point: np.ndarray,
    replicates: np.ndarray,
    summaries: np.ndarray,
    units: np.ndarray,
    systems: np.ndarray,
    corpora: np.ndarray,
    topic_types: np.ndarray,
    type_names: list[str],
    confidence: float,
    with_intervals: bool,
) -> list[GroupRow]:
    n_corp, n_type = len(corpora), len(topic_types)
    corpus_order = sorted(range(n_corp), key=lambda c: str(corpora[c]))
    type_order = sorted(range(n_type), key=lambda t: TOPIC_TYPES.index(str(topic_types[t])))
    # The rows: each system x (each corpus, then all) x (each topic type, then all), each a
    # set of fine groups; a row without summaries is left out.
    specs: list[tuple[int, str, str, list[int]]] = []
    for s in sorted(range(len(systems)), key=lambda s: str(systems[s])):
        corpus_choices: list[tuple[str, list[int]]] = [(str(corpora[c]), [c]) for c in corpus_order]
        if n_corp > 1:
            corpus_choices.append((ALL, corpus_order))
        for corpus_name, cs in corpus_choices:
            present_types = [
                t for t in type_order if any(summaries[(s * n_corp + c) * n_type + t] for c in cs)
            ]
            type_choices: list[tuple[str, list[int]]] = [
                (str(topic_types[t]), [t]) for t in present_types
            ]
            if len(present_types) > 1:
                type_choices.append((ALL, present_types))
            for type_name, ts in type_choices:
                groups = [(s * n_corp + c) * n_type + t for c in cs for t in ts]
                if summaries[groups].sum():
                    specs.append((s, corpus_name, type_name, groups))
    if not specs:
        return []
    aggregate = np.zeros((point.shape[0], len(specs)))
    for r, (_, _, _, groups) in enumerate(specs):
        aggregate[groups, r] = 1.0
    row_point = aggregate.T @ point  # rows x columns
    n_stats = len(_STATS)
    numerators = [n for n, _ in _RATIOS] + [n_stats + t for t in range(len(type_names) + 1)]
    denominators = [d for _, d in _RATIOS] + [0] * (len(type_names) + 1)
    values = _ratio(row_point[:, numerators], row_point[:, denominators])
    if with_intervals:
        row_replicates = np.einsum("bgk,gr->brk", replicates, aggregate, optimize=True)
        ratios = _ratio(row_replicates[:, :, numerators], row_replicates[:, :, denominators])
        low, high = interval(ratios.reshape(len(ratios), -1), confidence)
        low = low.reshape(len(specs), len(numerators))
        high = high.reshape(len(specs), len(numerators))
    rows = []
    for r, (s, corpus_name, type_name, groups) in enumerate(specs):
        estimates = []
        for m in range(len(numerators)):
            n = round(row_point[r, denominators[m]])
            value = None if n == 0 else float(values[r, m])
            lo = hi = None
            if with_intervals and n and not np.isnan(low[r, m]):
                lo, hi = float(low[r, m]), float(high[r, m])
            estimates.append(Estimate(value, lo, hi, n))
        type_shares = tuple(
            TypeShare(
                type=name,
                count=round(row_point[r, n_stats + t]),
                share=estimates[len(_RATIOS) + t],
            )
            for t, name in enumerate([*type_names, NO_TYPE])
        )
        rows.append(
            GroupRow(
                system=str(systems[s]),
                corpus=corpus_name,
                topic_type=type_name,
                summaries=int(summaries[groups].sum()),
                units=int(units[groups].sum()),  # a unit is in one stratum
                metrics={key: estimates[m] for m, key in enumerate(METRIC_KEYS)},
                inconsistent_sentences=round(row_point[r, 0]),
                types=type_shares,
            )
        )
    return rows


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        safe = np.where(denominator > 0, denominator, 1)
        return np.where(denominator > 0, numerator / safe, np.nan)
