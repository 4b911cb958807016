"""People managed in the app, in Chromium (docs/people.md): an admin creates a project,
invites a linguist by link; the linguist opens the link in their own browser, sets a password
and lands in the app as a member; the admin adds an existing user and changes their role, then
gives the new linguist a round, all without Django admin."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Browser, Page, expect

from annotations.models import Assignment, Membership, PeopleChange, Project
from tests.e2e.conftest import sign_in

DEMO_CORPUS = Path(settings.BASE_DIR) / "fixtures" / "demo" / "corpus.jsonl"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def roles(username: str) -> set[str]:
    return set(
        Membership.objects.filter(project__slug="field-study", user__username=username).values_list(
            "role", flat=True
        )
    )


def test_an_admin_invites_a_linguist_and_gives_an_existing_user_a_role(
    page: Page, browser: Browser, live_server
) -> None:
    call_command("load_demo", stdout=None)
    sign_in(page, live_server.url, "admin")
    page.get_by_role("link", name="New project").click()
    page.get_by_role("textbox", name="Name").fill("Field study")
    page.get_by_role("button", name="Create project").click()
    expect(page.get_by_role("heading", name="Field study")).to_be_visible()
    people = page.get_by_role("region", name="People")

    # Invite a linguist: the link is shown once, to copy.
    invite = people.get_by_role("form", name="Invite a new person")
    invite.get_by_role("combobox", name="Role").select_option(label="Annotator (linguist)")
    invite.get_by_role("textbox", name="Email (optional)").fill("nora@example.org")
    invite.get_by_role("button", name="Create invitation link").click()
    link_box = people.get_by_role("textbox", name="Invitation link")
    expect(link_box).to_have_value(
        re.compile(re.escape(f"{live_server.url}/accounts/invitations/") + r"[\w-]{40,}/$")
    )
    link = link_box.input_value()
    pending = people.get_by_role("table", name="Pending invitations")
    expect(pending).to_contain_text("nora@example.org")

    # The linguist, in a browser of their own, sets a password and lands in the app.
    invitee = browser.new_context().new_page()
    invitee.set_default_timeout(15_000)
    invitee.goto(link)
    expect(invitee.get_by_text("You are invited to Field study")).to_be_visible()
    invitee.get_by_label("Username").fill("nora")
    invitee.get_by_label("Password", exact=True).fill("short")
    invitee.get_by_label("Password confirmation").fill("short")
    invitee.get_by_role("button", name="Join the project").click()
    expect(invitee.get_by_role("alert").first).to_contain_text("too short")
    invitee.get_by_label("Password", exact=True).fill("river bus 4 ever")
    invitee.get_by_label("Password confirmation").fill("river bus 4 ever")
    invitee.get_by_role("button", name="Join the project").click()
    expect(invitee.get_by_text("Signed in as")).to_contain_text("nora")
    mine = invitee.get_by_role("listitem").filter(has_text="Field study")
    expect(mine).to_contain_text("Linguist")
    assert roles("nora") == {"annotator"}
    # The link worked once.
    invitee.goto(link)
    expect(invitee.get_by_role("alert")).to_contain_text("already used")
    invitee.context.close()

    # The admin adds an existing user, then makes them a reviewer instead of an annotator.
    page.reload()
    people = page.get_by_role("region", name="People")
    expect(people.get_by_role("group", name="Roles of nora")).to_be_visible()
    expect(people.get_by_text("No pending invitations.")).to_be_visible()
    add = people.get_by_role("form", name="Add an existing user")
    add.get_by_role("textbox", name="Username or email").fill("linguist1")
    add.get_by_role("button", name="Add to the project").click()
    linguist = people.get_by_role("group", name="Roles of linguist1")
    expect(linguist.get_by_role("checkbox", name="Annotator (linguist)")).to_be_checked()
    linguist.get_by_role("checkbox", name="Reviewer").check()
    expect(linguist.get_by_role("checkbox", name="Annotator (linguist)")).to_be_enabled()
    linguist.get_by_role("checkbox", name="Annotator (linguist)").uncheck()
    expect(linguist.get_by_role("checkbox", name="Annotator (linguist)")).not_to_be_checked()
    # The row's checkboxes wait while the change is on its way; enabled again, it is saved.
    expect(linguist.get_by_role("checkbox", name="Annotator (linguist)")).to_be_enabled()
    expect(linguist.get_by_role("checkbox", name="Reviewer")).to_be_disabled()  # the only role
    assert roles("linguist1") == {"reviewer"}

    # Every step is in the history, by whom.
    project = Project.objects.get(slug="field-study")
    assert [
        (c.actor_name, c.action, c.subject_name)
        for c in PeopleChange.objects.filter(project=project).order_by("at", "id")
    ] == [
        ("admin", "invite", "nora@example.org"),
        ("nora", "accept", "nora"),
        ("admin", "add", "linguist1"),
        ("admin", "roles", "linguist1"),
        ("admin", "roles", "linguist1"),
    ]
    people.locator("summary", has_text="History").click()
    expect(people.get_by_text("admin added linguist1 as Annotator (linguist)")).to_be_visible()

    # The same project gets a corpus, guidelines and a round for its invited linguist, all in
    # the browser: no Django admin anywhere.
    imports = page.get_by_role("form", name="Import a corpus file")
    imports.locator('input[type="file"]').set_input_files(str(DEMO_CORPUS))
    imports.get_by_role("button", name="Import").click()
    expect(page.get_by_role("status").filter(has_text="finished")).to_be_visible(timeout=30_000)
    guidelines = page.get_by_role("form", name="New guideline version")
    guidelines.get_by_label("Guideline text (Markdown)").fill("Judge each sentence.")
    guidelines.get_by_label("Changelog").fill("First version.")
    guidelines.get_by_role("button", name="Publish new version").click()
    expect(guidelines.get_by_text("Published version 1.")).to_be_visible()
    new_round = page.get_by_role("form", name="New round")
    new_round.get_by_label("Round name").fill("Pilot 1")
    new_round.get_by_label(re.compile(r"^nora\b")).check()
    new_round.get_by_label("Overlap (annotators per unit)").fill("1")
    new_round.get_by_label("Number of units to sample").fill("2")
    new_round.get_by_role("button", name="Create round").click()
    page.get_by_role("button", name="Open round Pilot 1").click()
    expect(page.get_by_role("button", name="Close round Pilot 1")).to_be_visible()
    assert set(
        Assignment.objects.filter(round__project=project, round__name="Pilot 1").values_list(
            "annotator__username", flat=True
        )
    ) == {"nora"}


def test_a_superuser_who_is_not_its_admin_manages_a_projects_people_on_its_page(
    page: Page, live_server
) -> None:
    call_command("load_demo", stdout=None)
    get_user_model().objects.create_superuser("root", password="demo")
    sign_in(page, live_server.url, "root")
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()

    page.goto(f"{live_server.url}/app/admin/projects/demo")
    expect(page.get_by_role("heading", name="People of project demo")).to_be_visible()
    expect(page.get_by_text("Not found")).to_have_count(0)
    people = page.get_by_role("region", name="People")
    expect(people.get_by_role("group", name="Roles of linguist3")).to_be_visible()
    add = people.get_by_role("form", name="Add an existing user")
    add.get_by_role("textbox", name="Username or email").fill("root")
    add.get_by_role("combobox", name="Role").select_option("admin")
    add.get_by_role("button", name="Add to the project").click()

    # Now the project's admin: the whole page, its rounds too.
    expect(page.get_by_role("heading", name="Demo study (TofuEval scheme)")).to_be_visible()
    expect(page.get_by_role("table", name="Rounds")).to_be_visible()
    assert PeopleChange.objects.filter(
        project__slug="demo", actor_name="root", subject_name="root", action="add"
    ).exists()
