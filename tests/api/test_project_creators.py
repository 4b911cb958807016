"""Staff let a person create projects without making them staff or superuser
(/api/staff/project-creators/, services/project_creators.py, docs/sign-in.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from annotations.models import Membership, Project
from tests.factories import UserFactory
from tests.people import signed_in

pytestmark = pytest.mark.django_db

URL = "/api/staff/project-creators/"


def post(client: Client, url: str, body: Any) -> Any:
    return client.post(url, json.dumps(body), content_type="application/json")


@pytest.fixture
def staff() -> Client:
    UserFactory(username="stella", is_staff=True)
    return signed_in("stella", Client())


@pytest.fixture
def lena() -> Client:
    UserFactory(username="lena", first_name="Lena", last_name="Sso", email="lena@lab.example")
    return signed_in("lena", Client())


def create_project(client: Client, slug: str) -> Any:
    return post(client, "/api/admin/projects/", {"slug": slug, "name": slug.title()})


def test_staff_let_a_person_create_projects_and_take_it_back(staff: Client, lena: Client) -> None:
    assert lena.get("/api/me/").json()["can_create_projects"] is False
    assert create_project(lena, "refused").status_code == 403

    granted = staff.put(f"{URL}lena/")

    assert granted.status_code == 200, granted.content
    assert granted.json() == {
        "username": "lena",
        "display_name": "Lena Sso",
        "email": "lena@lab.example",
    }
    assert staff.get(URL).json() == [granted.json()]
    assert lena.get("/api/me/").json()["can_create_projects"] is True
    created = create_project(lena, "field-study")
    assert created.status_code == 201, created.content
    assert Membership.objects.filter(
        project__slug="field-study", user__username="lena", role="admin"
    ).exists()
    # Still not staff: no Django admin.
    assert lena.get("/api/me/").json()["is_staff"] is False

    assert staff.delete(f"{URL}lena/").status_code == 204
    assert staff.get(URL).json() == []
    assert lena.get("/api/me/").json()["can_create_projects"] is False
    assert create_project(lena, "another").status_code == 403
    assert not Project.objects.filter(slug="another").exists()


def test_granting_twice_is_one_grant(staff: Client, lena: Client) -> None:
    staff.put(f"{URL}lena/")
    assert staff.put(f"{URL}lena/").status_code == 200
    assert [row["username"] for row in staff.get(URL).json()] == ["lena"]


def test_only_staff_grant_the_right(lena: Client) -> None:
    UserFactory(username="nora")
    refused = lena.put(f"{URL}lena/")
    assert refused.status_code == 403
    assert "Only site staff" in refused.json()["message"]
    assert lena.get(URL).status_code == 403
    assert lena.delete(f"{URL}nora/").status_code == 403
    assert lena.get("/api/me/").json()["can_create_projects"] is False


def test_an_unknown_username_is_a_404_saying_who_is_missing(staff: Client) -> None:
    refused = staff.put(f"{URL}ghost/")
    assert refused.status_code == 404
    assert "No user 'ghost'" in refused.json()["message"]
    assert staff.delete(f"{URL}ghost/").status_code == 404
    assert staff.get(URL).json() == []
