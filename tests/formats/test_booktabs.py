"""The LaTeX table writer of the analysis downloads (issue 32)."""

from __future__ import annotations

import pytest

from annotations.formats.writers.booktabs import booktabs, latex_cell, latex_text


def test_special_characters_print_as_written() -> None:
    assert latex_text("gpt_4 & co 50% #1 {x} ~ ^ \\") == (
        r"gpt\_4 \& co 50\% \#1 \{x\} \textasciitilde{} \textasciicircum{} \textbackslash{}"
    )


def test_cells_round_and_mark_missing_values() -> None:
    assert latex_cell(0.12345) == "0.123"
    assert latex_cell(0.12345, digits=1) == "0.1"
    assert latex_cell(None) == "---"
    assert latex_cell(float("nan")) == "---"
    assert latex_cell(7) == "7"


def test_table_has_rules_and_aligns_numbers_right() -> None:
    text = booktabs(
        ["system", "rate", "n"],
        [["gpt-4", 0.25, 40], ["mixtral_8x7b", None, 12]],
        caption="Error rates",
        label="tab:rates",
    )
    lines = text.splitlines()
    assert lines[0] == "\\begin{table}[t]"
    assert "\\caption{Error rates}" in lines
    assert "\\label{tab:rates}" in lines
    assert "\\begin{tabular}{lrr}" in lines
    assert lines.index("\\toprule") < lines.index("\\midrule") < lines.index("\\bottomrule")
    assert "system & rate & n \\\\" in lines
    assert "gpt-4 & 0.250 & 40 \\\\" in lines
    assert "mixtral\\_8x7b & --- & 12 \\\\" in lines


def test_a_row_of_the_wrong_width_is_refused() -> None:
    with pytest.raises(ValueError, match="row 2 has 1 cells for 2 columns"):
        booktabs(["a", "b"], [[1, 2], [3]])
