"""Creating a project from the browser: staff only, a built-in taxonomy copied, the scheme's
switches checked, the creator made its admin, and every refusal naming its field."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from annotations.models import ErrorTaxonomy, ErrorType, Membership, Project
from tests.factories import ProjectFactory, UserFactory
from tests.people import signed_in

pytestmark = pytest.mark.django_db

URL = "/api/admin/projects/"
OPTIONS_URL = "/api/admin/project-options/"


def post(client: Client, body: Any) -> Any:
    return client.post(URL, json.dumps(body), content_type="application/json")


@pytest.fixture
def staff(client: Client) -> Client:
    UserFactory(username="stella", is_staff=True)
    return signed_in("stella", client)


def rows() -> tuple[int, int, int, int]:
    return (
        Project.objects.count(),
        ErrorTaxonomy.objects.count(),
        ErrorType.objects.count(),
        Membership.objects.count(),
    )


def test_staff_create_a_dialogue_project_with_spans_and_required_evidence(staff: Client) -> None:
    response = post(
        staff,
        {
            "slug": "dialogue-pilot",
            "name": "Dialogue pilot",
            "taxonomy": "dialogue-llm",
            "scheme": {
                "error_spans": True,
                "evidence": True,
                "require_evidence": True,
                "relevance": False,
            },
        },
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["slug"], body["name"]) == ("dialogue-pilot", "Dialogue pilot")
    assert body["scheme"]["error_spans"]
    assert body["scheme"]["require_evidence"]
    assert not body["scheme"]["require_error_spans"]
    assert not body["scheme"]["relevance"]
    assert body["scheme"]["consistency"]  # left out: its default
    assert [(m["username"], m["roles"]) for m in body["members"]] == [("stella", ["admin"])]
    project = Project.objects.get(slug="dialogue-pilot")
    assert project.taxonomy.copied_from.slug == "dialogue-llm"
    assert not project.taxonomy.builtin
    assert project.taxonomy.types.filter(name="Circumstantial Inference").exists()
    # The new project is at once in the creator's list and its page opens.
    assert {"slug": "dialogue-pilot", "name": "Dialogue pilot"} in staff.get(URL).json()
    assert staff.get(f"{URL}dialogue-pilot/").status_code == 200


def test_people_who_are_not_staff_cannot_create_a_project(client: Client) -> None:
    admin = UserFactory(username="ada")
    Membership.objects.create(project=ProjectFactory(slug="theirs"), user=admin, role="admin")
    signed_in("ada", client)
    before = rows()

    refused = post(client, {"slug": "mine", "name": "Mine", "taxonomy": "tofueval"})

    assert refused.status_code == 403
    assert refused.json()["message"] == "Only staff can create projects: ask a site administrator."
    assert client.get(OPTIONS_URL).status_code == 403
    assert rows() == before
    # Listing what they administer is still theirs.
    assert client.get(URL).json() == [{"slug": "theirs", "name": "Theirs"}]


def test_a_signed_out_caller_is_refused_in_the_envelope(client: Client) -> None:
    refused = post(client, {"slug": "anon"})
    assert refused.status_code == 403
    assert refused.json()["code"] == "not_authenticated"
    assert not Project.objects.filter(slug="anon").exists()


def test_a_taken_slug_is_refused_and_the_existing_project_is_untouched(staff: Client) -> None:
    ProjectFactory(slug="demo-copy", name="The original")
    before = rows()

    refused = post(staff, {"slug": "demo-copy", "name": "A newer one", "taxonomy": "frank"})

    # The body is fine; the stored projects refuse it.
    assert (refused.status_code, refused.json()["code"]) == (409, "slug_taken")
    assert refused.json()["errors"] == {
        "slug": ["a project with the slug 'demo-copy' already exists: choose another"]
    }
    assert rows() == before
    existing = Project.objects.get(slug="demo-copy")
    assert existing.name == "The original"
    assert existing.taxonomy.copied_from.slug == "tofueval"
    assert not existing.memberships.exists()


def test_a_bad_slug_and_an_unknown_taxonomy_are_named_with_what_is_allowed(staff: Client) -> None:
    before = rows()

    refused = post(staff, {"slug": "Bad Slug!", "name": "x", "taxonomy": "samsum"})

    assert refused.status_code == 400
    body = refused.json()
    assert body["code"] == "invalid"
    assert body["message"] == "The project was not created: check slug, taxonomy."
    assert body["errors"]["slug"] == [
        "project slug 'Bad Slug!' is not valid: use 1 to 80 lowercase letters, digits, - and _,"
        " starting with a letter or digit"
    ]
    assert body["errors"]["taxonomy"] == [
        "unknown taxonomy 'samsum'; built-in ones are aggrefact-unified, dialogue-llm, frank,"
        " tofueval"
    ]
    assert rows() == before


@pytest.mark.parametrize(
    ("scheme", "field", "message"),
    [
        (
            {"require_error_spans": True},
            "scheme.require_error_spans",
            "require_error_spans needs error_spans: switch error_spans on, or"
            " require_error_spans off",
        ),
        (
            {"error_spans": False, "evidence": True},
            "scheme.evidence",
            "evidence needs error_spans: switch error_spans on, or evidence off",
        ),
        (
            {"error_spans": True, "require_evidence": True},
            "scheme.require_evidence",
            "require_evidence needs evidence: switch evidence on, or require_evidence off",
        ),
    ],
)
def test_a_required_question_that_is_not_asked_is_refused_by_name(
    staff: Client, scheme: dict[str, bool], field: str, message: str
) -> None:
    before = rows()
    refused = post(staff, {"slug": "spans", "taxonomy": "dialogue-llm", "scheme": scheme})
    assert refused.status_code == 400
    assert refused.json()["errors"] == {field: [message]}
    assert rows() == before


def test_an_unknown_question_or_a_non_boolean_answer_is_refused(staff: Client) -> None:
    unknown = post(staff, {"slug": "x", "scheme": {"hallucination": True}})
    assert unknown.status_code == 400
    [message] = unknown.json()["errors"]["scheme.hallucination"]
    assert message.startswith("unknown question 'hallucination'; the questions are consistency,")
    not_boolean = post(staff, {"slug": "x", "scheme": {"evidence": "maybe"}})
    assert not_boolean.status_code == 400
    assert "scheme.evidence" in not_boolean.json()["errors"]
    assert not Project.objects.filter(slug="x").exists()


def test_the_options_list_the_builtin_taxonomies_with_their_types_and_the_scheme(
    staff: Client,
) -> None:
    body = staff.get(OPTIONS_URL).json()

    assert body["default_taxonomy"] == "tofueval"
    assert [t["slug"] for t in body["taxonomies"]] == [
        "aggrefact-unified",
        "dialogue-llm",
        "frank",
        "tofueval",
    ]
    dialogue = next(t for t in body["taxonomies"] if t["slug"] == "dialogue-llm")
    assert dialogue["name"] == "Dialogue LLM errors"
    names = [t["name"] for t in dialogue["types"]]
    assert names[:3] == ["Circumstantial Inference", "Logical Error", "Event Misordering"]
    assert {"World Knowledge", "Referential Error", "Figurative Misinterpretation"} <= set(names)
    misordering = next(t for t in dialogue["types"] if t["code"] == "event-misordering")
    assert misordering["parent"] == "logical-error"
    switches = {s["key"]: s for s in body["scheme"]}
    assert switches["error_spans"] == {
        "key": "error_spans",
        "label": "Error spans in inconsistent sentences",
        "default": False,
        "needs": None,
    }
    assert switches["require_evidence"]["needs"] == "evidence"
    assert switches["consistency"]["default"] is True


def test_the_options_query_count_does_not_grow_with_the_taxonomies(staff: Client) -> None:
    staff.get(OPTIONS_URL)  # the session is read once warm
    with CaptureQueriesContext(connection) as four:
        staff.get(OPTIONS_URL)
    extra = ErrorTaxonomy.objects.create(slug="extra", name="Extra", builtin=True)
    for position in range(5):
        ErrorType.objects.create(
            taxonomy=extra, code=f"t{position}", name=f"T{position}", definition="d"
        )
    with CaptureQueriesContext(connection) as five:
        body = staff.get(OPTIONS_URL).json()
    assert len(body["taxonomies"]) == 5
    assert len(four) == len(five)


def test_the_schema_documents_the_creation_and_its_body() -> None:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    create = schema["paths"]["/api/admin/projects/"]["post"]
    assert create["operationId"] == "admin_projects_create"
    assert {"201", "400", "403"} <= set(create["responses"])
    body = schema["components"]["schemas"]["ProjectCreateInput"]
    assert set(body["properties"]) == {"slug", "name", "taxonomy", "scheme"}
    assert "/api/admin/project-options/" in schema["paths"]
