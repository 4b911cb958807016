"""A table as LaTeX with booktabs rules (issue 32: the seed papers' analyses ship as CSV
beside LaTeX a paper can ``\\input``). Pure; the CSV twin of a table is written by
``encoding.csv_text`` so both files hold the same cells."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

# LaTeX's special characters and what prints each literally in text mode.
_ESCAPES = {
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
_TRANSLATION = str.maketrans(_ESCAPES)

Cell = str | int | float | None


def latex_text(text: str) -> str:
    """``text`` with every LaTeX special character escaped, so a summarizer or type name such
    as ``gpt_4 & co`` prints as written and cannot run a command."""
    return text.translate(_TRANSLATION)


def latex_cell(value: Cell, digits: int = 3) -> str:
    """A cell: text escaped, floats rounded to ``digits`` places, missing values as an em dash."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "---"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    if isinstance(value, int):
        return str(value)
    return latex_text(value)


def _numeric(values: Sequence[Cell]) -> bool:
    present = [value for value in values if value is not None]
    return bool(present) and all(
        isinstance(value, int | float) and not isinstance(value, bool) for value in present
    )


def booktabs(
    columns: Sequence[str],
    rows: Iterable[Sequence[Cell]],
    *,
    caption: str = "",
    label: str = "",
    digits: int = 3,
) -> str:
    """A ``table`` environment holding a ``tabular`` with \\toprule, \\midrule and
    \\bottomrule; text columns left-aligned, numeric columns right-aligned (a column is numeric
    when every present value in it is a number). ``label`` is used verbatim (keep it to
    letters, digits, ``:`` and ``-``)."""
    materialised = [list(row) for row in rows]
    for number, row in enumerate(materialised, start=1):
        if len(row) != len(columns):
            raise ValueError(f"row {number} has {len(row)} cells for {len(columns)} columns")
    alignment = "".join(
        "r" if _numeric([row[index] for row in materialised]) else "l"
        for index in range(len(columns))
    )
    lines = ["\\begin{table}[t]", "\\centering"]
    if caption:
        lines.append(f"\\caption{{{latex_text(caption)}}}")
    if label:
        lines.append(f"\\label{{{label}}}")
    lines.append(f"\\begin{{tabular}}{{{alignment}}}")
    lines.append("\\toprule")
    lines.append(" & ".join(latex_text(column) for column in columns) + " \\\\")
    lines.append("\\midrule")
    for row in materialised:
        lines.append(" & ".join(latex_cell(value, digits) for value in row) + " \\\\")
    lines.append("\\bottomrule")
    lines.append("\\end{tabular}")
    lines.append("\\end{table}")
    return "\n".join(lines) + "\n"
