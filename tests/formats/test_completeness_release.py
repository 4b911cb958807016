"""Key facts and atomic facts through a whole release (docs/formats/rose.md,
docs/formats/tofueval.md "Completeness", docs/formats/finesure.md): what linguists saved comes
out of the ``rose``, ``tofueval`` and ``finesure`` files, and reads back the same."""

from __future__ import annotations

import ast
import csv
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from annotations.models import (
    AlignedSentence,
    AtomicFact,
    AtomicFactSheet,
    KeyFact,
    KeyFactAlignment,
    KeyFactSheet,
    ReleaseStatus,
    Round,
)
from annotations.services.releases import release_build, release_create
from tests.services.test_release_rows import first_unit, labelled_demo

pytestmark = pytest.mark.django_db

VERDICTS = {"supported": 1, "not_supported": 0, "": None}


def built(round_: Round, formats: list[str], tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    release = release_create(
        project=round_.project,
        user=None,
        config={
            "version": "1.0.0",
            "rounds": [round_.pk],
            "formats": formats,
            "split": {"method": "document", "dev": 0.5, "seed": 3},
        },
    )
    release = release_build(release_id=release.pk)
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    folder = tmp_path / "release"
    with zipfile.ZipFile(release.archive.path) as packed:
        packed.extractall(folder)
    return folder, release.manifest


@pytest.fixture
def facts_round(settings: Any, tmp_path: Path) -> Round:
    """The demo pilot; in its first unit, the first linguist wrote and aligned two key facts
    and verified the given ACUs of two summaries (one left unverified) and wrote one ACU of
    a third; the second linguist verified different ones (not gold: the first is)."""
    settings.MEDIA_ROOT = tmp_path / "media"
    round_ = labelled_demo()
    writer, other = first_unit(round_)
    one, two, three, *_ = writer.topic.summaries.order_by("position")
    sheet = KeyFactSheet.objects.create(assignment=writer)
    for position, text in enumerate(["The vote is tonight.", "The port pays."], start=1):
        fact = KeyFact.objects.create(sheet=sheet, position=position, text=text)
        for summary in (one, two):
            covered = (position, summary) != (2, two)
            alignment = KeyFactAlignment.objects.create(
                key_fact=fact, summary=summary, covered=covered
            )
            if covered:
                AlignedSentence.objects.create(
                    alignment=alignment, sentence=summary.sentences.order_by("position")[0]
                )
    acus = ["The council meets.", "A vote is due.", "The port pays."]
    for summary, verdicts in (
        (one, ["supported", "not_supported", "supported"]),
        (two, ["supported", "", "not_supported"]),
    ):
        given = [
            AtomicFact.objects.create(given_for=summary, position=p, text=t)
            for p, t in enumerate(acus, start=1)
        ]
        facts_sheet = AtomicFactSheet.objects.create(assignment=writer, summary=summary)
        for fact, verdict in zip(given, verdicts, strict=True):
            AtomicFact.objects.create(
                sheet=facts_sheet,
                given=fact,
                position=fact.position,
                text=fact.text,
                verdict=verdict,
            )
        theirs = AtomicFactSheet.objects.create(assignment=other, summary=summary)
        AtomicFact.objects.create(sheet=theirs, position=1, text="Not gold.", verdict="supported")
    own = AtomicFactSheet.objects.create(assignment=writer, summary=three)
    AtomicFact.objects.create(sheet=own, position=1, text="Someone objects.", verdict="supported")
    return round_


def test_atomic_facts_come_out_in_roses_layout_and_read_back(
    facts_round: Round, tmp_path: Path
) -> None:
    folder, manifest = built(facts_round, ["rose"], tmp_path)
    writer, _ = first_unit(facts_round)
    one, two, three, *_ = writer.topic.summaries.order_by("position")

    lines = (folder / "rose/rose.jsonl").read_bytes().splitlines()
    assert manifest["files"]["rose/rose.jsonl"]["records"] == len(lines) == 1
    (record,) = (json.loads(line) for line in lines)
    assert record["doc_id"] == writer.topic.document.external_id
    assert record["topic"] == writer.topic.name
    assert record["reference_acus"] == ["The council meets.", "A vote is due.", "The port pays."]
    assert record["acu_labels"][one.system] == [1, 0, 1]
    assert record["acu_labels"][two.system] == [1, None, 0]
    assert record["annotations"][one.system] == {"acu_labels": [1, 0, 1], "acu": 2 / 3}
    assert record["annotations"][two.system]["acu"] is None
    assert record["acu_labels"][three.system] == [None, None, None]
    assert record["system_acus"][three.system] == [{"text": "Someone objects.", "label": 1}]
    assert record["system_outputs"] == {s.system: s.text for s in writer.topic.summaries.all()}
    assert (
        record["source"]
        .splitlines()[0]
        .endswith(writer.topic.document.turns.order_by("position")[0].text)
    )
    # Read back: each stored ACU and verdict of the gold sheets.
    for summary in (one, two):
        gold = AtomicFactSheet.objects.get(assignment=writer, summary=summary)
        stored = [(f.text, VERDICTS[f.verdict]) for f in gold.facts.order_by("position")]
        labels = record["acu_labels"][summary.system]
        assert list(zip(record["reference_acus"], labels, strict=True)) == stored
    # The dataset card names the file as a config.
    assert "- config_name: rose" in (folder / "README.md").read_text()


def test_key_facts_and_coverage_come_out_in_the_tofueval_and_finesure_layouts(
    facts_round: Round, tmp_path: Path
) -> None:
    folder, manifest = built(facts_round, ["tofueval", "finesure"], tmp_path)
    writer, _ = first_unit(facts_round)
    one, two, *_ = writer.topic.summaries.order_by("position")
    corpus = writer.topic.document.corpus.slug

    with (folder / f"tofueval/completeness/{corpus}_completeness_final.csv").open() as stream:
        points = {row["topic"]: row["key_points"] for row in csv.DictReader(stream)}
    assert ast.literal_eval(points[writer.topic.name]) == [
        "1. The vote is tonight.",
        "2. The port pays.",
    ]
    coverage = folder / f"tofueval/completeness/{corpus}_completeness_coverage.csv"
    with coverage.open() as stream:
        rows = list(csv.DictReader(stream))
    assert manifest["files"][f"tofueval/completeness/{corpus}_completeness_coverage.csv"][
        "records"
    ] == len(rows)
    covered = {
        (row["model_name"], int(row["key_point_idx"])): row["covered"]
        for row in rows
        if row["topic"] == writer.topic.name
    }
    assert covered[(one.system, 1)] == covered[(one.system, 2)] == "yes"
    assert (covered[(two.system, 1)], covered[(two.system, 2)]) == ("yes", "no")
    # A summary the linguist did not align is not covered (their work on the unit decides).
    assert {v for (system, _), v in covered.items() if system not in {one.system, two.system}} == {
        "no"
    }
    assert {row["topic"] for row in rows} == {writer.topic.name}

    records = [
        json.loads(line) for line in (folder / "finesure/finesure.jsonl").read_text().splitlines()
    ]
    mine = next(r for r in records if r["model"] == two.system and r["topic"] == writer.topic.name)
    assert mine["key_facts"] == ["The vote is tonight.", "The port pays."]
    first_labels = next(iter(mine["raw_annotations"].values()))
    assert first_labels["key_fact_labels"] == [1, 0]
    assert first_labels["sentence_labels"][0] == 1
    assert set(first_labels["sentence_labels"][1:]) <= {0}
    listed = [
        json.loads(line) for line in (folder / "finesure/keyfacts.jsonl").read_text().splitlines()
    ]
    assert manifest["files"]["finesure/keyfacts.jsonl"]["records"] == len(listed) == 1
    assert listed[0]["doc_id"] == mine["doc_id"]
    assert listed[0]["key_facts"] == mine["key_facts"]
    assert listed[0]["transcript"] == mine["transcript"]


def test_the_rose_config_of_the_card_loads_with_hugging_face_datasets(
    facts_round: Round, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    datasets = pytest.importorskip("datasets")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    folder, _ = built(facts_round, ["rose"], tmp_path)

    loaded = datasets.load_dataset(str(folder), "rose", cache_dir=str(tmp_path / "cache"))

    assert loaded["full"].num_rows == 1
    assert loaded["full"][0]["reference_acus"][0] == "The council meets."


def test_a_release_without_atomic_facts_leaves_the_rose_format_out_with_a_note(
    settings: Any, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    folder, manifest = built(labelled_demo(), ["rose", "native"], tmp_path)

    # Never an empty file: the format is left out, and the manifest and card say so.
    assert not (folder / "rose").exists()
    assert "rose/rose.jsonl" not in manifest["files"]
    assert manifest["left_out"] == {"formats": ["rose"], "files": []}
    card = (folder / "README.md").read_text()
    assert "config_name: rose" not in card
    assert "the `rose` format: no records in these rounds" in card
