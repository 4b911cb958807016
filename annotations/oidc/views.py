"""The sign-in page with its OIDC button, the two OIDC endpoints, and the refusal page."""

from __future__ import annotations

import logging
from typing import Any

import requests
from django.contrib.auth.views import LoginView
from django.core.exceptions import ImproperlyConfigured
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path, reverse
from mozilla_django_oidc.views import (
    OIDCAuthenticationCallbackView,
    OIDCAuthenticationRequestView,
)

from annotations.oidc.backend import REFUSAL_KEY
from annotations.oidc.config import ProviderUnreachable, oidc_enabled, oidc_setting, provider_name

logger = logging.getLogger(__name__)


class SignInView(LoginView):
    """Django's sign-in page, with "Sign in with <provider>" when OIDC is configured."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        if oidc_enabled():
            context["oidc_provider"] = provider_name()
            context["oidc_url"] = reverse("oidc_authentication_init")
        return context


class _Start(OIDCAuthenticationRequestView):
    get_settings = staticmethod(oidc_setting)


class _Callback(OIDCAuthenticationCallbackView):
    get_settings = staticmethod(oidc_setting)


def _unreachable(request: HttpRequest, error: Exception) -> HttpResponse:
    logger.warning("OIDC provider unreachable: %s", error)
    return _refusal_page(
        request,
        f"This site could not reach {provider_name()} to sign you in. Try again in a few"
        " minutes; if it keeps failing, tell your site administrator.",
        status=503,
    )


def _misconfigured(request: HttpRequest, error: Exception) -> HttpResponse:
    logger.error("OIDC sign-in is misconfigured: %s", error)
    return _refusal_page(
        request,
        f"Signing in with {provider_name()} is not set up correctly on this site. Tell your"
        " site administrator (the site's log says what is missing).",
        status=503,
    )


def oidc_start(request: HttpRequest) -> HttpResponse:
    """Redirects to the provider's sign-in (state, nonce and PKCE kept in the session)."""
    if not oidc_enabled():
        raise Http404("Sign-in with an identity provider is not configured.")
    try:
        return _Start.as_view()(request)
    except ProviderUnreachable as error:
        return _unreachable(request, error)
    except ImproperlyConfigured as error:
        return _misconfigured(request, error)


def oidc_callback(request: HttpRequest) -> HttpResponse:
    """Where the provider sends the person back: the code is exchanged and checked."""
    if not oidc_enabled():
        raise Http404("Sign-in with an identity provider is not configured.")
    try:
        return _Callback.as_view()(request)
    except (ProviderUnreachable, requests.RequestException) as error:
        return _unreachable(request, error)
    except ImproperlyConfigured as error:
        return _misconfigured(request, error)


def oidc_refused(request: HttpRequest) -> HttpResponse:
    """Where a sign-in that did not complete lands (``LOGIN_REDIRECT_URL_FAILURE``)."""
    refusal = request.session.pop(REFUSAL_KEY, None)
    if refusal is not None:
        return _refusal_page(request, refusal, status=403)
    return _refusal_page(
        request,
        f"Signing in with {provider_name()} did not complete (it was cancelled, or took too"
        " long). Try again.",
        status=400,
    )


def _refusal_page(request: HttpRequest, message: str, *, status: int) -> HttpResponse:
    return render(
        request,
        "registration/oidc_refused.html",
        {"message": message, "oidc_provider": provider_name()},
        status=status,
    )


urlpatterns = [
    # The names mozilla-django-oidc reverses (its redirect_uri is the callback's URL).
    path("authenticate/", oidc_start, name="oidc_authentication_init"),
    path("callback/", oidc_callback, name="oidc_authentication_callback"),
    path("refused/", oidc_refused, name="oidc-refused"),
]
