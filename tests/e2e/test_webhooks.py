"""Webhooks in Chromium (docs/webhooks.md): an admin registers an endpoint (a real receiver on
127.0.0.1) on the project page, copies its secret shown once, a round closes, the delivery
arrives signed and shows as succeeded; "Resend" sends it again. The section passes axe."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from annotations.models import Round, WebhookDelivery
from annotations.services.rounds import round_close
from annotations.services.webhook_http import verify
from tests.e2e.conftest import sign_in
from tests.e2e.test_accessibility import Route, describe, serious_violations
from tests.test_worker_loss import wait_for
from tests.webhooks.receiver import receiver

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True, databases="__all__"),
]


def test_an_admin_registers_a_webhook_and_sees_a_signed_delivery_arrive(
    page: Page, live_server: Any, settings: Any
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = True
    call_command("load_demo", stdout=None)
    with receiver() as hook:
        sign_in(page, live_server.url, "admin")
        page.goto(f"{live_server.url}/app/admin/projects/demo")
        section = page.get_by_role("region", name="Webhooks")
        form = section.get_by_role("form", name="Register a webhook")
        form.get_by_role("textbox", name="Endpoint URL").fill(hook.url)
        form.get_by_role("button", name="Register webhook").click()
        secret_box = section.get_by_role("textbox", name="Signing secret")
        expect(secret_box).to_have_value(re.compile(r"^whsec_"))
        secret = secret_box.input_value()
        endpoint = section.get_by_role("group", name=f"Webhook {hook.url}")
        expect(endpoint).to_contain_text("No deliveries yet")

        round_close(round=Round.objects.get(project__slug="demo"))  # sent after its commit
        wait_for(
            lambda: WebhookDelivery.objects.filter(status="succeeded").exists(),
            30,
            "the background sender delivers it",
        )
        endpoint.get_by_role("button", name="Refresh deliveries").click()
        table = endpoint.get_by_role("table")
        expect(table).to_contain_text("round.closed")
        expect(table).to_contain_text("succeeded")
        [request] = hook.requests
        assert verify(secret, request.headers["X-Webhook-Signature"], request.body)
        assert json.loads(request.body)["event"] == "round.closed"

        violations = serious_violations(page)
        assert not violations, describe(
            Route("webhooks", "admin", "/app/admin/projects/demo"), violations
        )

        table.get_by_role("button", name="Resend the round.closed delivery", exact=False).click()
        wait_for(lambda: len(hook.requests) == 2, 30, "the resent delivery arrives")
        first, second = hook.requests
        assert first.headers["X-Webhook-Id"] == second.headers["X-Webhook-Id"]
