"""Error rates per summarizer in a built release: the analysis/ files beside every other file
(with their checksums), the not-a-summary option, time on task in the native records,
``release_report`` and the API route (researchers and admins; 404 for anyone else)."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import zipfile
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from annotations.api.release_analysis import ReleaseAnalysisOutput
from annotations.models import (
    Assignment,
    AssignmentStatus,
    Release,
    ReleaseStatus,
    Round,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
)
from annotations.services.releases import release_build, release_create
from tests.people import ADMIN, LINGUIST, RESEARCHER, REVIEWER, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.RELEASE_BUILD_ROOT = tmp_path / "builds"
    return settings.MEDIA_ROOT


@pytest.fixture
def labelled() -> Round:
    """The demo's pilot round, every unit labelled by both linguists alike: in each unit the
    first summary's first sentence is inconsistent (Extrinsic Information), the rest
    consistent; every topic is main; the very first summary is not a summary."""
    call_command("load_demo", stdout=StringIO())
    round_ = Round.objects.get(project__slug="demo")
    extrinsic = round_.project.taxonomy.types.get(name="Extrinsic Information")
    first_summary = None
    for assignment in Assignment.objects.filter(round=round_).order_by("id"):
        summaries = list(assignment.topic.summaries.order_by("id"))
        first_summary = first_summary or summaries[0].pk
        for index, summary in enumerate(summaries):
            for position, sentence in enumerate(summary.sentences.order_by("position")):
                bad = index == 0 and position == 0
                judgement = SentenceJudgement.objects.create(
                    assignment=assignment,
                    sentence=sentence,
                    label="inconsistent" if bad else "consistent",
                    explanation="not said" if bad else "",
                )
                if bad:
                    judgement.error_types.add(extrinsic)
            SummaryJudgement.objects.create(
                assignment=assignment,
                summary=summary,
                relevance=4 if index == 0 else 5,
                not_a_summary=summary.pk == first_summary,
            )
        TopicJudgement.objects.create(assignment=assignment, category="main")
        Assignment.objects.filter(pk=assignment.pk).update(
            status=AssignmentStatus.SUBMITTED, active_seconds=120
        )
    return round_


def build(round_: Round, **config: Any) -> Release:
    release = release_build(
        release_id=release_create(
            project=round_.project,
            user=None,
            config={
                "version": "1.0.0",
                "rounds": [round_.pk],
                "formats": ["native"],
                "split": {"method": "document", "dev": 0.5, "seed": 3},
                **config,
            },
        ).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    return release


def members(release: Release) -> dict[str, bytes]:
    with zipfile.ZipFile(release.archive.path) as packed:
        return {name: packed.read(name) for name in packed.namelist()}


def test_a_release_carries_the_analysis_files_with_their_checksums(labelled: Round) -> None:
    release = build(labelled)
    files = members(release)
    for name in (
        "analysis/error_rates.csv",
        "analysis/error_types.csv",
        "analysis/error_rates.tex",
        "analysis/error_types.tex",
    ):
        assert hashlib.sha256(files[name]).hexdigest() == release.manifest["files"][name]["sha256"]
    rates = list(csv.DictReader(io.StringIO(files["analysis/error_rates.csv"].decode())))
    native = [
        json.loads(line)
        for name, data in files.items()
        if name.startswith("native/")
        for line in data.decode().splitlines()
    ]
    # The figures of each system are those of its native records, counted here by hand.
    for row in rates:
        mine = [r for r in native if r["system"] == row["system"]]
        sentences = [s for r in mine for s in r["sentences"]]
        bad = sum(s["label"] == "inconsistent" for s in sentences)
        assert float(row["sentence_inconsistency"]) == pytest.approx(bad / len(sentences))
        assert int(row["sentence_inconsistency_n"]) == len(sentences)
        assert float(row["relevance"]) == pytest.approx(
            sum(r["relevance"] for r in mine) / len(mine)
        )
        assert row["topic_type"] == "main"
        assert float(row["sentence_inconsistency_low"]) <= float(row["sentence_inconsistency"])
    assert "\\toprule" in files["analysis/error_rates.tex"].decode()
    assert "Extrinsic Information" in files["analysis/error_types.tex"].decode()
    assert release.manifest["analysis"]["n_resamples"] == 1000
    assert release.manifest["dropped_not_a_summary"] is None


def test_native_records_carry_each_annotators_time_on_task(labelled: Round) -> None:
    files = members(build(labelled))
    record = json.loads(files[next(n for n in files if n.startswith("native/"))].splitlines()[0])
    assert [a["active_seconds"] for a in record["annotators"]] == [120, 120]


def test_the_option_drops_the_summaries_flagged_not_a_summary(labelled: Round) -> None:
    kept = build(labelled)
    dropped = build(labelled, version="1.0.1", drop_not_a_summary=True)
    assert sum(dropped.manifest["dropped_not_a_summary"].values()) == 1
    assert dropped.manifest["counts"]["summaries"] == kept.manifest["counts"]["summaries"] - 1
    native = [
        json.loads(line)
        for name, data in members(dropped).items()
        if name.startswith("native/")
        for line in data.decode().splitlines()
    ]
    assert not any(r["not_a_summary"] for r in native)
    assert release_config_of(dropped)["drop_not_a_summary"] is True


def release_config_of(release: Release) -> dict[str, Any]:
    return release.manifest["config"]


def test_release_report_prints_the_tables_and_the_same_json_as_the_files(labelled: Round) -> None:
    release = build(labelled)
    out = StringIO()
    call_command("release_report", "--release", "demo@1.0.0", "--json", stdout=out)
    report = json.loads(out.getvalue())
    rates = list(csv.DictReader(io.StringIO(members(release)["analysis/error_rates.csv"].decode())))
    by_system = {row["system"]: row for row in report["rows"]}
    for row in rates:
        figure = by_system[row["system"]]["sentence_inconsistency"]
        assert figure["value"] == pytest.approx(float(row["sentence_inconsistency"]))
        assert figure["low"] == pytest.approx(float(row["sentence_inconsistency_low"]))
        assert figure["high"] == pytest.approx(float(row["sentence_inconsistency_high"]))
    # The API's contract (its generated TypeScript type) describes every field of the answer.
    assert json.loads(json.dumps(ReleaseAnalysisOutput(report).data)) == report
    text = StringIO()
    call_command("release_report", "--release", "demo@1.0.0", "--resamples", "200", stdout=text)
    assert "Inconsistent sentences (%)" in text.getvalue()
    assert "main topics" in text.getvalue()
    with pytest.raises(CommandError, match=r"no published release 9\.9\.9"):
        call_command("release_report", "--release", "demo@9.9.9", stdout=StringIO())


def test_researchers_and_admins_read_the_analysis_and_others_get_404(
    labelled: Round, django_assert_max_num_queries: Any
) -> None:
    release = build(labelled)
    # The page's queries do not grow with the release: its figures come from its files.
    researcher = signed_in(RESEARCHER)
    with django_assert_max_num_queries(8):
        assert researcher.get(f"/api/releases/{release.pk}/analysis/").status_code == 200
    route = f"/api/releases/{release.pk}/analysis/"
    for username, allowed in (
        (RESEARCHER, True),
        (ADMIN, True),
        (LINGUIST, False),
        (REVIEWER, False),
    ):
        client = signed_in(username)
        answer = client.get(route)
        assert answer.status_code == (200 if allowed else 404), username
        download = client.get(route + "error_rates.csv")
        assert download.status_code == (200 if allowed else 404), username
        if allowed:
            body = answer.json()
            assert {row["topic_type"] for row in body["rows"]} == {"main"}
            assert body["metrics"][0] == {
                "key": "sentence_inconsistency",
                "label": "Inconsistent sentences",
            }
            assert download.content == members(release)["analysis/error_rates.csv"]
            assert download["Content-Type"].startswith("text/csv")
    assert signed_in(RESEARCHER).get(route + "secrets.txt").status_code == 404


def test_a_release_without_native_records_reads_its_scores_and_says_relevance_is_missing(
    labelled: Round,
) -> None:
    with_native = build(labelled)
    without = build(labelled, version="1.0.1", formats=["tofueval"])
    out = StringIO()
    call_command("release_report", "--release", "demo@1.0.1", "--json", stdout=out)
    report = json.loads(out.getvalue())
    assert any("relevance" in note for note in report["notes"])
    assert all(row["relevance"]["n"] == 0 for row in report["rows"])
    full = StringIO()
    call_command("release_report", "--release", "demo@1.0.0", "--json", stdout=full)
    rates = {r["system"]: r["sentence_inconsistency"] for r in json.loads(full.getvalue())["rows"]}
    assert {r["system"]: r["sentence_inconsistency"] for r in report["rows"]} == rates
    assert with_native.pk != without.pk
