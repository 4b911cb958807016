"""The OIDC settings as mozilla-django-oidc reads them, with the provider's endpoints taken
from its discovery document when only ``OIDC_ISSUER`` is set.

Everything is read at request time, never at import: the tests (and a deployment's settings
module) may change them, and a site without OIDC has nothing to read.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import requests
from django.conf import settings
from mozilla_django_oidc.utils import import_from_settings

from annotations.oidc.rules import ClaimRule

# mozilla-django-oidc's setting -> the discovery document's key (OpenID Connect Discovery 1.0).
ENDPOINTS = {
    "OIDC_OP_AUTHORIZATION_ENDPOINT": "authorization_endpoint",
    "OIDC_OP_TOKEN_ENDPOINT": "token_endpoint",
    "OIDC_OP_USER_ENDPOINT": "userinfo_endpoint",
    "OIDC_OP_JWKS_ENDPOINT": "jwks_uri",
}
# A provider's endpoints hardly ever move; an hour bounds how long a moved one is missed.
DISCOVERY_TTL_SECONDS = 3600.0

_discovered: dict[str, tuple[float, dict[str, Any]]] = {}
_lock = threading.Lock()


class ProviderUnreachable(Exception):
    """The identity provider could not be asked (down, or not an OpenID provider)."""


def oidc_enabled() -> bool:
    explicit = all(getattr(settings, name, "") for name in list(ENDPOINTS)[:3])
    return bool(getattr(settings, "OIDC_RP_CLIENT_ID", "")) and bool(
        getattr(settings, "OIDC_ISSUER", "") or explicit
    )


def provider_name() -> str:
    return str(getattr(settings, "OIDC_PROVIDER_NAME", "") or "single sign-on")


def discovery(issuer: str) -> dict[str, Any]:
    """The issuer's discovery document, cached for ``DISCOVERY_TTL_SECONDS``."""
    issuer = issuer.rstrip("/")
    with _lock:
        cached = _discovered.get(issuer)
        if cached is not None and time.monotonic() - cached[0] < DISCOVERY_TTL_SECONDS:
            return cached[1]
    url = f"{issuer}/.well-known/openid-configuration"
    try:
        response = requests.get(url, timeout=import_from_settings("OIDC_TIMEOUT", 10))
        response.raise_for_status()
        document = response.json()
    except (requests.RequestException, ValueError) as error:
        raise ProviderUnreachable(f"{url}: {error}") from error
    if not isinstance(document, dict) or str(document.get("issuer", "")).rstrip("/") != issuer:
        # The document must name the issuer it was fetched from (Discovery 1.0, section 4.3).
        raise ProviderUnreachable(f"{url} does not describe the issuer {issuer}")
    with _lock:
        _discovered[issuer] = (time.monotonic(), document)
    return document


def oidc_setting(attr: str, *default: Any) -> Any:
    """``import_from_settings`` with the endpoints filled from discovery when left empty."""
    value = import_from_settings(attr, *default)
    if attr in ENDPOINTS and not value:
        issuer = getattr(settings, "OIDC_ISSUER", "")
        if issuer:
            value = discovery(issuer).get(ENDPOINTS[attr])
            if not value and attr != "OIDC_OP_JWKS_ENDPOINT":
                raise ProviderUnreachable(f"{issuer} announces no {ENDPOINTS[attr]}")
    if attr in ENDPOINTS:
        # Unset is None, as mozilla-django-oidc checks it (an RS256 token needs the keys).
        return value or None
    return value


def claim_rule() -> ClaimRule:
    return ClaimRule.of(
        username_claim=getattr(settings, "OIDC_USERNAME_CLAIM", "") or "preferred_username",
        allowed_domains=getattr(settings, "OIDC_ALLOWED_EMAIL_DOMAINS", ()),
        groups_claim=getattr(settings, "OIDC_GROUPS_CLAIM", "") or "groups",
        allowed_groups=getattr(settings, "OIDC_ALLOWED_GROUPS", ()),
    )
