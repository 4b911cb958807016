"""Agreement benchmark: the full agreement report of a large synthetic round.

    .venv/bin/python bench/bench_agreement.py [--sentences 100000] [--raters 3]
                                              [--missing 0.1] [--resamples 1000]
                                              [--baseline-resamples 20] [--repeat 3] [--seed 1]

Generates a seeded synthetic round: ``--sentences`` summary sentences (5 per summary, 5
summaries per topic) judged by ``--raters`` annotators who agree with a latent truth with some
probability, each judgement missing with probability ``--missing``. Then times the full report
of ``annotations.agreement``: every question's point estimate and a ``--resamples`` bootstrap
interval, including deriving each question's data from the round (summary labels from sentence
labels, bins, merged categories, the sentences with error types). The report runs ``--repeat``
times; the table is the last run, the totals of all runs are printed.

The baseline computes the same Krippendorff's alphas and intervals the naive way: draw unit
indices, call ``krippendorff.alpha`` on the resampled raters x units matrix, once per resample
in a Python loop. It runs ``--baseline-resamples`` resamples per question; its cost per
resample is extrapolated to the report's resample count. (The MASI baseline needs ~7 GB of
memory: the package builds units x values x values arrays, here 15,520 x 92 x 92.) Point
estimates of the engine (from per-pattern sufficient statistics) and of the package (on the
raw matrix) must agree to 1e-6; the script exits 1 if they do not, and 0 otherwise, whether
or not the time target is met.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any

import krippendorff
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from annotations.agreement import (  # noqa: E402  (needs the project root on sys.path)
    bootstrap_ci,
    category_counts,
    fleiss_kappa,
    krippendorff_alpha,
    masi_alpha,
    per_label_counts,
    percent_agreement,
)
from annotations.agreement.competence import competence_section  # noqa: E402
from annotations.agreement.label_sets import encode_label_sets  # noqa: E402
from annotations.agreement.masi import masi_distance_matrix, matrix_metric  # noqa: E402
from annotations.agreement.report import QuestionInput  # noqa: E402

TARGET_SECONDS = 2.0
MAX_ESTIMATE_DIFFERENCE = 1e-6
SENTENCES_PER_SUMMARY = 5
SUMMARIES_PER_TOPIC = 5
CONSISTENT, INCONSISTENT = 1.0, 0.0
# TofuEval's error types with a skewed frequency, as in real rounds
ERROR_TYPES = (
    "extrinsic-information",
    "mis-referencing",
    "stating-opinion-as-fact",
    "reasoning-error",
    "tense-modality-error",
    "contradiction",
    "nuanced-meaning-shift",
    "other",
)
ERROR_WEIGHTS = np.array([0.30, 0.18, 0.10, 0.14, 0.07, 0.09, 0.10, 0.02])
TOPIC_CATEGORIES = ("main", "marginal", "irrelevant")


@dataclass
class SyntheticRound:
    """One round's judgements, raters x units, ``nan``/``None`` where a judgement is missing."""

    sentence_consistency: np.ndarray  # 1 consistent, 0 inconsistent
    error_types: list[list[frozenset[str] | None]]  # per sentence, only when inconsistent
    relevance: np.ndarray  # 1..5 per summary
    not_a_summary: np.ndarray  # 1 yes, 0 no per summary
    topic_category: list[list[str | None]]  # per topic


def synthesize(n_sentences: int, n_raters: int, missing: float, seed: int) -> SyntheticRound:
    rng = np.random.default_rng(seed)
    n_summaries = n_sentences // SENTENCES_PER_SUMMARY
    n_topics = n_summaries // SUMMARIES_PER_TOPIC
    shape = (n_raters, n_sentences)
    # annotators differ a little in how often they see the truth
    accuracy = np.linspace(0.93, 0.87, n_raters)[:, np.newaxis]

    def drop(values: np.ndarray) -> np.ndarray:
        values = values.astype(np.float64)
        values[rng.random(values.shape) < missing] = np.nan
        return values

    truly_consistent = rng.random(n_sentences) < 0.85
    sees_truth = rng.random(shape) < accuracy
    says_consistent = np.where(sees_truth, truly_consistent, ~truly_consistent)
    sentence = drop(says_consistent)

    latent_errors = [_latent_error_set(rng) for _ in range(n_sentences)]
    error_types: list[list[frozenset[str] | None]] = []
    for rater in range(n_raters):
        row: list[frozenset[str] | None] = [None] * n_sentences
        for unit in np.flatnonzero(sentence[rater] == INCONSISTENT):
            if truly_consistent[unit]:
                row[unit] = frozenset({str(rng.choice(ERROR_TYPES, p=ERROR_WEIGHTS))})
            else:
                row[unit] = _perceived_error_set(rng, latent_errors[unit])
        error_types.append(row)

    latent_relevance = rng.choice([1, 2, 3, 4, 5], n_summaries, p=[0.05, 0.1, 0.2, 0.35, 0.3])
    shift = rng.choice([-1, 0, 1], (n_raters, n_summaries), p=[0.15, 0.7, 0.15])
    relevance = drop(np.clip(latent_relevance + shift, 1, 5))

    is_not_summary = rng.random(n_summaries) < 0.03
    flags = np.where(
        is_not_summary,
        rng.random((n_raters, n_summaries)) < 0.85,
        rng.random((n_raters, n_summaries)) < 0.01,
    )
    not_a_summary = drop(flags)

    latent_topic = rng.choice(3, n_topics, p=[0.6, 0.25, 0.15])
    other = (latent_topic + rng.integers(1, 3, (n_raters, n_topics))) % 3
    topic_codes = np.where(rng.random((n_raters, n_topics)) < 0.8, latent_topic, other)
    topic_missing = rng.random((n_raters, n_topics)) < missing
    topic_category = [
        [None if gone else TOPIC_CATEGORIES[code] for code, gone in zip(codes, holes, strict=True)]
        for codes, holes in zip(topic_codes.tolist(), topic_missing.tolist(), strict=True)
    ]
    return SyntheticRound(sentence, error_types, relevance, not_a_summary, topic_category)


def _latent_error_set(rng: np.random.Generator) -> frozenset[str]:
    size = 2 if rng.random() < 0.2 else 1
    return frozenset(rng.choice(ERROR_TYPES, size=size, replace=False, p=ERROR_WEIGHTS).tolist())


def _perceived_error_set(rng: np.random.Generator, latent: frozenset[str]) -> frozenset[str]:
    draw = rng.random()
    if draw < 0.65:
        return latent
    extra = str(rng.choice(ERROR_TYPES, p=ERROR_WEIGHTS))
    if draw < 0.8:
        return latent | {extra}
    if draw < 0.9 and len(latent) > 1:
        return frozenset(sorted(latent)[:1])
    return frozenset({extra})


# --- the report --------------------------------------------------------------------------


@dataclass
class Question:
    """One coefficient on one question's data, as the report computes it."""

    question: str
    coefficient: str
    function: Callable[..., float]
    args: tuple[Any, ...]
    kwargs: dict[str, Any] = field(default_factory=dict)
    # builds what the baseline hands to krippendorff.alpha (raters x units floats, level,
    # value domain); called outside the timed report
    baseline: Callable[[], tuple[np.ndarray, Any, np.ndarray]] | None = None


@dataclass
class Row:
    question: Question
    units: int
    patterns: int
    estimate: float
    engine_estimate: float
    low: float
    high: float
    seconds: float


def summary_consistency(sentence: np.ndarray) -> np.ndarray:
    """Per annotator: inconsistent if any of its sentences is, consistent if all are, else
    missing (a summary with an unjudged sentence and no inconsistent one is undecided)."""
    raters, n_sentences = sentence.shape
    per_summary = sentence[:, : n_sentences - n_sentences % SENTENCES_PER_SUMMARY].reshape(
        raters, -1, SENTENCES_PER_SUMMARY
    )
    any_inconsistent = (per_summary == INCONSISTENT).any(axis=2)
    all_consistent = (per_summary == CONSISTENT).all(axis=2)
    return np.where(any_inconsistent, INCONSISTENT, np.where(all_consistent, CONSISTENT, np.nan))


def build_questions(data: SyntheticRound) -> list[Question]:
    """Each question's data derived from the round (timed as part of the report)."""
    questions: list[Question] = []

    def alpha(name: str, matrix: Any, level: str, baseline: Callable[[], tuple]) -> None:
        questions.append(
            Question(
                name, f"alpha {level}", krippendorff_alpha, (matrix,), {"level": level}, baseline
            )
        )

    binary = np.array([0.0, 1.0])
    sentence = data.sentence_consistency
    alpha("sentence consistency", sentence, "nominal", lambda: (sentence, "nominal", binary))
    questions.append(
        Question("sentence consistency", "percent agreement", percent_agreement, (sentence,))
    )
    complete = category_counts(sentence).complete(sentence.shape[0])
    questions.append(
        Question("sentence consistency, complete", "Fleiss kappa", fleiss_kappa, (complete,))
    )
    summary = summary_consistency(sentence)
    alpha(
        "summary consistency (from sentences)",
        summary,
        "nominal",
        lambda: (summary, "nominal", binary),
    )

    flagged = np.flatnonzero((sentence == INCONSISTENT).any(axis=0))
    error_sets = [[row[unit] for unit in flagged] for row in data.error_types]
    questions.append(
        Question(
            "error types (flagged sentences)",
            "alpha MASI",
            masi_alpha,
            (error_sets,),
            {},
            lambda: masi_baseline(error_sets),
        )
    )
    for label, counts in per_label_counts(error_sets, labels=ERROR_TYPES).items():
        questions.append(Question(f"  error type {label}", "Fleiss kappa", fleiss_kappa, (counts,)))

    relevance = data.relevance
    alpha(
        "relevance 1-5", relevance, "ordinal", lambda: (relevance, "ordinal", np.arange(1.0, 6.0))
    )
    binned = np.where(np.isnan(relevance), np.nan, (relevance >= 3).astype(np.float64))
    alpha(
        "relevance binned {1,2} / {3,4,5}", binned, "nominal", lambda: (binned, "nominal", binary)
    )

    topics = data.topic_category
    merged = [[("marginal" if x == "irrelevant" else x) for x in row] for row in topics]
    alpha(
        "topic category",
        topics,
        "nominal",
        lambda: category_baseline(topics, TOPIC_CATEGORIES),
    )
    alpha(
        "topic category merged",
        merged,
        "nominal",
        lambda: category_baseline(merged, ("main", "marginal")),
    )
    flags = data.not_a_summary
    alpha("not a summary", flags, "nominal", lambda: (flags, "nominal", binary))
    return questions


def category_baseline(
    rows: list[list[str | None]], categories: tuple[str, ...]
) -> tuple[np.ndarray, str, np.ndarray]:
    """String labels as float codes with nan, which is what krippendorff.alpha can take."""
    code = {name: float(index) for index, name in enumerate(categories)}
    matrix = np.array([[np.nan if x is None else code[x] for x in row] for row in rows])
    return matrix, "nominal", np.arange(float(len(categories)))


def masi_baseline(error_sets: list[list[Any]]) -> tuple[np.ndarray, Any, np.ndarray]:
    coded = encode_label_sets(error_sets)
    matrix = np.where(coded.codes < 0, np.nan, coded.codes.astype(np.float64))
    metric = matrix_metric(masi_distance_matrix(coded.sets))
    return matrix, metric, np.arange(float(len(coded.sets)))


def competence_questions(data: SyntheticRound) -> list[QuestionInput]:
    """The nominal questions as the report's selector hands them over (lists of labels, None
    where missing), for Dawid-Skene and MACE (timed with the report). Ordinal relevance 1-5
    is not modelled (annotations/agreement/competence.py)."""
    raters = [f"annotator{r + 1}" for r in range(data.sentence_consistency.shape[0])]

    def labels(matrix: np.ndarray, names: dict[float, Any]) -> list[list[Any]]:
        return [[None if np.isnan(v) else names[v] for v in row.tolist()] for row in matrix]

    words = {CONSISTENT: "consistent", INCONSISTENT: "inconsistent"}
    binned = np.where(np.isnan(data.relevance), np.nan, (data.relevance >= 3).astype(float))
    return [
        QuestionInput(
            "sentence_consistency",
            "Sentence consistency",
            "nominal",
            raters,
            labels(data.sentence_consistency, words),
            categories=["consistent", "inconsistent"],
        ),
        QuestionInput(
            "summary_consistency",
            "Summary consistency",
            "nominal",
            raters,
            labels(summary_consistency(data.sentence_consistency), words),
            categories=["consistent", "inconsistent"],
        ),
        QuestionInput(
            "relevance_binned",
            "Relevance binned",
            "nominal",
            raters,
            labels(binned, {0.0: 0, 1.0: 1}),
            categories=[0, 1],
            category_names={0: "1-2", 1: "3-5"},
        ),
        QuestionInput(
            "topic_category",
            "Topic category",
            "nominal",
            raters,
            data.topic_category,
            categories=list(TOPIC_CATEGORIES),
        ),
        QuestionInput(
            "topic_category_merged",
            "Topic category merged",
            "nominal",
            raters,
            [
                [None if v is None else {"irrelevant": "marginal"}.get(v, v) for v in row]
                for row in data.topic_category
            ],
            categories=["main", "marginal"],
        ),
        QuestionInput(
            "not_a_summary",
            "Not a summary",
            "nominal",
            raters,
            labels(data.not_a_summary, {0.0: False, 1.0: True}),
            categories=[False, True],
            category_names={False: "a summary", True: "not a summary"},
        ),
    ]


@dataclass
class CompetenceTiming:
    question: str
    items: int
    patterns: int
    seconds: float
    accuracy: list[float]


def run_competence(data: SyntheticRound) -> tuple[list[CompetenceTiming], float]:
    """The report's ``competence`` section: Dawid-Skene with its bootstrap and MACE, per
    question with categories."""
    # The report hands the selector's label lists to every question's figures: building
    # them is part of deriving the questions, not counted again here.
    questions = competence_questions(data)
    started = time.perf_counter()
    cpu = time.process_time()
    timings = []
    for question in questions:
        begin = time.perf_counter()
        [entry] = competence_section([question])["questions"]
        timings.append(
            CompetenceTiming(
                question.key,
                entry["n_items"],
                entry["items"]["n_patterns"] if entry["items"] else 0,
                time.perf_counter() - begin,
                [a["accuracy"]["value"] for a in entry["annotators"]],
            )
        )
    global COMPETENCE_CPU_SECONDS
    COMPETENCE_CPU_SECONDS = time.process_time() - cpu
    return timings, time.perf_counter() - started


# CPU seconds of the last competence run: on a shared machine the wall time also counts the
# time other processes held the cores.
COMPETENCE_CPU_SECONDS = 0.0


def print_competence(timings: list[CompetenceTiming], seconds: float) -> None:
    print("\ncompetence (Dawid-Skene, 200 resamples, and MACE, 10 restarts), last run")
    for t in timings:
        accuracy = ", ".join(f"{a:.3f}" for a in t.accuracy)
        print(
            f"{t.question:<38} {t.items:>7} items {t.patterns:>5} patterns"
            f"  accuracy [{accuracy}]  {t.seconds:>7.3f} s"
        )
    print(f"{'competence total (wall)':<76} {seconds:>8.3f}")
    print(f"{'competence total (CPU of this process)':<76} {COMPETENCE_CPU_SECONDS:>8.3f}")


def run_report(data: SyntheticRound, resamples: int, seed: int) -> tuple[list[Row], float]:
    started = time.perf_counter()
    rows = []
    for question in build_questions(data):
        begin = time.perf_counter()
        estimate = question.function(*question.args, **question.kwargs)
        interval = bootstrap_ci(
            question.function,
            *question.args,
            n_resamples=resamples,
            seed=seed,
            **question.kwargs,
        )
        rows.append(
            Row(
                question,
                interval.n_units,
                interval.n_patterns,
                estimate,
                interval.estimate,
                interval.low,
                interval.high,
                time.perf_counter() - begin,
            )
        )
    return rows, time.perf_counter() - started


# --- the baseline: the krippendorff package once per resample ------------------------------


@dataclass
class Baseline:
    estimate: float
    low: float
    high: float
    resamples: int
    seconds_per_resample: float


def run_baseline(
    baseline: Callable[[], tuple[np.ndarray, Any, np.ndarray]], resamples: int, seed: int
) -> Baseline:
    matrix, level, domain = baseline()
    estimate = krippendorff.alpha(
        reliability_data=matrix, value_domain=domain, level_of_measurement=level
    )
    # resample the same units the engine resamples: those with two or more values
    pairable = matrix[:, (~np.isnan(matrix)).sum(axis=0) >= 2]
    n_units = pairable.shape[1]
    rng = np.random.default_rng(seed)
    values = []
    begin = time.perf_counter()
    for _ in range(resamples):
        resampled = pairable[:, rng.integers(0, n_units, n_units)]
        values.append(
            krippendorff.alpha(
                reliability_data=resampled, value_domain=domain, level_of_measurement=level
            )
        )
    seconds = time.perf_counter() - begin
    low, high = np.quantile(values, [0.025, 0.975])
    return Baseline(float(estimate), float(low), float(high), resamples, seconds / resamples)


# --- printing ----------------------------------------------------------------------------


def print_report(rows: list[Row], totals: list[float], resamples: int) -> None:
    print(f"\nfull report, {resamples} bootstrap resamples per coefficient (last run)")
    header = (
        f"{'question':<38} {'coefficient':<18} {'units':>7} {'patterns':>8} "
        f"{'estimate':>9} {'95% CI':>19} {'seconds':>8}"
    )
    print(header)
    print("-" * len(header))
    for row in rows:
        q = row.question
        interval = f"[{row.low:.3f}, {row.high:.3f}]"
        print(
            f"{q.question:<38} {q.coefficient:<18} {row.units:>7} {row.patterns:>8} "
            f"{row.estimate:>9.4f} {interval:>19} {row.seconds:>8.3f}"
        )
    coefficient_seconds = sum(row.seconds for row in rows)
    last = totals[-1]
    print("-" * len(header))
    print(f"{'coefficients and intervals':<76} {coefficient_seconds:>8.3f}")
    print(f"{'deriving the questions from the round':<76} {last - coefficient_seconds:>8.3f}")
    print(f"{'total (last run)':<76} {last:>8.3f}")
    runs = ", ".join(f"{t:.3f}" for t in totals)
    verdict = "met" if max(totals) < TARGET_SECONDS else "MISSED"
    print(f"all runs: {runs} s; target < {TARGET_SECONDS:.0f} s: {verdict}")


def print_baseline(rows: list[Row], baselines: dict[int, Baseline], resamples: int) -> float:
    print(f"\nbaseline: krippendorff.alpha once per resample, extrapolated to {resamples}")
    header = (
        f"{'question':<38} {'engine':>9} {'package':>9} {'|diff|':>8} {'engine CI':>17} "
        f"{'package CI (n)':>23} {'s/resample':>10} {f's/{resamples}':>8} "
        f"{'engine s':>8} {'ratio':>7}"
    )
    print(header)
    print("-" * len(header))
    worst = 0.0
    total_engine = total_extrapolated = 0.0
    for index, baseline in baselines.items():
        row = rows[index]
        difference = abs(row.engine_estimate - baseline.estimate)
        worst = max(worst, difference)
        extrapolated = baseline.seconds_per_resample * resamples
        total_engine += row.seconds
        total_extrapolated += extrapolated
        engine_ci = f"[{row.low:.3f}, {row.high:.3f}]"
        package_ci = f"[{baseline.low:.3f}, {baseline.high:.3f}] ({baseline.resamples})"
        print(
            f"{row.question.question:<38} {row.engine_estimate:>9.5f} {baseline.estimate:>9.5f} "
            f"{difference:>8.1e} {engine_ci:>17} {package_ci:>23} "
            f"{baseline.seconds_per_resample:>10.4f} {extrapolated:>8.1f} {row.seconds:>8.3f} "
            f"{extrapolated / row.seconds:>6.0f}x"
        )
    print("-" * len(header))
    print(
        f"{'alpha questions together':<38} {'':>9} {'':>9} {'':>8} {'':>17} {'':>23} {'':>10} "
        f"{total_extrapolated:>8.1f} {total_engine:>8.3f} "
        f"{total_extrapolated / total_engine:>6.0f}x"
    )
    ok = worst <= MAX_ESTIMATE_DIFFERENCE
    print(
        f"max |engine - package| point estimate: {worst:.2e} "
        f"(must be <= {MAX_ESTIMATE_DIFFERENCE:g}: {'ok' if ok else 'FAILED'})"
    )
    return worst


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=100_000)
    parser.add_argument("--raters", type=int, default=3)
    parser.add_argument("--missing", type=float, default=0.10)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--baseline-resamples", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    print(
        f"agreement benchmark: Python {platform.python_version()}, numpy {np.__version__}, "
        f"krippendorff {version('krippendorff')}, {os.cpu_count()} CPUs"
    )
    begin = time.perf_counter()
    data = synthesize(args.sentences, args.raters, args.missing, args.seed)
    n_summaries = data.relevance.shape[1]
    print(
        f"synthetic round: {args.sentences} sentences, {n_summaries} summaries, "
        f"{len(data.topic_category[0])} topics, {args.raters} annotators, "
        f"{args.missing:.0%} missing (generated in {time.perf_counter() - begin:.1f} s, "
        "not timed below)"
    )

    totals = []
    rows: list[Row] = []
    competence: list[CompetenceTiming] = []
    competence_seconds = 0.0
    report_only = []
    for _ in range(args.repeat):
        rows, total = run_report(data, args.resamples, args.seed)
        competence, competence_seconds = run_competence(data)
        report_only.append(total)
        totals.append(total + competence_seconds)
    for row in rows:
        if abs(row.estimate - row.engine_estimate) > 1e-9:
            print(f"engine and coefficient disagree on {row.question.question}", file=sys.stderr)
            return 1
    print_report(rows, report_only, args.resamples)
    print_competence(competence, competence_seconds)
    runs = ", ".join(f"{t:.3f}" for t in totals)
    verdict = "met" if max(totals) < TARGET_SECONDS else "MISSED"
    print(f"report and competence together, all runs: {runs} s; target < 2 s: {verdict}")

    baselines = {
        index: run_baseline(row.question.baseline, args.baseline_resamples, args.seed)
        for index, row in enumerate(rows)
        if row.question.baseline is not None
    }
    worst = print_baseline(rows, baselines, args.resamples)
    return 0 if worst <= MAX_ESTIMATE_DIFFERENCE else 1


if __name__ == "__main__":
    sys.exit(main())
