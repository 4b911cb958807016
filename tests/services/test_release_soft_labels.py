"""Releases carry soft labels beside the gold (the annotators' distribution and its entropy,
and the Dawid-Skene posterior), and may take the gold from the posterior mode, with its
provenance in the records, the manifest and the card (docs/releases.md)."""

from __future__ import annotations

import csv
import io
import json
import math
import zipfile
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from annotations.models import Assignment, Release, ReleaseStatus, Round
from annotations.services.releases import ReleaseInvalid, release_build, release_create
from tests.api.test_admin_rounds import label_and_submit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = str(tmp_path / "media")
    settings.RELEASE_BUILD_ROOT = str(tmp_path / "builds")
    return tmp_path


@pytest.fixture
def labelled_pilot() -> Round:
    """The demo pilot, every unit labelled by both annotators: linguist1 flags every third
    sentence, linguist2 every second, so they agree on some and tie on others."""
    call_command("load_demo", stdout=StringIO())
    pilot = Round.objects.get(project__slug="demo", name="Pilot 1")
    for assignment in Assignment.objects.filter(round=pilot).select_related("annotator"):
        step = 3 if assignment.annotator.username == "linguist1" else 2
        label_and_submit(
            assignment, lambda s, step=step: "inconsistent" if s.pk % step == 0 else "consistent"
        )
    return pilot


def build(pilot: Round, **changes: Any) -> Release:
    config = {
        "version": "1.0.0",
        "rounds": [pilot.pk],
        "formats": ["native"],
        "split": {"method": "document", "dev": 0.5, "seed": 3},
        **changes,
    }
    release = release_build(
        release_id=release_create(project=pilot.project, user=None, config=config).pk
    )
    assert release.status == ReleaseStatus.PUBLISHED, release.error
    return release


def contents(release: Release) -> tuple[list[dict[str, Any]], list[dict[str, str]], str]:
    with zipfile.ZipFile(release.archive.path) as packed:
        native = [
            sentence
            for name in packed.namelist()
            if name.startswith("native/")
            for line in packed.read(name).decode().splitlines()
            for sentence in json.loads(line)["sentences"]
        ]
        records = list(csv.DictReader(io.StringIO(packed.read("records.csv").decode())))
        card = packed.read("README.md").decode()
    return native, records, card


def entropy(p: float) -> float:
    return -sum(q * math.log2(q) for q in (p, 1 - p) if q > 0)


def test_every_sentence_carries_its_label_distribution_and_posterior_beside_the_gold(
    labelled_pilot: Round,
) -> None:
    release = build(labelled_pilot)
    native, records, card = contents(release)
    assert len(native) == len(records) == 129
    for sentence, record in zip(native, records, strict=True):
        soft = sentence["soft_label"]
        votes = soft["votes"]
        assert votes["consistent"] + votes["inconsistent"] == 2
        share = votes["inconsistent"] / 2
        assert soft["distribution"]["inconsistent"] == pytest.approx(share)
        assert soft["entropy"] == pytest.approx(entropy(share), abs=1e-4)
        # A tie is the most ambiguous a sentence can be: one bit.
        assert (soft["entropy"] == 1.0) == (sentence["provenance"] == "tie")
        posterior = soft["posterior"]["inconsistent"]
        assert soft["posterior_entropy"] == pytest.approx(entropy(posterior), abs=1e-4)
        assert float(record["soft_inconsistent"]) == pytest.approx(share)
        assert float(record["posterior_inconsistent"]) == pytest.approx(posterior, abs=1e-4)
        # The majority rule still decides the gold.
        assert sentence["provenance"] in ("unanimous", "tie")
    assert release.manifest["gold_rule"] == "majority"
    competence = release.manifest["competence"]
    assert [a["annotator"] for a in competence["annotators"]] == ["A1", "A2"]
    assert competence["n_sentences"] == 129
    assert "## Annotator competence (Dawid-Skene)" in card
    assert "the annotators' majority" in card


def test_posterior_mode_gold_follows_the_model_with_its_provenance(labelled_pilot: Round) -> None:
    first, first_records, _ = contents(build(labelled_pilot))
    majority = {r["record_id"]: s for s, r in zip(first, first_records, strict=True)}
    release = build(labelled_pilot, version="1.0.1", gold="posterior_mode")
    native, records, card = contents(release)
    for sentence, record in zip(native, records, strict=True):
        posterior = sentence["soft_label"]["posterior"]["inconsistent"]
        assert sentence["provenance"] == "posterior_mode"
        assert sentence["label"] == ("inconsistent" if posterior > 0.5 else "consistent")
        assert record["label"] == sentence["label"]
        # The soft label is the same whichever rule decides the gold.
        assert sentence["soft_label"] == majority[record["record_id"]]["soft_label"]
    # The ties the majority rule sends to "inconsistent" are decided by the model instead.
    tied = [r["record_id"] for r in records if majority[r["record_id"]]["provenance"] == "tie"]
    labels = {r["record_id"]: r["label"] for r in records}
    assert tied
    assert any(labels[record] == "consistent" for record in tied)
    assert release.manifest["gold_rule"] == "posterior_mode"
    assert release.manifest["config"]["gold"] == "posterior_mode"
    assert "most probable label under a Dawid-Skene model" in card


def test_an_unknown_gold_rule_is_refused_naming_the_rules(labelled_pilot: Round) -> None:
    with pytest.raises(ReleaseInvalid) as refused:
        release_create(
            project=labelled_pilot.project,
            user=None,
            config={
                "version": "1.0.0",
                "rounds": [labelled_pilot.pk],
                "formats": ["native"],
                "gold": "mode",
            },
        )
    assert "majority, posterior_mode" in refused.value.errors["gold"][0]
