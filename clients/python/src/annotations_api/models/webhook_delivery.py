from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_delivery_status_enum import WebhookDeliveryStatusEnum
from ..models.webhook_event_enum import WebhookEventEnum

T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        id (int):
        event_id (UUID): The X-Webhook-Id header: the same on resends.
        event (WebhookEventEnum): * `unit.submitted` - A linguist submitted a unit
            * `round.opened` - A round opened
            * `round.closed` - A round closed
            * `agreement.computed` - Agreement computed (targets met or not)
            * `annotator.paused` - A linguist was paused by gold units
            * `release.published` - A release was published
            * `release.failed` - A release build failed
            * `evaluator_run.scored` - An evaluator run was scored
        status (WebhookDeliveryStatusEnum): * `pending` - Pending
            * `sending` - Sending
            * `succeeded` - Succeeded
            * `failed` - Failed
        attempts (int):
        last_error (str):
        response_status (int | None):
        created_at (datetime.datetime):
        next_attempt_at (datetime.datetime | None):
        delivered_at (datetime.datetime | None):
        payload (Any):
    """

    id: int
    event_id: UUID
    event: WebhookEventEnum
    status: WebhookDeliveryStatusEnum
    attempts: int
    last_error: str
    response_status: int | None
    created_at: datetime.datetime
    next_attempt_at: datetime.datetime | None
    delivered_at: datetime.datetime | None
    payload: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event_id = str(self.event_id)

        event = self.event.value

        status = self.status.value

        attempts = self.attempts

        last_error = self.last_error

        response_status: int | None
        response_status = self.response_status

        created_at = self.created_at.isoformat()

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        payload = self.payload

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "event_id": event_id,
                "event": event,
                "status": status,
                "attempts": attempts,
                "last_error": last_error,
                "response_status": response_status,
                "created_at": created_at,
                "next_attempt_at": next_attempt_at,
                "delivered_at": delivered_at,
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        event_id = UUID(d.pop("event_id"))

        event = WebhookEventEnum(d.pop("event"))

        status = WebhookDeliveryStatusEnum(d.pop("status"))

        attempts = d.pop("attempts")

        last_error = d.pop("last_error")

        def _parse_response_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        response_status = _parse_response_status(d.pop("response_status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        payload = d.pop("payload")

        webhook_delivery = cls(
            id=id,
            event_id=event_id,
            event=event,
            status=status,
            attempts=attempts,
            last_error=last_error,
            response_status=response_status,
            created_at=created_at,
            next_attempt_at=next_attempt_at,
            delivered_at=delivered_at,
            payload=payload,
        )

        webhook_delivery.additional_properties = d
        return webhook_delivery

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
