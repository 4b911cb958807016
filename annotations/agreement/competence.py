"""The ``competence`` section of an agreement report: per question, Dawid-Skene and MACE
estimates of each annotator's competence with an interval, and the posterior label
distribution of the items (docs/agreement.md, "Competence and soft labels"). Pure.

Only nominal questions with categories are modelled. An ordinal scale (relevance 1-5) is
not: both models treat classes as unordered, so a 4 read as a 5 would count like a 1 read as
a 5; its binned question (relevance {1,2} / {3,4,5}) is modelled instead.

Items' posteriors are reported per *label pattern* (who gave which label): every item with
the same pattern has the same posterior, so the patterns are the whole table in a few rows;
a release writes them per sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from annotations.agreement.dawid_skene import N_RESAMPLES, DawidSkeneResult, dawid_skene
from annotations.agreement.errors import AgreementError
from annotations.agreement.label_patterns import entropy_bits, label_patterns
from annotations.agreement.mace import MaceResult, mace
from annotations.agreement.report import SEED, QuestionInput, SpanQuestionInput, round_figure

MODELLED_LEVELS = ("nominal",)
# Patterns listed per question, most frequent first; the rest are counted in n_patterns.
MAX_PATTERNS = 20
# An item whose posterior entropy is above this many bits is counted as uncertain: with two
# classes, 0.47 bits is a 90/10 posterior.
UNCERTAIN_BITS = 0.469


def competence_section(
    questions: Sequence[QuestionInput | SpanQuestionInput],
    *,
    seed: int = SEED,
    n_resamples: int = N_RESAMPLES,
) -> dict[str, Any]:
    """``{"questions": [...]}``: one entry per question with categories (see
    ``question_competence``)."""
    return {
        "questions": [
            question_competence(question, seed=seed, n_resamples=n_resamples)
            for question in questions
            if isinstance(question, QuestionInput)
            and question.level in MODELLED_LEVELS
            and question.categories
        ]
    }


def _names(question: QuestionInput) -> list[str]:
    names: Mapping[Any, str] = question.category_names or {}
    return [names.get(c, str(c)) for c in question.categories or ()]


def question_competence(
    question: QuestionInput, *, seed: int = SEED, n_resamples: int = N_RESAMPLES
) -> dict[str, Any]:
    """One question's models. ``annotators``: per annotator, Dawid-Skene's ``accuracy`` (the
    probability their label is the true one) with a bootstrap interval over items, the
    ``recall`` per true class (their confusion matrix's diagonal) with intervals, the whole
    ``confusion`` (rows: true class, columns: their label), and MACE's ``competence`` (the
    probability they know rather than guess) with its posterior interval. ``classes``: the
    categories in words; ``priors``: each class's estimated share; ``items``: the items'
    posteriors (per pattern) and how many are uncertain or change label against the
    majority. ``note`` says why a question has no estimate."""
    labels = _names(question)
    entry: dict[str, Any] = {
        "key": question.key,
        "label": question.label,
        "classes": labels,
        "n_items": 0,
        "n_raters": len(question.raters),
        "priors": None,
        "annotators": [],
        "items": None,
        "note": None,
    }
    categories = list(question.categories or ())
    try:
        patterns = label_patterns(question.matrix, categories=categories)
        ds = dawid_skene(None, patterns=patterns, n_resamples=n_resamples, seed=seed)
        mc = mace(None, patterns=patterns, seed=seed)
    except AgreementError as error:
        entry["note"] = str(error)
        return entry
    if not (ds.patterns.codes >= 0).sum(axis=1).max() >= 2:
        entry["note"] = (
            "No item has labels from two annotators: competence cannot be told apart from"
            " the items' difficulty."
        )
        return entry
    entry.update(
        n_items=ds.n_items,
        priors=[round_figure(p) for p in ds.priors],
        annotators=_annotators(question, ds, mc, labels),
        items=_items(question, ds, mc, labels),
        converged=ds.converged,
    )
    return entry


def _interval(pair: np.ndarray | None) -> list[float | None] | None:
    return None if pair is None else [round_figure(pair[0]), round_figure(pair[1])]


def _annotators(
    question: QuestionInput, ds: DawidSkeneResult, mc: MaceResult, labels: list[str]
) -> list[dict[str, Any]]:
    rows = []
    for r, rater in enumerate(question.raters):
        rows.append(
            {
                "annotator": rater,
                "n_labels": int(ds.n_labels[r]),
                "accuracy": {
                    "value": round_figure(ds.accuracy[r]),
                    "ci": _interval(None if ds.accuracy_ci is None else ds.accuracy_ci[r]),
                },
                "recall": [
                    {
                        "label": labels[k],
                        "value": round_figure(ds.confusion[r, k, k]),
                        "ci": _interval(None if ds.recall_ci is None else ds.recall_ci[r, k]),
                    }
                    for k in range(len(labels))
                ],
                "confusion": [[round_figure(v) for v in row] for row in ds.confusion[r]],
                "mace": {
                    "value": round_figure(mc.competence[r]),
                    "ci": _interval(mc.competence_ci[r]),
                },
            }
        )
    return rows


def _items(
    question: QuestionInput, ds: DawidSkeneResult, mc: MaceResult, labels: list[str]
) -> dict[str, Any]:
    patterns = ds.patterns
    counts = patterns.counts
    entropy = entropy_bits(ds.pattern_posteriors)
    votes = patterns.one_hot().sum(axis=1)
    top = votes.max(axis=1, keepdims=True)
    # The majority is unique when one class has the most votes; a tie has none.
    unique_majority = (votes == top).sum(axis=1) == 1
    mode = ds.pattern_posteriors.argmax(axis=1)
    changed = unique_majority & (mode != votes.argmax(axis=1))
    order = np.argsort(-counts, kind="stable")[:MAX_PATTERNS]
    return {
        "mean_entropy": round_figure(float((entropy * counts).sum() / counts.sum())),
        "n_uncertain": int(counts[entropy > UNCERTAIN_BITS].sum()),
        "n_changed": int(counts[changed].sum()),
        "n_tied": int(counts[~unique_majority].sum()),
        "n_patterns": int(patterns.codes.shape[0]),
        "patterns": [
            {
                "labels": {
                    question.raters[r]: labels[code]
                    for r, code in enumerate(patterns.codes[p])
                    if code >= 0
                },
                "n_items": int(counts[p]),
                "posterior": {
                    labels[k]: round_figure(ds.pattern_posteriors[p, k]) for k in range(len(labels))
                },
                "mace": {
                    labels[k]: round_figure(mc.pattern_posteriors[p, k]) for k in range(len(labels))
                },
                "entropy": round_figure(entropy[p]),
            }
            for p in order
        ],
    }
