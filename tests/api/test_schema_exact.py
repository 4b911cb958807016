"""The OpenAPI schema says exactly what the server sends and accepts (issue 27, section 5):
checked on the generated schema itself, with requests a schema-following client would send.
tests/api/test_schema_fuzz.py checks the same both ways from generated requests."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from drf_spectacular.generators import SchemaGenerator

from annotations.api.round_inputs import BY_KIND
from annotations.services.projects import scheme_errors
from tests.people import ADMIN, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schemas(django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        schema = SchemaGenerator().get_schema(request=None, public=True)
    return dict(schema["components"]["schemas"])


@pytest.mark.parametrize(
    ("enum", "values"),
    [
        ("LabelEnum", ["consistent", "inconsistent", ""]),
        ("VerdictEnum", ["supported", "not_supported", ""]),
        ("SecondVerdictEnum", ["confirm", "dispute", ""]),
        ("ExplanationVerdictEnum", ["same", "partially", "different", "model_wrong", ""]),
        ("DecisionEnum", ["confirmed", "false_positive", "types_changed", ""]),
        ("TopicCategoryEnum", ["main", "marginal", "irrelevant", ""]),
    ],
)
def test_a_choice_that_is_blank_until_answered_offers_the_blank(
    schemas: dict[str, Any], enum: str, values: list[str]
) -> None:
    """A saved state sends "" for a question not answered yet, and a save accepts "" to
    clear one: the enum says so (drf-spectacular's own hook dropped it)."""
    assert schemas[enum]["enum"] == values


def test_a_choice_that_is_never_blank_does_not_offer_it(schemas: dict[str, Any]) -> None:
    """The same choices where they are never blank (a topic-category option, a review
    outcome's decision) are a copy without ""."""
    assert schemas["TopicCategoryChoiceEnum"]["enum"] == ["main", "marginal", "irrelevant"]
    assert "``" not in schemas["TopicCategoryChoiceEnum"]["description"]
    option = schemas["TopicCategoryOutput"]["properties"]["value"]
    assert option["$ref"].endswith("/TopicCategoryChoiceEnum")
    decision = schemas["ReviewOutcomeOutput"]["properties"]["decision"]
    assert decision["$ref"].endswith("/DecisionChoiceEnum")
    label = schemas["SentenceState"]["properties"]["label"]
    assert label["$ref"].endswith("/LabelEnum")


def _valid(schema: dict[str, Any], instance: Any, schemas: dict[str, Any]) -> bool:
    """Whether ``instance`` is valid by ``schema`` (its $refs into ``schemas``)."""
    import jsonschema

    root = {**schema, "components": {"schemas": schemas}}
    return jsonschema.Draft4Validator(root).is_valid(instance)


NEEDS = ("error_spans", "require_error_spans", "evidence", "require_evidence")


@pytest.mark.parametrize(
    "choice", list(itertools.product((True, False, None), repeat=len(NEEDS))), ids=str
)
def test_a_scheme_is_valid_by_the_schema_exactly_when_the_service_takes_it(
    schemas: dict[str, Any], choice: tuple[bool | None, ...]
) -> None:
    """Each of the switches that need another one given on, off or left out (its default):
    the schema's cases say what services/projects.py's needs say."""
    scheme = {key: value for key, value in zip(NEEDS, choice, strict=True) if value is not None}
    body = schemas["ProjectCreateInput"]["properties"]["scheme"]
    assert _valid(body, scheme, schemas) == (scheme_errors(scheme) == {})


@pytest.mark.parametrize("overlap", [1, 2, 3, 7, 20])
@pytest.mark.parametrize("people", [1, 2, 3, 6, 19, 20, 21])
@pytest.mark.parametrize("kind", ["pilot", "production", "error_typing", "explanation"])
def test_a_round_s_overlap_is_valid_by_the_schema_exactly_when_the_body_is(
    schemas: dict[str, Any], overlap: int, people: int, kind: str
) -> None:
    """JSON Schema cannot compare two fields: the overlap's bound by the people named is
    spelled out per overlap (round_inputs.py); it agrees with the serializer's check."""
    body: dict[str, Any] = {
        "name": "R",
        "kind": kind,
        "overlap": overlap,
        "guideline_version": 1,
        "annotators": [f"person{n}" for n in range(people)],
    }
    if kind == "explanation":
        body["release"] = 1
    elif kind == "error_typing":
        body["source_rounds"] = [1]
    else:
        body["units"] = {"sample": 1}
    serializer = BY_KIND[kind](data=body)
    assert _valid(schemas["RoundCreateInput"], body, schemas) == serializer.is_valid()


def test_a_round_body_of_one_kind_with_another_kind_s_field_is_invalid_by_both(
    schemas: dict[str, Any],
) -> None:
    pilot = {
        "name": "R",
        "kind": "pilot",
        "overlap": 1,
        "guideline_version": 1,
        "annotators": ["a"],
        "units": {"topics": [1]},
    }
    assert _valid(schemas["RoundCreateInput"], pilot, schemas)
    for other in ({"gold_rate": 0.1}, {"release": 1}, {"units": {"topics": [1], "seed": 2}}):
        body = {**pilot, **other}
        assert not _valid(schemas["RoundCreateInput"], body, schemas), other
        assert not BY_KIND["pilot"](data=body).is_valid(), other
    production = {**pilot, "kind": "production", "gold_rate": 0.1, "pause_below": None}
    assert BY_KIND["production"](data=production).is_valid()


IMPORTS = "/api/admin/projects/demo/imports/"


@pytest.mark.django_db(databases="__all__")
@pytest.mark.parametrize("layout", ["native", "circumstantial", None])
@pytest.mark.parametrize("lenient", [True, False, None])
def test_the_import_form_is_valid_by_the_schema_exactly_when_the_view_takes_it(
    demo: Any, settings: Any, tmp_path: Any, layout: str | None, lenient: bool | None
) -> None:
    """``lenient`` is for the circumstantial CSV only: the form's schema says so, and a form
    it calls valid is not refused for it (the job, not started here, reads the file)."""
    settings.MEDIA_ROOT = tmp_path
    schema = SchemaGenerator().get_schema(request=None, public=True)
    body = schema["paths"]["/api/admin/projects/{slug}/imports/"]["post"]["requestBody"]
    form_schema = body["content"]["multipart/form-data"]["schema"]
    form: dict[str, Any] = {"format": layout, "lenient": lenient}
    form = {key: value for key, value in form.items() if value is not None}
    valid = _valid(form_schema, {"file": "x", **form}, {})

    sent = {key: str(value).lower() if key == "lenient" else value for key, value in form.items()}
    answer = signed_in(ADMIN).post(IMPORTS, {"file": SimpleUploadedFile("c.csv", b"x"), **sent})

    assert (answer.status_code == 202) == valid, answer.json()
    if not valid:
        assert answer.json()["errors"] == {"lenient": ["only with format circumstantial"]}


def test_a_new_round_s_body_is_required() -> None:
    """Its schema is a oneOf of one component per kind, with no ``required`` of its own: the
    body is still required (an empty one is refused for its kind)."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    body = schema["paths"]["/api/admin/projects/{slug}/rounds/"]["post"]["requestBody"]
    assert body["required"] is True
