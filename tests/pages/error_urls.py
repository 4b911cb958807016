"""The site's URLs plus one view that crashes, to see the 500 page a person would get."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.http import HttpRequest, HttpResponse
from django.urls import path

from annotation_site.urls import handler400, handler403, handler404, handler500, urlpatterns


def crash(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug in a view")


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied


def bad(request: HttpRequest) -> HttpResponse:
    raise SuspiciousOperation("a malformed request")


urlpatterns = [
    path("crash/", crash),
    path("forbidden/", forbidden),
    path("bad/", bad),
    *urlpatterns,
]
__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]
