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
