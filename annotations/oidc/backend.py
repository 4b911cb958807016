"""The authentication backend: mozilla-django-oidc's code flow, our claim rule and usernames."""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.http import HttpRequest
from mozilla_django_oidc.auth import OIDCAuthenticationBackend

from annotations.oidc.config import claim_rule, oidc_enabled, oidc_setting
from annotations.oidc.rules import decide

logger = logging.getLogger(__name__)

# Where the refusal's sentence waits for the page that shows it (views.oidc_refused).
REFUSAL_KEY = "oidc_refusal"


class OIDCBackend(OIDCAuthenticationBackend):
    """Signs in (and on first sign-in creates) the person the provider vouches for.

    The username is the configured claim (``OIDC_USERNAME_CLAIM``), so a person keeps one
    account however their email changes; a new account has no project membership until a
    project admin adds it on the project's People page.
    """

    get_settings = staticmethod(oidc_setting)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Not the parent's __init__, which reads every OIDC setting: Django builds each backend
        # for every password sign-in too, and a site without OIDC has none to read.
        self.UserModel = get_user_model()

    def authenticate(self, request: HttpRequest | None, **kwargs: Any) -> Any:
        # Only the callback view passes a nonce; a password sign-in never reaches the provider.
        if request is None or "nonce" not in kwargs or not oidc_enabled():
            return None
        super().__init__()
        return super().authenticate(request, **kwargs)

    def verify_claims(self, claims: dict[str, Any]) -> bool:
        decision = decide(claims, claim_rule())
        if decision.refusal is not None:
            logger.warning("OIDC sign-in refused: %s", decision.refusal)
            self.request.session[REFUSAL_KEY] = decision.refusal
            return False
        return True

    def filter_users_by_claims(self, claims: dict[str, Any]) -> QuerySet[Any]:
        username = decide(claims, claim_rule()).username
        return self.UserModel.objects.filter(username=username)

    def describe_user_by_claims(self, claims: dict[str, Any]) -> str:
        return f"username {decide(claims, claim_rule()).username}"

    def create_user(self, claims: dict[str, Any]) -> Any:
        username = decide(claims, claim_rule()).username
        # verify_claims ran first and refused any claims without a usable username.
        assert username is not None
        email = claims.get("email")
        # No usable password: this person signs in through the provider only.
        return self.UserModel.objects.create_user(
            username,
            email=email if isinstance(email, str) else "",
            first_name=_text(claims.get("given_name")),
            last_name=_text(claims.get("family_name")),
        )

    def update_user(self, user: Any, claims: dict[str, Any]) -> Any:
        """Each sign-in refreshes the email and names the provider vouches for, so a person
        who changes their name or address at the lab is not shown (or mailed) under the old
        one. A claim the provider leaves out keeps what the account has."""
        fresh = {
            "email": claims.get("email"),
            "first_name": claims.get("given_name"),
            "last_name": claims.get("family_name"),
        }
        changed = []
        for field, value in fresh.items():
            if not isinstance(value, str) or not value.strip():
                continue
            value = value[:254] if field == "email" else _text(value)
            if getattr(user, field) != value:
                setattr(user, field, value)
                changed.append(field)
        if changed:
            user.save(update_fields=changed)
        return user


def _text(value: Any) -> str:
    return value[:150] if isinstance(value, str) else ""
