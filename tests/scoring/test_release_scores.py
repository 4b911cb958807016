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
from django.test import Client

from annotations.api.releases import ProjectReleasesOutput, ReleaseDetailOutput
from annotations.models import (
    Assignment,
    AssignmentStatus,
    Release,
    ReleaseStatus,
    Round,
    RoundStatus,
    SentenceJudgement,
    Summary,
    SummaryJudgement,
    TopicJudgement,
)
from annotations.scoring import METRICS
from annotations.services.releases import release_build, release_create
from tests.api.test_contract import mismatches

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
    for assignment in Assignment.objects.filter(round=round_):
        for summary in assignment.topic.summaries.all():
            for sentence in summary.sentences.all():
                wrong = summary.system == flagged and sentence.position == 0
                SentenceJudgement.objects.create(
                    assignment=assignment,
                    sentence=sentence,
                    label="inconsistent" if wrong else "consistent",
                    explanation="Not what the dialogue says." if wrong else "",
                )
            SummaryJudgement.objects.create(assignment=assignment, summary=summary, relevance=4)
        TopicJudgement.objects.create(assignment=assignment, category="main")
        Assignment.objects.filter(pk=assignment.pk).update(status=AssignmentStatus.SUBMITTED)
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


def test_two_releases_of_the_same_labels_have_the_same_scores(labelled_round: Round) -> None:
    first = build(labelled_round, ["native"])
    second = build(labelled_round, ["aggrefact"], version="1.0.1")
    assert first.manifest["scores"] == second.manifest["scores"]
    with zipfile.ZipFile(first.archive.path) as a, zipfile.ZipFile(second.archive.path) as b:
        assert a.read("system_scores.csv") == b.read("system_scores.csv")


def test_the_release_api_serves_the_table(labelled_round: Round, client: Client) -> None:
    release = build(labelled_round, ["native"])
    assert client.login(username="researcher", password="demo")
    listing = client.get("/api/projects/demo/releases/").json()
    assert mismatches(ProjectReleasesOutput(), listing) == []
    scores = listing["releases"][0]["scores"]
    assert (scores["confidence"], scores["n_resamples"], scores["seed"]) == (0.95, 1000, 0)
    stored = release.manifest["scores"]["systems"]
    assert [s["system"] for s in scores["systems"]] == [s["system"] for s in stored]
    for served, kept in zip(scores["systems"], stored, strict=True):
        assert served["summaries"] == kept["summaries"]
        for metric in METRICS:
            assert served[metric] == kept[metric]
    # Nothing in this round judged key facts or atomic facts: those scores are empty, n = 0.
    assert scores["systems"][0]["completeness"] == {"mean": None, "low": None, "high": None, "n": 0}
    detail = client.get(f"/api/releases/{release.pk}/").json()
    assert mismatches(ReleaseDetailOutput(), detail) == []
    assert detail["scores"] == scores


def test_a_release_without_scores_in_its_manifest_serves_null(
    labelled_round: Round, client: Client
) -> None:
    release = build(labelled_round, ["native"])
    manifest = dict(release.manifest)
    del manifest["scores"]  # as a release built before releases carried scores
    Release.objects.filter(pk=release.pk).update(manifest=manifest)
    building = Release.objects.create(
        project=labelled_round.project, version="2.0.0", config=release.config
    )
    assert client.login(username="researcher", password="demo")
    listing = client.get("/api/projects/demo/releases/").json()
    assert mismatches(ProjectReleasesOutput(), listing) == []
    by_id = {r["id"]: r for r in listing["releases"]}
    assert by_id[release.pk]["scores"] is None
    assert by_id[building.pk]["scores"] is None
