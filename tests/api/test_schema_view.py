"""/api/schema/ is generated once per process, not per request: the API docs page waited
seconds on a busy machine while every request walked every view again."""

from __future__ import annotations

import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from annotations.api.schema_view import CachedSchemaView
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_schema_is_generated_once_and_served_alike_to_everyone(monkeypatch) -> None:
    monkeypatch.setattr(CachedSchemaView, "_schemas", {})
    generated = []
    original = SchemaGenerator.get_schema

    def counting(self, *args, **kwargs):
        generated.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counting)
    first, second = Client(), Client()
    first.force_login(UserFactory())
    second.force_login(UserFactory(is_staff=True))

    one = first.get("/api/schema/?format=json")
    other = second.get("/api/schema/?format=json")
    as_yaml = second.get("/api/schema/")

    assert one.status_code == other.status_code == as_yaml.status_code == 200
    assert one.json() == other.json()
    assert "/api/me/" in one.json()["paths"]
    assert b"openapi:" in as_yaml.content
    assert len(generated) == 1
