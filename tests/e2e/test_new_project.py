"""A staff admin creates a project in Chromium: the dialogue-LLM taxonomy, spans optional and
evidence required; the new project's page opens and the database holds what was chosen."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from annotations.models import Membership, Project, Role
from tests.e2e.conftest import sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def test_a_staff_admin_creates_a_dialogue_taxonomy_project_with_spans(
    page: Page, live_server
) -> None:
    call_command("load_demo", stdout=None)
    sign_in(page, live_server.url, "admin")
    page.get_by_role("link", name="New project").click()

    page.get_by_role("textbox", name="Name").fill("Dialogue pilot")
    expect(page.get_by_role("textbox", name="Slug")).to_have_value("dialogue-pilot")
    page.get_by_role("radio", name="Dialogue LLM errors").check()
    spans = page.get_by_role("radiogroup", name="Error spans in inconsistent sentences")
    spans.get_by_role("radio", name="Optional").check()
    evidence = page.get_by_role("radiogroup", name="Dialogue evidence for each span")
    evidence.get_by_role("radio", name="Required").check()
    page.get_by_role("button", name="Create project").click()

    expect(page.get_by_role("heading", name="Dialogue pilot")).to_be_visible()
    project = Project.objects.select_related("taxonomy").get(slug="dialogue-pilot")
    assert (project.ask_error_spans, project.require_error_spans) == (True, False)
    assert (project.ask_evidence, project.require_evidence) == (True, True)
    assert "Circumstantial Inference" in set(project.taxonomy.types.values_list("name", flat=True))
    assert Membership.objects.filter(
        project=project, user__username="admin", role=Role.ADMIN
    ).exists()

    # The same slug again is refused beside its field, and nothing else is created.
    page.go_back()
    page.get_by_role("textbox", name="Name").fill("Dialogue pilot")
    page.get_by_role("button", name="Create project").click()
    expect(page.get_by_text("dialogue-pilot", exact=False).first).to_be_visible()
    expect(page.get_by_role("textbox", name="Slug")).to_have_attribute("aria-invalid", "true")
    assert Project.objects.filter(slug__startswith="dialogue-pilot").count() == 1
