"""A CSV in the circumstantial-inference study's layout imported with its published labels
and spans, exported again in that layout (and as spans JSONL): the spans, their types and
evidence, and the labels survive; a bad file is refused whole, naming where it is wrong."""

from __future__ import annotations

import ast
import csv
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from annotations.models import (
    Assignment,
    AssignmentStatus,
    Corpus,
    Document,
    ErrorSpan,
    EvidenceSpan,
    Project,
    RoundKind,
    RoundStatus,
    SentenceJudgement,
    Turn,
)
from annotations.services.circumstantial_import import (
    REFERENCE_ROUND,
    SOURCE,
    circumstantial_import,
)
from annotations.services.corpus_import import ImportFailed
from annotations.services.projects import project_get_or_create
from tests.formats.test_circumstantial import FIXTURE, changed, fixture_rows, write

pytestmark = pytest.mark.django_db

LISTS = ("nonfactual_spans", "evidence", "error_type", "linguistic_categories")


@pytest.fixture
def project() -> Project:
    project, _ = project_get_or_create(
        slug="circ", taxonomy="dialogue-llm", scheme={"error_spans": True, "evidence": True}
    )
    return project


def table(path: Path) -> list[dict[str, Any]]:
    """The file as the study's scripts read it: every list cell through ast.literal_eval."""
    with path.open(encoding="utf-8", newline="") as stream:
        return [
            {k: ast.literal_eval(v) if k in LISTS else v for k, v in row.items()}
            for row in csv.DictReader(stream)
        ]


def test_the_labels_and_spans_are_stored_as_a_closed_reference_round(project: Project) -> None:
    report = circumstantial_import(project=project, path=FIXTURE)

    assert (report.documents_created, report.topics, report.summaries) == (3, 3, 8)
    assert report.judgements == report.sentences == 13
    assert (report.spans, report.evidence) == (6, 5)
    assert report.notes == []
    assert dict(Corpus.objects.filter(project=project).values_list("slug", "name")) == {
        "samsum": "SAMSum",
        "dialogsum": "DialogSum",
    }
    assignments = Assignment.objects.filter(round__project=project)
    assert {(a.round.name, a.round.kind, a.round.status) for a in assignments} == {
        (REFERENCE_ROUND, RoundKind.REFERENCE, RoundStatus.CLOSED)
    }
    assert {(a.source, a.annotator_id, a.status) for a in assignments} == {
        (SOURCE, None, AssignmentStatus.SUBMITTED)
    }
    assert assignments.count() == 3  # one per unit: (document, topic)

    wall = ErrorSpan.objects.get(
        judgement__sentence__summary__system="BART",
        judgement__sentence__summary__topic__document__external_id="13800001",
    )
    assert wall.judgement.sentence.text[wall.start : wall.end] == "Nora will book the wall"
    assert wall.judgement.label == "inconsistent"
    assert list(wall.judgement.error_types.values_list("name", flat=True)) == ["Referential Error"]
    (evidence,) = wall.evidence.all()
    assert evidence.turn.text[evidence.start : evidence.end] == "Perfect, I'll book the wall."
    other = SentenceJudgement.objects.get(
        sentence__summary=wall.judgement.sentence.summary, sentence__position=0
    )
    assert (other.label, list(other.spans.all())) == ("consistent", [])
    sick = ErrorSpan.objects.get(judgement__sentence__text__startswith="Felix cancels")
    assert (sick.no_evidence, sick.evidence.count(), sick.error_type.name) == (
        True,
        0,
        "Circumstantial Inference",
    )
    assert set(
        SentenceJudgement.objects.filter(sentence__summary__system="GPT-4").values_list(
            "label", flat=True
        )
    ) == {"consistent"}


def test_exporting_the_import_gives_back_the_same_file(
    project: Project, tmp_path: Path, settings: Any
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    out = tmp_path / "release"
    call_command(
        "import_corpus", "--format", "circumstantial", str(FIXTURE), "--project", "circ",
        stdout=StringIO(),
    )  # fmt: skip
    call_command(
        "export_release", "circ", "--version", "1.0.0", "--formats", "circumstantial,spans",
        "--out", str(out), stdout=StringIO(),
    )  # fmt: skip

    exported = out / "circumstantial" / "circumstantial.csv"
    # What a researcher compares: every row's spans, types, evidence and label.
    assert table(exported) == table(FIXTURE)
    assert [row["factual_error"] for row in table(exported)] == [
        "1",
        "0",
        "1",
        "1",
        "0",
        "1",
        "0",
        "1",
    ]
    # And the bytes: the same quoting, list spelling, dialogue lines and row order.
    assert exported.read_bytes() == FIXTURE.read_bytes()


def test_the_spans_jsonl_of_the_import_indexes_summaries_and_turns(
    project: Project, tmp_path: Path, settings: Any
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    out = tmp_path / "release"
    circumstantial_import(project=project, path=FIXTURE)
    call_command(
        "export_release", "circ", "--version", "1.0.0", "--formats", "spans", "--out",
        str(out), stdout=StringIO(),
    )  # fmt: skip

    lines = (out / "spans" / "none.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) == 8
    turns = {
        (corpus, doc, position): text
        for corpus, doc, position, text in Turn.objects.filter(
            document__corpus__project=project
        ).values_list("document__corpus__slug", "document__external_id", "position", "text")
    }
    listed = 0
    for record in records:
        # One annotation per summary (the file's): its spans are the gold ones.
        assert record["gold_spans"] == record["spans"]
        assert record["label"] == ("inconsistent" if record["spans"] else "consistent")
        for span in record["spans"]:
            listed += 1
            assert record["summary"][span["start"] : span["end"]] == span["text"]
            assert span["annotator"] == "A1"
            for evidence in span["evidence"]:
                turn = turns[(record["corpus"], record["doc_id"], evidence["turn"])]
                assert turn[evidence["start"] : evidence["end"]] == evidence["text"]
    assert listed == 6
    promoted = next(r for r in records if r["system"] == "Alpaca-13B" and r["topic"])
    (span,) = promoted["spans"]
    assert (span["text"], span["error_type"], span["unified_type"]) == (
        "after being promoted",
        "Circumstantial Inference",
        "extrinsic-predicate",
    )
    assert [e["text"] for e in span["evidence"]] == [
        "And why did you leave?",
        "The branch closed in March.",
    ]


def test_importing_the_same_file_again_changes_nothing(project: Project) -> None:
    circumstantial_import(project=project, path=FIXTURE)
    counts = (SentenceJudgement.objects.count(), ErrorSpan.objects.count())

    again = circumstantial_import(project=project, path=FIXTURE)

    assert (again.documents_created, again.documents_unchanged, again.judgements) == (0, 3, 0)
    assert again.notes == [
        "3 unit(s) already have labels from an earlier import of this layout; they were left"
        " as they are"
    ]
    assert (SentenceJudgement.objects.count(), ErrorSpan.objects.count()) == counts


def test_a_published_type_that_its_category_does_not_map_to_is_reported(
    project: Project, tmp_path: Path
) -> None:
    # Referential Error maps to intrinsic-np: the file says extrinsic.
    rows = changed(1, error_type="['Extrinsic_Error']")
    report = circumstantial_import(project=project, path=write(tmp_path, rows))
    assert report.notes == [
        "1 span(s): the published error_type is not the one their linguistic category maps to"
        " (or they have no category); the category is stored, and exports write the type it"
        " maps to"
    ]


REFUSED = [
    ("missing column", None, "line 1, field evidence: missing column evidence"),
    (
        "unparseable list literal",
        {"linguistic_categories": "['Circumstantial Inference'"},
        "row 3 (line 10), field linguistic_categories: expected a Python list of strings",
    ),
    (
        "span not in the summary",
        {"nonfactual_spans": "['because she is sick']"},
        "row 3 (line 10), field nonfactual_spans: item 1 'because she is sick' does not occur",
    ),
    (
        "unknown error type",
        {"linguistic_categories": "['Mis-Referencing']"},
        "row 3 (line 10), field linguistic_categories: item 1: unknown error type"
        " 'Mis-Referencing'; the project's taxonomy allows Circumstantial Inference,",
    ),
]


@pytest.mark.parametrize(
    ("changes", "message"), [case[1:] for case in REFUSED], ids=[case[0] for case in REFUSED]
)
def test_a_bad_file_is_refused_by_the_command_and_nothing_is_created(
    tmp_path: Path, changes: dict[str, str] | None, message: str
) -> None:
    if changes is None:
        path = tmp_path / "spans.csv"
        rows = fixture_rows()
        with path.open("w", encoding="utf-8", newline="") as stream:
            columns = [c for c in rows[0] if c != "evidence"]
            writer = csv.DictWriter(stream, columns, extrasaction="ignore", lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
    else:
        path = write(tmp_path, changed(3, **changes))

    with pytest.raises(CommandError) as caught:
        call_command(
            "import_corpus", "--format", "circumstantial", str(path), "--project", "fresh",
            stdout=StringIO(),
        )  # fmt: skip

    assert str(caught.value).startswith("nothing was imported: spans.csv, ")
    assert message in str(caught.value)
    assert not Project.objects.filter(slug="fresh").exists()
    assert not Document.objects.exists()


def test_a_refusal_after_the_first_document_is_written_rolls_the_whole_file_back(
    project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    circumstantial_import(project=project, path=FIXTURE)
    # One document per batch, so the first is written before the second is checked.
    monkeypatch.setattr("annotations.services.corpus_import.BATCH_DOCUMENTS", 1)
    before = (
        Document.objects.count(),
        SentenceJudgement.objects.count(),
        ErrorSpan.objects.count(),
        EvidenceSpan.objects.count(),
    )
    # A new document first, then one already imported whose dialogue is now different:
    # the refusal comes after the new one was written, and takes it back.
    rows = fixture_rows()
    new = [{**row, "docid": "13800003"} for row in rows[3:5]]
    for row in rows[:3]:
        row["dialogue"] = row["dialogue"].replace("Six?", "Seven?")
    with pytest.raises(ImportFailed, match="'13800001' already exists in corpus 'samsum'"):
        circumstantial_import(project=project, path=write(tmp_path, new + rows))
    assert not Document.objects.filter(external_id="13800003").exists()
    after = (
        Document.objects.count(),
        SentenceJudgement.objects.count(),
        ErrorSpan.objects.count(),
        EvidenceSpan.objects.count(),
    )
    assert after == before


def test_the_command_creates_a_project_with_the_studys_taxonomy_and_questions() -> None:
    output = StringIO()
    call_command(
        "import_corpus", "--format", "circumstantial", str(FIXTURE), "--project", "study",
        stdout=output,
    )  # fmt: skip
    project = Project.objects.get(slug="study")
    assert project.taxonomy.types.filter(name="Circumstantial Inference").exists()
    assert (project.ask_error_spans, project.ask_evidence) == (True, True)
    assert "published error spans: 6, with 5 evidence span(s)" in output.getvalue()
