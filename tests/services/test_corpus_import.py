"""Native corpus import: what lands in the database, idempotency, atomicity."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from annotations.models import Document, ErrorTaxonomy, Summary, SummarySentence, Topic, Turn
from annotations.services.corpus_import import ImportFailed, corpus_import_native
from tests.conftest import DEMO_DIR, ROOT
from tests.factories import ProjectFactory

pytestmark = pytest.mark.django_db


def write_lines(path: Path, lines: list[dict | str]) -> Path:
    with path.open("w", encoding="utf-8") as stream:
        for line in lines:
            stream.write((line if isinstance(line, str) else json.dumps(line)) + "\n")
    return path


def dialogue(doc_id: str, **extra: object) -> dict:
    return {
        "id": doc_id,
        "corpus": "talks",
        "split": "dev",
        "turns": [
            {"speaker": "MAYA ORTIZ", "role": "host", "text": "Tonight the council votes."},
            {"speaker": "DEV PATEL", "text": "Who pays for it is the question."},
        ],
        "topics": [
            {
                "name": "The vote",
                "summaries": [
                    {
                        "system": "Quillon-13B",
                        "text": "The council votes tonight. Patel asks who pays.",
                    },
                    {"system": "Parrot-XL", "sentences": ["A vote is held.", "It is costly."]},
                ],
            }
        ],
        **extra,
    }


def test_it_imports_turns_with_transcript_offsets_and_sentences_with_summary_offsets(
    tmp_path: Path,
) -> None:
    project = ProjectFactory()
    report = corpus_import_native(
        project=project, path=write_lines(tmp_path / "c.jsonl", [dialogue("d1")])
    )
    assert (report.documents_created, report.summaries, report.sentences, report.turns) == (
        1,
        2,
        4,
        2,
    )
    document = Document.objects.get(corpus__project=project, external_id="d1")
    assert document.split == "dev"
    turns = list(document.turns.order_by("position"))
    assert [(t.speaker, t.role, t.start, t.end) for t in turns] == [
        ("MAYA ORTIZ", "host", 0, 26),
        ("DEV PATEL", "", 27, 59),
    ]
    summary = Summary.objects.get(topic__document=document, system="Quillon-13B")
    sentences = list(summary.sentences.order_by("position"))
    assert [s.text for s in sentences] == ["The council votes tonight.", "Patel asks who pays."]
    assert all(summary.text[s.start : s.end] == s.text for s in sentences)
    given = Summary.objects.get(topic__document=document, system="Parrot-XL")
    assert given.text == "A vote is held. It is costly."


def test_importing_the_same_file_twice_creates_nothing_new(tmp_path: Path) -> None:
    project = ProjectFactory()
    path = write_lines(tmp_path / "c.jsonl", [dialogue("d1"), dialogue("d2")])
    corpus_import_native(project=project, path=path)
    counts = [m.objects.count() for m in (Document, Turn, Topic, Summary, SummarySentence)]
    again = corpus_import_native(project=project, path=path)
    assert (again.documents_created, again.documents_unchanged) == (0, 2)
    assert [m.objects.count() for m in (Document, Turn, Topic, Summary, SummarySentence)] == counts


def test_changed_content_under_an_existing_id_is_refused_and_changes_nothing(
    tmp_path: Path,
) -> None:
    project = ProjectFactory()
    corpus_import_native(project=project, path=write_lines(tmp_path / "a.jsonl", [dialogue("d1")]))
    changed = dialogue("d1", title="Another title")
    path = write_lines(tmp_path / "b.jsonl", [dialogue("d2"), changed])
    with pytest.raises(
        ImportFailed, match=r"b.jsonl, line 2, field id: document 'd1' already exists"
    ):
        corpus_import_native(project=project, path=path)
    assert list(Document.objects.values_list("external_id", "title")) == [("d1", "")]


def test_a_bad_line_after_good_ones_leaves_the_database_unchanged(tmp_path: Path) -> None:
    project = ProjectFactory()
    bad = dialogue("d3")
    bad["topics"][0]["summaries"][0]["text"] = ""
    path = write_lines(tmp_path / "c.jsonl", [dialogue("d1"), dialogue("d2"), bad])
    with pytest.raises(ImportFailed) as error:
        corpus_import_native(project=project, path=path)
    assert str(error.value) == (
        "c.jsonl, line 3, field topics[0].summaries[0].text: expected a non-empty string,"
        " got the string ''"
    )
    assert not Document.objects.exists()
    assert not Summary.objects.exists()


def test_the_same_document_id_may_exist_in_two_projects(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "c.jsonl", [dialogue("d1")])
    corpus_import_native(project=ProjectFactory(), path=path)
    report = corpus_import_native(project=ProjectFactory(), path=path)
    assert report.documents_created == 1


def test_the_demo_corpus_imports_with_every_summary_split(tmp_path: Path) -> None:
    project = ProjectFactory()
    report = corpus_import_native(project=project, path=DEMO_DIR / "corpus.jsonl")
    assert (report.documents_created, report.topics, report.summaries) == (3, 9, 45)
    key = json.loads((DEMO_DIR / "answer_key.json").read_text())["documents"]
    for summary in Summary.objects.filter(topic__document__corpus__project=project).select_related(
        "topic__document"
    ):
        expected = key[summary.topic.document.external_id][summary.topic.name][summary.system]
        assert summary.sentences.count() == len(expected["sentences"])


def test_the_dialogue_demo_answer_key_points_at_real_spans_and_turns() -> None:
    """fixtures/demo-dialogue: every planted error's span is in its sentence, its evidence
    names turns of the dialogue (or none, for what the dialogue never says), and its types
    are the dialogue taxonomy's."""
    folder = ROOT / "fixtures" / "demo-dialogue"
    project = ProjectFactory()
    report = corpus_import_native(project=project, path=folder / "corpus.jsonl")
    assert (report.documents_created, report.topics, report.summaries) == (3, 3, 9)
    key = json.loads((folder / "answer_key.json").read_text())["documents"]
    type_names = set(
        ErrorTaxonomy.objects.get(slug="dialogue-llm").types.values_list("name", flat=True)
    )
    planted: set[str] = set()
    for summary in Summary.objects.filter(topic__document__corpus__project=project).select_related(
        "topic__document"
    ):
        document = summary.topic.document
        expected = key[document.external_id][summary.topic.name][summary.system]["sentences"]
        sentences = list(summary.sentences.order_by("position"))
        assert len(sentences) == len(expected), summary.system
        turns = document.turns.count()
        for sentence, entry in zip(sentences, expected, strict=True):
            text = summary.text[sentence.start : sentence.end]
            if entry["label"] == "consistent":
                assert all(1 <= n <= turns for n in entry["supported_by_turns"])
                continue
            assert entry["span"] in text, (entry["span"], text)
            assert set(entry["error_types"]) <= type_names
            assert entry["no_evidence_in_dialogue"] == (entry["evidence_turns"] == [])
            assert all(1 <= n <= turns for n in entry["evidence_turns"])
            planted.update(entry["error_types"])
    assert {
        "Circumstantial Inference",
        "Referential Error",
        "World Knowledge",
        "Figurative Misinterpretation",
        "Missed Detail",
    } <= planted
