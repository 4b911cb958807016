"""The one error envelope of the API (docs/api/errors.md).

Every error any ``/api/`` URL answers, whatever raised it and in every configuration, is::

    {"status": 400, "code": "invalid", "message": "One sentence for a person.",
     "errors": {"rounds.0.id": ["A valid integer is required."]}}

plus, for a few operations, documented extra keys (a stale save's ``current``, a refused
submit's ``missing``). Views raise exceptions (DRF's, or :class:`ApiError`); this module is the
only place that turns them into bodies: ``exception_handler`` for what reaches DRF, and the
Django-level handlers below for what never does (unknown paths, a crash in middleware).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.serializers import Serializer

logger = logging.getLogger(__name__)

# The message a person reads when DRF's own default text says nothing useful.
MESSAGES: dict[int, str] = {
    400: "The request is not valid: see the field errors.",
    401: "Sign in first: this needs an authenticated user.",
    403: "You do not have permission to do this.",
    404: "Not found.",
    405: "This method is not allowed here.",
    406: "The server cannot answer in a format you accept; ask for application/json.",
    409: "This conflicts with the current state.",
    413: "The request body is too large.",
    415: "Unsupported media type: send application/json (or multipart for uploads).",
    429: "Too many requests: wait and try again.",
    500: "Something went wrong on the server. Nothing was changed; try again, and tell the"
    " project admin if it keeps happening.",
}
CODES: dict[int, str] = {
    400: "invalid",
    401: "not_authenticated",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    429: "throttled",
    500: "server_error",
}


class ApiError(exceptions.APIException):
    """An error with its own status, code, message, field errors and documented extras."""

    def __init__(
        self,
        message: str,
        *,
        status_code: int = status.HTTP_400_BAD_REQUEST,
        code: str | None = None,
        errors: Mapping[str, Any] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail=message, code=code or CODES.get(status_code, "error"))
        self.status_code = status_code
        self.message = message
        self.code = code or CODES.get(status_code, "error")
        self.errors = flatten_errors(errors or {})
        self.extra = extra


class Conflict(ApiError):
    def __init__(self, message: str, *, code: str = "conflict", **extra: Any) -> None:
        super().__init__(message, status_code=status.HTTP_409_CONFLICT, code=code, **extra)


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = MESSAGES[413]
    default_code = "too_large"


def envelope(
    status_code: int,
    message: str,
    *,
    code: str | None = None,
    errors: Mapping[str, list[str]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "status": status_code,
        "code": code or CODES.get(status_code, "error"),
        "message": message,
        "errors": dict(errors or {}),
        **extra,
    }


def flatten_errors(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested error detail as ``{"dotted.path": [messages]}``; list items by index."""
    out: dict[str, list[str]] = {}

    def walk(value: Any, path: str) -> None:
        if isinstance(value, Mapping):
            for key, inner in value.items():
                walk(inner, f"{path}.{key}" if path else str(key))
        elif isinstance(value, list | tuple):
            if all(not isinstance(item, Mapping | list | tuple) for item in value):
                if value:
                    out.setdefault(path or "non_field_errors", []).extend(str(v) for v in value)
            else:
                for index, item in enumerate(value):
                    if item:  # DRF puts {} where a list item had no error
                        walk(item, f"{path}.{index}" if path else str(index))
        else:
            out.setdefault(path or "non_field_errors", []).append(str(value))

    walk(detail, prefix)
    return out


def _validation_message(errors: Mapping[str, list[str]]) -> str:
    if list(errors) == ["non_field_errors"]:
        return " ".join(errors["non_field_errors"])
    fields = ", ".join(name for name in errors if name != "non_field_errors")
    return f"The request is not valid: check {fields}." if fields else MESSAGES[400]


def exception_handler(exc: Exception, context: Mapping[str, Any]) -> Response | None:
    """DRF's EXCEPTION_HANDLER: every exception a view raises, as the envelope."""
    if isinstance(exc, ApiError):
        body = envelope(exc.status_code, exc.message, code=exc.code, errors=exc.errors, **exc.extra)
        # The headers DRF's own handler sets from the same attributes: how to authenticate
        # (a 401 must say), and when to come back (a 429 should).
        headers = {}
        if getattr(exc, "auth_header", None):
            headers["WWW-Authenticate"] = str(exc.auth_header)  # type: ignore[attr-defined]
        if getattr(exc, "wait", None):
            headers["Retry-After"] = str(int(exc.wait))  # type: ignore[attr-defined]
        return Response(body, status=exc.status_code, headers=headers or None)
    if isinstance(exc, RequestDataTooBig):
        exc = PayloadTooLarge()
    elif isinstance(exc, SuspiciousOperation):
        exc = exceptions.ParseError(str(exc) or MESSAGES[400])
    # Imported here: rest_framework.views loads DRF's settings, whose parser
    # (api/parsers.py) imports this module; at the top that cycle breaks whichever module
    # imports this one first.
    from rest_framework.views import exception_handler as drf_exception_handler

    response = drf_exception_handler(exc, dict(context))
    if response is None:
        # Not an API exception: a bug. Log it with its traceback; the person gets the envelope.
        logger.exception("Unhandled error in %s", context.get("view"), exc_info=exc)
        return Response(envelope(500, MESSAGES[500]), status=500)
    status_code = response.status_code
    if isinstance(exc, exceptions.ValidationError):
        errors = flatten_errors(exc.detail)
        body = envelope(status_code, _validation_message(errors), code="invalid", errors=errors)
    else:
        detail = getattr(exc, "detail", None)
        if isinstance(exc, Http404 | DjangoPermissionDenied) and exc.args:
            detail = str(exc.args[0])  # the view's own words: "No such assignment of yours."
        message = (
            str(detail)
            if isinstance(detail, str) and detail
            else MESSAGES.get(status_code, "Error.")
        )
        code = None
        if isinstance(exc, exceptions.APIException):
            codes = exc.get_codes()
            code = codes if isinstance(codes, str) else None
        if isinstance(exc, Http404 | exceptions.NotFound):
            code = "not_found"
        body = envelope(status_code, message, code=code)
    response.data = body
    return response


def validated(serializer_class: type[Serializer], data: Any) -> dict[str, Any]:
    """The input's validated data, or the envelope's 400 naming each invalid field."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def json_error(status_code: int, message: str | None = None) -> JsonResponse:
    return JsonResponse(envelope(status_code, message or MESSAGES[status_code]), status=status_code)


# Django's handlers for what never reaches a DRF view. Outside /api/ they render Django's default
# views with the site's templates (annotation_site/templates/400.html, 403.html, 404.html,
# 500.html): styled, and never a traceback unless a developer turned DEBUG on.


def api_not_found(request: HttpRequest) -> HttpResponse:
    """The catch-all of /api/: a JSON 404, with the slash hint Django's redirect would give."""
    from django.urls import Resolver404, resolve

    if not request.path.endswith("/"):
        try:
            match = resolve(request.path + "/")
        except Resolver404:
            match = None
        if match is not None and match.func is not api_not_found:
            return json_error(
                404, f"No API operation at {request.path}: did you mean {request.path}/?"
            )
    return handler404(request)


def handler400(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        if isinstance(exception, RequestDataTooBig):
            return json_error(413)
        return json_error(400)
    from django.views.defaults import bad_request

    return bad_request(request, exception or SuspiciousOperation())


def handler403(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        return json_error(403)
    from django.views.defaults import permission_denied

    return permission_denied(request, exception or DjangoPermissionDenied())


def handler404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        return json_error(404, f"No API operation at {request.path}: see /api/docs/.")
    from django.views.defaults import page_not_found

    return page_not_found(request, exception or Http404())


def handler500(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        return json_error(500)
    from django.views.defaults import server_error

    return server_error(request)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    if is_api(request):
        return json_error(403, f"CSRF check failed ({reason}): send the X-CSRFToken header.")
    from django.views.csrf import csrf_failure as django_csrf_failure

    return django_csrf_failure(request, reason)
