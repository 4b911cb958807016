"""The OpenAPI schema says exactly what the server sends and accepts (issue 27, section 5):
checked on the generated schema itself, with requests a schema-following client would send.
tests/api/test_schema_fuzz.py checks the same both ways from generated requests."""

from __future__ import annotations

from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator

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
