"""The probes load balancers use (/healthz, /readyz), the request id on every response and
log line, and the JSON log lines of `make serve` (docs/deployment.md)."""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
from typing import Any

import pytest
from django.test import Client

from annotation_site.request_log import RequestIdFilter
from tests.conftest import ROOT


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_healthz_answers_json_without_touching_anything_else() -> None:
    response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert "no-cache" in response["Cache-Control"]
    assert not response.cookies
    assert Client().head("/healthz").status_code == 200
    refused = Client().post("/healthz")
    assert refused.status_code == 405
    assert refused["Allow"] == "GET, HEAD"
    assert refused.json()["message"] == "POST is not allowed here: use GET or HEAD."


@pytest.mark.django_db
def test_readyz_is_ready_in_the_embedded_configuration(settings: Any) -> None:
    settings.CELERY_BROKER_URL = ""
    response = Client().get("/readyz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ready"
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["broker"]["detail"] == "in-process"


@pytest.mark.django_db
def test_readyz_says_503_and_which_check_failed_when_the_broker_is_down(settings: Any) -> None:
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{free_port()}/0"
    response = Client().get("/readyz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "not ready"
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["broker"]["ok"] is False
    # The answer is public: the failure's kind, never the host and port it tried.
    assert "127.0.0.1" not in response.content.decode()


@pytest.mark.worker
@pytest.mark.django_db
def test_readyz_is_not_ready_while_no_worker_answers(settings: Any) -> None:
    """The broker answers but nobody consumes: 503, naming the workers. (Ready with workers
    is what test_serve_stack.py waits for before it starts: /readyz 200 from bin/serve.)"""
    broker = os.environ.get("CELERY_TEST_BROKER_URL", "")
    if not broker:
        pytest.skip("needs CELERY_TEST_BROKER_URL (set by .ci/run)")
    settings.CELERY_BROKER_URL = broker
    alone = Client().get("/readyz")
    assert alone.status_code == 503
    checks = alone.json()["checks"]
    assert checks["broker"]["ok"] is True
    assert (checks["workers"]["ok"], checks["workers"]["detail"]) == (False, "NoWorker")


def test_every_response_carries_a_request_id_and_a_proxys_plausible_id_is_kept(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.handler.addFilter(RequestIdFilter())
    with caplog.at_level(logging.INFO, logger="annotations.requests"):
        fresh = Client().get("/healthz")
        kept = Client().get("/api/me/", HTTP_X_REQUEST_ID="proxy-4f2a9c1e")
        forged = Client().get("/api/me/", HTTP_X_REQUEST_ID='bad"}\n{"level":"ERROR"')
    assert len(fresh["X-Request-ID"]) == 32
    assert kept["X-Request-ID"] == "proxy-4f2a9c1e"
    assert forged["X-Request-ID"] != 'bad"}\n{"level":"ERROR"'
    lines = [record for record in caplog.records if record.name == "annotations.requests"]
    # Probes log at DEBUG: only the two API requests are INFO lines.
    assert [(r.path, r.status, r.request_id) for r in lines] == [  # type: ignore[attr-defined]
        ("/api/me/", kept.status_code, "proxy-4f2a9c1e"),
        ("/api/me/", forged.status_code, forged["X-Request-ID"]),
    ]


def test_log_lines_are_json_objects_with_the_request_id_when_asked() -> None:
    script = (
        "import logging; logging.getLogger('annotations.example').warning('disk %s is full', 'var')"
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env={**os.environ, "LOG_FORMAT": "json"},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    line = next(line for line in lines if line.get("logger") == "annotations.example")
    assert line["level"] == "WARNING"
    assert line["message"] == "disk var is full"
    assert line["request_id"] == "-"
    assert "time" in line
