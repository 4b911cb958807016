"""Probes for load balancers and process managers (docs/deployment.md).

``/healthz`` says the web process answers; it touches nothing else, so a slow database never
makes a balancer kill healthy web processes. ``/readyz`` says this process can do its work:
the database answers, the broker accepts a connection and at least one Celery worker answers a
ping. In the embedded configuration (no broker) tasks run in-process, so the broker and worker
checks report ``in-process`` and pass. Both answer JSON, 200 or 503, without a session or CSRF
(a probe has neither), and never cache.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from functools import lru_cache

from celery import Celery
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

# How long a probe waits for the broker and the workers: well under a balancer's usual
# timeout (2 to 5 s), so a dead broker answers 503 rather than a timeout.
PROBE_TIMEOUT_SECONDS = 1.0

logger = logging.getLogger(__name__)

Check = Callable[[], str]


class NoWorker(RuntimeError):
    """No Celery worker answered: jobs would wait in the queue."""


def _database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


@lru_cache(maxsize=4)
def _probe(broker_url: str) -> Celery:
    """A Celery app of its own for the probe, on the broker the settings name. The site's app
    publishes control messages through a producer pool made once, on the broker its
    configuration held then; the probe must ask the broker the workers listen on now."""
    from annotation_site.celery import app

    probe = Celery("readyz", broker=broker_url, set_as_current=False)
    probe.conf.control_exchange = app.conf.control_exchange
    return probe


def _broker() -> str:
    if not settings.CELERY_BROKER_URL:
        return "in-process"
    with _probe(settings.CELERY_BROKER_URL).connection_for_write() as broker:
        broker.ensure_connection(max_retries=1, timeout=PROBE_TIMEOUT_SECONDS)
    return "ok"


def _workers() -> str:
    if not settings.CELERY_BROKER_URL:
        return "in-process"
    answers = _probe(settings.CELERY_BROKER_URL).control.ping(timeout=PROBE_TIMEOUT_SECONDS)
    if not answers:
        raise NoWorker("no Celery worker answered a ping")
    return f"{len(answers)} answering"


CHECKS: dict[str, Check] = {"database": _database, "broker": _broker, "workers": _workers}


def _not_a_probe(request: HttpRequest) -> JsonResponse | None:
    """Probes read (GET, or HEAD as some balancers send); anything else gets a JSON 405."""
    if request.method in ("GET", "HEAD"):
        return None
    refused = JsonResponse(
        {"status": 405, "message": f"{request.method} is not allowed here: use GET or HEAD."},
        status=405,
    )
    refused["Allow"] = "GET, HEAD"
    return refused


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    return _not_a_probe(request) or JsonResponse({"status": "ok"})


@never_cache
def readyz(request: HttpRequest) -> JsonResponse:
    """Each check's outcome; 503 naming what failed when any does."""
    refused = _not_a_probe(request)
    if refused is not None:
        return refused
    results: dict[str, dict[str, object]] = {}
    for name, check in CHECKS.items():
        started = time.perf_counter()
        try:
            results[name] = {"ok": True, "detail": check()}
        except Exception as failure:  # a probe reports a failure, it never raises
            # The answer is public: it names the failure's kind, the log has its message
            # (which may name hosts and ports).
            logger.warning("readiness check %s failed: %s", name, failure)
            results[name] = {"ok": False, "detail": type(failure).__name__}
        results[name]["ms"] = round((time.perf_counter() - started) * 1000, 1)
    ready = all(result["ok"] for result in results.values())
    return JsonResponse(
        {"status": "ready" if ready else "not ready", "checks": results},
        status=200 if ready else 503,
    )
