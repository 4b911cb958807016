"""A release loads, unchanged, with Hugging Face `datasets`: every config of its dataset card,
every split, offline, with as many rows as the manifest says."""

from __future__ import annotations

import json
import zipfile
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from annotations.formats.release_records import read_release_records
from annotations.formats.tofueval import placeholder_documents
from annotations.models import Project, ReleaseStatus, Round
from annotations.services.projects import project_get_or_create
from annotations.services.releases import release_build, release_create
from annotations.services.tofueval_import import tofueval_import

datasets = pytest.importorskip("datasets")

pytestmark = pytest.mark.django_db


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_CACHE", str(tmp_path / "hf-cache"))
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))


@pytest.fixture
def tofueval_project(tofueval_dir: Path, tmp_path: Path, settings: Any) -> Project:
    settings.MEDIA_ROOT = tmp_path / "media"
    documents = tmp_path / "documents.jsonl"
    documents.write_text(
        "".join(json.dumps(line) + "\n" for line in placeholder_documents(tofueval_dir))
    )
    call_command("load_demo", stdout=StringIO())
    project, _ = project_get_or_create(slug="tofu")
    tofueval_import(project=project, release_dir=tofueval_dir, documents=documents)
    return project


def unpacked(project: Project, formats: list[str], tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    release = release_create(
        project=project,
        user=None,
        config={
            "version": "1.0.0",
            "rounds": list(Round.objects.filter(project=project).values_list("pk", flat=True)),
            "formats": formats,
            "split": {"method": "corpus"},
        },
    )
    built = release_build(release_id=release.pk)
    assert built.status == ReleaseStatus.PUBLISHED, built.error
    folder = tmp_path / "release"
    with zipfile.ZipFile(built.archive.path) as packed:
        packed.extractall(folder)
    return folder, built.manifest


def test_the_records_an_evaluator_is_scored_on_are_the_llm_aggrefact_claims(
    tofueval_project: Project, tmp_path: Path
) -> None:
    """Predictions made on the LLM-AggreFact export join back: its ``id`` and ``summary_id``
    are records.csv's record ids."""
    folder, _ = unpacked(tofueval_project, ["llm_aggrefact"], tmp_path)
    records = read_release_records((folder / "records.csv").read_bytes())
    claims = [
        json.loads(line)
        for path in sorted((folder / "llm_aggrefact").glob("*.jsonl"))
        for line in path.read_text().splitlines()
    ]
    judged = records.sentences.label >= 0
    assert sorted(c["id"] for c in claims) == sorted(records.sentences.record_id[judged])
    assert {c["summary_id"] for c in claims} <= set(records.summaries.record_id)


def card_configs(folder: Path) -> dict[str, dict[str, str]]:
    import yaml

    front = (folder / "README.md").read_text().split("---")[1]
    return {
        config["config_name"]: {f["split"]: f["path"] for f in config["data_files"]}
        for config in yaml.safe_load(front)["configs"]
    }


def test_every_config_of_the_card_loads_with_both_splits(
    tofueval_project: Project, tmp_path: Path, offline: None
) -> None:
    folder, manifest = unpacked(tofueval_project, ["native", "llm_aggrefact", "finesure"], tmp_path)
    configs = card_configs(folder)
    assert set(configs) == {"default", "llm_aggrefact", "finesure"}
    assert set(configs["default"]) == {"dev", "test"}
    assert set(configs["llm_aggrefact"]) == {"dev", "test"}
    for name, splits in configs.items():
        loaded = datasets.load_dataset(str(folder), name, cache_dir=str(tmp_path / "cache"))
        assert set(loaded) == set(splits), name
        for split, path in splits.items():
            assert loaded[split].num_rows == manifest["files"][path]["records"], (name, split)


def test_a_release_with_spans_key_facts_and_several_annotators_loads_too(
    tmp_path: Path, settings: Any, offline: None
) -> None:
    """The demo pilot: two annotators, a split vote with explanation, types, a span with
    evidence, key facts aligned by one annotator only (the other's coverage unknown), split by
    document into dev and test."""
    from annotations.models import (
        AlignedSentence,
        AtomicFact,
        AtomicFactSheet,
        ErrorSpan,
        ErrorType,
        EvidenceSpan,
        KeyFact,
        KeyFactAlignment,
        KeyFactSheet,
        SentenceJudgement,
    )
    from tests.services.test_release_rows import first_unit, labelled_demo

    settings.MEDIA_ROOT = tmp_path / "media"
    round_ = labelled_demo()
    flagger, other = first_unit(round_)
    summary = flagger.topic.summaries.order_by("position").first()
    sentence = summary.sentences.order_by("position").first()
    judgement = SentenceJudgement.objects.get(assignment=flagger, sentence=sentence)
    judgement.label, judgement.explanation = "inconsistent", "The port pays."
    judgement.save()
    kind = ErrorType.objects.filter(taxonomy=round_.project.taxonomy).first()
    judgement.error_types.add(kind)
    span = ErrorSpan.objects.create(judgement=judgement, start=0, end=4, error_type=kind)
    turn = flagger.topic.document.turns.order_by("position").first()
    EvidenceSpan.objects.create(error_span=span, turn=turn, start=0, end=3)
    fact = KeyFact.objects.create(
        sheet=KeyFactSheet.objects.create(assignment=flagger),
        position=1,
        text="The vote is tonight.",
    )
    AlignedSentence.objects.create(
        alignment=KeyFactAlignment.objects.create(key_fact=fact, summary=summary),
        sentence=sentence,
    )
    KeyFact.objects.create(
        sheet=KeyFactSheet.objects.create(assignment=other), position=1, text="A vote."
    )
    # Atomic facts of two summaries (the rose config), one verified, one not yet.
    for number, acu_summary in enumerate(flagger.topic.summaries.order_by("position")[:2]):
        acu_sheet = AtomicFactSheet.objects.create(assignment=flagger, summary=acu_summary)
        AtomicFact.objects.create(sheet=acu_sheet, position=1, text="A vote.", verdict="supported")
        AtomicFact.objects.create(
            sheet=acu_sheet,
            position=2,
            text="It is free.",
            verdict="" if number else "not_supported",
        )

    release = release_create(
        project=round_.project,
        user=None,
        config={
            "version": "2.0.0",
            "rounds": [round_.pk],
            "formats": ["native", "llm_aggrefact", "finesure", "rose"],
            "split": {"method": "document", "dev": 0.5, "seed": 3},
        },
    )
    built = release_build(release_id=release.pk)
    assert built.status == ReleaseStatus.PUBLISHED, built.error
    folder = tmp_path / "demo-release"
    with zipfile.ZipFile(built.archive.path) as packed:
        packed.extractall(folder)
    configs = card_configs(folder)
    assert "rose" in configs
    for name, splits in configs.items():
        loaded = datasets.load_dataset(str(folder), name, cache_dir=str(tmp_path / "cache"))
        assert set(loaded) == set(splits), name
        for split, path in splits.items():
            assert loaded[split].num_rows == built.manifest["files"][path]["records"]
    native = datasets.load_dataset(str(folder), "default", cache_dir=str(tmp_path / "cache"))
    flagged = [
        row
        for split in native.values()
        for row in split
        if any(s["label"] == "inconsistent" for s in row["sentences"])
    ]
    assert flagged
    assert flagged[0]["sentences"][0]["spans"][0]["evidence"][0]["text"] == turn.text[:3]
