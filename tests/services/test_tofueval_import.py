"""The public TofuEval release imported with placeholder dialogues: corpus data exactly as
published, and the published labels as a closed reference round attributed to the release."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path
from typing import Any

import pytest

from annotations.formats.tofueval import placeholder_documents
from annotations.management.commands.load_demo import PASSWORD
from annotations.models import (
    Assignment,
    Document,
    KeyFact,
    Round,
    RoundKind,
    RoundStatus,
    SentenceJudgement,
    Summary,
    SummarySentence,
    TopicJudgement,
)
from annotations.services.corpus_import import ImportFailed
from annotations.services.tofueval_import import REFERENCE_ROUND, tofueval_import
from tests.factories import ProjectFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def documents(tmp_path: Path, tofueval_dir: Path) -> Path:
    path = tmp_path / "documents.jsonl"
    path.write_text(
        "".join(json.dumps(line) + "\n" for line in placeholder_documents(tofueval_dir)),
        encoding="utf-8",
    )
    return path


def published_rows(tofueval_dir: Path) -> list[dict[str, str]]:
    rows = []
    for path in sorted((tofueval_dir / "factual_consistency").glob("*.csv")):
        with path.open(encoding="utf-8", newline="") as stream:
            rows.extend(
                {**row, "corpus": path.name.split("_")[0]} for row in csv.DictReader(stream)
            )
    return rows


def test_it_imports_the_release_exactly_as_published(tofueval_dir: Path, documents: Path) -> None:
    project = ProjectFactory()
    report = tofueval_import(project=project, release_dir=tofueval_dir, documents=documents)
    assert (report.documents_created, report.summaries, report.sentences) == (100, 1777, 4946)
    assert Summary.objects.filter(topic__document__corpus__project=project).count() == 1777
    splits = json.loads((tofueval_dir / "document_ids_dev_test_split.json").read_text())
    for split, corpora in splits.items():
        for corpus, ids in corpora.items():
            stored = Document.objects.filter(
                corpus__project=project, corpus__slug=corpus, split=split
            )
            assert set(stored.values_list("external_id", flat=True)) == set(ids)

    rows = random.Random(7).sample(published_rows(tofueval_dir), 40)
    for row in rows:
        sentence = SummarySentence.objects.get(
            summary__topic__document__corpus__project=project,
            summary__topic__document__corpus__slug=row["corpus"],
            summary__topic__document__external_id=row["doc_id"],
            summary__topic__name=row["topic"],
            summary__system=row["model_name"],
            source_index=int(row["sent_idx"]),
        )
        assert sentence.text == row["summ_sent"]
        assert sentence.summary.text[sentence.start : sentence.end] == row["summ_sent"]
        judgement = SentenceJudgement.objects.get(sentence=sentence)
        assert judgement.label == {"yes": "consistent", "no": "inconsistent"}[row["sent_label"]]
        assert judgement.explanation == row["exp"]
        expected_types = {t for t in row["type"].split(", ") if t}
        assert set(judgement.error_types.values_list("name", flat=True)) == expected_types


def test_published_labels_belong_to_a_closed_reference_round_not_to_a_person(
    tofueval_dir: Path, documents: Path
) -> None:
    project = ProjectFactory()
    tofueval_import(project=project, release_dir=tofueval_dir, documents=documents)
    assignments = Assignment.objects.filter(round__project=project)
    assert assignments.count() == 300
    assert set(assignments.values_list("round__name", "round__kind", "round__status")) == {
        (REFERENCE_ROUND, RoundKind.REFERENCE, RoundStatus.CLOSED)
    }
    assert not assignments.filter(annotator__isnull=False).exists()
    assert set(assignments.values_list("source", "status")) == {("TofuEval release", "submitted")}


def test_topic_categories_and_key_points_come_in_as_published(
    tofueval_dir: Path, documents: Path
) -> None:
    project = ProjectFactory()
    tofueval_import(project=project, release_dir=tofueval_dir, documents=documents)
    categories = json.loads(
        (tofueval_dir / "topic_category" / "mediasum_topic_category.json").read_text()
    )
    for judgement in TopicJudgement.objects.filter(
        assignment__topic__document__corpus__slug="mediasum"
    ).select_related("assignment__topic"):
        assert judgement.category == categories[judgement.assignment.topic.name]
    # The key points: the topic's given list (source "tofueval", usable as a round's fixed
    # list) and the reference round's sheet, a copy of it (the release's gold list).
    given = KeyFact.objects.filter(
        given_list__source="tofueval",
        given_list__topic__document__external_id="NPR-5615",
        given_list__topic__name="Presidential helicopter cost",
    ).order_by("position")
    assert given.count() == 7
    assert given[0].text == "Obama's new helicopters could cost around $400 million each."
    copies = KeyFact.objects.filter(
        sheet__assignment__topic__document__external_id="NPR-5615",
        sheet__assignment__topic__name="Presidential helicopter cost",
    ).order_by("position")
    assert [(f.text, f.given_id) for f in copies] == [(f.text, f.pk) for f in given]
    for owner in ("given_list", "sheet__assignment"):
        assert not KeyFact.objects.filter(
            **{
                f"{owner}__topic__document__external_id": "CNN-105920",
                f"{owner}__topic__name": "President Bush's Immigration Plan",
            }
        ).exists()


def test_gaps_in_sent_idx_are_kept_and_the_duplicated_row_is_dropped(
    tofueval_dir: Path, documents: Path
) -> None:
    project = ProjectFactory()
    report = tofueval_import(project=project, release_dir=tofueval_dir, documents=documents)
    gap = Summary.objects.get(
        topic__document__external_id="CNN-164885",
        topic__name="Cuban celebration and government gathering",
        system="model_C",
    )
    assert list(gap.sentences.values_list("position", "source_index")) == [(0, 1), (1, 3)]
    duplicated = Summary.objects.get(
        topic__document__external_id="LongBeachCC_10172017_17-0944",
        topic__name="Incident on Blue Line train",
        system="Model-Extra",
    )
    assert list(duplicated.sentences.values_list("source_index", flat=True)) == [1, 2, 3]
    assert any("dropped 1 exact duplicate row" in note for note in report.notes)


def test_importing_the_release_twice_creates_nothing_new(
    tofueval_dir: Path, documents: Path
) -> None:
    project = ProjectFactory()
    tofueval_import(project=project, release_dir=tofueval_dir, documents=documents)
    counts = (SentenceJudgement.objects.count(), Summary.objects.count(), KeyFact.objects.count())
    again = tofueval_import(project=project, release_dir=tofueval_dir, documents=documents)
    assert (again.documents_created, again.documents_unchanged, again.judgements) == (0, 100, 0)
    assert (
        SentenceJudgement.objects.count(),
        Summary.objects.count(),
        KeyFact.objects.count(),
    ) == counts


def test_a_document_missing_from_the_documents_file_changes_nothing(
    tofueval_dir: Path, tmp_path: Path
) -> None:
    lines = [line for line in placeholder_documents(tofueval_dir) if line["id"] != "NPR-5615"]
    path = tmp_path / "partial.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    with pytest.raises(
        ImportFailed,
        match=r"mediasum_factual_eval_dev.csv, row 1 \(line 2\), field doc_id: "
        r"document 'NPR-5615' \(mediasum\) has no dialogue",
    ):
        tofueval_import(project=ProjectFactory(), release_dir=tofueval_dir, documents=path)
    assert not Document.objects.exists()
    assert not Assignment.objects.exists()


def test_an_error_type_outside_the_projects_taxonomy_is_refused(
    tofueval_dir: Path, documents: Path
) -> None:
    project = ProjectFactory()
    project.taxonomy.types.filter(name="Contradiction").delete()
    with pytest.raises(
        ImportFailed, match="unknown error type 'Contradiction'; the project's taxonomy allows"
    ):
        tofueval_import(project=project, release_dir=tofueval_dir, documents=documents)
    assert not Document.objects.exists()


def test_key_points_remember_whether_they_were_numbered(
    tofueval_dir: Path, documents: Path
) -> None:
    project = ProjectFactory()
    tofueval_import(project=project, release_dir=tofueval_dir, documents=documents)
    given = KeyFact.objects.filter(given_list__isnull=False)
    assert given.filter(numbered=True).count() == 1099
    assert given.filter(numbered=False).count() == 36
    # The reference round's copies remember it too.
    copies = KeyFact.objects.filter(sheet__isnull=False)
    assert (copies.filter(numbered=True).count(), copies.filter(numbered=False).count()) == (
        1099,
        36,
    )


def test_the_reference_round_shows_the_published_distribution_per_system_and_topic_category(
    tofueval_dir: Path, documents: Path, client: Any
) -> None:
    """The admin's progress page of a reference round: nobody's progress, but what the
    benchmark published, counted from the release's own rows."""
    from django.contrib.auth import get_user_model

    from annotations.models import Membership, Role, Round

    project = ProjectFactory()
    tofueval_import(project=project, release_dir=tofueval_dir, documents=documents)
    admin = get_user_model().objects.create_user("ada", password=PASSWORD)
    Membership.objects.create(project=project, user=admin, role=Role.ADMIN)
    client.force_login(admin)
    reference = Round.objects.get(project=project, kind=RoundKind.REFERENCE)
    progress = client.get(f"/api/admin/rounds/{reference.pk}/progress/").json()
    published = progress["published"]
    assert published["sources"] == ["TofuEval release"]
    rows = published_rows(tofueval_dir)
    by_system = {row["system"]: row for row in published["systems"]}
    assert sum(row["sentences"] for row in published["systems"]) == 4946
    for system in {row["model"] for row in rows if "model" in row} & set(by_system):
        assert by_system[system]["sentences"] > 0
    inconsistent = sum(row["inconsistent"] for row in published["systems"])
    consistent = sum(row["consistent"] for row in published["systems"])
    assert inconsistent + consistent == 4946
    assert 0 < inconsistent < consistent
    categories = {row["topic_category"] for row in published["by_topic_category"]}
    assert categories == {"main", "marginal"}
    assert sum(row["sentences"] for row in published["by_topic_category"]) == 4946
    assert sum(row["summaries"] for row in published["systems"]) == 1777

    # The corpus browser: what was imported, with the same distribution over the project.
    corpus = client.get(f"/api/admin/projects/{project.slug}/corpus/").json()
    assert sum(c["documents"] for c in corpus["corpora"]) == 100
    assert sum(c["summaries"] for c in corpus["corpora"]) == 1777
    assert corpus["published"]["systems"] == published["systems"]
    units = client.get(f"/api/admin/projects/{project.slug}/units/").json()
    assert units["count"] == 300
    assert units["pages"] == 6
    first = units["units"][0]
    assert first["rounds"] == [REFERENCE_ROUND]
    unit = client.get(f"/api/admin/projects/{project.slug}/units/{first['topic']}/").json()
    assert unit["topic"]["name"] == first["topic_name"]
    assert len(unit["summaries"]) == first["summaries"]
    sentence = unit["summaries"][0]["sentences"][0]
    assert sentence["published"]["TofuEval release"] in ("consistent", "inconsistent")
    assert unit["summaries"][0]["system"]
    assert client.get(f"/api/admin/projects/{project.slug}/units/999999999/").status_code == 404


def test_the_release_uploaded_as_a_zip_with_its_dialogues_imports_the_same(
    tofueval_dir: Path, documents: Path, tmp_path: Path
) -> None:
    import zipfile

    from annotations.services.import_formats import IMPORT_FORMATS, ImportRequest

    packed = tmp_path / "tofueval.zip"
    with zipfile.ZipFile(packed, "w") as archive:
        for path in sorted(tofueval_dir.rglob("*")):
            if path.is_file():
                archive.write(path, f"tofueval/{path.relative_to(tofueval_dir).as_posix()}")
        archive.write(documents, "documents.jsonl")
    project = ProjectFactory()
    run = IMPORT_FORMATS["tofueval"].run
    assert run is not None

    report = run(ImportRequest(project=project, path=packed, name="tofueval.zip"))

    assert (report.documents_created, report.summaries, report.sentences) == (100, 1777, 4946)
    assert Round.objects.get(project=project, name=REFERENCE_ROUND).kind == RoundKind.REFERENCE


def test_a_zip_without_the_dialogues_is_refused_naming_what_it_needs(tmp_path: Path) -> None:
    import zipfile

    from annotations.services.import_formats import IMPORT_FORMATS, ImportRequest

    packed = tmp_path / "release.zip"
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("tofueval/document_ids_dev_test_split.json", "{}")
    run = IMPORT_FORMATS["tofueval"].run
    assert run is not None

    with pytest.raises(ImportFailed, match=r"release\.zip: .*documents\.jsonl"):
        run(ImportRequest(project=ProjectFactory(), path=packed, name="release.zip"))

    assert not Summary.objects.exists()
