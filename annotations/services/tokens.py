"""Make and revoke personal API tokens (docs/api/tokens.md)."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from annotations.models.tokens import TOKEN_PREFIX, ApiToken, token_digest

# The longest a token may live: a forgotten token in an old script stops working within a year.
MAX_EXPIRY_DAYS = 365


def api_token_create(
    *, user: Any, name: str, scope: str, expires_in_days: int
) -> tuple[ApiToken, str]:
    """The new token and its secret, which exists nowhere else after this returns."""
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    now = timezone.now()
    with transaction.atomic():
        token = ApiToken.objects.create(
            user=user,
            name=name,
            scope=scope,
            digest=token_digest(secret),
            hint=secret[: len(TOKEN_PREFIX) + 4],
            created_at=now,
            expires_at=now + timedelta(days=expires_in_days),
        )
    return token, secret


def api_token_revoke(*, token: ApiToken) -> ApiToken:
    """Revoke once: revoking again keeps the first time, so the list says when it stopped."""
    if token.revoked_at is None:
        ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
        token.refresh_from_db(fields=["revoked_at"])
    return token
