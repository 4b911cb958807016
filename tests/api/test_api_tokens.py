"""Personal API tokens (docs/api/tokens.md): made, listed and revoked by their owner, stored
hashed, shown once; read-only tokens only read; expired and revoked ones get 401 naming why;
failed token sign-ins are throttled like wrong passwords."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token

from annotations.models import ApiToken
from annotations.models.tokens import token_digest
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def made(client: Client, **fields: object) -> dict[str, object]:
    body = {"name": "nightly export", "scope": "read", "expires_in_days": 30, **fields}
    response = client.post("/api/me/tokens/", body, content_type="application/json")
    assert response.status_code == 201, response.json()
    return response.json()


def as_token(secret: object) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Token {secret}"}


def test_a_token_is_shown_once_stored_hashed_and_signs_its_owner_in(client: Client) -> None:
    client.force_login(UserFactory(username="lena"))
    created = made(client)
    secret = str(created["secret"])
    assert secret.startswith("fct_")
    assert len(secret) > 40
    stored = ApiToken.objects.get(pk=created["id"])
    assert stored.digest == token_digest(secret)
    assert secret not in stored.digest
    assert stored.expires_at - stored.created_at == timedelta(days=30)
    listed = client.get("/api/me/tokens/").json()
    assert [t["name"] for t in listed] == ["nightly export"]
    assert "secret" not in listed[0]
    assert listed[0]["status"] == "active"
    assert listed[0]["last_used_at"] is None
    me = Client().get("/api/me/", **as_token(secret))
    assert me.status_code == 200
    assert me.json()["username"] == "lena"
    assert client.get("/api/me/tokens/").json()[0]["last_used_at"] is not None


def test_last_used_is_written_at_most_once_a_minute(client: Client) -> None:
    client.force_login(UserFactory())
    secret = made(client)["secret"]
    Client().get("/api/me/", **as_token(secret))
    first = ApiToken.objects.get().last_used_at
    Client().get("/api/me/", **as_token(secret))
    assert ApiToken.objects.get().last_used_at == first
    ApiToken.objects.update(last_used_at=timezone.now() - timedelta(minutes=2))
    Client().get("/api/me/", **as_token(secret))
    assert ApiToken.objects.get().last_used_at > first  # type: ignore[operator]


def test_a_read_only_token_may_read_but_not_write(client: Client) -> None:
    client.force_login(UserFactory())
    read = made(client, scope="read")
    write = made(client, scope="write", name="writer")
    assert Client().get("/api/me/tokens/", **as_token(read["secret"])).status_code == 200
    refused = Client().delete(f"/api/me/tokens/{write['id']}/", **as_token(read["secret"]))
    assert refused.status_code == 403
    assert "read-only" in refused.json()["message"]
    assert ApiToken.objects.get(pk=write["id"]).revoked_at is None
    # A read-write token may write: here it revokes itself.
    ok = Client().delete(f"/api/me/tokens/{write['id']}/", **as_token(write["secret"]))
    assert ok.status_code == 204


def test_revoked_and_expired_tokens_get_401_naming_why(client: Client) -> None:
    client.force_login(UserFactory())
    revoked = made(client, scope="write")
    assert client.delete(f"/api/me/tokens/{revoked['id']}/").status_code == 204
    answer = Client().get("/api/me/", **as_token(revoked["secret"]))
    assert answer.status_code == 401
    assert answer.json()["code"] == "token_revoked"
    assert "revoked" in answer.json()["message"]
    expired = made(client, name="old")
    ApiToken.objects.filter(pk=expired["id"]).update(
        created_at=timezone.now() - timedelta(days=3),
        expires_at=timezone.now() - timedelta(days=1),
    )
    answer = Client().get("/api/me/", **as_token(expired["secret"]))
    assert answer.status_code == 401
    assert answer.json()["code"] == "token_expired"
    assert "expired" in answer.json()["message"]
    statuses = {t["name"]: t["status"] for t in client.get("/api/me/tokens/").json()}
    assert statuses == {"nightly export": "revoked", "old": "expired"}
    unknown = Client().get("/api/me/", **as_token("fct_not-a-token"))
    assert unknown.status_code == 401
    assert unknown.json()["code"] == "token_invalid"
    assert unknown["WWW-Authenticate"] == 'Token realm="api"'


def test_nobody_sees_or_revokes_another_users_tokens(client: Client) -> None:
    client.force_login(UserFactory(username="owner"))
    theirs = made(client)
    other = Client()
    other.force_login(UserFactory(username="other"))
    assert other.get("/api/me/tokens/").json() == []
    assert other.delete(f"/api/me/tokens/{theirs['id']}/").status_code == 404
    assert ApiToken.objects.get(pk=theirs["id"]).revoked_at is None


def test_a_token_cannot_make_another_token(client: Client) -> None:
    client.force_login(UserFactory())
    secret = made(client, scope="write")["secret"]
    answer = Client().post(
        "/api/me/tokens/",
        {"name": "wider", "scope": "write", "expires_in_days": 365},
        content_type="application/json",
        **as_token(secret),
    )
    assert answer.status_code == 403
    assert answer.json()["code"] == "token_from_token"
    legacy = Token.objects.create(user=UserFactory()).key
    answer = Client().post(
        "/api/me/tokens/",
        {"name": "wider", "scope": "write", "expires_in_days": 365},
        content_type="application/json",
        **as_token(legacy),
    )
    assert answer.status_code == 403
    assert ApiToken.objects.count() == 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"scope": "admin"}, "scope"),
        ({"expires_in_days": 0}, "expires_in_days"),
        ({"expires_in_days": 366}, "expires_in_days"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 101}, "name"),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_makes_nothing(
    client: Client, body: dict[str, object], field: str
) -> None:
    client.force_login(UserFactory())
    fields = {"name": "n", "scope": "read", "expires_in_days": 30, **body}
    answer = client.post("/api/me/tokens/", fields, content_type="application/json")
    assert answer.status_code == 400
    assert field in answer.json()["errors"]
    assert ApiToken.objects.count() == 0


@override_settings(AXES_FAILURE_LIMIT=3)
def test_failed_token_sign_ins_are_locked_out_like_wrong_passwords(client: Client) -> None:
    client.force_login(UserFactory())
    secret = made(client)["secret"]
    assert Client().get("/api/me/", **as_token("fct_guess")).status_code == 401
    # A wrong admin-made (DRF) key counts as well.
    assert Client().get("/api/me/", **as_token("0" * 40)).status_code == 403
    third = Client().get("/api/me/", **as_token("fct_guess"))
    assert third.status_code == 429
    assert third["Content-Type"] == "application/json"
    # Locked out: even the right secret is refused until the cool-off passes.
    locked = Client().get("/api/me/", **as_token(secret))
    assert locked.status_code == 429
    assert locked["Retry-After"] == str(15 * 60)
    assert locked.json()["code"] == "token_sign_in_locked"
    assert "Too many failed token sign-ins" in locked.json()["message"]
    # Password sign-ins for a person are keyed on their name, so they are not locked out.
    assert client.get("/api/me/").status_code == 200


def test_a_personal_token_costs_two_reads_and_no_write_within_the_minute(client: Client) -> None:
    """The lockout (one read of django-axes' attempts) and the token with its user (one); the
    same request with an admin-made token costs one fewer (tests/api/test_workspace.py)."""
    client.force_login(UserFactory())
    secret = made(client)["secret"]
    Client().get("/api/me/", **as_token(secret))  # the first use writes last_used_at
    legacy = Token.objects.create(user=ApiToken.objects.get().user).key
    with CaptureQueriesContext(connection) as by_legacy:
        assert Client().get("/api/me/", **as_token(legacy)).status_code == 200
    with CaptureQueriesContext(connection) as by_personal:
        assert Client().get("/api/me/", **as_token(secret)).status_code == 200
    assert len(by_personal) == len(by_legacy) + 1
    assert not [q for q in by_personal if q["sql"].upper().startswith("UPDATE")]
