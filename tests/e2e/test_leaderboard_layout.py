"""The evaluators' leaderboard on a 1,400 px screen: every column, AUC included, is in view
without scrolling sideways, and the per-error-type recall chart's labels do not overlap."""

from __future__ import annotations

import itertools
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from annotations.formats.release_records import read_release_records
from annotations.models import ErrorType, SentenceJudgement
from annotations.services.evaluator_runs import evaluator_run_upload
from tests.e2e.conftest import sign_in
from tests.e2e.test_evaluators import published
from tests.e2e.test_release import label_pilot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]

# Any element of the page that scrolls sideways, by its class and overflow, or null.
SIDEWAYS = """
root => {
  const wide = [];
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (element.scrollWidth > element.clientWidth + 1) {
      const overflow = getComputedStyle(element).overflowX;
      const name = element.className || element.tagName;
      if (overflow === 'auto' || overflow === 'scroll') wide.push(name);
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth) wide.push('the page');
  return wide;
}
"""


def test_the_leaderboard_fits_1400_px_with_auc_in_view_and_chart_labels_apart(
    page: Page, live_server: Any, settings: Any, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("load_demo", stdout=None)
    pilot = label_pilot()
    # Gold error types on the flagged sentences, the longest names first: the chart's labels.
    types = sorted(
        ErrorType.objects.filter(taxonomy=pilot.project.taxonomy), key=lambda t: -len(t.name)
    )[:4]
    flagged = SentenceJudgement.objects.filter(assignment__round=pilot, label="inconsistent")
    for index, judgement in enumerate(flagged.order_by("id")):
        judgement.error_types.set([types[index % len(types)]])
    release = published(pilot.pk)
    with zipfile.ZipFile(release.archive.path) as packed:
        records = read_release_records(packed.read("records.csv"))
    ids, labels = records.sentences.record_id.tolist(), records.sentences.label.tolist()
    for name, bad in (("SummaC-ZS-large", 0.1), ("AlignScore-large", 0.4), ("GPT-4o judge", 0.6)):
        data = "record_id,score\n" + "".join(
            f"{i},{bad if y == 1 else 0.9}\n" for i, y in zip(ids, labels, strict=True)
        )
        evaluator_run_upload(
            release=release, evaluator=name, data=data.encode(), file_name=f"{name}.csv"
        )

    page.set_viewport_size({"width": 1400, "height": 900})
    sign_in(page, live_server.url, "researcher")
    page.get_by_role("link", name="Releases of Demo study (TofuEval scheme)").click()
    card = page.get_by_role("listitem", name="1.0.0")
    card.get_by_role("button", name="Show card, manifest and evaluators of 1.0.0").click()
    card.get_by_role("tab", name="Evaluators").click()
    board = card.get_by_role("table", name="Evaluators on 1.0.0, sentence level")
    expect(board.get_by_role("row")).to_have_count(4)

    auc = board.get_by_role("columnheader", name="AUC")
    auc.scroll_into_view_if_needed()
    box = auc.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 1400
    assert page.evaluate(SIDEWAYS, card.element_handle()) == []

    ticks = card.locator(".recharts-xAxis .recharts-cartesian-axis-tick")
    expect(ticks).to_have_count(len(types))
    boxes = sorted((b for b in (t.bounding_box() for t in ticks.all()) if b), key=lambda b: b["x"])
    assert len(boxes) == len(types)
    for left, right in itertools.pairwise(boxes):
        assert left["x"] + left["width"] <= right["x"], (left, right)
