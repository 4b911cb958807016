"""A project's webhooks (docs/webhooks.md): endpoints, their deliveries, and "resend".

Only the project's admins, and superusers, reach these views (anyone else: 404). The secret
is write-only: generated when none is given and shown once, in the answer that made (or
changed) it; a delivery's signature proves it came from here.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from django.conf import settings
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.api.admin_people import people_project
from annotations.api.errors import ApiError, validated
from annotations.api.paging import PageOutput, page_parameters, page_request
from annotations.models import (
    DeliveryStatus,
    Project,
    WebhookDelivery,
    WebhookEndpoint,
    WebhookEvent,
)
from annotations.selectors.paging import page_of
from annotations.services.webhook_http import DeliveryRefused, check_url
from annotations.services.webhooks import (
    EVENTS,
    WebhookInvalid,
    webhook_create,
    webhook_resend,
    webhook_update,
)

EVENT_RULE = f"one of {', '.join(EVENTS)}"


class WebhookUrlField(serializers.URLField):
    """An http(s) URL with a host; a literal private address is refused at once (a host name
    is checked, resolved, at every delivery: its address may change)."""

    def to_internal_value(self, data: Any) -> str:
        url = str(super().to_internal_value(data))
        try:
            _, host, _, _ = check_url(url)
        except DeliveryRefused as refused:
            raise serializers.ValidationError(str(refused)) from None
        try:
            address = ipaddress.ip_address(host.strip("[]"))
        except ValueError:
            return url
        if not getattr(settings, "WEBHOOK_ALLOW_PRIVATE", False) and not address.is_global:
            raise serializers.ValidationError(
                f"{address} is a private, loopback or link-local address: webhooks are not"
                " sent into the site's own network"
            )
        return url


def events_field(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.ChoiceField(
            choices=WebhookEvent.choices,
            error_messages={"invalid_choice": f'"{{input}}" is not an event: {EVENT_RULE}'},
        ),
        min_length=1,
        max_length=len(EVENTS),
        help_text=f"The events to send: {EVENT_RULE}.",
        **kwargs,
    )


SECRET_HELP = (
    "Signs every delivery (HMAC-SHA256). Write-only: when left out on create one is generated;"
    " it is shown once, in this answer."
)


class WebhookInput(serializers.Serializer):
    url = WebhookUrlField(max_length=2000)
    events = events_field()
    secret = serializers.CharField(
        required=False, allow_blank=True, min_length=16, max_length=128, help_text=SECRET_HELP
    )
    active = serializers.BooleanField(required=False, default=True)
    description = serializers.CharField(required=False, allow_blank=True, max_length=200)


class WebhookUpdateInput(serializers.Serializer):
    url = WebhookUrlField(max_length=2000, required=False)
    events = events_field(required=False)
    secret = serializers.CharField(
        required=False, min_length=16, max_length=128, help_text="A new secret (write-only)."
    )
    active = serializers.BooleanField(required=False)
    description = serializers.CharField(required=False, allow_blank=True, max_length=200)


class DeliveryCounts(serializers.Serializer):
    pending = serializers.IntegerField()
    succeeded = serializers.IntegerField()
    failed = serializers.IntegerField()


class WebhookOutput(serializers.Serializer):
    class Meta:
        ref_name = "Webhook"

    id = serializers.IntegerField()
    url = serializers.CharField()
    events = serializers.ListField(child=serializers.ChoiceField(choices=WebhookEvent.choices))
    active = serializers.BooleanField()
    description = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    created_by = serializers.CharField(allow_blank=True)
    last_delivery = serializers.DateTimeField(allow_null=True)


class WebhookCreatedOutput(WebhookOutput):
    class Meta:
        ref_name = "WebhookWithSecret"

    secret = serializers.CharField(
        help_text="The signing secret: shown only in the answer that made or changed it."
    )


class DeliveryOutput(serializers.Serializer):
    class Meta:
        ref_name = "WebhookDelivery"

    id = serializers.IntegerField()
    event_id = serializers.UUIDField(help_text="The X-Webhook-Id header: the same on resends.")
    event = serializers.ChoiceField(choices=WebhookEvent.choices)
    status = serializers.ChoiceField(choices=DeliveryStatus.choices)
    attempts = serializers.IntegerField()
    last_error = serializers.CharField(allow_blank=True)
    response_status = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    next_attempt_at = serializers.DateTimeField(allow_null=True)
    delivered_at = serializers.DateTimeField(allow_null=True)
    payload = serializers.JSONField()


class DeliveryPageOutput(PageOutput):
    results = DeliveryOutput(many=True)


def _endpoint(project: Project, webhook_id: int) -> WebhookEndpoint:
    found = (
        WebhookEndpoint.objects.filter(project=project, pk=webhook_id)
        .select_related("created_by")
        .first()
    )
    if found is None:
        raise Http404("No such webhook in this project.")
    return found


def _webhook(endpoint: WebhookEndpoint, last: Any = None) -> dict[str, Any]:
    return {
        "id": endpoint.pk,
        "url": endpoint.url,
        "events": endpoint.events,
        "active": endpoint.active,
        "description": endpoint.description,
        "created_at": endpoint.created_at,
        "created_by": endpoint.created_by.get_username() if endpoint.created_by else "",
        "last_delivery": last,
    }


def _delivery(delivery: WebhookDelivery) -> dict[str, Any]:
    return {
        "id": delivery.pk,
        "event_id": delivery.event_id,
        "event": delivery.event,
        "status": delivery.status,
        "attempts": delivery.attempts,
        "last_error": delivery.last_error,
        "response_status": delivery.response_status,
        "created_at": delivery.created_at,
        "next_attempt_at": delivery.next_attempt_at,
        "delivered_at": delivery.delivered_at,
        "payload": delivery.payload,
    }


class WebhooksView(APIView):
    @extend_schema(
        responses=WebhookOutput(many=True),
        operation_id="project_webhooks",
        summary="The project's webhook endpoints (secrets are never shown again)",
    )
    def get(self, request: Request, slug: str) -> Response:
        from django.db.models import Max

        project = people_project(request, slug)
        endpoints = (
            WebhookEndpoint.objects.filter(project=project)
            .select_related("created_by")
            .annotate(last=Max("deliveries__created_at"))
        )
        return Response([_webhook(e, e.last) for e in endpoints])  # type: ignore[attr-defined]

    @extend_schema(
        request=WebhookInput,
        responses={201: WebhookCreatedOutput},
        operation_id="project_webhook_create",
        summary="Register an endpoint for some of the project's events",
    )
    def post(self, request: Request, slug: str) -> Response:
        project = people_project(request, slug)
        data = validated(WebhookInput, request.data)
        endpoint = webhook_create(project=project, user=request.user, **data)
        return Response(
            {**_webhook(endpoint), "secret": endpoint.secret}, status=status.HTTP_201_CREATED
        )


class WebhookView(APIView):
    @extend_schema(
        responses=WebhookOutput, operation_id="project_webhook", summary="One webhook endpoint"
    )
    def get(self, request: Request, slug: str, webhook_id: int) -> Response:
        return Response(_webhook(_endpoint(people_project(request, slug), webhook_id)))

    @extend_schema(
        request=WebhookUpdateInput,
        responses={200: WebhookOutput},
        operation_id="project_webhook_update",
        summary="Change an endpoint's URL, events, secret or active flag",
    )
    def patch(self, request: Request, slug: str, webhook_id: int) -> Response:
        endpoint = _endpoint(people_project(request, slug), webhook_id)
        data = validated(WebhookUpdateInput, request.data)
        # An empty PATCH changes nothing and answers the endpoint as it is (PATCH semantics).
        if data:
            endpoint = webhook_update(endpoint=endpoint, **data)
        answer = _webhook(endpoint)
        if "secret" in data:
            answer["secret"] = endpoint.secret
        return Response(answer)

    @extend_schema(
        request=None,
        responses={204: None},
        operation_id="project_webhook_delete",
        summary="Remove an endpoint and its delivery log",
    )
    def delete(self, request: Request, slug: str, webhook_id: int) -> Response:
        _endpoint(people_project(request, slug), webhook_id).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeliveriesView(APIView):
    @extend_schema(
        parameters=page_parameters(),
        responses=DeliveryPageOutput,
        operation_id="project_webhook_deliveries",
        summary="The endpoint's deliveries, newest first: status, attempts, last error",
    )
    def get(self, request: Request, slug: str, webhook_id: int) -> Response:
        endpoint = _endpoint(people_project(request, slug), webhook_id)
        asked = page_request(request)
        rows = WebhookDelivery.objects.filter(endpoint=endpoint).order_by("-pk")
        page = page_of(rows.count(), asked)
        return Response(
            {**page.fields(), "results": [_delivery(d) for d in rows[page.start : page.stop]]}
        )


class ResendView(APIView):
    @extend_schema(
        request=None,
        responses={202: DeliveryOutput},
        operation_id="project_webhook_delivery_resend",
        summary="Send a delivery again now (same id; its attempts start over)",
    )
    def post(self, request: Request, slug: str, webhook_id: int, delivery_id: int) -> Response:
        endpoint = _endpoint(people_project(request, slug), webhook_id)
        delivery = WebhookDelivery.objects.filter(endpoint=endpoint, pk=delivery_id).first()
        if delivery is None:
            raise Http404("No such delivery of this webhook.")
        try:
            delivery = webhook_resend(delivery=delivery)
        except WebhookInvalid as error:
            raise ApiError(str(error), status_code=409, code="conflict") from error
        return Response(_delivery(delivery), status=status.HTTP_202_ACCEPTED)
