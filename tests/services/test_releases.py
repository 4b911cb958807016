"""Releases: the TofuEval round trip through the database, the native JSONL read back,
manifests, splits, immutability, failures and retries, bad input, permissions, anonymity."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import zipfile
from io import StringIO
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from django.core.management import call_command
from django.test import Client

from annotations.formats.tofueval import placeholder_documents
from annotations.models import (
    Assignment,
    AssignmentStatus,
    Project,
    Release,
    ReleaseStatus,
    Round,
    RoundStatus,
    SentenceJudgement,
    SummaryJudgement,
    TopicJudgement,
)
from annotations.services import releases as release_service
from annotations.services.releases import ReleaseInvalid, release_build, release_create
from annotations.services.tofueval_import import tofueval_import

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.RELEASE_BUILD_ROOT = tmp_path / "builds"
    return settings.MEDIA_ROOT


@pytest.fixture
def tofueval_project(tofueval_dir: Path, tmp_path: Path) -> Project:
    documents = tmp_path / "documents.jsonl"
    documents.write_text(
        "".join(json.dumps(line) + "\n" for line in placeholder_documents(tofueval_dir))
    )
    call_command("load_demo", stdout=StringIO())  # the built-in project factory path
    from annotations.services.projects import project_get_or_create

    project, _ = project_get_or_create(slug="tofu")
    tofueval_import(project=project, release_dir=tofueval_dir, documents=documents)
    return project


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_exporting_the_imported_tofueval_release_reproduces_the_published_files(
    tofueval_project: Project, tofueval_dir: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    call_command(
        "export_release",
        "tofu",
        "--version",
        "1.0.0",
        "--formats",
        "tofueval",
        "--out",
        str(out),
        stdout=StringIO(),
    )
    for published in sorted(tofueval_dir.rglob("*.csv")):
        relative = published.relative_to(tofueval_dir)
        expected = rows(published.read_text(encoding="utf-8-sig"))
        exported = rows((out / "tofueval" / relative).read_text(encoding="utf-8"))
        assert exported[0] == expected[0], relative
        if relative.parts[0] == "completeness":
            # The published order of documents (annotation_id); within a document the release
            # lists topics in its topic-category file's order, which the completeness file
            # does not always follow.
            ids = [int(row[1]) for row in exported[1:]]
            assert ids == sorted(ids), relative
            assert [r[:2] for r in exported] == [r[:2] for r in expected], relative
            assert sorted(exported) == sorted(expected), relative
            continue
        if relative.name == "meetingbank_factual_eval_dev.csv":
            duplicate = expected.index(next(r for i, r in enumerate(expected) if r in expected[:i]))
            assert expected.count(expected[duplicate]) == 2
            expected = [r for i, r in enumerate(expected) if r not in expected[:i]]
        assert exported == expected, relative
    for published in sorted(tofueval_dir.rglob("*.json")):
        relative = published.relative_to(tofueval_dir)
        # Byte for byte: the key order is the published one, not merely the same mapping.
        assert (out / "tofueval" / relative).read_bytes() == published.read_bytes(), relative
    manifest = json.loads((out / "manifest.json").read_text())
    assert any("repeats one row" in d for d in manifest["differences_from_published"])


def test_the_native_jsonl_reads_back_with_pandas_and_the_standard_library(
    tofueval_project: Project, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    call_command(
        "export_release",
        "tofu",
        "--version",
        "1.0.0",
        "--formats",
        "native",
        "--out",
        str(out),
        stdout=StringIO(),
    )
    frame = pd.read_json(out / "native" / "dev.jsonl", lines=True)
    records = [json.loads(line) for line in (out / "native" / "dev.jsonl").read_text().splitlines()]
    assert len(frame) == len(records) == 1243
    first = next(r for r in records if r["doc_id"] == "NPR-5615")
    assert (first["corpus"], first["system"], first["split"]) == ("mediasum", "Model-Extra", "dev")
    assert first["sentences"][0]["label"] in ("consistent", "inconsistent")
    flagged = next(s for r in records for s in r["sentences"] if s["label"] == "inconsistent")
    assert flagged["error_types"]
    assert flagged["unified_types"][0] in {
        "intrinsic-np",
        "intrinsic-predicate",
        "intrinsic-sentence",
        "extrinsic-np",
        "extrinsic-predicate",
        "extrinsic-sentence",
    }


def test_the_manifest_checksums_match_the_files(tofueval_project: Project, tmp_path: Path) -> None:
    out = tmp_path / "out"
    call_command(
        "export_release",
        "tofu",
        "--version",
        "1.0.0",
        "--formats",
        "native,aggrefact",
        "--out",
        str(out),
        stdout=StringIO(),
    )
    import hashlib

    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["files"]
    for name, info in manifest["files"].items():
        data = (out / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == info["sha256"], name
        assert len(data) == info["size"]
    card = (out / "README.md").read_text()
    assert card.startswith("---\n")
    assert "path: native/dev.jsonl" in card
    assert "**Extrinsic Information**" in card


def config(project: Project, **changes: Any) -> dict[str, Any]:
    return {
        "version": "1.0.0",
        "rounds": list(Round.objects.filter(project=project).values_list("pk", flat=True)),
        "formats": ["native"],
        "split": {"method": "document", "dev": 0.7, "seed": 13},
        **changes,
    }


def native_splits(release: Release) -> dict[str, str]:
    with zipfile.ZipFile(release.archive.path) as packed:
        return {
            f"{r['corpus']}/{r['doc_id']}": r["split"]
            for name in packed.namelist()
            if name.startswith("native/")
            for r in map(json.loads, packed.read(name).decode().splitlines())
        }


def test_the_same_seed_gives_the_same_split_and_no_document_straddles(
    tofueval_project: Project,
) -> None:
    first = release_build(
        release_id=release_create(
            project=tofueval_project, user=None, config=config(tofueval_project)
        ).pk
    )
    second = release_build(
        release_id=release_create(
            project=tofueval_project, user=None, config=config(tofueval_project, version="1.0.1")
        ).pk
    )
    other = release_build(
        release_id=release_create(
            project=tofueval_project,
            user=None,
            config=config(
                tofueval_project, version="1.0.2", split={"method": "document", "seed": 99}
            ),
        ).pk
    )
    assert native_splits(first) == native_splits(second)
    assert native_splits(first) != native_splits(other)
    with zipfile.ZipFile(first.archive.path) as packed:
        seen: dict[str, set[str]] = {}
        for name in packed.namelist():
            if name.startswith("native/"):
                for record in map(json.loads, packed.read(name).decode().splitlines()):
                    seen.setdefault(record["doc_id"], set()).add(record["split"])
    assert all(len(splits) == 1 for splits in seen.values())
    assert sum(1 for s in native_splits(first).values() if s == "dev") == 70


def test_a_published_version_never_changes_and_is_verified_on_download(
    tofueval_project: Project, client: Client
) -> None:
    release = release_build(
        release_id=release_create(
            project=tofueval_project, user=None, config=config(tofueval_project)
        ).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED
    with pytest.raises(ReleaseInvalid) as refused:
        release_create(project=tofueval_project, user=None, config=config(tofueval_project))
    assert "is published; a correction needs a new version" in refused.value.errors["version"][0]
    from annotations.models import Membership
    from tests.factories import UserFactory

    researcher = UserFactory(username="ravi")
    Membership.objects.create(project=tofueval_project, user=researcher, role="researcher")
    client.force_login(researcher)
    download = client.get(f"/api/releases/{release.pk}/download/")
    assert download.status_code == 200
    assert download["Content-Disposition"] == 'attachment; filename="tofu-1.0.0.zip"'
    # Tamper with the stored archive: the download refuses instead of serving it.
    path = Path(release.archive.path)
    with zipfile.ZipFile(path) as packed:
        entries = {n: packed.read(n) for n in packed.namelist()}
    entries["native/dev.jsonl"] = entries["native/dev.jsonl"].replace(
        b"consistent", b"CONSISTENT", 1
    )
    with zipfile.ZipFile(path, "w") as packed:
        for name, data in entries.items():
            packed.writestr(name, data)
    tampered = client.get(f"/api/releases/{release.pk}/download/")
    assert tampered.status_code == 409
    assert "native/dev.jsonl differs from its manifest checksum" in tampered.json()["message"]


def test_a_build_that_dies_publishes_nothing_and_a_retry_succeeds(
    tofueval_project: Project, monkeypatch: pytest.MonkeyPatch, media: Path
) -> None:
    release = release_create(project=tofueval_project, user=None, config=config(tofueval_project))
    original = release_service._write_formats

    def dies(*args: Any, **kwargs: Any) -> Any:
        raise OSError("worker lost (simulated)")

    monkeypatch.setattr(release_service, "_write_formats", dies)
    failed = release_build(release_id=release.pk)
    assert failed.status == ReleaseStatus.FAILED
    assert "worker lost" in failed.error
    assert not failed.archive
    assert not any(media.rglob("*.zip"))
    assert not list((media.parent / "builds").glob(".build-*"))
    monkeypatch.setattr(release_service, "_write_formats", original)
    # A failed build is not built again by a stray delivery; a retry builds it.
    assert release_build(release_id=release.pk).status == ReleaseStatus.FAILED
    release_service.release_retry(release=failed)
    assert release_build(release_id=release.pk).status == ReleaseStatus.PUBLISHED


def test_two_builds_of_one_version_cannot_both_publish(tofueval_project: Project) -> None:
    first = release_create(project=tofueval_project, user=None, config=config(tofueval_project))
    second = release_create(project=tofueval_project, user=None, config=config(tofueval_project))
    assert release_build(release_id=first.pk).status == ReleaseStatus.PUBLISHED
    loser = release_build(release_id=second.pk)
    assert loser.status == ReleaseStatus.FAILED
    assert "published by another build" in loser.error
    assert Release.objects.filter(version="1.0.0", status=ReleaseStatus.PUBLISHED).count() == 1


def test_bad_release_requests_name_what_is_wrong(tofueval_project: Project) -> None:
    with pytest.raises(ReleaseInvalid) as error:
        release_create(
            project=tofueval_project,
            user=None,
            config={"version": "v1", "rounds": [], "formats": ["native", "csv"]},
        )
    assert set(error.value.errors) == {"version", "rounds", "formats"}
    assert "unknown: csv" in error.value.errors["formats"][0]


@pytest.fixture
def demo_round() -> Round:
    call_command("load_demo", stdout=StringIO())
    return Round.objects.get(project__slug="demo")


def label(assignment: Assignment) -> None:
    for summary in assignment.topic.summaries.all():
        for sentence in summary.sentences.all():
            SentenceJudgement.objects.create(
                assignment=assignment, sentence=sentence, label="consistent"
            )
        SummaryJudgement.objects.create(assignment=assignment, summary=summary, relevance=5)
    TopicJudgement.objects.create(assignment=assignment, category="main")
    Assignment.objects.filter(pk=assignment.pk).update(status=AssignmentStatus.SUBMITTED)


def test_unlabelled_units_are_listed_or_left_out_on_request(demo_round: Round) -> None:
    first = Assignment.objects.filter(round=demo_round).order_by("topic_id", "id")[:2]
    for assignment in first:
        label(assignment)
    project = demo_round.project
    with pytest.raises(ReleaseInvalid) as error:
        release_create(project=project, user=None, config=config(project))
    assert len(error.value.errors["missing"]) == 8
    assert error.value.errors["missing"][0]["unlabelled_sentences"] > 0
    release = release_build(
        release_id=release_create(
            project=project, user=None, config=config(project, only_complete=True)
        ).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    assert len(release.manifest["excluded_units"]) == 8
    assert sum(release.manifest["counts"]["per_split"].values()) == 5


def test_linguist_identities_never_appear_in_a_release(demo_round: Round) -> None:
    for assignment in Assignment.objects.filter(round=demo_round):
        label(assignment)
    Round.objects.filter(pk=demo_round.pk).update(status=RoundStatus.CLOSED)
    project = demo_round.project
    release = release_build(
        release_id=release_create(
            project=project,
            user=None,
            config=config(project, formats=["native", "finesure", "aggrefact"]),
        ).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    with zipfile.ZipFile(release.archive.path) as packed:
        everything = b"".join(packed.read(name) for name in packed.namelist())
    for identity in (b"linguist1", b"linguist2", b"Lena", b"Luis", b"Linguist"):
        assert identity not in everything
    assert b'"A1"' in everything
    assert b'"A2"' in everything


def test_only_researchers_and_admins_export(demo_round: Round, client: Client) -> None:
    for assignment in Assignment.objects.filter(round=demo_round):
        label(assignment)
    body = json.dumps(config(demo_round.project))
    for username, allowed in (
        ("researcher", True),
        ("admin", True),
        ("linguist1", False),
        ("reviewer", False),
    ):
        client.logout()
        assert client.login(username=username, password="demo")
        listing = client.get("/api/projects/demo/releases/")
        assert (listing.status_code == 200) is allowed, username
        created = client.post("/api/projects/demo/releases/", body, content_type="application/json")
        assert created.status_code == (202 if allowed else 404), (username, created.content)
        body = json.dumps(config(demo_round.project, version=f"1.0.{Release.objects.count()}"))
    client.logout()
    assert client.get("/api/projects/demo/releases/").status_code in (401, 403)


def test_the_api_reports_missing_units_as_a_clear_400(demo_round: Round, client: Client) -> None:
    assert client.login(username="researcher", password="demo")
    response = client.post(
        "/api/projects/demo/releases/",
        json.dumps(config(demo_round.project)),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "unit(s) have unlabelled sentences" in response.json()["message"]
    assert len(response.json()["missing"]) == 9


def test_a_failed_build_is_retried_from_the_api_and_downloads_with_a_token(
    tofueval_project: Project,
    client: Client,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    from rest_framework.authtoken.models import Token

    from annotations.models import Membership
    from tests.factories import UserFactory

    researcher = UserFactory(username="ravi")
    Membership.objects.create(project=tofueval_project, user=researcher, role="researcher")
    release = release_create(project=tofueval_project, user=None, config=config(tofueval_project))
    original = release_service._write_formats
    monkeypatch.setattr(
        release_service,
        "_write_formats",
        lambda *a, **k: (_ for _ in ()).throw(OSError("disk full")),
    )
    assert release_build(release_id=release.pk).status == ReleaseStatus.FAILED
    monkeypatch.setattr(release_service, "_write_formats", original)
    token = Token.objects.create(user=researcher)
    auth = {"HTTP_AUTHORIZATION": f"Token {token.key}"}
    with django_capture_on_commit_callbacks(execute=True):
        retried = client.post(f"/api/releases/{release.pk}/retry/", **auth)
    assert retried.status_code == 202
    release.refresh_from_db()
    assert release.status == ReleaseStatus.PUBLISHED
    assert client.post(f"/api/releases/{release.pk}/retry/", **auth).status_code == 409
    download = client.get(f"/api/releases/{release.pk}/download/", **auth)
    assert download.status_code == 200
    assert download["Content-Type"] == "application/zip"


def test_a_confirmed_review_decision_overrides_the_majority(demo_round: Round) -> None:
    from tests.review.builders import confirmed_review

    for assignment in Assignment.objects.filter(round=demo_round):
        label(assignment)
    flagged = SentenceJudgement.objects.filter(assignment__round=demo_round).order_by("id")
    sentence = flagged[0].sentence
    SentenceJudgement.objects.filter(sentence=sentence).update(
        label="inconsistent", explanation="Both saw an error."
    )
    confirmed_review(demo_round, sentence, "false_positive")
    project = demo_round.project
    release = release_build(
        release_id=release_create(project=project, user=None, config=config(project)).pk
    )
    with zipfile.ZipFile(release.archive.path) as packed:
        records = [
            json.loads(line)
            for name in packed.namelist()
            if name.startswith("native/")
            for line in packed.read(name).decode().splitlines()
        ]
    exported = next(
        s
        for r in records
        if r["doc_id"] == sentence.summary.topic.document.external_id
        and r["system"] == sentence.summary.system
        and r["topic"] == sentence.summary.topic.name
        for s in r["sentences"]
        if s["text"] == sentence.text
    )
    assert exported["label"] == "consistent"


def test_the_manifest_counts_summaries_whatever_the_formats(tofueval_project: Project) -> None:
    release = release_build(
        release_id=release_create(
            project=tofueval_project,
            user=None,
            config=config(tofueval_project, formats=["aggrefact"]),
        ).pk
    )
    assert release.manifest["counts"]["summaries"] == 1777
    assert sum(release.manifest["counts"]["per_split"].values()) == 1777


def test_notes_on_the_published_tofueval_files_only_come_with_tofueval_data(
    demo_round: Round,
) -> None:
    for assignment in Assignment.objects.filter(round=demo_round):
        label(assignment)
    project = demo_round.project
    release = release_build(
        release_id=release_create(
            project=project, user=None, config=config(project, formats=["tofueval"])
        ).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    assert release.manifest["differences_from_published"] == []


def test_a_release_from_an_open_round_records_it_in_the_manifest_and_the_card(
    demo_round: Round,
) -> None:
    for assignment in Assignment.objects.filter(round=demo_round):
        label(assignment)
    assert demo_round.status == "open"
    project = demo_round.project
    release = release_build(
        release_id=release_create(project=project, user=None, config=config(project)).pk
    )
    assert release.manifest["open_rounds"] == [demo_round.name]
    with zipfile.ZipFile(release.archive.path) as packed:
        card = packed.read("README.md").decode()
    assert f"still open, so their labels may have changed since: {demo_round.name}" in card
    # The taxonomy version the round froze is named too (docs/taxonomies.md).
    frozen = f"{project.taxonomy.slug} v{demo_round.taxonomy_version.version}"
    assert release.manifest["taxonomy_versions"] == [frozen]
    assert release.manifest["rounds"][0]["taxonomy_version"] == 1
    assert f"- Taxonomy versions: {frozen}" in card


def test_the_card_names_each_coefficient_with_its_interval_and_n_and_every_tie_rule(
    demo_round: Round,
) -> None:
    from annotations.selectors.release_gold import TIE_RULES
    from annotations.services.agreement_reports import agreement_report_compute

    for index, assignment in enumerate(Assignment.objects.filter(round=demo_round)):
        label(assignment)
        if index % 3 == 0:  # some disagreement, so a coefficient can be computed
            SentenceJudgement.objects.filter(assignment=assignment).update(label="inconsistent")
    agreement_report_compute(round=demo_round)
    project = demo_round.project
    release = release_build(
        release_id=release_create(project=project, user=None, config=config(project)).pk
    )
    figure = release.manifest["agreement"][demo_round.name]["sentence_consistency"]
    assert figure["coefficient"] == "Cohen's kappa"
    assert figure["n_units"] > 0
    low, high = figure["ci"]
    assert low <= figure["value"] <= high
    with zipfile.ZipFile(release.archive.path) as packed:
        card = packed.read("README.md").decode()
    assert (
        f"- {demo_round.name}, Sentence consistency: Cohen's kappa {figure['value']:.2f}"
        f" (95% CI {low:.2f} to {high:.2f}; n = {figure['n_units']})"
    ) in card
    # Every tie rule the gold labels use, stated by the code that applies it.
    for key in ("sentence_label", "topic_category", "not_a_summary"):
        assert TIE_RULES[key].rule in card
    assert TIE_RULES["relevance_binary"].rule not in card  # no binary mapping chosen
    assert "marginal" in release.manifest["tie_rules"]["topic_category"]


def test_the_always_open_adjudication_round_is_not_an_open_round_of_the_release(
    demo_round: Round,
) -> None:
    from annotations.services.adjudication_round import adjudication_round

    for assignment in Assignment.objects.filter(round=demo_round):
        label(assignment)
    Round.objects.filter(pk=demo_round.pk).update(status="closed")
    project = demo_round.project
    gold = adjudication_round(project)
    assert gold.status == "open"
    release = release_build(
        release_id=release_create(
            project=project, user=None, config=config(project, rounds=[demo_round.pk, gold.pk])
        ).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    assert release.manifest["open_rounds"] == []
    with zipfile.ZipFile(release.archive.path) as packed:
        card = packed.read("README.md").decode()
    assert "still open" not in card


def test_a_format_with_nothing_to_export_is_left_out_with_a_note_never_as_an_empty_file(
    demo_round: Round,
) -> None:
    # The demo has no atomic facts (rose) and no key facts (FineSurE's completeness files).
    for assignment in Assignment.objects.filter(round=demo_round):
        label(assignment)
    project = demo_round.project
    release = release_build(
        release_id=release_create(
            project=project,
            user=None,
            config=config(project, formats=["native", "finesure", "rose"]),
        ).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    files = release.manifest["files"]
    assert not any(name.startswith("rose/") for name in files)
    assert "finesure/finesure.jsonl" in files
    assert release.manifest["left_out"] == {
        "formats": ["rose"],
        "files": ["finesure/completeness.jsonl", "finesure/keyfacts.jsonl"],
    }
    with zipfile.ZipFile(release.archive.path) as packed:
        assert all(info.file_size > 0 for info in packed.infolist())
        names = set(packed.namelist())
        # Every file of the manifest is in the archive with its checksum, and nothing else.
        assert names == set(files) | {"manifest.json"}
        for name, info in files.items():
            assert hashlib.sha256(packed.read(name)).hexdigest() == info["sha256"]
        card = packed.read("README.md").decode()
    assert "- the `rose` format: no records in these rounds" in card
    assert "- `finesure/keyfacts.jsonl`: no records" in card
