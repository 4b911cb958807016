"""The error-rate table as files and text: CSV (the project's one CSV writer, names that a
spreadsheet would run as a formula neutralised), LaTeX (the shared booktabs writer) and the
plain text ``release_report`` prints. Every file holds the same figures as the JSON.

Files (a release's ``analysis/`` folder, docs/releases.md):

- ``error_rates.csv``: one row per system x corpus x topic type ("all" rows included):
  ``system, corpus, topic_type, summaries, units`` then, per metric, ``<metric>``,
  ``<metric>_low``, ``<metric>_high``, ``<metric>_n`` (empty cells where undefined);
- ``error_types.csv``: one row per system x corpus x topic type x error type:
  ``system, corpus, topic_type, error_type, count, inconsistent_sentences, share, share_low,
  share_high`` (``error_type`` empty: inconsistent sentences with no gold type);
- ``error_rates.tex``, ``error_types.tex``: the tables a paper prints (TofuEval's Table 2 and
  Fig. 2 as a table): rates in percent with their interval, over all corpora when a release
  has several.

Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Sequence

from annotations.analysis.error_rates import (
    ALL,
    METRIC_KEYS,
    METRICS,
    NO_TYPE,
    NO_TYPE_WORDS,
    TOPIC_TYPE_WORDS,
    ErrorRateTable,
    Estimate,
    GroupRow,
)
from annotations.formats.writers.booktabs import Cell, booktabs
from annotations.formats.writers.encoding import CsvValue, csv_text

ANALYSIS_DIR = "analysis"
RATES_CSV = f"{ANALYSIS_DIR}/error_rates.csv"
TYPES_CSV = f"{ANALYSIS_DIR}/error_types.csv"
RATES_TEX = f"{ANALYSIS_DIR}/error_rates.tex"
TYPES_TEX = f"{ANALYSIS_DIR}/error_types.tex"
ANALYSIS_FILES = (RATES_CSV, TYPES_CSV, RATES_TEX, TYPES_TEX)
# Figures shown as percentages (shares); the others keep their own scale.
PERCENT = {"sentence_inconsistency", "summary_inconsistency", "completeness", "conciseness"}


def _number(value: float | int | None) -> CsvValue:
    return "" if value is None else value


def rates_csv(table: ErrorRateTable) -> str:
    header: list[CsvValue] = ["system", "corpus", "topic_type", "summaries", "units"]
    for key in METRIC_KEYS:
        header += [key, f"{key}_low", f"{key}_high", f"{key}_n"]
    lines: list[Sequence[CsvValue]] = [header]
    for row in table.rows:
        cells: list[CsvValue] = [row.system, row.corpus, row.topic_type, row.summaries, row.units]
        for key in METRIC_KEYS:
            e = row.metrics[key]
            cells += [_number(e.value), _number(e.low), _number(e.high), e.n]
        lines.append(cells)
    return csv_text(lines)


def types_csv(table: ErrorRateTable) -> str:
    lines: list[Sequence[CsvValue]] = [
        [
            "system",
            "corpus",
            "topic_type",
            "error_type",
            "count",
            "inconsistent_sentences",
            "share",
            "share_low",
            "share_high",
        ]
    ]
    for row in table.rows:
        for share in row.types:
            e = share.share
            lines.append(
                [
                    row.system,
                    row.corpus,
                    row.topic_type,
                    share.type,
                    share.count,
                    row.inconsistent_sentences,
                    _number(e.value),
                    _number(e.low),
                    _number(e.high),
                ]
            )
    return csv_text(lines)


def headline_rows(table: ErrorRateTable) -> list[GroupRow]:
    """The rows a paper's table shows: over all corpora when there are several (else the one
    corpus's), per system and topic type."""
    corpora = {row.corpus for row in table.rows}
    wanted = ALL if ALL in corpora else (next(iter(corpora)) if len(corpora) == 1 else None)
    return [row for row in table.rows if row.corpus == wanted]


def formatted(key: str, estimate: Estimate, *, interval: bool = True) -> str:
    """``12.5 [10.1, 14.9]`` (percent for shares), ``---`` when undefined."""
    if estimate.value is None:
        return "---"
    scale, digits = (100.0, 1) if key in PERCENT or key == "share" else (1.0, 2)
    text = f"{estimate.value * scale:.{digits}f}"
    if interval and estimate.low is not None and estimate.high is not None:
        text += f" [{estimate.low * scale:.{digits}f}, {estimate.high * scale:.{digits}f}]"
    return text


def _metric_heading(key: str, words: str) -> str:
    return f"{words} (%)" if key in PERCENT else words


def rates_tex(table: ErrorRateTable) -> str:
    columns = ["System", "Topics", *(_metric_heading(k, w) for k, w in METRICS)]
    rows: list[list[Cell]] = [
        [
            row.system,
            TOPIC_TYPE_WORDS[row.topic_type],
            *(formatted(key, row.metrics[key]) for key in METRIC_KEYS),
        ]
        for row in headline_rows(table)
    ]
    return booktabs(
        columns,
        rows,
        caption=(
            "Error rates per summarizer on main and marginal topics, with"
            f" {round(table.confidence * 100)}% intervals from a bootstrap over (dialogue, topic)"
            f" units ({table.n_resamples} resamples)"
        ),
        label="tab:error-rates",
    )


def type_words(name: str) -> str:
    return NO_TYPE_WORDS if name == NO_TYPE else name


def types_tex(table: ErrorRateTable) -> str:
    columns = [
        "System",
        "Topics",
        "Inconsistent sentences",
        *(f"{type_words(name)} (%)" for name in table.error_types),
    ]
    rows: list[list[Cell]] = []
    for row in headline_rows(table):
        shares = {share.type: share.share for share in row.types}
        rows.append(
            [
                row.system,
                TOPIC_TYPE_WORDS[row.topic_type],
                row.inconsistent_sentences,
                *(formatted("share", shares[name], interval=False) for name in table.error_types),
            ]
        )
    return booktabs(
        columns,
        rows,
        caption=(
            "Error types of the inconsistent sentences per summarizer and topic type: the share"
            " of inconsistent sentences whose gold types include each (a sentence may have"
            " several)"
        ),
        label="tab:error-types",
    )


def analysis_files(table: ErrorRateTable) -> dict[str, str]:
    """Each ``analysis/`` file's name and text."""
    return {
        RATES_CSV: rates_csv(table),
        TYPES_CSV: types_csv(table),
        RATES_TEX: rates_tex(table),
        TYPES_TEX: types_tex(table),
    }


def report_text(table: ErrorRateTable, notes: Sequence[str] = ()) -> str:
    """The plain-text report: every row's figures, then the error types of the headline
    rows."""
    lines = ["Error rates per summarizer (value [interval], n)", ""]
    for row in table.rows:
        lines.append(
            f"{row.system} | {row.corpus} | {TOPIC_TYPE_WORDS[row.topic_type]}"
            f" | {row.summaries} summaries, {row.units} units"
        )
        for key, words in METRICS:
            e = row.metrics[key]
            lines.append(f"  {_metric_heading(key, words)}: {formatted(key, e)}  n={e.n}")
    lines += ["", "Error types of inconsistent sentences (share %)", ""]
    for row in headline_rows(table):
        shares = ", ".join(
            f"{type_words(s.type)} {formatted('share', s.share, interval=False)}"
            for s in row.types
            if s.count
        )
        lines.append(
            f"{row.system} | {TOPIC_TYPE_WORDS[row.topic_type]}"
            f" | {row.inconsistent_sentences} inconsistent sentences: {shares or '-'}"
        )
    lines += [
        "",
        f"Intervals: {round(table.confidence * 100)}%, {table.n_resamples} resamples,"
        f" seed {table.seed}, by (dialogue, topic) unit.",
    ]
    lines += [f"Note: {note}" for note in [*table.notes, *notes]]
    return "\n".join(lines) + "\n"
