"""The taxonomy editor's API: a project admin creates a taxonomy, drafts types, publishes
versions; rounds freeze the version they were created with; a used type is retired, never
changed, and its old labels and rounds keep it; refusals name the field."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client

from annotations.kinds.sentence import unknown_error_types
from annotations.models import ErrorType, Membership, Role, SentenceJudgement, TaxonomyVersion
from annotations.selectors.workspace_sql import taxonomy as offered
from tests.factories import (
    AssignmentFactory,
    ProjectFactory,
    RoundFactory,
    SentenceFactory,
    UserFactory,
)
from tests.people import signed_in

pytestmark = pytest.mark.django_db

URL = "/api/admin/taxonomies/"


def send(client: Client, method: str, url: str, body: Any = None) -> Any:
    return getattr(client, method)(url, json.dumps(body or {}), content_type="application/json")


def kind(code: str, **fields: Any) -> dict[str, Any]:
    return {
        "code": code,
        "name": code.title(),
        "definition": f"What {code} means.",
        "example": "",
        "group": "",
        "unified": "intrinsic-np",
        "retired": False,
        **fields,
    }


@pytest.fixture
def admin_client(client: Client) -> tuple[Client, Any]:
    project = ProjectFactory(slug="study")
    user = UserFactory(username="ada")
    Membership.objects.create(project=project, user=user, role=Role.ADMIN)
    return signed_in("ada", client), project


def test_create_draft_publish_then_rounds_freeze_and_a_used_type_is_retired(
    admin_client: tuple[Client, Any],
) -> None:
    client, project = admin_client
    created = send(client, "post", URL, {"project": "study", "name": "Study errors"})
    assert created.status_code == 201, created.content
    slug = created.json()["slug"]
    assert created.json()["version"] is None

    draft = [kind("wrong-name", group="names"), kind("names", unified="intrinsic-sentence")]
    saved = send(client, "put", f"{URL}{slug}/draft/", {"types": draft})
    assert saved.status_code == 200, saved.content
    assert saved.json()["draft"]["diff"]["added"] == ["wrong-name", "names"]

    published = send(client, "post", f"{URL}{slug}/publish/", {"changelog": "First."})
    assert published.status_code == 201, published.content
    assert published.json()["version"] == 1
    first_round = RoundFactory(project=project)
    assert first_round.taxonomy_version.version == 1
    wrong = ErrorType.objects.get(taxonomy__slug=slug, code="wrong-name")
    assert wrong.parent.code == "names"

    # A label uses the type: its definition may no longer change.
    assignment = AssignmentFactory(round=first_round)
    judgement = SentenceJudgement.objects.create(
        assignment=assignment, sentence=SentenceFactory(), label="inconsistent"
    )
    judgement.error_types.add(wrong)
    changed = [kind("wrong-name", group="names", definition="New"), draft[1]]
    refused = send(client, "put", f"{URL}{slug}/draft/", {"types": changed})
    assert refused.status_code == 409
    assert "types.0.definition" in refused.json()["errors"]

    deleted = send(client, "put", f"{URL}{slug}/draft/", {"types": [draft[1]]})
    assert deleted.status_code == 409
    assert "retired, never deleted" in deleted.json()["errors"]["types"][0]

    # A type no label uses and no round froze may still be edited: not yet.
    assert TaxonomyVersion.objects.get(taxonomy__slug=slug, version=1).rounds.exists()
    retired = [{**draft[0], "retired": True}, draft[1], kind("wrong-date")]
    assert send(client, "put", f"{URL}{slug}/draft/", {"types": retired}).status_code == 200
    second = send(client, "post", f"{URL}{slug}/publish/", {})
    assert second.status_code == 201, second.content
    body = second.json()
    assert body["version"] == 2
    assert {t["code"]: t["retired"] for t in body["types"]}["wrong-name"] is True

    # The old label and the old round keep the type; a new round does not offer it.
    assert list(judgement.error_types.values_list("code", flat=True)) == ["wrong-name"]
    project.refresh_from_db()
    new_round = RoundFactory(project=project)
    assert new_round.taxonomy_version.version == 2
    old_codes = {t["code"] for t in offered(project.taxonomy_id, first_round.pk)["types"]}
    new_codes = {t["code"] for t in offered(project.taxonomy_id, new_round.pk)["types"]}
    assert "wrong-name" in old_codes
    assert "wrong-date" not in old_codes
    assert "wrong-name" not in new_codes
    assert "wrong-date" in new_codes
    assert TaxonomyVersion.objects.get(taxonomy__slug=slug, version=1).types.count() == 2
    # Saves follow the offer: the new round refuses the retired type, the old one takes it.
    for round_, refused_ids in ((new_round, [wrong.pk]), (first_round, [])):
        scope = SimpleNamespace(
            taxonomy_id=project.taxonomy_id,
            taxonomy_version_id=round_.taxonomy_version_id,
            round_kind=round_.kind,
        )
        assert unknown_error_types(scope, [wrong.pk]) == refused_ids


def test_refusals_name_fields_and_write_nothing(admin_client: tuple[Client, Any]) -> None:
    client, project = admin_client
    slug = project.taxonomy.slug
    bad = [kind("Bad Code", unified="nowhere")]
    response = send(client, "put", f"{URL}{slug}/draft/", {"types": bad})
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {"types.0.code", "types.0.unified"} <= set(errors)
    assert "intrinsic-np" in errors["types.0.unified"][0]
    grouped = [kind("a", group="missing"), kind("b", unified="intrinsic"), kind("a")]
    response = send(client, "put", f"{URL}{slug}/draft/", {"types": grouped})
    assert response.status_code == 400
    assert response.json()["code"] == "draft_refused"
    assert {"types.0.group", "types.1.unified", "types.2.code"} <= set(response.json()["errors"])
    assert not TaxonomyVersion.objects.filter(taxonomy=project.taxonomy, version=0).exists()

    shape = send(client, "put", f"{URL}{slug}/draft/", {"types": [{"code": "x"}]})
    assert shape.status_code == 400
    assert "types.0.name" in shape.json()["errors"]

    assert send(client, "post", f"{URL}{slug}/publish/", {}).status_code == 409
    other = send(client, "post", URL, {"project": "nope", "name": "X", "copy_from": "zzz"})
    assert other.status_code == 400
    assert "copy_from" in other.json()["errors"]
    nope = send(client, "post", URL, {"project": "nope", "name": "X", "copy_from": "frank"})
    assert nope.status_code == 409
    assert "project" in nope.json()["errors"]

    RoundFactory(project=project)
    busy = send(client, "post", URL, {"project": "study", "name": "Another"})
    assert busy.status_code == 409


def test_only_the_projects_admins_see_its_taxonomy(admin_client: tuple[Client, Any]) -> None:
    _, project = admin_client
    UserFactory(username="lin")
    outsider = signed_in("lin", Client())
    assert outsider.get(f"{URL}{project.taxonomy.slug}/").status_code == 404
    assert outsider.get(URL).json() == []
    assert outsider.get(f"{URL}tofueval/").status_code == 404


def test_an_unused_type_is_edited_and_the_old_version_keeps_its_text(
    admin_client: tuple[Client, Any],
) -> None:
    client, project = admin_client
    slug = project.taxonomy.slug
    types = client.get(f"{URL}{slug}/").json()["types"]
    assert not any(t["locked"] for t in types)
    edited = [{k: v for k, v in t.items() if k != "locked"} for t in types]
    edited[0]["definition"] = "Reworded."
    assert send(client, "put", f"{URL}{slug}/draft/", {"types": edited}).status_code == 200
    diff = client.get(f"{URL}{slug}/").json()["draft"]["diff"]
    assert diff["changed"] == [{"code": edited[0]["code"], "fields": ["definition"]}]
    assert send(client, "post", f"{URL}{slug}/publish/", {}).status_code == 201
    first = TaxonomyVersion.objects.get(taxonomy__slug=slug, version=1)
    assert first.snapshot[0]["definition"] != "Reworded."
    assert ErrorType.objects.get(taxonomy__slug=slug, code=edited[0]["code"]).definition == (
        "Reworded."
    )


def test_the_list_reads_in_constant_queries(
    admin_client: tuple[Client, Any], django_assert_max_num_queries: Any
) -> None:
    client, first = admin_client
    user = first.memberships.get(role=Role.ADMIN).user
    for _ in range(3):
        Membership.objects.create(project=ProjectFactory(), user=user, role=Role.ADMIN)
    with django_assert_max_num_queries(6):
        listed = client.get(URL).json()
    assert len(listed) == 4
    assert {t["version"] for t in listed} == {1}
    assert not any(t["has_draft"] for t in listed)
