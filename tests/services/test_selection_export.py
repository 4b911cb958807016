"""A native release of a selected round carries each unit's inclusion probability
(selection/inclusion.jsonl, joinable to the native records) and the weighted rates in its
manifest (annotations/services/selection_export.py)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from annotations.models import Assignment, AssignmentStatus, Round, RoundStatus, SelectedUnit
from annotations.services.releases import release_build, release_create
from tests.api.test_unit_selection import _body, _label_everything, _post, _study
from tests.people import signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.RELEASE_BUILD_ROOT = tmp_path / "builds"
    return settings.MEDIA_ROOT


def test_a_native_release_exports_inclusion_probabilities_and_weighted_rates() -> None:
    study = _study()
    project = study["project"]
    round_id = _post(signed_in("sel-admin"), project, _body(study["runs"])).json()["id"]
    _label_everything(round_id, study["hard"])
    Round.objects.filter(pk=round_id).update(status=RoundStatus.OPEN)
    Assignment.objects.filter(round_id=round_id).update(
        status=AssignmentStatus.SUBMITTED, submitted_at=timezone.now()
    )
    config = {
        "version": "1.0.0",
        "rounds": [round_id],
        "formats": ["native"],
        "split": {"method": "document", "dev": 0.5, "seed": 1},
    }
    release = release_build(release_id=release_create(project=project, user=None, config=config).pk)
    with zipfile.ZipFile(release.archive.path) as packed:
        names = packed.namelist()
        lines = [json.loads(line) for line in packed.read("selection/inclusion.jsonl").splitlines()]
        native = [
            json.loads(line)
            for name in names
            if name.startswith("native/")
            for line in packed.read(name).splitlines()
        ]
    expected = {
        (slug, doc, topic): p
        for slug, doc, topic, p in SelectedUnit.objects.values_list(
            "topic__document__corpus__slug",
            "topic__document__external_id",
            "topic__name",
            "inclusion_probability",
        )
    }
    assert {
        (r["corpus"], r["doc_id"], r["topic"]): r["inclusion_probability"] for r in lines
    } == expected
    assert {r["round"] for r in lines} == {"Selected pilot"}
    # Every native record of the release joins to its unit's probability.
    assert native
    assert all((r["corpus"], r["doc_id"], r["topic"]) in expected for r in native)
    report = release.manifest["selection"]["Selected pilot"]
    assert report["labelled_units"] == 10
    assert {row["system"] for row in report["systems"]} == {"sys-alpha", "sys-beta"}
    assert release.manifest["files"]["selection/inclusion.jsonl"]["records"] == 10
    # The dataset card does not take the file for a split of the native records.
    with zipfile.ZipFile(release.archive.path) as packed:
        card = packed.read("README.md").decode()
    assert "split: inclusion" not in card
