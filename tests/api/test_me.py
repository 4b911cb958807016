"""The signed-in landing: who am I, and the app shell served to signed-in users only."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client, override_settings
from rest_framework.authtoken.models import Token

from annotations.models import Membership, Role
from tests.factories import ProjectFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_anonymous_api_requests_are_refused(client: Client) -> None:
    assert client.get("/api/me/").status_code == 403


def test_me_lists_the_users_projects_and_roles(client: Client) -> None:
    user = UserFactory(username="lena", first_name="Lena", last_name="Linguist")
    project = ProjectFactory(slug="demo", name="Demo study")
    Membership.objects.create(project=project, user=user, role=Role.ANNOTATOR)
    Membership.objects.create(
        project=ProjectFactory(slug="other"), user=UserFactory(), role="admin"
    )
    client.force_login(user)
    assert client.get("/api/me/").json() == {
        "username": "lena",
        "display_name": "Lena Linguist",
        "is_staff": False,
        "is_superuser": False,
        "can_create_projects": False,
        "memberships": [{"project": "demo", "project_name": "Demo study", "role": "annotator"}],
    }


def test_scripts_authenticate_with_a_token(client: Client) -> None:
    user = UserFactory(username="script")
    token = Token.objects.create(user=user)
    response = client.get("/api/me/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert response.status_code == 200
    assert response.json()["username"] == "script"


def test_the_app_sends_anonymous_people_to_sign_in(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/"


def test_the_app_shell_is_the_built_index_with_a_csrf_cookie(
    client: Client, tmp_path: Path
) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    client.force_login(UserFactory())
    with override_settings(FRONTEND_DIST=tmp_path):
        response = client.get("/app/anything")
    assert response.status_code == 200
    assert b"<div id=root>" in response.content
    assert "csrftoken" in response.cookies


def test_an_unbuilt_frontend_says_how_to_build_it(client: Client, tmp_path: Path) -> None:
    client.force_login(UserFactory())
    with override_settings(FRONTEND_DIST=tmp_path):
        response = client.get("/")
    assert response.status_code == 503
    assert b"make frontend" in response.content


def test_the_sign_in_page_and_the_api_docs_are_served(client: Client) -> None:
    page = client.get("/accounts/login/")
    assert page.status_code == 200
    assert b'<label for="id_username">Username</label>' in page.content
    client.force_login(UserFactory())
    assert client.get("/api/schema/").status_code == 200
    assert client.get("/api/docs/").status_code == 200


def test_the_openapi_schema_generates_without_warnings(tmp_path: Path) -> None:
    from django.core.management import call_command

    out = tmp_path / "schema.yml"
    call_command("spectacular", "--file", str(out), "--fail-on-warn")
    schema = out.read_text()
    for path in ("/api/assignments/{assignment_id}/sentences/{sentence}/", "/api/me/"):
        assert path in schema
