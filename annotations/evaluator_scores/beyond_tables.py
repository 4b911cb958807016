"""The figures beyond balanced accuracy as tables (issue 32): one (columns, rows) per
analysis, written as CSV by the project's one CSV writer (``encoding.csv_text``: an
evaluator's name is free text and is neutralised, figures stay numbers) and as LaTeX by the
shared booktabs writer (``formats/writers/booktabs.py``). Pure: no Django.

Analyses (``ANALYSES``): ``correlations`` (aspect x evaluator x level: Pearson, Spearman,
Kendall with intervals), ``strata`` (thresholds tuned per corpus and summarizer category, per
level), ``spans`` (span-F1 per error category, exact and overlap), ``facts`` (key-fact and
ACU accuracy, error-type accuracy, success ratio).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from annotations.evaluator_scores.correlations import COEFFICIENTS
from annotations.formats.writers.booktabs import Cell, booktabs
from annotations.formats.writers.encoding import CsvValue, csv_text

ANALYSES = ("correlations", "strata", "spans", "facts")
ASPECT_NAMES = {
    "faithfulness": "Faithfulness",
    "completeness": "Completeness",
    "conciseness": "Conciseness",
    "acu_score": "ACU score",
}
GROUPING_NAMES = {"corpus": "Corpus", "system_category": "Summarizer category"}


def _bounds(figure: dict[str, Any] | None) -> list[Cell]:
    figure = figure or {}
    return [figure.get("value"), figure.get("low"), figure.get("high")]


def _with_bounds(names: Sequence[str]) -> list[str]:
    return [f"{name}{suffix}" for name in names for suffix in ("", "_low", "_high")]


def analysis_table(report: dict[str, Any], analysis: str) -> tuple[list[str], list[list[Cell]]]:
    """The columns and rows of one analysis of a leaderboard report."""
    if analysis == "correlations":
        columns = ["aspect", "evaluator", "level", *_with_bounds(COEFFICIENTS), "n"]
        rows: list[list[Cell]] = []
        for aspect, table in (report.get("correlations") or {}).items():
            for name, entry in sorted(((table or {}).get("evaluators") or {}).items()):
                for level, count in (
                    ("summary", "documents"),
                    ("system", "systems"),
                ):
                    figures = entry[f"{level}_level"]
                    cells: list[Cell] = []
                    for coefficient in COEFFICIENTS:
                        cells += _bounds(figures.get(coefficient))
                    rows.append(
                        [ASPECT_NAMES.get(aspect, aspect), name, level, *cells, entry[count]]
                    )
        return columns, rows
    if analysis == "strata":
        columns = [
            "level",
            "grouping",
            "stratum",
            "evaluator",
            "protocol",
            "threshold",
            "dev_balanced_accuracy",
            *_with_bounds(["balanced_accuracy"]),
            "measured_on",
            "documents",
        ]
        rows = []
        for level, groupings in (report.get("strata") or {}).items():
            for grouping, strata in groupings.items():
                for stratum, entry in sorted(strata.items()):
                    if "error" in entry:
                        continue
                    for name, figures in sorted(entry["evaluators"].items()):
                        rows.append(
                            [
                                level,
                                GROUPING_NAMES.get(grouping, grouping),
                                stratum,
                                name,
                                entry["protocol"],
                                figures["threshold"],
                                figures["tuned_balanced_accuracy"],
                                *_bounds(figures["balanced_accuracy"]),
                                entry["measured_on"],
                                entry["documents"],
                            ]
                        )
        return columns, rows
    if analysis == "spans":
        columns = [
            "evaluator",
            "category",
            *_with_bounds(["exact_f1", "overlap_f1"]),
            "gold_spans",
            "predicted_spans",
        ]
        rows = [
            [
                name,
                category,
                *_bounds(entry["exact"]),
                *_bounds(entry["overlap"]),
                entry["gold_spans"],
                entry["predicted_spans"],
            ]
            for name, categories in sorted((report.get("spans") or {}).items())
            for category, entry in categories.items()
        ]
        return columns, rows
    if analysis == "facts":
        columns = [
            "evaluator",
            *_with_bounds(["key_fact_accuracy"]),
            "key_fact_pairs",
            *_with_bounds(["acu_accuracy"]),
            "acus",
            *_with_bounds(["error_type_match", "error_type_exact"]),
            "typed_sentences",
            "success_sentence",
            "success_summary",
        ]
        names = sorted(
            set(report.get("success") or {})
            | set(report.get("key_facts") or {})
            | set(report.get("acus") or {})
        )
        rows = []
        for name in names:
            facts = (report.get("key_facts") or {}).get(name) or {}
            acus = (report.get("acus") or {}).get(name) or {}
            types = (report.get("error_type_accuracy") or {}).get(name) or {}
            success = (report.get("success") or {}).get(name) or {}
            rows.append(
                [
                    name,
                    *_bounds(facts.get("accuracy")),
                    facts.get("pairs"),
                    *_bounds(acus.get("accuracy")),
                    acus.get("acus"),
                    *_bounds(types.get("match")),
                    *_bounds(types.get("exact")),
                    types.get("sentences"),
                    (success.get("sentence") or {}).get("ratio"),
                    (success.get("summary") or {}).get("ratio"),
                ]
            )
        return columns, rows
    raise ValueError(f"unknown analysis {analysis!r}; one of {', '.join(ANALYSES)}")


def analysis_csv(report: dict[str, Any], analysis: str) -> str:
    columns, rows = analysis_table(report, analysis)
    cells: list[Sequence[CsvValue]] = [columns]
    cells += [["" if cell is None else cell for cell in row] for row in rows]
    return csv_text(cells)


CAPTIONS = {
    "correlations": "Correlations of evaluator scores with human scores: summary level (per"
    " document, then averaged) and system level, with 95% bootstrap intervals by document.",
    "strata": "Balanced accuracy with the threshold tuned on each stratum's dev split, with"
    " 95% bootstrap intervals by document.",
    "spans": "Span-F1 per error category, exact and overlap matching, with 95% bootstrap"
    " intervals by document.",
    "facts": "Key-fact matching and ACU accuracy, error-type accuracy and success ratio, with"
    " 95% bootstrap intervals by document.",
}


def analysis_latex(report: dict[str, Any], analysis: str, *, caption: str = "") -> str:
    columns, rows = analysis_table(report, analysis)
    return booktabs(
        columns,
        rows,
        caption=caption or CAPTIONS[analysis],
        label=f"tab:evaluators-{analysis}",
    )
