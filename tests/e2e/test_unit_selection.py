"""A round of units chosen by corpus runs, in Chromium (issue 31 §4): the admin picks the
option and the runs in the new-round form, the round is created with recorded inclusion
probabilities, and once labelled its page shows the per-system rates weighted back to the
corpus beside the unweighted ones."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from annotations.models import Assignment, AssignmentStatus, Round, SelectedUnit
from tests.api.test_unit_selection import _label_everything, _study
from tests.e2e.conftest import sign_in
from tests.factories import PASSWORD

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def test_an_admin_selects_units_by_corpus_runs_and_reads_weighted_rates(
    page: Page, live_server
) -> None:
    study = _study()
    project = study["project"]
    sign_in(page, live_server.url, "sel-admin", PASSWORD)
    page.goto(f"{live_server.url}/app/admin/projects/{project.slug}")
    form = page.get_by_role("form", name="New round")
    form.get_by_role("textbox", name="Round name").fill("Selected pilot")
    form.get_by_role("checkbox", name="sel-ling1").check()
    form.get_by_role("checkbox", name="sel-ling2").check()
    form.get_by_role("radio", name="Chosen by corpus runs (weighted)").check()
    form.get_by_role("checkbox", name=re.compile(r"^judge-one prompt-a7")).check()
    form.get_by_role("checkbox", name=re.compile(r"^judge-two prompt-b9")).check()
    form.get_by_role("textbox", name="Number of units").fill("10")
    form.get_by_role("button", name="Create round").click()
    # Drawing reads every run's verdicts: slower than a sample on a loaded machine.
    expect(form.get_by_role("status")).to_contain_text("Selected pilot", timeout=20_000)
    round_ = Round.objects.get(project=project, name="Selected pilot")
    assert SelectedUnit.objects.filter(selection__round=round_).count() == 10

    _label_everything(round_.pk, study["hard"])
    Assignment.objects.filter(round=round_).update(status=AssignmentStatus.SUBMITTED)
    page.goto(f"{live_server.url}/app/admin/rounds/{round_.pk}/progress?project={project.slug}")
    table = page.get_by_role("table", name="Error rates per system, weighted")
    expect(table).to_be_visible(timeout=15_000)
    expect(table.get_by_role("row", name=re.compile("sys-alpha"))).to_be_visible()
    expect(
        page.get_by_text(re.compile("Weighted by inverse inclusion probabilities"))
    ).to_be_visible()
