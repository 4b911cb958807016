"""A leaderboard level as the tables researchers paste into papers: CSV (every figure with
its interval bounds in columns) and LaTeX (booktabs; a figure as ``.842 {\\scriptsize
[.841, .844]}``). Rows by balanced accuracy, best first. Pure: no Django.

The CSV goes through the project's one CSV writer (formats/writers/encoding.py): an
evaluator's name is free text from an upload, and one starting with ``=`` would run as a
formula in a spreadsheet, so text cells are neutralised while the figures stay numbers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from annotations.evaluator_scores.leaderboard import NOT_TESTED
from annotations.formats.writers.encoding import CsvValue, csv_text

COLUMNS = ("balanced_accuracy", "fpr", "fnr", "precision", "recall", "f1", "auc")
HEADINGS = {
    "balanced_accuracy": "BAcc",
    "fpr": "FPR",
    "fnr": "FNR",
    "precision": "Prec.",
    "recall": "Rec.",
    "f1": "F1",
    "auc": "AUC",
}
# LaTeX's special characters, as text (an evaluator's name is free text).
_LATEX = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}


def ranked(level: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    def key(item: tuple[str, dict[str, Any]]) -> tuple[float, str]:
        value = item[1]["balanced_accuracy"]["value"]
        return (-(value if value is not None else -1.0), item[0])

    return sorted(level["evaluators"].items(), key=key)


def versus_best(level: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each evaluator but the best-ranked: its paired comparison with the best."""
    order = [name for name, _ in ranked(level)]
    if not order:
        return {}
    best = order[0]
    return {
        (c["b"] if c["a"] == best else c["a"]): c
        for c in level.get("comparisons", [])
        if best in (c["a"], c["b"]) and c["a"] != c["b"]
    }


def verdict_text(comparison: dict[str, Any]) -> str:
    """The paired test's verdict, worded as on the leaderboard page."""
    if comparison.get("p_value") is None:
        return NOT_TESTED
    if comparison["p_value"] < 0.05:
        return "different at the 5% level"
    return "not shown different at the 5% level"


def leaderboard_csv(level: dict[str, Any]) -> str:
    rows: list[Sequence[CsvValue]] = [
        ["evaluator", "kind", "threshold"]
        + [f"{c}{suffix}" for c in COLUMNS for suffix in ("", "_low", "_high")]
        # The paired test against the best-ranked evaluator (blank on its own row).
        + ["p_value_vs_best", "test_vs_best"]
    ]
    against = versus_best(level)
    for name, entry in ranked(level):
        row: list[CsvValue] = [
            name,
            entry["kind"],
            "" if entry["threshold"] is None else entry["threshold"],
        ]
        for column in COLUMNS:
            figure = entry.get(column) or {}
            row += ["" if figure.get(k) is None else figure[k] for k in ("value", "low", "high")]
        versus = against.get(name)
        if versus is None:
            row += ["", ""]
        else:
            p_value = versus.get("p_value")
            row += ["" if p_value is None else p_value, verdict_text(versus)]
        rows.append(row)
    return csv_text(rows)


def latex_text(text: str) -> str:
    return "".join(_LATEX.get(char, char) for char in text)


def _number(value: float | None) -> str:
    if value is None:
        return "--"
    return f"{value:.3f}".replace("0.", ".", 1) if 0 <= value < 1 else f"{value:.3f}"


def leaderboard_latex(level: dict[str, Any], *, caption: str) -> str:
    lines = [
        r"\begin{table}[t]",
        r"\centering",
        r"\small",
        r"\begin{tabular}{l" + "c" * len(COLUMNS) + "}",
        r"\toprule",
        "Evaluator & " + " & ".join(HEADINGS[c] for c in COLUMNS) + r" \\",
        r"\midrule",
    ]
    against = versus_best(level)
    for name, entry in ranked(level):
        versus = against.get(name)
        differs = versus is not None and verdict_text(versus).startswith("different")
        cells = []
        for column in COLUMNS:
            figure = entry.get(column) or {}
            cell = _number(figure.get("value"))
            if figure.get("low") is not None and figure.get("high") is not None:
                cell += (
                    r" {\scriptsize ["
                    + _number(figure["low"])
                    + ", "
                    + _number(figure["high"])
                    + "]}"
                )
            cells.append(cell)
        mark = r"$^\dagger$" if differs else ""
        lines.append(latex_text(name) + mark + " & " + " & ".join(cells) + r" \\")
    lines += [
        r"\bottomrule",
        r"\end{tabular}",
        r"\caption{" + latex_text(caption) + _test_note(against) + "}",
        r"\end{table}",
    ]
    return "\n".join(lines) + "\n"


def _test_note(against: dict[str, dict[str, Any]]) -> str:
    """The caption's sentence on the paired tests against the best-ranked evaluator."""
    if not against:
        return ""
    untested = next(
        (c.get("note") or NOT_TESTED for c in against.values() if c.get("p_value") is None), None
    )
    if untested:
        return " " + latex_text(f"Differences between evaluators: {untested}.")
    return (
        r" $^\dagger$: differs from the best-ranked evaluator at the 5\% level (paired"
        " bootstrap by document)."
    )
