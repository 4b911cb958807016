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


def covered(entry: bool | Sequence[int]) -> bool:
    """A model's key-fact match: ``true``/``false``, or the sentences stating it (none: not
    covered)."""
    return bool(entry) if isinstance(entry, bool) else len(entry) > 0


def key_fact_scores(
    gold: Sequence[Sequence[bool | None]],
    predicted: Sequence[Sequence[bool | Sequence[int]] | None],
    sentences: Sequence[int],
    documents: np.ndarray,
    n_documents: int,
    *,
    n_resamples: int,
    confidence: float,
    seed: int,
) -> dict[str, Any]:
    """Key-fact matching (FineSurE): per summary, ``gold`` the gold coverage of each key fact
    (None: not decided), ``predicted`` the model's match of each (None: not given), and
    ``sentences`` how many sentences the summary has.

    Returns the matching accuracy over (summary, key fact) pairs decided by both, and per
    summary the model's completeness (covered facts / facts) and conciseness (sentences it
    aligns to some fact / sentences; only when every match lists sentences), nan where not
    given. A summary whose list is not as long as the gold list is left out and counted."""
    correct = np.zeros(n_documents)
    decided = np.zeros(n_documents)
    completeness = np.full(len(gold), np.nan)
    conciseness = np.full(len(gold), np.nan)
    mismatched = 0
    for index, (facts, given) in enumerate(zip(gold, predicted, strict=True)):
        if given is None or not facts:
            continue
        if len(given) != len(facts):
            mismatched += 1
            continue
        calls = [entry if entry is True or entry is False else len(entry) > 0 for entry in given]
        document = documents[index]
        pairs: list[tuple[bool | None, bool]] = list(zip(facts, calls, strict=True))
        if None in facts:
            pairs = [(truth, call) for truth, call in pairs if truth is not None]
        decided[document] += len(pairs)
        correct[document] += sum(truth == call for truth, call in pairs)
        completeness[index] = sum(calls) / len(calls)
        if sentences[index] and not any(entry is True or entry is False for entry in given):
            stated = {n for entry in given for n in entry if 1 <= n <= sentences[index]}  # type: ignore[union-attr]
            conciseness[index] = len(stated) / sentences[index]
    (accuracy,) = ratio_figures(
        correct, decided, n_resamples=n_resamples, confidence=confidence, seed=seed
    )
    return {
        "accuracy": accuracy,
        "pairs": int(decided.sum()),
        "mismatched_summaries": mismatched,
        "completeness": completeness,
        "conciseness": conciseness,
    }


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
