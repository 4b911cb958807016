"""Webhooks: endpoints, events and their deliveries (docs/webhooks.md; states in
models/webhooks.py).

``webhook_emit`` is called by the service that makes a change, inside its transaction: it
writes one delivery row per subscribed endpoint, and the row's task message is sent after the
commit (a rolled-back change sends nothing; a message lost between the commit and the broker
is sent by the sweep). Nothing here talks to a receiver in a request: only ``webhook_deliver``
does, in a worker (in the embedded configuration, without a broker, in a background thread).
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from datetime import timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connections, transaction
from django.db.models import F, Q
from django.utils import timezone

from annotations.models import (
    DeliveryStatus,
    Project,
    WebhookDelivery,
    WebhookEndpoint,
    WebhookEvent,
)
from annotations.services.webhook_http import SIGNATURE_HEADER, DeliveryRefused, post, signature

logger = logging.getLogger(__name__)

TASK = "annotations.webhook_deliver"
EVENTS = [choice.value for choice in WebhookEvent]


class WebhookInvalid(Exception):
    def __init__(self, errors: dict[str, list[str]]) -> None:
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))
        self.errors = errors


def _setting(name: str, default: float) -> float:
    return float(getattr(settings, name, default))


def max_attempts() -> int:
    return max(1, int(getattr(settings, "WEBHOOK_MAX_ATTEMPTS", 8)))


def backoff_seconds(attempts: int) -> float:
    """The wait after the ``attempts``-th failed attempt: doubling from the base, capped."""
    base = _setting("WEBHOOK_BACKOFF_SECONDS", 30.0)
    cap = _setting("WEBHOOK_BACKOFF_MAX_SECONDS", 3600.0)
    return float(min(base * 2 ** max(attempts - 1, 0), cap))


def new_secret() -> str:
    return f"whsec_{secrets.token_urlsafe(32)}"


# ---- endpoints ---------------------------------------------------------------------------


def webhook_create(
    *,
    project: Project,
    user: AbstractBaseUser | None,
    url: str,
    events: list[str],
    secret: str = "",
    active: bool = True,
    description: str = "",
) -> WebhookEndpoint:
    return WebhookEndpoint.objects.create(
        project=project,
        url=url,
        events=sorted(set(events)),
        secret=secret or new_secret(),
        active=active,
        description=description,
        created_by_id=user.pk if user is not None else None,
    )


def webhook_update(*, endpoint: WebhookEndpoint, **changes: Any) -> WebhookEndpoint:
    """Change what is given (url, events, secret, active, description); a new secret takes
    effect for the next attempt of every delivery, pending ones included."""
    if "events" in changes:
        changes["events"] = sorted(set(changes["events"]))
    for field, value in changes.items():
        setattr(endpoint, field, value)
    endpoint.save(update_fields=list(changes))
    return endpoint


# ---- events -------------------------------------------------------------------------------


def webhook_emit(
    *,
    event: WebhookEvent,
    data: dict[str, Any],
    project_id: int | None = None,
    round_id: int | None = None,
) -> int:
    """Record ``event`` for every active endpoint of the project (given, or the round's) that
    chose it, in the caller's transaction; each row's message is sent after the commit. One
    query when no endpoint listens. Returns how many rows."""
    endpoints = WebhookEndpoint.objects.filter(active=True)
    if project_id is not None:
        endpoints = endpoints.filter(project_id=project_id)
    elif round_id is not None:
        endpoints = endpoints.filter(project__rounds__id=round_id)
    else:
        raise ValueError("webhook_emit needs the project or the round")
    chosen = [
        (pk, slug)
        for pk, slug, events in endpoints.values_list("pk", "project__slug", "events")
        if event.value in events
    ]
    if not chosen:
        return 0
    now = timezone.now()
    payload = json.loads(json.dumps(data, cls=DjangoJSONEncoder))
    rows = WebhookDelivery.objects.bulk_create(
        [
            WebhookDelivery(
                endpoint_id=pk,
                event=event.value,
                payload={
                    "event": event.value,
                    "project": slug,
                    "created_at": now.isoformat(),
                    "data": payload,
                },
                next_attempt_at=now + timedelta(seconds=_grace()),
            )
            for pk, slug in chosen
        ]
    )
    ids = [row.pk for row in rows]
    transaction.on_commit(lambda: send_many(ids))
    return len(rows)


def release_failed_emit(*, project_id: int, release_id: int, version: str, error: str) -> int:
    """``release.failed``, whatever ended the build: an error in it, its worker's death, or a
    task queue that never took it. One payload for all three, so a lab's pipeline reads one
    shape."""
    return webhook_emit(
        project_id=project_id,
        event=WebhookEvent.RELEASE_FAILED,
        data={"release": {"id": release_id, "version": version}, "error": error},
    )


def _grace() -> float:
    """Left to the request to send its rows' messages before the sweep does."""
    return _setting("JOB_DISPATCH_GRACE_SECONDS", 30.0)


# ---- sending ------------------------------------------------------------------------------


def _in_process() -> bool:
    return bool(current_app.conf.task_always_eager)


def send_many(ids: list[int], *, countdown: float = 0.0) -> None:
    """Hand the deliveries to a worker. A refusing broker is logged, never raised: the rows
    are committed and pending, and the sweep sends them when the broker is back."""
    if not ids:
        return
    if _in_process():
        # No broker (the embedded configuration): never in the request's thread.
        thread = threading.Thread(target=_deliver_in_thread, args=(ids,), daemon=True)
        thread.start()
        return
    import annotations.tasks  # noqa: F401  (registers the task)

    task = current_app.tasks[TASK]
    try:
        with current_app.connection_for_write() as connection:
            for pk in ids:
                task.apply_async(
                    (pk,),
                    connection=connection,
                    countdown=countdown or None,
                    ignore_result=True,
                    retry=True,
                    retry_policy={"max_retries": 1, "interval_start": 0.2, "interval_step": 0.2},
                )
    except Exception as error:  # the broker is down: the sweep sends them later
        logger.warning("could not queue webhook deliveries %s: %s", ids, error)


def _deliver_in_thread(ids: list[int]) -> None:
    try:
        for pk in ids:
            webhook_deliver(delivery_id=pk)
    finally:
        connections.close_all()  # this thread's own connection


def _claim(delivery_id: int) -> bool:
    now = timezone.now()
    lease = _setting("WEBHOOK_LEASE_SECONDS", 60.0)
    # A first attempt goes at once (its ``next_attempt_at`` is only the sweep's grace); a
    # retry's message is due at ``next_attempt_at``, with a second of slack for the clocks of
    # the machine that sent it and this one.
    due = (
        Q(attempts=0)
        | Q(next_attempt_at__isnull=True)
        | Q(next_attempt_at__lte=now + timedelta(seconds=1))
    )
    claimable = (Q(status=DeliveryStatus.PENDING) & due) | Q(
        status=DeliveryStatus.SENDING, lease_expires_at__lt=now
    )
    return bool(
        WebhookDelivery.objects.filter(claimable, pk=delivery_id).update(
            status=DeliveryStatus.SENDING,
            attempts=F("attempts") + 1,
            lease_expires_at=now + timedelta(seconds=lease),
        )
    )


def request_parts(delivery: WebhookDelivery, *, now: int) -> tuple[bytes, dict[str, str]]:
    """The body and headers of one attempt (signed at send time: the timestamp is fresh)."""
    body = json.dumps(
        {"id": str(delivery.event_id), **delivery.payload}, separators=(",", ":")
    ).encode()
    headers = {
        SIGNATURE_HEADER: signature(delivery.endpoint.secret, now, body),
        "X-Webhook-Id": str(delivery.event_id),
        "X-Webhook-Event": delivery.event,
    }
    return body, headers


def webhook_deliver(*, delivery_id: int) -> str | None:
    """One attempt, by a worker: claim the row, POST it, record the outcome and, after a
    failure with attempts left, schedule the next. A duplicate message (the row is not due,
    finished, or claimed by a live worker) does nothing. Returns the status it left."""
    if not _claim(delivery_id):
        return None
    delivery = WebhookDelivery.objects.select_related("endpoint").get(pk=delivery_id)
    body, headers = request_parts(delivery, now=int(timezone.now().timestamp()))
    error = ""
    answered: int | None = None
    try:
        answer = post(
            delivery.endpoint.url,
            body,
            headers,
            timeout=_setting("WEBHOOK_TIMEOUT_SECONDS", 5.0),
            allow_private=bool(getattr(settings, "WEBHOOK_ALLOW_PRIVATE", False)),
        )
        answered = answer.status
        if not 200 <= answer.status < 300:
            moved = " (redirects are not followed)" if 300 <= answer.status < 400 else ""
            error = f"the receiver answered {answer.status}{moved}: {answer.body[:500]}".strip()
    except DeliveryRefused as refused:
        error = f"refused: {refused}"
    except Exception as failed:  # timeouts, refused connections, TLS, malformed answers
        error = f"{type(failed).__name__}: {failed}"[:1000]
    return _record(delivery, error=error, answered=answered)


def _record(delivery: WebhookDelivery, *, error: str, answered: int | None) -> str:
    now = timezone.now()
    mine = WebhookDelivery.objects.filter(pk=delivery.pk, status=DeliveryStatus.SENDING)
    if not error:
        mine.update(
            status=DeliveryStatus.SUCCEEDED,
            response_status=answered,
            last_error="",
            delivered_at=now,
            next_attempt_at=None,
            lease_expires_at=None,
        )
        return DeliveryStatus.SUCCEEDED
    attempts = delivery.attempts  # loaded after the claim, which counted this attempt
    if attempts >= max_attempts():
        mine.update(
            status=DeliveryStatus.FAILED,
            response_status=answered,
            last_error=error,
            next_attempt_at=None,
            lease_expires_at=None,
        )
        return DeliveryStatus.FAILED
    wait = backoff_seconds(attempts)
    mine.update(
        status=DeliveryStatus.PENDING,
        response_status=answered,
        last_error=error,
        next_attempt_at=now + timedelta(seconds=wait),
        lease_expires_at=None,
    )
    if _in_process():
        # No broker, so no beat either: the process itself sends the retry when it is due.
        retry = threading.Timer(wait, _deliver_in_thread, args=([delivery.pk],))
        retry.daemon = True
        retry.start()
    else:
        # The retry's own message (the sweep is the safety net if it is lost).
        send_many([delivery.pk], countdown=wait)
    return DeliveryStatus.PENDING


def webhook_resend(*, delivery: WebhookDelivery) -> WebhookDelivery:
    """Send a delivery again now, whatever its state (not while a live worker sends it): its
    attempts start over, with the same id, so the receiver can tell it is the same event."""
    now = timezone.now()
    updated = (
        WebhookDelivery.objects.filter(pk=delivery.pk)
        .exclude(status=DeliveryStatus.SENDING, lease_expires_at__gte=now)
        .update(
            status=DeliveryStatus.PENDING,
            attempts=0,
            next_attempt_at=now,
            lease_expires_at=None,
            delivered_at=None,
        )
    )
    delivery.refresh_from_db()
    if not updated:
        raise WebhookInvalid({"status": ["this delivery is being sent now; wait for its outcome"]})
    transaction.on_commit(lambda: send_many([delivery.pk]))
    return delivery


def webhooks_sweep(*, now: Any = None) -> dict[str, int]:
    """Celery beat, with the jobs' sweep: send again every pending delivery that is due (its
    message was lost, or never reached the broker) and every sending one whose worker died
    (its lease expired). Sending twice is harmless: the claim lets one attempt run."""
    now = now or timezone.now()
    due = WebhookDelivery.objects.filter(
        Q(status=DeliveryStatus.PENDING, next_attempt_at__lte=now)
        | Q(status=DeliveryStatus.PENDING, next_attempt_at__isnull=True)
        | Q(status=DeliveryStatus.SENDING, lease_expires_at__lt=now)
    ).values_list("pk", flat=True)
    ids = list(due.order_by("pk")[:500])
    send_many(ids)
    return {"webhooks_resent": len(ids)}
