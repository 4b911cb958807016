"""Evaluator figures beyond balanced accuracy (issue 32, docs/evaluation.md "Beyond balanced
accuracy"), each with a bootstrap interval resampling documents (``shares.py``):

- span-F1 per error category, exact and overlap (the circumstantial-inference study), with
  the span matching of the agreement engine (``annotations/agreement/spans.py``);
- key-fact matching accuracy, and the completeness and conciseness a model's matches give
  (FineSurE);
- ACU-level accuracy and the ACU score a model's verdicts give (ACUEval);
- error-type accuracy on the sentences a run names types for (FineSurE Table 2);
- the success ratio: the share of records a run gave a verdict on (not ``abstain``).

Nothing here is tuned, so every figure is measured on all judged records. Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from annotations.agreement.spans import pair_counts
from annotations.evaluator_scores.shares import f1_figures, per_document, ratio_figures
from annotations.formats.key_fact_matches import KeyFactMatches

GoldSpan = tuple[int, int, str]
ALL_CATEGORIES = "all"


def _span_counts(
    gold: frozenset[tuple[int, int]], predicted: frozenset[tuple[int, int]]
) -> list[int]:
    """(matched gold, gold, matched predicted, predicted) for exact, then for overlap."""
    exact = len(gold & predicted)
    overlap = pair_counts(gold, predicted, "overlap")
    return [exact, len(gold), exact, len(predicted), *overlap]


def span_scores(
    gold: Sequence[Sequence[GoldSpan]],
    predicted: Sequence[Sequence[Sequence[Any]] | None],
    documents: np.ndarray,
    n_documents: int,
    *,
    n_resamples: int,
    confidence: float,
    seed: int,
) -> dict[str, Any]:
    """Span-F1 over sentences (``gold``: each sentence's gold spans; ``predicted``: the run's
    spans for it, ``[start, end]`` or ``[start, end, type]``, None for none), micro-averaged
    over all spans: overall (``all``, types ignored) and per gold error category (a predicted
    span counts toward a category when it names it)."""
    categories = sorted({t for spans in gold for _, _, t in spans if t})
    names = [ALL_CATEGORIES, *categories]
    counts = np.zeros((n_documents, 8 * len(names)))
    for index, (gold_spans, given) in enumerate(zip(gold, predicted, strict=True)):
        if not gold_spans and not given:
            continue
        run_spans = [(int(s[0]), int(s[1]), str(s[2]) if len(s) > 2 else "") for s in given or ()]
        for c, name in enumerate(names):
            wanted = frozenset(
                (a, b) for a, b, t in gold_spans if name == ALL_CATEGORIES or t == name
            )
            got = frozenset((a, b) for a, b, t in run_spans if name == ALL_CATEGORIES or t == name)
            if wanted or got:
                counts[documents[index], 8 * c : 8 * c + 8] += _span_counts(wanted, got)
    # Reorder to (exact columns of every category, then overlap ones) for f1_figures.
    exact = np.concatenate([counts[:, 8 * c : 8 * c + 4] for c in range(len(names))], axis=1)
    overlap = np.concatenate([counts[:, 8 * c + 4 : 8 * c + 8] for c in range(len(names))], axis=1)
    options: dict[str, Any] = {"n_resamples": n_resamples, "confidence": confidence, "seed": seed}
    exact_f1 = f1_figures(exact, **options)
    overlap_f1 = f1_figures(overlap, **options)
    totals = counts.sum(axis=0)
    return {
        name: {
            "exact": exact_f1[c],
            "overlap": overlap_f1[c],
            "gold_spans": int(totals[8 * c + 1]),
            "predicted_spans": int(totals[8 * c + 3]),
        }
        for c, name in enumerate(names)
    }


UNDECIDED = -1  # a gold key fact no annotator decided


def key_fact_scores(
    gold_offsets: np.ndarray,
    gold: np.ndarray,
    matches: KeyFactMatches,
    sentences: np.ndarray,
    documents: np.ndarray,
    n_documents: int,
    *,
    n_resamples: int,
    confidence: float,
    seed: int,
) -> dict[str, Any]:
    """Key-fact matching (FineSurE) of the summaries ``matches`` gives, row ``k`` for its
    ``k``-th summary: ``gold[gold_offsets[k]:gold_offsets[k + 1]]`` the gold coverage of
    each of its key facts (1 covered, 0 not, ``UNDECIDED``), ``sentences[k]`` how many
    sentences it has, ``documents[k]`` its document.

    Returns the matching accuracy over (summary, key fact) pairs decided by both, and per
    summary the model's completeness (covered facts / facts) and conciseness (sentences it
    aligns to some fact / sentences; only when every match lists sentences), nan where not
    given. A summary without gold key facts is skipped; one whose list is not as long as the
    gold list is left out and counted. All of it vectorised over the flat arrays."""
    size = len(matches)
    given = matches.fact_counts
    wanted = np.diff(gold_offsets)
    has_gold = wanted > 0
    scored = has_gold & (given == wanted)
    # The facts of the scored summaries (rows), in segments by ``offsets``, with their gold
    # values. Usually every summary is scored and the arrays are taken as they are.
    if scored.all():
        rows = np.arange(size)
        offsets, truth = matches.fact_offsets, gold
        calls, listed = matches.covered, matches.listed
    else:
        rows = np.flatnonzero(scored)
        owner_of_fact = np.repeat(np.arange(size), given)
        facts = np.flatnonzero(scored[owner_of_fact])
        owner = owner_of_fact[facts]
        truth = gold[gold_offsets[owner] + facts - matches.fact_offsets[owner]]
        calls, listed = matches.covered[facts], matches.listed[facts]
        offsets = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum(given[rows], out=offsets[1:])
    decided = truth != UNDECIDED
    document = documents[rows]
    # Per summary, then per document: integer counts, so the float sums are exact.
    n_decided = np.bincount(
        document, weights=_segment_sums(decided, offsets), minlength=n_documents
    )
    correct = np.bincount(
        document,
        weights=_segment_sums(decided & (truth == calls), offsets),
        minlength=n_documents,
    )
    completeness = np.full(size, np.nan)
    conciseness = np.full(size, np.nan)
    completeness[rows] = _segment_sums(calls, offsets) / given[rows]
    # Conciseness: the distinct sentence numbers, within the summary, of its facts' lists,
    # for the scored summaries whose every match lists sentences.
    aligned = np.zeros(size, dtype=bool)
    aligned[rows] = (_segment_sums(~listed, offsets) == 0) & (sentences[rows] > 0)
    # Each summary's sentence numbers are one segment of ``matches.sentences``.
    number_offsets = matches.sentence_offsets[matches.fact_offsets]
    row = np.repeat(np.arange(size), np.diff(number_offsets))
    numbers = matches.sentences.astype(np.int64)
    keep = aligned[row] & (numbers >= 1) & (numbers <= sentences[row])
    # Each summary's sentences as slots of one flat mask, marked where some fact names
    # them (a mask, not np.unique of the pairs: that cost ~20x more on 200,000 summaries).
    first_slot = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(sentences, out=first_slot[1:])
    mark = np.zeros(int(first_slot[-1]), dtype=bool)
    mark[first_slot[row[keep]] + numbers[keep] - 1] = True
    stated = _segment_sums(mark, first_slot)
    with np.errstate(divide="ignore", invalid="ignore"):
        conciseness[aligned] = (stated / sentences)[aligned]
    (accuracy,) = ratio_figures(
        correct, n_decided, n_resamples=n_resamples, confidence=confidence, seed=seed
    )
    return {
        "accuracy": accuracy,
        "pairs": int(n_decided.sum()),
        "mismatched_summaries": int(np.count_nonzero(has_gold & (given != wanted))),
        "completeness": completeness,
        "conciseness": conciseness,
    }


def _segment_sums(values: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """The sum of each segment ``values[offsets[k]:offsets[k + 1]]`` (empty ones 0), from one
    cumulative sum: cheaper than a bincount by owner, which needs an owner per value."""
    total = np.zeros(len(values) + 1, dtype=np.int64)
    np.cumsum(values, out=total[1:])
    return total[offsets[1:]] - total[offsets[:-1]]


def acu_scores(
    gold: Sequence[Sequence[bool | None]],
    predicted: Sequence[Sequence[bool] | None],
    documents: np.ndarray,
    n_documents: int,
    *,
    n_resamples: int,
    confidence: float,
    seed: int,
) -> dict[str, Any]:
    """ACU verification (ACUEval): accuracy of the model's verdicts over the ACUs with a gold
    verdict, and per summary the model's ACU score (supported / ACUs; nan where not given). A
    summary whose list is not as long as its gold ACUs is left out and counted."""
    correct = np.zeros(n_documents)
    decided = np.zeros(n_documents)
    score = np.full(len(gold), np.nan)
    mismatched = 0
    for index, (facts, given) in enumerate(zip(gold, predicted, strict=True)):
        if given is None or not facts:
            continue
        if len(given) != len(facts):
            mismatched += 1
            continue
        for truth, call in zip(facts, given, strict=True):
            if truth is not None:
                decided[documents[index]] += 1
                correct[documents[index]] += truth == call
        score[index] = sum(given) / len(given)
    (accuracy,) = ratio_figures(
        correct, decided, n_resamples=n_resamples, confidence=confidence, seed=seed
    )
    return {
        "accuracy": accuracy,
        "acus": int(decided.sum()),
        "mismatched_summaries": mismatched,
        "score": score,
    }


def type_accuracy(
    gold: Sequence[tuple[str, ...]],
    predicted: Sequence[tuple[str, ...] | None],
    documents: np.ndarray,
    n_documents: int,
    *,
    n_resamples: int,
    confidence: float,
    seed: int,
) -> dict[str, Any]:
    """Error-type prediction (FineSurE Table 2) over the sentences with gold types that the
    run names types for: ``match`` the share where a predicted type is among the gold ones,
    ``exact`` the share where the sets are equal."""
    hits = np.zeros(n_documents)
    exact = np.zeros(n_documents)
    scored = np.zeros(n_documents)
    for index, (truth, given) in enumerate(zip(gold, predicted, strict=True)):
        if not truth or not given:
            continue
        document = documents[index]
        scored[document] += 1
        hits[document] += bool(set(truth) & set(given))
        exact[document] += set(truth) == set(given)
    match, same = ratio_figures(
        np.stack([hits, exact], axis=1),
        np.stack([scored, scored], axis=1),
        n_resamples=n_resamples,
        confidence=confidence,
        seed=seed,
    )
    return {"match": match, "exact": same, "sentences": int(scored.sum())}


def success_ratio(given: int, abstained: int) -> dict[str, Any]:
    """The share of records a run gave a verdict on (FineSurE's success ratio)."""
    return {
        "records": given,
        "abstained": abstained,
        "ratio": round((given - abstained) / given, 6) if given else None,
    }


__all__ = [
    "acu_scores",
    "key_fact_scores",
    "per_document",
    "span_scores",
    "success_ratio",
    "type_accuracy",
]
