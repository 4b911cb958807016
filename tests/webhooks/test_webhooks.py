"""Webhooks (docs/webhooks.md), in-process against a real receiver on 127.0.0.1: admins
register endpoints; a change writes its deliveries with it and sends nothing in the request;
a worker's attempt is signed, refused for private addresses without the setting, never
follows a redirect, and is retried after a failure with backoff; "resend" sends it again."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from annotations.models import (
    Assignment,
    DeliveryStatus,
    Project,
    Release,
    Round,
    RoundStatus,
    WebhookDelivery,
    WebhookEndpoint,
)
from annotations.services.agreement_reports import agreement_report_compute
from annotations.services.judgements import assignment_submit
from annotations.services.releases import release_build, release_create
from annotations.services.webhooks import webhook_create, webhook_deliver
from tests.labelling import label_units
from tests.people import ADMIN, LINGUIST, signed_in
from tests.webhooks.receiver import Receiver, receiver

pytestmark = pytest.mark.django_db

SECRET = "a-test-secret-of-enough-length"


def verify(secret: str, header: str, body: bytes, tolerance: int = 300) -> bool:
    """The receiver's check, as docs/webhooks.md shows it."""
    parts = dict(item.split("=", 1) for item in header.split(","))
    timestamp = int(parts["t"])
    if abs(time.time() - timestamp) > tolerance:
        return False  # too old: a replay
    signed = f"{timestamp}.".encode() + body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts["v1"])


@pytest.fixture(autouse=True)
def private_allowed(settings: Any) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = True  # the receivers run on 127.0.0.1
    settings.WEBHOOK_TIMEOUT_SECONDS = 5.0


@pytest.fixture
def hook() -> Iterator[Receiver]:
    with receiver() as running:
        yield running


def register(project: Project, url: str, events: list[str]) -> WebhookEndpoint:
    return webhook_create(project=project, user=None, url=url, events=events, secret=SECRET)


def api(client: Client, method: str, path: str, body: Any = None) -> Any:
    call = getattr(client, method)
    if body is None:
        return call(path)
    return call(path, data=json.dumps(body), content_type="application/json")


def close_pilot(client: Client) -> Round:
    pilot = Round.objects.get(project__slug="demo")
    assert pilot.status == RoundStatus.OPEN
    answer = client.post(f"/api/admin/rounds/{pilot.pk}/close/")
    assert answer.status_code == 200, answer.content
    return pilot


# ---- registering -------------------------------------------------------------------------


def test_an_admin_registers_an_endpoint_and_sees_its_generated_secret_only_once(
    demo: object,
) -> None:
    admin = signed_in(ADMIN)
    created = api(
        admin,
        "post",
        "/api/admin/projects/demo/webhooks/",
        {"url": "https://hooks.example.org/in", "events": ["round.closed", "release.published"]},
    )
    assert created.status_code == 201, created.content
    secret = created.json()["secret"]
    assert secret.startswith("whsec_")
    assert len(secret) > 30
    listed = admin.get("/api/admin/projects/demo/webhooks/").json()
    assert [w["url"] for w in listed] == ["https://hooks.example.org/in"]
    assert "secret" not in listed[0]
    assert secret not in json.dumps(listed)
    one = admin.get(f"/api/admin/projects/demo/webhooks/{listed[0]['id']}/").json()
    assert "secret" not in one
    assert one["events"] == ["release.published", "round.closed"]


def test_a_bad_event_or_url_is_a_400_naming_the_field_and_what_is_allowed(demo: object) -> None:
    admin = signed_in(ADMIN)
    bad = api(
        admin,
        "post",
        "/api/admin/projects/demo/webhooks/",
        {"url": "ftp://example.org/x", "events": ["round.burnt"]},
    )
    assert bad.status_code == 400
    errors = bad.json()["errors"]
    assert "round.opened" in " ".join(errors["events.0"])
    assert "round.burnt" in errors["events.0"][0]
    assert "url" in errors
    assert not WebhookEndpoint.objects.exists()


def test_a_literal_private_address_is_refused_at_registration_without_the_setting(
    demo: object, settings: Any
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = False
    for url in ("http://127.0.0.1:9/x", "http://10.1.2.3/x", "http://169.254.169.254/latest"):
        refused = api(
            signed_in(ADMIN),
            "post",
            "/api/admin/projects/demo/webhooks/",
            {"url": url, "events": ["round.closed"]},
        )
        assert refused.status_code == 400, url
        assert "private" in refused.json()["errors"]["url"][0]


def test_people_who_do_not_administer_the_project_do_not_see_its_webhooks(demo: object) -> None:
    assert signed_in(LINGUIST).get("/api/admin/projects/demo/webhooks/").status_code == 404


# ---- events and signed deliveries ----------------------------------------------------------


def test_closing_a_round_sends_a_signed_round_closed_event(
    demo: object, hook: Receiver, django_capture_on_commit_callbacks: Any
) -> None:
    project = Project.objects.get(slug="demo")
    endpoint = register(project, hook.url, ["round.closed"])
    pilot = close_pilot(signed_in(ADMIN))
    delivery = WebhookDelivery.objects.get(endpoint=endpoint)
    assert delivery.event == "round.closed"
    assert delivery.status == DeliveryStatus.PENDING

    assert webhook_deliver(delivery_id=delivery.pk) == DeliveryStatus.SUCCEEDED
    [request] = hook.requests
    assert verify(SECRET, request.headers["X-Webhook-Signature"], request.body)
    assert not verify(
        "another-secret-entirely", request.headers["X-Webhook-Signature"], request.body
    )
    body = json.loads(request.body)
    assert body["event"] == "round.closed"
    assert body["project"] == "demo"
    assert body["data"]["round"]["id"] == pilot.pk
    assert body["id"] == request.headers["X-Webhook-Id"] == str(delivery.event_id)
    delivery.refresh_from_db()
    assert delivery.attempts == 1
    assert delivery.response_status == 200


def test_a_tampered_or_replayed_body_does_not_verify(demo: object, hook: Receiver) -> None:
    project = Project.objects.get(slug="demo")
    endpoint = register(project, hook.url, ["round.closed"])
    close_pilot(signed_in(ADMIN))
    webhook_deliver(delivery_id=WebhookDelivery.objects.get(endpoint=endpoint).pk)
    [request] = hook.requests
    header = request.headers["X-Webhook-Signature"]
    assert not verify(SECRET, header, request.body.replace(b"closed", b"opened"))
    assert not verify(SECRET, header, request.body, tolerance=-1)  # "too old"


def test_an_event_nobody_chose_writes_no_delivery(demo: object, hook: Receiver) -> None:
    register(Project.objects.get(slug="demo"), hook.url, ["release.published"])
    close_pilot(signed_in(ADMIN))
    assert not WebhookDelivery.objects.exists()


def test_a_published_release_sends_release_published_with_its_checksums(
    demo: object, hook: Receiver, settings: Any, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.RELEASE_BUILD_ROOT = tmp_path / "builds"
    project = Project.objects.get(slug="demo")
    endpoint = register(project, hook.url, ["release.published", "release.failed"])
    pilot = Round.objects.get(project=project)
    release = release_create(
        project=project,
        user=None,
        config={
            "version": "1.0.0",
            "rounds": [pilot.pk],
            "formats": ["native"],
            "only_complete": True,
        },
    )
    assert release_build(release_id=release.pk).status == "published"
    delivery = WebhookDelivery.objects.get(endpoint=endpoint)
    assert delivery.event == "release.published"
    webhook_deliver(delivery_id=delivery.pk)
    body = json.loads(hook.requests[0].body)
    published = Release.objects.get(pk=release.pk)
    assert body["data"]["release"] == {"id": release.pk, "version": "1.0.0"}
    assert {n: f["sha256"] for n, f in body["data"]["files"].items()} == {
        f.name: f.sha256 for f in published.files.all()
    }


# ---- retries, refusals, redirects, resend ---------------------------------------------------


def test_a_500_is_retried_after_a_backoff_and_then_succeeds(demo: object, settings: Any) -> None:
    settings.WEBHOOK_BACKOFF_SECONDS = 30.0
    with receiver(script=[500]) as failing_once:
        endpoint = register(Project.objects.get(slug="demo"), failing_once.url, ["round.closed"])
        close_pilot(signed_in(ADMIN))
        delivery = WebhookDelivery.objects.get(endpoint=endpoint)
        assert webhook_deliver(delivery_id=delivery.pk) == DeliveryStatus.PENDING
        delivery.refresh_from_db()
        assert delivery.attempts == 1
        assert "answered 500" in delivery.last_error
        assert delivery.next_attempt_at is not None
        assert 25 < (delivery.next_attempt_at - timezone.now()).total_seconds() <= 30
        # A message arriving before the backoff is over sends nothing.
        assert webhook_deliver(delivery_id=delivery.pk) is None
        assert len(failing_once.requests) == 1
        # The backoff is over.
        WebhookDelivery.objects.filter(pk=delivery.pk).update(next_attempt_at=timezone.now())
        assert webhook_deliver(delivery_id=delivery.pk) == DeliveryStatus.SUCCEEDED
        assert len(failing_once.requests) == 2
        first, second = failing_once.requests
        assert first.headers["X-Webhook-Id"] == second.headers["X-Webhook-Id"]
        delivery.refresh_from_db()
        assert delivery.attempts == 2
        assert delivery.last_error == ""


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_without_a_broker_the_process_itself_retries_when_the_backoff_is_over(
    demo: object, settings: Any
) -> None:
    """The embedded configuration has no worker and no beat: the first attempt's 500 is
    retried by the process once its backoff is over, with no resend."""
    settings.WEBHOOK_BACKOFF_SECONDS = 0.5
    with receiver(script=[500]) as failing_once:
        endpoint = register(Project.objects.get(slug="demo"), failing_once.url, ["round.closed"])
        close_pilot(signed_in(ADMIN))  # committed: its after-commit thread sends
        deadline = time.monotonic() + 30
        delivery = WebhookDelivery.objects.get(endpoint=endpoint)
        while delivery.status != DeliveryStatus.SUCCEEDED and time.monotonic() < deadline:
            time.sleep(0.1)
            delivery.refresh_from_db()
        assert delivery.status == DeliveryStatus.SUCCEEDED
        assert delivery.attempts == 2
        first, second = failing_once.requests
        assert first.headers["X-Webhook-Id"] == second.headers["X-Webhook-Id"]


def test_the_attempts_run_out_and_the_delivery_fails(demo: object, settings: Any) -> None:
    settings.WEBHOOK_MAX_ATTEMPTS = 2
    with receiver(script=[503, 503, 503]) as down:
        endpoint = register(Project.objects.get(slug="demo"), down.url, ["round.closed"])
        close_pilot(signed_in(ADMIN))
        delivery = WebhookDelivery.objects.get(endpoint=endpoint)
        webhook_deliver(delivery_id=delivery.pk)
        WebhookDelivery.objects.filter(pk=delivery.pk).update(next_attempt_at=timezone.now())
        assert webhook_deliver(delivery_id=delivery.pk) == DeliveryStatus.FAILED
        delivery.refresh_from_db()
        assert delivery.next_attempt_at is None
        assert "503" in delivery.last_error


def test_a_private_address_is_refused_at_delivery_without_the_setting_even_by_name(
    demo: object, hook: Receiver, settings: Any
) -> None:
    project = Project.objects.get(slug="demo")
    by_address = register(project, hook.url, ["round.closed"])
    # A host name is resolved and its address checked, not just its spelling.
    by_name = register(project, hook.url.replace("127.0.0.1", "localhost"), ["round.closed"])
    close_pilot(signed_in(ADMIN))
    settings.WEBHOOK_ALLOW_PRIVATE = False
    for endpoint in (by_address, by_name):
        delivery = WebhookDelivery.objects.get(endpoint=endpoint)
        webhook_deliver(delivery_id=delivery.pk)
        delivery.refresh_from_db()
        assert delivery.status == DeliveryStatus.PENDING
        assert "private, loopback or link-local" in delivery.last_error
    assert hook.requests == []


def test_a_redirect_is_not_followed(demo: object) -> None:
    with receiver(script=[302]) as moving:
        endpoint = register(Project.objects.get(slug="demo"), moving.url, ["round.closed"])
        close_pilot(signed_in(ADMIN))
        delivery = WebhookDelivery.objects.get(endpoint=endpoint)
        assert webhook_deliver(delivery_id=delivery.pk) == DeliveryStatus.PENDING
        assert [r.path for r in moving.requests] == ["/hook"]
        delivery.refresh_from_db()
        assert "302" in delivery.last_error
        assert "redirects are not followed" in delivery.last_error


def test_resend_sends_a_delivery_again_and_the_list_shows_its_state(
    demo: object, hook: Receiver
) -> None:
    endpoint = register(Project.objects.get(slug="demo"), hook.url, ["round.closed"])
    admin = signed_in(ADMIN)
    close_pilot(admin)
    delivery = WebhookDelivery.objects.get(endpoint=endpoint)
    webhook_deliver(delivery_id=delivery.pk)
    base = f"/api/admin/projects/demo/webhooks/{endpoint.pk}/deliveries/"
    listed = admin.get(base).json()
    assert listed["count"] == 1
    assert listed["results"][0]["status"] == "succeeded"
    resent = admin.post(f"{base}{delivery.pk}/resend/")
    assert resent.status_code == 202
    assert resent.json()["status"] == "pending"
    assert webhook_deliver(delivery_id=delivery.pk) == DeliveryStatus.SUCCEEDED
    assert len(hook.requests) == 2
    assert admin.post(f"{base}999999/resend/").status_code == 404


# ---- a dead endpoint never slows a save --------------------------------------------------------


def test_a_save_with_a_dead_endpoint_makes_no_network_call_in_the_request(
    demo: object, django_capture_on_commit_callbacks: Any
) -> None:
    """The request that closes a round (and its after-commit work) opens no connection to the
    endpoint from the request's own thread: the worker sends it, or, without a broker, a
    background thread."""
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        dead_port = unused.getsockname()[1]  # nothing listens here once it is closed
    register(Project.objects.get(slug="demo"), f"http://127.0.0.1:{dead_port}/", ["round.closed"])
    admin = signed_in(ADMIN)
    request_thread = threading.get_ident()
    connects: list[tuple[int, Any]] = []
    recording = [True]

    def audit(event: str, args: tuple[Any, ...]) -> None:
        if recording[0] and event == "socket.connect":
            connects.append((threading.get_ident(), args[1]))

    sys.addaudithook(audit)  # (audit hooks cannot be removed: the flag turns it off)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            close_pilot(admin)
    finally:
        recording[0] = False
    in_request = [
        address
        for thread, address in connects
        if thread == request_thread and isinstance(address, tuple) and address[1] == dead_port
    ]
    assert in_request == []
    assert WebhookDelivery.objects.filter(event="round.closed").count() == 1


def test_a_submitted_unit_and_a_computed_agreement_send_their_events(
    demo: object, hook: Receiver
) -> None:
    project = Project.objects.get(slug="demo")
    project.agreement_targets = {"sentence_consistency": 0.99}
    project.save(update_fields=["agreement_targets"])
    endpoint = register(project, hook.url, ["unit.submitted", "agreement.computed"])
    pilot = Round.objects.get(project=project)
    assignment = Assignment.objects.filter(round=pilot, annotator__username=LINGUIST).first()
    assert assignment is not None
    label_units([assignment], wrong=lambda _summary, _sentence: False)
    assignment_submit(assignment_id=assignment.pk, user=assignment.annotator)
    submitted = WebhookDelivery.objects.get(endpoint=endpoint, event="unit.submitted")
    assert submitted.payload["data"]["assignment"] == assignment.pk
    assert submitted.payload["data"]["annotator"] == LINGUIST

    agreement_report_compute(round=pilot)
    computed = WebhookDelivery.objects.get(endpoint=endpoint, event="agreement.computed")
    data = computed.payload["data"]
    assert data["round"]["id"] == pilot.pk
    # One linguist has submitted: no coefficient yet, so no target is judged met or not.
    assert data["targets_met"] is None
    targets = {q["key"]: q["target"] for q in data["questions"]}
    assert targets["sentence_consistency"] == 0.99
