"""The lenient import of a CSV in the circumstantial-inference study's layout
(docs/formats/circumstantial.md, "Lenient mode"): the defects the study's own file has are
imported as far as they can be placed, and the report says what was done, row by row; without
--lenient the same file is refused whole and nothing is written."""

from __future__ import annotations

import csv
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from annotations.models import (
    Document,
    ErrorSpan,
    Project,
    SentenceJudgement,
    Summary,
)
from annotations.services.circumstantial_import import circumstantial_import
from annotations.services.projects import project_get_or_create
from tests.formats.test_circumstantial import LENIENT_FIXTURE

pytestmark = pytest.mark.django_db


@pytest.fixture
def project() -> Project:
    project, _ = project_get_or_create(
        slug="circ", taxonomy="dialogue-llm", scheme={"error_spans": True, "evidence": True}
    )
    return project


def command(*args: str) -> str:
    out = StringIO()
    call_command("import_corpus", "--format", "circumstantial", *args, stdout=out)
    return out.getvalue()


def test_without_lenient_the_file_is_refused_and_nothing_is_written() -> None:
    with pytest.raises(CommandError) as caught:
        command(str(LENIENT_FIXTURE), "--project", "study")

    assert str(caught.value).startswith(
        "nothing was imported: circumstantial_lenient.csv, row 1 (line 2), field evidence:"
    )
    assert "lenient mode" in str(caught.value)
    assert not Project.objects.filter(slug="study").exists()
    assert not Document.objects.exists()


def test_the_command_imports_every_row_and_prints_counts_then_each_row_with_its_line() -> None:
    out = command(str(LENIENT_FIXTURE), "--project", "study", "--lenient")

    lines = out.splitlines()
    assert "documents: 2 created, 0 already imported (unchanged)" in lines
    assert Summary.objects.filter(topic__document__corpus__project__slug="study").count() == 6
    assert (
        "lenient: 6 row(s) imported, 2 as published, 4 with something not imported as it is"
        " written" in lines
    )
    counts = [line.split(":")[0:2] for line in lines if line.startswith("lenient, ")]
    assert [(reason, numbers.strip()) for reason, numbers in counts] == [
        ("lenient, dialogue_variant", "2 row(s), 2 item(s)"),
        ("lenient, span_none", "1 row(s), 2 item(s)"),
        ("lenient, span_not_in_summary", "1 row(s), 1 item(s)"),
        ("lenient, evidence_by_words", "1 row(s), 1 item(s)"),
        ("lenient, evidence_not_in_dialogue", "1 row(s), 1 item(s)"),
        ("lenient, unknown_category", "1 row(s), 1 item(s)"),
        ("lenient, label_without_spans", "1 row(s), 1 item(s)"),
    ]
    rows = [line for line in lines if line.startswith("lenient: row ")]
    assert len(rows) == 9
    assert rows[0] == (
        "lenient: row 1 (line 2), field evidence: evidence_by_words: item 1:"
        " 'Leo :  It does, they open at 7 30 on weekdays.'"
    )
    assert (
        "lenient: row 4 (line 11), field linguistic_categories: unknown_category: item 1:"
        " 'INVALID'" in rows
    )


def test_a_summary_whose_spans_are_none_keeps_its_label_on_every_sentence(
    project: Project,
) -> None:
    circumstantial_import(project=project, path=LENIENT_FIXTURE, lenient=True)

    judgements = SentenceJudgement.objects.filter(sentence__summary__system="Alpaca-13B")
    alpaca = judgements.filter(sentence__summary__topic__document__external_id="14000001")
    assert [j.label for j in alpaca.order_by("sentence__position")] == [
        "inconsistent",
        "inconsistent",
    ]
    assert {tuple(j.error_types.values_list("name", flat=True)) for j in alpaca} == {
        ("Circumstantial Inference",)
    }
    assert all("which sentence is wrong is not known" in j.explanation for j in alpaca)
    assert all("row 3 of circumstantial_lenient.csv" in j.explanation for j in alpaca)
    assert not ErrorSpan.objects.filter(judgement__in=alpaca).exists()


def test_an_unknown_category_is_an_untyped_span_and_what_cannot_be_placed_is_left_out(
    project: Project,
) -> None:
    report = circumstantial_import(project=project, path=LENIENT_FIXTURE, lenient=True)

    spans = ErrorSpan.objects.filter(
        judgement__sentence__summary__topic__document__external_id="14000002"
    ).order_by("judgement__sentence__position")
    placed = [
        (
            s.judgement.sentence.text[s.start : s.end],
            s.error_type.name if s.error_type else None,
            s.evidence.count(),
        )
        for s in spans
    ]
    assert placed == [("until Saturday", None, 1), ("the roses", "World Knowledge", 0)]
    assert report.lenient_data is not None
    assert report.lenient_data["as_published"] == 2
    assert {c["reason"]: c["rows"] for c in report.lenient_data["counts"]}["span_none"] == 1


def test_the_kept_dialogue_is_stored_once_and_a_second_import_changes_nothing(
    project: Project,
) -> None:
    circumstantial_import(project=project, path=LENIENT_FIXTURE, lenient=True)
    again = circumstantial_import(project=project, path=LENIENT_FIXTURE, lenient=True)

    assert (again.documents_created, again.documents_unchanged, again.judgements) == (0, 2, 0)
    bakery = Document.objects.get(external_id="14000001")
    assert bakery.turns.order_by("position").first().text == (  # type: ignore[union-attr]
        "I don't think the bakery opens before nine 😅"
    )


def test_lenient_is_refused_with_another_format(tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    path.write_text("")
    with pytest.raises(CommandError, match="--lenient is for --format circumstantial only"):
        call_command("import_corpus", str(path), "--project", "x", "--lenient", stdout=StringIO())


def test_lenient_changes_nothing_for_a_file_that_strict_mode_reads(
    project: Project, tmp_path: Path
) -> None:
    from tests.formats.test_circumstantial import FIXTURE

    report: Any = circumstantial_import(project=project, path=FIXTURE, lenient=True)

    with FIXTURE.open(encoding="utf-8", newline="") as stream:
        rows = len(list(csv.DictReader(stream)))
    assert report.lenient == [
        f"lenient: {rows} row(s) imported, {rows} as published, 0 with something not imported"
        " as it is written"
    ]
    assert (report.spans, report.evidence) == (6, 5)
