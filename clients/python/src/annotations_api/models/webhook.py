from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_event_enum import WebhookEventEnum

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (int):
        url (str):
        events (list[WebhookEventEnum]):
        active (bool):
        description (str):
        created_at (datetime.datetime):
        created_by (str):
        last_delivery (datetime.datetime | None):
    """

    id: int
    url: str
    events: list[WebhookEventEnum]
    active: bool
    description: str
    created_at: datetime.datetime
    created_by: str
    last_delivery: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        active = self.active

        description = self.description

        created_at = self.created_at.isoformat()

        created_by = self.created_by

        last_delivery: None | str
        if isinstance(self.last_delivery, datetime.datetime):
            last_delivery = self.last_delivery.isoformat()
        else:
            last_delivery = self.last_delivery

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "active": active,
                "description": description,
                "created_at": created_at,
                "created_by": created_by,
                "last_delivery": last_delivery,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = WebhookEventEnum(events_item_data)

            events.append(events_item)

        active = d.pop("active")

        description = d.pop("description")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = d.pop("created_by")

        def _parse_last_delivery(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_delivery_type_0 = datetime.datetime.fromisoformat(data)

                return last_delivery_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_delivery = _parse_last_delivery(d.pop("last_delivery"))

        webhook = cls(
            id=id,
            url=url,
            events=events,
            active=active,
            description=description,
            created_at=created_at,
            created_by=created_by,
            last_delivery=last_delivery,
        )

        webhook.additional_properties = d
        return webhook

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
