"""Authentication backends."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class SignInThrottleBackend(AxesStandaloneBackend):
    """django-axes' lockout check for every sign-in that comes with a request.

    Every sign-in over the web does (the sign-in page, Django admin's). A call without one is
    code running on the server (a management command, a test client's ``login``): there is no
    client to throttle, and axes' own backend would refuse it outright.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def is_identity_provider_sign_in(request: HttpRequest, credentials: dict[str, Any] | None) -> bool:
    """django-axes' whitelist (``AXES_WHITELIST_CALLABLE``): the identity provider's callback
    (annotations/oidc, the only sign-in with a ``nonce``) is not a password guess, and the
    provider throttles its own sign-in. Its refusals carry no username, so axes would count
    them under one empty name per address: five refused outsiders behind a lab's shared address
    would lock every colleague out of single sign-on, with a page about wrong passwords."""
    return bool(credentials and "nonce" in credentials)
