"""The circumstantial study's summarizer categories (fine-tuned against LLM): from an optional
``system_category`` column, else the study's own for its summarizers, kept with each summary
for thresholds tuned per category (docs/formats/circumstantial.md)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from annotations.formats.errors import FormatError
from annotations.formats.writers.circumstantial import COLUMNS
from tests.formats.test_circumstantial import FIXTURE, fixture_rows, read, write


def categories(path: Path) -> dict[tuple[str, str], object]:
    return {
        (document.external_id, summary.system): summary.metadata.get("system_category")
        for document in read(path).documents
        for topic in document.topics
        for summary in topic.summaries
    }


def test_the_studys_file_gets_its_summarizers_categories() -> None:
    got = categories(FIXTURE)
    assert got[("13800001", "BART")] == "fine-tuned"
    assert got[("13800001", "GPT-4")] == "LLM"
    assert got[("13800001", "Alpaca-13B")] == "LLM"
    assert set(got.values()) == {"fine-tuned", "LLM"}


def test_a_system_category_column_names_them_and_a_model_the_study_lacks_has_none(
    tmp_path: Path,
) -> None:
    rows = fixture_rows()[:3]
    rows[0]["model"], rows[0]["system_category"] = "T5-large", "Fine-Tuned"
    rows[1]["model"], rows[1]["system_category"] = "Mistral-7B", ""
    rows[2]["system_category"] = "llm"  # Alpaca-13B, as the study has it
    path = write(tmp_path, rows, [*COLUMNS, "system_category"])
    assert categories(path) == {
        ("13800001", "T5-large"): "fine-tuned",
        ("13800001", "Mistral-7B"): None,
        ("13800001", "Alpaca-13B"): "LLM",
    }
    assert not any("ignored column" in note for note in read(path).notes)


def test_a_category_outside_the_studys_is_refused_with_its_line_and_the_allowed_ones(
    tmp_path: Path,
) -> None:
    rows = fixture_rows()[:3]
    rows[1]["system_category"] = "SOTA"
    path = write(tmp_path, rows, [*COLUMNS, "system_category"])
    with path.open(encoding="utf-8", newline="") as stream:
        reader = csv.reader(stream)
        next(reader), next(reader)
        second_row = reader.line_num + 1  # the first row's dialogue spans several lines
    with pytest.raises(FormatError) as refused:
        read(path)
    error = refused.value
    assert (error.file, error.line, error.field) == ("spans.csv", second_row, "system_category")
    assert "expected one of fine-tuned, LLM" in str(error)
    assert "'SOTA'" in str(error)
