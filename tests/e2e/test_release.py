"""The demo researcher builds a release in Chromium from a round still open (warned, and
confirmed), follows the build to the published release without reloading (its card and
manifest open), and downloads the archive, which matches its manifest."""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

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
from tests.e2e.conftest import sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def label_pilot() -> Round:
    pilot = Round.objects.get(project__slug="demo")
    for assignment in Assignment.objects.filter(round=pilot):
        flag = assignment.annotator.username == "linguist1"
        for summary in assignment.topic.summaries.all():
            for sentence in summary.sentences.all():
                inconsistent = flag and sentence.position == 0
                SentenceJudgement.objects.create(
                    assignment=assignment,
                    sentence=sentence,
                    label="inconsistent" if inconsistent else "consistent",
                    explanation="Not what the dialogue says." if inconsistent else "",
                )
            SummaryJudgement.objects.create(assignment=assignment, summary=summary, relevance=4)
        TopicJudgement.objects.create(assignment=assignment, category="main")
        Assignment.objects.filter(pk=assignment.pk).update(status=AssignmentStatus.SUBMITTED)
    return pilot


def test_the_researcher_builds_a_release_and_downloads_it(
    page: Page, live_server, settings: Any, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("load_demo", stdout=None)
    pilot = label_pilot()
    sign_in(page, live_server.url, "researcher")
    page.get_by_role("link", name="Releases of Demo study (TofuEval scheme)").click()
    page.get_by_label("Version").fill("1.0.0")
    page.get_by_label(f"{pilot.name} (pilot, open)").check()
    page.get_by_label("Native JSONL").check()
    page.get_by_label("AggreFact", exact=True).check()
    warning = page.get_by_role("region", name="Releasing from open rounds")
    expect(warning).to_contain_text(f"{pilot.name} is still open")
    page.get_by_role("button", name="Build release").click()
    expect(warning).to_contain_text("Confirm that this release may hold labels")
    assert not Release.objects.exists()
    warning.get_by_label("Release them anyway").check()
    page.get_by_role("button", name="Build release").click()

    # Followed to its result on the same page: published, card and manifest open.
    expect(page.get_by_text("Release 1.0.0 is published")).to_be_visible(timeout=60_000)
    expect(page.get_by_text(re.compile(r"Building release 1\.0\.0"))).to_have_count(0)
    card = page.get_by_role("listitem", name="1.0.0")
    # The card's prose comes first; its metadata for loaders is folded away until opened.
    metadata = card.get_by_role("table", name="Metadata of 1.0.0")
    expect(card.get_by_role("heading", name=re.compile("release 1.0.0"))).to_be_visible()
    expect(metadata).to_be_hidden()
    card.get_by_text("Metadata for dataset loaders (YAML front matter)").click()
    expect(metadata).to_be_visible()
    expect(card).to_contain_text("native/dev.jsonl")
    download_link = card.get_by_role("link", name="Download 1.0.0")
    release = Release.objects.get(version="1.0.0")
    assert release.status == ReleaseStatus.PUBLISHED
    assert release.manifest["open_rounds"] == [pilot.name]

    with page.expect_download() as waiting:
        download_link.click()
    saved = tmp_path / "release.zip"
    waiting.value.save_as(saved)
    with zipfile.ZipFile(saved) as packed:
        manifest = json.loads(packed.read("manifest.json"))
        for name, info in manifest["files"].items():
            assert hashlib.sha256(packed.read(name)).hexdigest() == info["sha256"], name
        assert "aggrefact/aggrefact.csv" in manifest["files"]
        everything = b"".join(packed.read(n) for n in packed.namelist())
    assert b"linguist1" not in everything

    card.get_by_role("tab", name="Manifest").click()
    manifest_view = page.get_by_role("region", name="Manifest of 1.0.0")
    expect(manifest_view).to_contain_text("open_rounds")
    expect(manifest_view).to_contain_text("tie_rules")
