"""A project admin builds a taxonomy in Chromium: starts one, adds two types (one grouped
under the other) by keyboard and mouse, publishes version 1; a new round freezes it; a label
uses a type; the admin retires that type and publishes version 2. The old label and round
keep the type, a newer round does not offer it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from annotations.models import ErrorType, Membership, Role, SentenceJudgement
from annotations.selectors.workspace_sql import taxonomy as offered
from annotations.services.projects import project_get_or_create
from tests.e2e.conftest import sign_in
from tests.factories import AssignmentFactory, RoundFactory, SentenceFactory, UserFactory

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def add_type(page: Page, code: str, name: str, unified: str, group: str = "") -> None:
    page.get_by_role("button", name="Add a type").click()
    form = page.get_by_role("form", name="New type")
    form.get_by_role("textbox", name="Code").fill(code)
    form.get_by_role("textbox", name="Name").fill(name)
    form.get_by_role("textbox", name="Definition").fill(f"What {name} means.")
    form.get_by_role("combobox", name="Unified type (crosswalk)").select_option(unified)
    if group:
        form.get_by_role("combobox", name="Group").select_option(group)
    # The form submits from the keyboard.
    form.get_by_role("textbox", name="Name").press("Enter")
    expect(page.get_by_role("table", name="Types").get_by_text(code, exact=True)).to_be_visible()


def test_an_admin_builds_publishes_and_retires_a_used_type(page: Page, live_server) -> None:
    admin = UserFactory(username="ada")
    project, _ = project_get_or_create(slug="study", name="Study", creator=admin)
    assert Membership.objects.filter(project=project, user=admin, role=Role.ADMIN).exists()
    sign_in(page, live_server.url, "ada")
    page.goto(f"{live_server.url}/app/admin/projects/study")
    page.get_by_role("link", name="Edit the error taxonomy").click()

    page.get_by_role("textbox", name="New taxonomy name").fill("Study errors")
    page.get_by_role("button", name="Start a new taxonomy").click()
    expect(page.get_by_text("not published yet")).to_be_visible()
    add_type(page, "names", "Names", "intrinsic-np")
    add_type(page, "wrong-name", "Wrong name", "intrinsic-np", group="names")
    page.get_by_role("button", name="Save draft").click()
    changes = page.get_by_role("group", name="Changes in this version")
    expect(changes).to_contain_text("Added: names, wrong-name")
    page.get_by_role("button", name="Publish version 1").click()
    expect(page.get_by_text("Version 1 published: new rounds use it.")).to_be_visible()

    project.refresh_from_db()
    first_round = RoundFactory(project=project)
    assert first_round.taxonomy_version.version == 1
    wrong = ErrorType.objects.get(taxonomy=project.taxonomy, code="wrong-name")
    assert wrong.parent.code == "names"
    judgement = SentenceJudgement.objects.create(
        assignment=AssignmentFactory(round=first_round),
        sentence=SentenceFactory(),
        label="inconsistent",
    )
    judgement.error_types.add(wrong)

    page.reload()
    row = page.get_by_role("row", name="Wrong name")
    expect(row).to_contain_text("in use")
    page.get_by_role("button", name="Retire Wrong name").click()
    page.get_by_role("button", name="Save draft").click()
    expect(changes).to_contain_text("Retired: wrong-name")
    page.get_by_role("textbox", name="What changed (changelog)").fill("Names are one type.")
    page.get_by_role("button", name="Publish version 2").click()
    expect(page.get_by_text("Version 2 published: new rounds use it.")).to_be_visible()
    expect(page.get_by_role("row", name="Wrong name")).to_contain_text("retired")

    assert list(judgement.error_types.values_list("code", flat=True)) == ["wrong-name"]
    new_round = RoundFactory(project=project)
    assert new_round.taxonomy_version.version == 2
    old = {t["code"] for t in offered(project.taxonomy_id, first_round.pk)["types"]}
    new = {t["code"] for t in offered(project.taxonomy_id, new_round.pk)["types"]}
    assert old == {"names", "wrong-name"}
    assert new == {"names"}
