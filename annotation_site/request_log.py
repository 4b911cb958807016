"""A request id on every request and every log line, and one structured line per request.

The id comes from the proxy's ``X-Request-ID`` when it is a plausible id (so a line in the
proxy's log and ours can be joined), else a new one; it is sent back in the response's
``X-Request-ID``. ``RequestIdFilter`` puts it on every log record made while the request runs
(``-`` outside a request: a worker, a command), so the JSON lines of ``make serve``
(docs/deployment.md) carry it whatever logger wrote them.
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from collections.abc import Callable
from contextvars import ContextVar

from django.http import HttpRequest, HttpResponse

REQUEST_ID_HEADER = "X-Request-ID"
# Letters, digits and the separators ids use (UUIDs, ULIDs, hex, proxy ids); at most 64
# characters: anything else is replaced, so a client cannot write into our logs.
_PLAUSIBLE_ID = re.compile(r"^[A-Za-z0-9._:-]{8,64}$")
# Probes answer every few seconds: their lines would drown the rest.
_QUIET_PATHS = frozenset({"/healthz", "/readyz"})
# An invitation link's token lets its holder join a project: never written to a log.
_SECRET_PATH = re.compile(r"^(/accounts/invitations/)[^/]+")


def logged_path(path: str) -> str:
    return _SECRET_PATH.sub(r"\1…", path)


current_request_id: ContextVar[str] = ContextVar("request_id", default="-")
logger = logging.getLogger("annotations.requests")


def request_id_of(request: HttpRequest) -> str:
    given = request.headers.get(REQUEST_ID_HEADER, "")
    return given if _PLAUSIBLE_ID.match(given) else uuid.uuid4().hex


class RequestIdMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = request_id_of(request)
        token = current_request_id.set(request_id)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response[REQUEST_ID_HEADER] = request_id
            user = getattr(request, "user", None)
            path = logged_path(request.path)
            logger.log(
                logging.DEBUG if request.path in _QUIET_PATHS else logging.INFO,
                "%s %s %s",
                request.method,
                path,
                response.status_code,
                extra={
                    "method": request.method,
                    "path": path,
                    "status": response.status_code,
                    "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                    "user_id": user.pk if user is not None and user.is_authenticated else None,
                },
            )
            return response
        finally:
            current_request_id.reset(token)


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` to every record (``-`` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current_request_id.get()
        return True
