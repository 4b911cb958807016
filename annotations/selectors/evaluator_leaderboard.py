"""A release's evaluator leaderboard (docs/evaluation.md): every stored run joined to the
release's gold records and scored by ``annotations.evaluator_scores``.

Per evaluator, its first run is scored (the figures), and its runs together give its
self-agreement. Sentence-level figures use the sentence predictions; summary-level figures
use a run's summary predictions, or else derive them from its sentence predictions as
TofuEval does: a summary is as consistent as its least consistent sentence (the minimum
score; for labels, inconsistent if any sentence is), then thresholded on its own dev split.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from annotations.content_cache import ContentCache
from annotations.evaluator_scores import (
    Coded,
    EvaluatorScoreError,
    LevelRecords,
    RunValues,
    flags,
    level_leaderboard,
    self_agreement,
    tune_threshold,
)
from annotations.evaluator_scores.explanation_share import same_share
from annotations.evaluator_scores.strata import STRATA, stratum_thresholds
from annotations.formats.predictions import Predictions
from annotations.formats.release_records import UNJUDGED, ReleaseRecords
from annotations.models import (
    AssignmentStatus,
    EvaluatorRun,
    ExplanationJudgement,
    ExplanationVerdict,
    Release,
)
from annotations.selectors.evaluator_beyond import beyond_figures
from annotations.services.evaluator_runs import release_checksum, release_records, run_predictions

LEVELS = ("sentence", "summary")


def levels_of(records: ReleaseRecords) -> dict[str, tuple[np.ndarray, LevelRecords]]:
    """Per level: the indices of its judged records, and those records for scoring."""
    summaries = records.summaries
    sentences = records.sentences
    judged_sentences = np.flatnonzero(sentences.label != UNJUDGED)
    owner = sentences.summary[judged_sentences]
    judged_summaries = np.flatnonzero(summaries.label != UNJUDGED)

    def groups(index: np.ndarray) -> dict[str, np.ndarray | Coded]:
        return {
            "corpus": summaries.coded_field("corpus", index),
            "topic_type": summaries.coded_field("topic_category", index),
            "system": summaries.coded_field("system", index),
            # The summarizer's category given at import ("" where none: no group).
            "system_category": summaries.coded_field("system_category", index),
        }

    return {
        "sentence": (
            judged_sentences,
            LevelRecords(
                inconsistent=sentences.label[judged_sentences] == 1,
                document=summaries.document[owner],
                split=summaries.field("split", owner),
                groups=groups(owner),
                types=sentences.error_types.take(judged_sentences),
            ),
        ),
        "summary": (
            judged_summaries,
            LevelRecords(
                inconsistent=summaries.label[judged_summaries] == 1,
                document=summaries.document[judged_summaries],
                split=summaries.field("split", judged_summaries),
                groups=groups(judged_summaries),
            ),
        ),
    }


def _summary_values(predictions: Predictions, records: ReleaseRecords) -> np.ndarray:
    """The run's summary values: given, or the minimum over the summary's sentences."""
    if not np.isnan(predictions.summary_values).all():
        return predictions.summary_values
    derived = np.full(len(records.summaries), np.inf)
    np.minimum.at(derived, records.sentences.summary, predictions.sentence_values)
    derived[np.isinf(derived)] = np.nan
    return derived


def _values(predictions: Predictions, records: ReleaseRecords, level: str) -> np.ndarray:
    if level == "sentence":
        return predictions.sentence_values
    return _summary_values(predictions, records)


def run_calls(run: RunValues, level: LevelRecords) -> np.ndarray:
    """A run's binary calls at its own threshold, tuned as the leaderboard tunes it."""
    if run.kind == "label":
        return flags(run, None)
    dev = level.split == "dev"
    tune_on = dev if dev.any() and (level.split == "test").any() else np.ones(len(dev), bool)
    return flags(run, tune_threshold(run.values[tune_on], level.inconsistent[tune_on]).value)


def release_leaderboard(
    release: Release, *, n_resamples: int = 1000, confidence: float = 0.95, seed: int = 0
) -> dict[str, Any]:
    """Every evaluator's figures on ``release``, per level, with intervals."""
    records = release_records(release)
    levels = levels_of(records)
    runs = list(
        EvaluatorRun.objects.filter(release=release)
        .select_related("evaluator")
        .order_by("evaluator__name", "number")
    )
    by_evaluator: dict[str, list[EvaluatorRun]] = {}
    for run in runs:
        by_evaluator.setdefault(run.evaluator.name, []).append(run)
    loaded = {run.pk: run_predictions(run) for run in runs}
    report: dict[str, Any] = {
        "release": f"{release.project.slug}@{release.version}",
        "evaluators": [
            {
                "name": name,
                "kind": group[0].evaluator.kind,
                "runs": [run.number for run in group],
                "scored_run": group[0].number,
                "predictions": group[0].kind,
            }
            for name, group in by_evaluator.items()
        ],
        "levels": {},
        # Thresholds tuned per stratum (corpus, summarizer category) on its own dev split.
        "strata": {},
        "self_agreement": {},
        # Explanation rounds (TofuEval App. H): the share judged to name the same error.
        "explanations_same": explanation_shares(
            release, n_resamples=n_resamples, confidence=confidence, seed=seed
        ),
    }
    for level, (index, level_records) in levels.items():
        scored: dict[str, RunValues] = {}
        every: dict[str, list[RunValues]] = {}
        for name, group in by_evaluator.items():
            for run in group:
                values = _values(loaded[run.pk], records, level)[index]
                if np.isnan(values).any():
                    continue  # this run does not predict this level
                every.setdefault(name, []).append(RunValues(run.kind, values))  # type: ignore[arg-type]
            if name in every:
                scored[name] = every[name][0]
        if not scored or not len(index):
            report["levels"][level] = None
            continue
        try:
            report["levels"][level] = level_leaderboard(
                level_records,
                scored,
                n_resamples=n_resamples,
                confidence=confidence,
                seed=seed,
            )
        except EvaluatorScoreError as error:
            report["levels"][level] = {"error": str(error)}
            continue
        report["strata"][level] = stratum_thresholds(
            level_records,
            scored,
            {name: level_records.groups[name] for name in STRATA},
            n_resamples=n_resamples,
            confidence=confidence,
            seed=seed,
        )
        for name, repeated in every.items():
            if len(repeated) < 2:
                continue
            calls = [run_calls(run, level_records) for run in repeated]
            report["self_agreement"].setdefault(name, {})[level] = self_agreement(
                calls,
                level_records.document,
                n_resamples=n_resamples,
                confidence=confidence,
                seed=seed,
            )
    report.update(
        beyond_figures(
            records,
            {name: loaded[group[0].pk] for name, group in by_evaluator.items()},
            n_resamples=n_resamples,
            confidence=confidence,
            seed=seed,
        )
    )
    return report


# Runs are immutable and so is a published release: the same runs on the same release give the
# same figures, kept for the process's next request (a million records take ~3 s to score).
LEADERBOARD_CACHE: ContentCache[dict[str, Any]] = ContentCache(4)


def leaderboard_key(release: Release, runs: list[EvaluatorRun]) -> tuple[Any, ...]:
    """What the figures are computed from and what they show, by content: the release's
    checksum and, per run, its file's checksum with the names and numbers the report prints.
    Never database ids, which a test database or a restored backup hands out again."""
    return (
        release_checksum(release),
        release.project.slug,
        release.version,
        tuple(
            sorted(
                (run.evaluator.name, run.evaluator.kind, run.number, run.kind, run.sha256)
                for run in runs
            )
        ),
    )


def cached_release_leaderboard(release: Release) -> dict[str, Any]:
    """``release_leaderboard`` with the default resampling, reused while the release and its
    runs are the same; the explanation shares are read each time, since verdicts of
    explanation rounds keep coming after the runs are stored."""
    runs = list(EvaluatorRun.objects.filter(release=release).select_related("evaluator"))
    figures = LEADERBOARD_CACHE.get(
        leaderboard_key(release, runs), lambda: release_leaderboard(release)
    )
    return {**figures, "explanations_same": explanation_shares(release)}


def explanation_shares(
    release: Release, *, n_resamples: int = 1000, confidence: float = 0.95, seed: int = 0
) -> dict[str, dict[str, Any]]:
    """evaluator name -> the share of its explanations judged "same error" in the explanation
    rounds of this release's runs (verdicts of submitted assignments only)."""
    rows = list(
        ExplanationJudgement.objects.filter(
            item__run__release=release,
            sheet__assignment__status=AssignmentStatus.SUBMITTED,
        )
        .exclude(verdict="")
        .values_list(
            "item__run__evaluator__name", "verdict", "item__sentence__summary__topic__document_id"
        )
    )
    by_evaluator: dict[str, list[tuple[str, int]]] = {}
    for name, verdict, document in rows:
        by_evaluator.setdefault(name, []).append((verdict, document))
    return {
        name: same_share(
            np.array([verdict == ExplanationVerdict.SAME for verdict, _ in verdicts]),
            np.array([document for _, document in verdicts]),
            n_resamples=n_resamples,
            confidence=confidence,
            seed=seed,
        )
        for name, verdicts in sorted(by_evaluator.items())
    }
