"""Live agreement benchmark: the automatic recompute of a large round's report.

    .venv/bin/python bench/bench_live_agreement.py [--sentences 100000] [--raters 3]
                                                   [--missing 0.1] [--repeat 3] [--seed 1]

What a worker runs after submits (services/agreement_live.py -> agreement_report_compute),
after the selector has read the labels: the inputs hash that decides whether a stored report
can be reused (``selectors.agreement_inputs.inputs_hash``), the report
(``annotations.agreement.report.round_report``) over every question of a seeded synthetic round
(bench_agreement.synthesize: 5 sentences per summary, 5 summaries per (dialogue, topic) unit),
with each item's unit given, so every question whose items nest in units gets 1,000
unit-clustered bootstrap resamples, plus percent agreement, pairwise and vs-majority kappas,
confusion matrices, the top confusion pairs with their units, and each question's projection;
and the competence section (Dawid-Skene with its bootstrap, and MACE, per nominal question:
``annotations.agreement.competence.competence_section``). The labels are handed over as the
selector hands them (raters x items lists), so the time includes the report's own Python
work, not the database read. Wall and CPU (user + sys of this process) time are printed, since
the machine may be shared. Exits 0 whether or not the target is met; prints the figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# As the site and the worker run (annotation_site/celery.py): set before numpy loads OpenBLAS.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_agreement import (  # noqa: E402
    SENTENCES_PER_SUMMARY,
    SUMMARIES_PER_TOPIC,
    SyntheticRound,
    summary_consistency,
    synthesize,
)

from annotations.agreement import (  # noqa: E402
    category_counts,
    fleiss_kappa,
    krippendorff_alpha,
    masi_alpha,
)
from annotations.agreement.bootstrap import (  # noqa: E402
    cluster_bootstrap_ci,
    cluster_draws_clear,
)
from annotations.agreement.competence import competence_section  # noqa: E402
from annotations.agreement.report import N_RESAMPLES, SEED, QuestionInput, round_report  # noqa: E402

TARGET_SECONDS = 2.0


def _rows(matrix: np.ndarray, decode: dict[float, Any]) -> list[list[Any]]:
    return [[None if np.isnan(v) else decode[v] for v in row] for row in matrix.tolist()]


def questions_of(data: SyntheticRound) -> list[QuestionInput]:
    n_raters, n_sentences = data.sentence_consistency.shape
    per_unit = SENTENCES_PER_SUMMARY * SUMMARIES_PER_TOPIC
    sentence_units = [i // per_unit for i in range(n_sentences)]
    summary_units = [i // SUMMARIES_PER_TOPIC for i in range(data.relevance.shape[1])]
    topic_units = list(range(len(data.topic_category[0])))
    names = {unit: f"document {unit} · topic" for unit in topic_units}
    raters = [f"annotator{i + 1}" for i in range(n_raters)]
    label = {1.0: "consistent", 0.0: "inconsistent"}
    summaries = summary_consistency(data.sentence_consistency)
    return [
        QuestionInput(
            "sentence_consistency",
            "Sentence consistency",
            "nominal",
            raters,
            _rows(data.sentence_consistency, label),
            categories=["consistent", "inconsistent"],
            units=sentence_units,
            unit_names=names,
        ),
        QuestionInput(
            "summary_consistency",
            "Summary consistency",
            "nominal",
            raters,
            _rows(summaries, label),
            categories=["consistent", "inconsistent"],
            units=summary_units[: summaries.shape[1]],
            unit_names=names,
        ),
        QuestionInput(
            "error_types",
            "Error types",
            "set",
            raters,
            data.error_types,
            units=sentence_units,
            unit_names=names,
        ),
        QuestionInput(
            "relevance",
            "Relevance",
            "ordinal",
            raters,
            _rows(data.relevance, {float(v): v for v in range(1, 6)}),
            categories=[1, 2, 3, 4, 5],
            units=summary_units,
            unit_names=names,
        ),
        QuestionInput(
            "not_a_summary",
            "Not a summary",
            "nominal",
            raters,
            _rows(data.not_a_summary, {1.0: True, 0.0: False}),
            categories=[False, True],
            category_names={False: "a summary", True: "not a summary"},
            units=summary_units,
            unit_names=names,
        ),
        QuestionInput(
            "topic_category",
            "Topic category",
            "nominal",
            raters,
            data.topic_category,
            categories=["main", "marginal", "irrelevant"],
            units=topic_units,
            unit_names=names,
        ),
    ]


def clustered_intervals(data: SyntheticRound) -> list[tuple[str, str, Any]]:
    """Every question's coefficients with 1,000 unit-clustered resamples, on the arrays the
    agreement engine takes (the part of the recompute this issue changed)."""
    per_unit = SENTENCES_PER_SUMMARY * SUMMARIES_PER_TOPIC
    n_sentences = data.sentence_consistency.shape[1]
    sentence_units = np.arange(n_sentences) // per_unit
    summary_units = np.arange(data.relevance.shape[1]) // SUMMARIES_PER_TOPIC
    summaries = summary_consistency(data.sentence_consistency)
    options = {"n_resamples": N_RESAMPLES, "seed": SEED}
    results = []
    for key, matrix, units, level in (
        ("sentence_consistency", data.sentence_consistency, sentence_units, "nominal"),
        ("summary_consistency", summaries, summary_units[: summaries.shape[1]], "nominal"),
        ("relevance", data.relevance, summary_units, "ordinal"),
        ("not_a_summary", data.not_a_summary, summary_units, "nominal"),
    ):
        alpha = cluster_bootstrap_ci(
            krippendorff_alpha, matrix, level=level, clusters=units, **options
        )
        results.append((key, "alpha", alpha))
        complete = ~np.isnan(matrix).any(axis=0)
        if level == "nominal":
            counts = category_counts(matrix[:, complete]).counts
            kappa = cluster_bootstrap_ci(fleiss_kappa, counts, clusters=units[complete], **options)
            results.append((key, "Fleiss' kappa (complete units)", kappa))
    masi = cluster_bootstrap_ci(masi_alpha, data.error_types, clusters=sentence_units, **options)
    results.append(("error_types", "MASI alpha", masi))
    return results


def selector_inputs_hash() -> Callable[[list[Any]], str]:
    """The selector's hash of the inputs. It lives beside the models' reads, so Django is set
    up (once, untimed) for the import; nothing here touches a database."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "annotation_site.settings")
    import django

    django.setup()
    from annotations.selectors.agreement_inputs import inputs_hash

    return inputs_hash


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=100_000)
    parser.add_argument("--raters", type=int, default=3)
    parser.add_argument("--missing", type=float, default=0.10)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--report-repeat", type=int, default=3, help="runs of the whole recompute")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    data = synthesize(args.sentences, args.raters, args.missing, args.seed)
    questions = questions_of(data)
    interval_times = []
    intervals: list[tuple[str, str, Any]] = []
    for _ in range(args.repeat):
        # Each run draws its cluster resamples (a live recompute follows a submit: a new unit
        # count), not a previous run's kept draws.
        cluster_draws_clear()
        started = time.perf_counter()
        intervals = clustered_intervals(data)
        interval_times.append(time.perf_counter() - started)
    inputs_hash = selector_inputs_hash()
    times, cpu_times, parts = [], [], []
    report: list[dict[str, Any]] = []
    for _ in range(args.report_repeat):
        cluster_draws_clear()
        started, cpu = time.perf_counter(), time.process_time()
        inputs_hash(list(questions))
        hashed = time.perf_counter()
        report = round_report(questions)
        reported = time.perf_counter()
        competence_section(questions)
        ended = time.perf_counter()
        times.append(ended - started)
        cpu_times.append(time.process_time() - cpu)
        parts.append((hashed - started, reported - hashed, ended - reported))
    print(
        f"Live agreement recompute: {args.sentences:,} sentences x {args.raters} annotators,"
        f" {len(set(questions[0].units or []))} (dialogue, topic) units, {args.missing:.0%}"
        f" missing; 1,000 unit-clustered resamples per interval"
    )
    print(f"python {platform.python_version()}, numpy {np.__version__}, {os.cpu_count()} CPUs")
    print(
        f"{'question':<22} {'coefficient':<34} {'value':>7} {'95% CI':>18} {'+units for ±0.05':>17}"
    )
    for question in report:
        coefficient = question["coefficient"] or {}
        projection = question.get("projection") or {}
        ci = coefficient.get("ci") or [None, None]
        print(
            f"{question['key']:<22} {coefficient.get('name', '-'):<34}"
            f" {coefficient.get('value', float('nan')):>7.3f}"
            f" {f'[{ci[0]:.3f}, {ci[1]:.3f}]':>18}"
            f" {projection.get('more_units')!s:>17}"
        )
    print()
    print("Unit-clustered intervals (the engine's arrays):")
    for key, name, result in intervals:
        print(
            f"  {key:<22} {name:<32} {result.estimate:>7.3f} [{result.low:.3f}, {result.high:.3f}]"
            f"  se {result.standard_error:.4f}  {result.n_clusters} units"
        )
    best_intervals = min(interval_times)
    print(
        f"clustered intervals, every question: best {best_intervals:.2f} s, all runs "
        + ", ".join(f"{t:.2f}" for t in interval_times)
        + f" s; target < {TARGET_SECONDS:.0f} s:"
        f" {'met' if best_intervals < TARGET_SECONDS else 'NOT met'}"
    )
    best = min(times)
    fastest = times.index(best)
    hashed, reported, competence = parts[fastest]
    print(
        f"whole recompute (inputs hash, round_report and competence, as the task runs them):"
        f" best {best:.2f} s wall ({cpu_times[fastest]:.2f} s CPU; hash {hashed:.2f} s, report"
        f" {reported:.2f} s, competence {competence:.2f} s), all runs "
        + ", ".join(f"{t:.2f}" for t in times)
        + " s wall, "
        + ", ".join(f"{t:.2f}" for t in cpu_times)
        + f" s CPU; target < {TARGET_SECONDS:.0f} s:"
        f" {'met' if best < TARGET_SECONDS else 'NOT met'}"
    )
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.2f}, {load[1]:.2f}, {load[2]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
