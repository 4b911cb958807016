"""Personal API tokens that each user makes, names and revokes in the app (docs/api/tokens.md).

ApiToken:  active ──its owner revokes it──▶ revoked (kept, so a request names why it failed)
           active ──``expires_at`` passes──▶ expired (no write: the time decides)

Only the SHA-256 of the secret is stored: the secret is shown once, when it is made, and a copy
of the database lets nobody call the API. A 256-bit random secret needs no slow hash (there is
nothing to guess from a dictionary), and hashing it lets the lookup be one indexed equality.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

# Every personal token starts with this, so the authenticator tells it from the 40-hex-digit
# tokens DRF's admin-made ``Token`` uses (both keep working) and secret scanners can find one.
TOKEN_PREFIX = "fct_"


class TokenScope(models.TextChoices):
    READ = "read", "Read only"
    WRITE = "write", "Read and write"


def token_digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100)
    scope = models.CharField(max_length=5, choices=TokenScope.choices)
    digest = models.CharField(max_length=64, unique=True)
    # The secret's first characters, shown in the list so its owner can tell tokens apart.
    hint = models.CharField(max_length=12)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    # Written at most once a minute per token (annotations/api/authentication.py).
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(scope__in=TokenScope.values), name="api_token_scope_known"
            ),
            models.CheckConstraint(
                condition=Q(expires_at__gt=F("created_at")), name="api_token_expires_after_made"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="api_token_named"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.hint}…)"
