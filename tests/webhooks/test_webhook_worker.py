"""Webhooks through real Celery workers on Redis and a real receiver on 127.0.0.1: a delivery
written with its change is sent after the commit, retried after a 500 until it succeeds, and
not lost when the worker sending it is killed (the sweep sends it again, same id)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import transaction

from annotation_site.celery import app
from annotations.models import DeliveryStatus, WebhookDelivery, WebhookEvent
from annotations.services.webhooks import webhook_create, webhook_emit
from tests.factories import ProjectFactory
from tests.test_worker_loss import Workers, wait_for, workers  # noqa: F401  (the fixture)
from tests.webhooks.receiver import Receiver, receiver

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def hooked(workers: Workers) -> Iterator[Workers]:  # noqa: F811  (the imported fixture)
    workers.env.update(
        {
            "WEBHOOK_ALLOW_PRIVATE": "1",
            "WEBHOOK_BACKOFF_SECONDS": "0.5",
            "WEBHOOK_TIMEOUT_SECONDS": "3",
            "WEBHOOK_LEASE_SECONDS": "4",
        }
    )
    # This process hands its messages to the workers' broker, as the site does.
    url = app.conf.broker_url
    app.conf.broker_url = workers.env["CELERY_BROKER_URL"]
    try:
        yield workers
    finally:
        app.conf.broker_url = url


def emit_round_closed(hook: Receiver) -> WebhookDelivery:
    project = ProjectFactory()
    endpoint = webhook_create(
        project=project,
        user=None,
        url=hook.url,
        events=["round.closed"],
        secret="a-test-secret-of-enough-length",
    )
    with transaction.atomic():  # the change's transaction: its message goes after the commit
        webhook_emit(
            project_id=project.pk,
            event=WebhookEvent.ROUND_CLOSED,
            data={"round": {"id": 1, "name": "pilot"}},
        )
    return WebhookDelivery.objects.get(endpoint=endpoint)


def status(delivery: WebhookDelivery) -> Any:
    row = WebhookDelivery.objects.get(pk=delivery.pk)
    print(row.status, row.attempts, row.last_error, row.next_attempt_at)  # shown on failure
    return row.status


def test_a_worker_retries_after_a_500_and_then_delivers(hooked: Workers) -> None:
    with receiver(script=[500]) as hook:
        hooked.start()
        delivery = emit_round_closed(hook)
        wait_for(lambda: status(delivery) == DeliveryStatus.SUCCEEDED, 60, "the delivery succeeds")
        assert len(hook.requests) == 2
        first, second = hook.requests
        assert first.headers["X-Webhook-Id"] == second.headers["X-Webhook-Id"]
        delivery.refresh_from_db()
        assert delivery.attempts == 2
        assert delivery.response_status == 200


@pytest.mark.long
def test_a_delivery_whose_worker_is_killed_mid_send_is_sent_again(hooked: Workers) -> None:
    with receiver(hold=True) as hook:
        doomed = hooked.start()
        delivery = emit_round_closed(hook)
        assert hook.holding.wait(60), "the worker sends the delivery"
        hooked.kill(doomed)
        assert status(delivery) == DeliveryStatus.SENDING  # cut off mid-send

        hooked.start(beat=True)
        wait_for(
            lambda: status(delivery) == DeliveryStatus.SUCCEEDED,
            60,
            "the sweep sends it again once the dead worker's lease expires",
        )
        first, second = hook.requests
        assert first.headers["X-Webhook-Id"] == second.headers["X-Webhook-Id"]
        assert json.loads(second.body)["event"] == "round.closed"
        delivery.refresh_from_db()
        assert delivery.attempts == 2
