"""Bad requests get a clear 4xx in the one JSON envelope, name what is wrong, and change
nothing; sign-in is throttled (docs/api/errors.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.apps import apps
from django.test import Client, override_settings

from annotations.models import Assignment, Project, Round, SummarySentence
from tests.api.item_urls import sentence_url, summary_url
from tests.people import ADMIN, LINGUIST, signed_in

pytestmark = pytest.mark.django_db(databases="__all__")

ENVELOPE_KEYS = {"status", "code", "message", "errors"}


def send(client: Client, method: str, url: str, body: Any) -> Any:
    raw = body if isinstance(body, str | bytes) else json.dumps(body)
    return getattr(client, method)(url, raw, content_type="application/json")


def row_counts() -> dict[str, int]:
    return {
        model._meta.label: model.objects.count()
        for app in ("annotations", "auth", "authtoken")
        for model in apps.get_app_config(app).get_models()
    }


def assert_envelope(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.content[:500]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) >= ENVELOPE_KEYS, body
    assert body["status"] == status
    assert isinstance(body["message"], str)
    assert body["message"]
    assert "Traceback" not in response.content.decode()
    return body


def deeply_nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_every_error_status_answers_the_same_envelope(demo: Project) -> None:
    anonymous = Client()
    assert_envelope(anonymous.get("/api/me/"), 403)
    linguist = signed_in(LINGUIST)
    assert_envelope(linguist.get("/api/admin/projects/demo/"), 404)
    assert_envelope(linguist.delete("/api/me/"), 405)
    assert_envelope(
        signed_in(ADMIN).post("/api/admin/projects/demo/rounds/", "x", content_type="text/plain"),
        415,
    )
    body = assert_envelope(linguist.get("/api/no/such/operation/"), 404)
    assert "/api/no/such/operation/" in body["message"]
    hint = assert_envelope(linguist.get("/api/me"), 404)
    assert "/api/me/" in hint["message"]


@override_settings(DEBUG=True)
def test_unknown_api_paths_answer_json_even_with_debug_pages_on(demo: Project) -> None:
    assert_envelope(signed_in(ADMIN).get("/api/nothing-here/"), 404)


@pytest.mark.parametrize(
    "config",
    [
        {"split": "x"},
        {"rounds": 5},
        {"rounds": [{}]},
        {"formats": [[]]},
        {"mappings": ["a"]},
        {"mappings": {"relevance": "ternary"}},
        {"split": {"method": "document", "dev": "abc"}},
        {"split": {"method": "document", "seed": 2**80}},
        {"split": {"method": "file", "documents": {"dev": 5}}},
        {"split": {"method": "file", "documents": {"train": ["d1"]}}},
        {"version": {"major": 1}},
        {"only_complete": "perhaps"},
    ],
)
def test_release_configs_with_wrong_json_types_are_refused_naming_the_field(
    demo: Project, config: dict[str, Any]
) -> None:
    round_id = Round.objects.filter(project=demo).values_list("pk", flat=True)[0]
    body = {"version": "1.0.0", "rounds": [round_id], "formats": ["native"], **config}
    before = row_counts()
    response = send(signed_in(ADMIN), "post", "/api/projects/demo/releases/", body)
    errors = assert_envelope(response, 400)["errors"]
    field = next(iter(config))
    assert any(name == field or name.startswith(f"{field}.") for name in errors), errors
    assert row_counts() == before


@pytest.mark.parametrize(
    ("units", "field"),
    [
        ({"sample": 2, "seed": 2**64}, "units.seed"),
        ({"sample": 2, "seed": -1}, "units.seed"),
        ({"sample": "two"}, "units.sample"),
        ({"topics": [{"id": 1}]}, "units.topics.0"),
        ([1, 2], "units"),
        ({"sample": 2, "topics": [1]}, "units"),
        ({"sample": 2, "seeds": 1}, "units.seeds"),
        ({"hardest": {"release": 1, "by": "vibes", "count": 2}}, "units.hardest.by"),
    ],
)
def test_round_units_out_of_range_or_of_the_wrong_type_are_refused(
    demo: Project, units: Any, field: str
) -> None:
    body = {
        "name": "Pilot 2",
        "kind": "pilot",
        "overlap": 2,
        "guideline_version": 1,
        "annotators": ["linguist1", "linguist2"],
        "units": units,
    }
    before = row_counts()
    response = send(signed_in(ADMIN), "post", "/api/admin/projects/demo/rounds/", body)
    errors = assert_envelope(response, 400)["errors"]
    assert field in errors, errors
    assert row_counts() == before


def _own_items(username: str) -> tuple[Assignment, int, int]:
    assignment = Assignment.objects.filter(annotator__username=username).first()
    assert assignment is not None
    sentence = SummarySentence.objects.filter(summary__topic=assignment.topic).first()
    assert sentence is not None
    return assignment, sentence.pk, sentence.summary_id


def test_a_save_with_nothing_but_its_version_is_a_400_not_a_crash(demo: Project) -> None:
    client = signed_in(LINGUIST)
    assignment, sentence_id, summary_id = _own_items("linguist1")
    before = row_counts()
    for url in (summary_url(assignment.pk, summary_id), sentence_url(assignment.pk, sentence_id)):
        body = assert_envelope(send(client, "patch", url, {"version": 0}), 400)
        assert body["code"] == "empty_change"
        assert "Nothing to save" in body["message"]
    assert row_counts() == before


@pytest.mark.parametrize("method", ["post", "patch", "put"])
def test_json_nested_far_too_deep_is_refused_on_every_write(demo: Project, method: str) -> None:
    client = signed_in(ADMIN)
    assignment, sentence_id, _ = _own_items("linguist1")
    url = {
        "post": "/api/projects/demo/releases/",
        "patch": sentence_url(assignment.pk, sentence_id),
        "put": "/api/admin/projects/demo/targets/",
    }[method]
    before = row_counts()
    for depth in (100, 100_000):
        body = assert_envelope(send(client, method, url, deeply_nested(depth)), 400)
        assert "JSON" in body["message"] or "nest" in body["message"]
    assert row_counts() == before


def test_non_standard_json_constants_are_refused(demo: Project) -> None:
    response = send(
        signed_in(ADMIN), "put", "/api/admin/projects/demo/targets/", '{"relevance": NaN}'
    )
    assert "not valid JSON" in assert_envelope(response, 400)["message"]


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=10_000)
def test_a_body_past_the_size_limit_is_a_413(demo: Project) -> None:
    body = {"version": "1.0.0", "rounds": [1], "formats": ["native"], "pad": "x" * 20_000}
    before = row_counts()
    response = send(signed_in(ADMIN), "post", "/api/projects/demo/releases/", body)
    assert "10,000 bytes" in assert_envelope(response, 413)["message"]
    assert row_counts() == before


def test_a_stale_save_keeps_its_current_state_in_the_envelope(demo: Project) -> None:
    client = signed_in(LINGUIST)
    assignment, sentence_id, _ = _own_items("linguist1")
    url = sentence_url(assignment.pk, sentence_id)
    assert send(client, "patch", url, {"label": "consistent", "version": 0}).status_code == 200
    body = assert_envelope(send(client, "patch", url, {"label": "inconsistent", "version": 0}), 409)
    assert body["code"] == "stale_version"
    assert body["current"]["label"] == "consistent"


def test_a_refused_submit_lists_what_is_missing_in_the_envelope(demo: Project) -> None:
    assignment, _, _ = _own_items("linguist1")
    response = signed_in(LINGUIST).post(f"/api/assignments/{assignment.pk}/submit/")
    body = assert_envelope(response, 400)
    assert body["code"] == "incomplete"
    assert body["missing"]


@override_settings(AXES_FAILURE_LIMIT=3)
def test_repeated_wrong_passwords_lock_the_sign_in_out_with_a_clear_message(
    demo: Project,
) -> None:
    client = Client()
    for _ in range(3):
        wrong = client.post("/accounts/login/", {"username": "linguist1", "password": "nope"})
        assert wrong.status_code in (200, 429)
    locked = client.post("/accounts/login/", {"username": "linguist1", "password": "demo"})
    assert locked.status_code == 429
    assert "Too many wrong passwords" in locked.content.decode()
    assert "_auth_user_id" not in client.session
    # Another person signing in from elsewhere is not affected.
    other = Client(REMOTE_ADDR="10.0.0.9")
    ok = other.post("/accounts/login/", {"username": "linguist2", "password": "demo"})
    assert ok.status_code == 302


def test_a_404_keeps_the_views_own_words(demo: Project) -> None:
    body = assert_envelope(signed_in(LINGUIST).get("/api/assignments/999999/"), 404)
    assert body["message"] == "No such assignment of yours."
