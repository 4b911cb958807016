"""Token authentication (annotations/api/authentication.py): the same outcomes as DRF's
``TokenAuthentication``, with the user read in one statement."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from annotations.api.authentication import PlainTokenAuthentication
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_valid_token_authenticates_its_user_as_the_orm_would_load_it() -> None:
    user = UserFactory(username="lena", first_name="Lena", is_staff=True)
    token = Token.objects.create(user=user)
    with CaptureQueriesContext(connection) as queries:
        found, found_token = PlainTokenAuthentication().authenticate_credentials(token.key)
    assert len(queries) == 1
    loaded = type(user).objects.get(pk=user.pk)
    assert found == loaded
    for field in type(user)._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(loaded, field.attname), field.name
    assert isinstance(found.is_staff, bool)
    assert (found_token.key, found_token.user_id, found_token.created) == (
        token.key,
        user.pk,
        Token.objects.get(pk=token.pk).created,
    )


def test_token_requests_are_refused_as_drf_refuses_them(client: Client) -> None:
    user = UserFactory(username="lena")
    token = Token.objects.create(user=user)
    ok = client.get("/api/me/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert ok.status_code == 200
    assert ok.json()["username"] == "lena"
    # 403, not 401: session authentication comes first, and it sends no WWW-Authenticate.
    unknown = client.get("/api/me/", HTTP_AUTHORIZATION="Token not-a-token")
    assert unknown.status_code == 403
    assert unknown.json()["message"] == "Invalid token."
    user.is_active = False
    user.save()
    inactive = client.get("/api/me/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert inactive.status_code == 403
    assert inactive.json()["message"] == "User inactive or deleted."
