"""A release built from the circumstantial study's file carries each summarizer's category
(fine-tuned / LLM), and the evaluator report tunes a threshold per category on it
(docs/formats/circumstantial.md, docs/evaluation.md)."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from annotations.models import Release, ReleaseStatus, Round
from annotations.services.circumstantial_import import REFERENCE_ROUND
from annotations.services.releases import release_build, release_create
from tests.evaluators.test_runs import media, record_ids, scores_file, upload  # noqa: F401
from tests.formats.test_circumstantial import FIXTURE

pytestmark = pytest.mark.django_db(databases="__all__")


@pytest.fixture
def release() -> Release:
    call_command(
        "import_corpus", "--format", "circumstantial", str(FIXTURE), "--project", "circ",
        stdout=StringIO(),
    )  # fmt: skip
    labels = Round.objects.get(project__slug="circ", name=REFERENCE_ROUND)
    built = release_build(
        release_id=release_create(
            project=labels.project,
            user=None,
            config={
                "version": "1.0.0",
                "rounds": [labels.pk],
                "formats": ["native"],
                "split": {"method": "document", "dev": 0.5, "seed": 1},
            },
        ).pk
    )
    assert built.status == ReleaseStatus.PUBLISHED, built.error
    return built


def test_the_report_on_a_circumstantial_release_tunes_a_threshold_per_summarizer_category(
    release: Release, tmp_path: Path
) -> None:
    ids, labels = record_ids(release)
    metric = scores_file(tmp_path / "metric.csv", ids, labels, bad=0.2, good=0.7)
    upload(release, metric, "--evaluator", "Metric")
    out = StringIO()
    call_command(
        "evaluator_report",
        "--release", f"{release.project.slug}@{release.version}",
        "--json", "--resamples", "50",
        stdout=out,
    )  # fmt: skip
    report = json.loads(out.getvalue())
    by_category = report["strata"]["sentence"]["system_category"]
    assert set(by_category) == {"fine-tuned", "LLM"}
    for stratum in by_category.values():
        # Tuned on the category's own dev sentences, measured on its test ones.
        assert stratum["protocol"] == "dev_test"
        assert stratum["tuned_on"] > 0
        assert stratum["measured_on"] > 0
        assert 0.2 <= stratum["evaluators"]["Metric"]["threshold"] <= 0.7
