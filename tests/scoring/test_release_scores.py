"""Every release carries scores.csv and system_scores.csv, whatever its formats, and the
release API serves the per-system table stored in the manifest."""

from __future__ import annotations

import csv
import io
import zipfile
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from annotations.formats.release_records import read_record_arrays, read_release_records
from annotations.models import (
    Assignment,
    AssignmentStatus,
    Release,
    ReleaseStatus,
    Round,
    RoundStatus,
    Summary,
    SummarySentence,
)
from annotations.services.releases import release_build, release_create
from tests.formats.records_equal import assert_same_records
from tests.labelling import label_units

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def labelled_round() -> Round:
    """The demo round with every unit labelled: the first sentence of every summary of the
    alphabetically first system inconsistent, everything else consistent."""
    call_command("load_demo", stdout=StringIO())
    round_ = Round.objects.get(project__slug="demo")
    flagged = min(
        Summary.objects.filter(topic__assignments__round=round_).values_list("system", flat=True)
    )
    assignments = Assignment.objects.filter(round=round_)
    label_units(
        assignments,
        wrong=lambda summary, sentence: summary.system == flagged and sentence.position == 0,
    )
    assignments.update(status=AssignmentStatus.SUBMITTED)
    Round.objects.filter(pk=round_.pk).update(status=RoundStatus.CLOSED)
    return round_


def expected_faithfulness(round_: Round) -> dict[str, list[float]]:
    flagged = min(
        Summary.objects.filter(topic__assignments__round=round_).values_list("system", flat=True)
    )
    by_system: dict[str, list[float]] = {}
    for summary in Summary.objects.filter(topic__assignments__round=round_).distinct():
        k = summary.sentences.count()
        by_system.setdefault(summary.system, []).append(
            (k - 1) / k if summary.system == flagged else 1.0
        )
    return by_system


def build(round_: Round, formats: list[str], version: str = "1.0.0") -> Release:
    release = release_build(
        release_id=release_create(
            project=round_.project,
            user=None,
            config={"version": version, "rounds": [round_.pk], "formats": formats},
        ).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    return release


@pytest.mark.parametrize("formats", [["native"], ["aggrefact"], ["tofueval", "finesure"]])
def test_every_release_has_the_score_files(labelled_round: Round, formats: list[str]) -> None:
    release = build(labelled_round, formats)
    expected = expected_faithfulness(labelled_round)
    n_summaries = sum(len(values) for values in expected.values())
    with zipfile.ZipFile(release.archive.path) as packed:
        scores = list(csv.DictReader(io.StringIO(packed.read("scores.csv").decode("utf-8"))))
        systems = list(
            csv.DictReader(io.StringIO(packed.read("system_scores.csv").decode("utf-8")))
        )
    assert len(scores) == n_summaries
    files = release.manifest["files"]
    assert files["scores.csv"]["records"] == n_summaries
    assert files["system_scores.csv"]["records"] == len(expected)
    assert {f.name for f in release.files.all()} >= {"scores.csv", "system_scores.csv"}
    got: dict[str, list[float]] = {}
    for row in scores:
        got.setdefault(row["system"], []).append(float(row["faithfulness"]))
    assert {s: sorted(v) for s, v in got.items()} == {s: sorted(v) for s, v in expected.items()}
    # The system file and the manifest's table agree with the per-summary file.
    table = release.manifest["scores"]
    assert [s["system"] for s in table["systems"]] == sorted(expected)
    assert [row["system"] for row in systems] == sorted(expected)
    for row, stored in zip(systems, table["systems"], strict=True):
        mine = expected[row["system"]]
        assert float(row["faithfulness"]) == pytest.approx(sum(mine) / len(mine))
        assert stored["faithfulness"]["mean"] == pytest.approx(sum(mine) / len(mine))
        assert stored["faithfulness"]["n"] == int(row["faithfulness_n"]) == len(mine)
        assert stored["summaries"] == int(row["summaries"]) == len(mine)
        assert stored["faithfulness"]["low"] <= stored["faithfulness"]["mean"]
        assert stored["faithfulness"]["mean"] <= stored["faithfulness"]["high"]
    assert (table["confidence"], table["n_resamples"], table["seed"]) == (0.95, 1000, 0)


@pytest.mark.parametrize("formats", [["native"], ["aggrefact", "rose"]])
def test_every_release_has_its_sentence_records(labelled_round: Round, formats: list[str]) -> None:
    """records.csv, what evaluators are scored against, is there whatever the formats, with
    records.npz, the same records as the arrays the site loads."""
    release = build(labelled_round, formats)
    with zipfile.ZipFile(release.archive.path) as packed:
        records = read_release_records(packed.read("records.csv"))
        assert_same_records(read_record_arrays(packed.read("records.npz")), records)
    n_sentences = (
        SummarySentence.objects.filter(summary__topic__assignments__round=labelled_round)
        .distinct()
        .count()
    )
    assert len(records.sentences) == n_sentences
    assert release.manifest["files"]["records.csv"]["records"] == n_sentences
    assert release.manifest["files"]["records.npz"]["records"] == n_sentences
    flagged = min(
        Summary.objects.filter(topic__assignments__round=labelled_round).values_list(
            "system", flat=True
        )
    )
    # Only the flagged system's sentences were called inconsistent.
    bad = records.sentences.summary[records.sentences.label == 1]
    assert {records.summaries.value("system", s) for s in bad} == {flagged}
    assert (records.sentences.label >= 0).all()
