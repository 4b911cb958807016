from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_event_enum import WebhookEventEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookInput")


@_attrs_define
class WebhookInput:
    """
    Attributes:
        url (str):
        events (list[WebhookEventEnum]): The events to send: one of unit.submitted, round.opened, round.closed,
            agreement.computed, annotator.paused, release.published, release.failed, evaluator_run.scored.
        secret (str | Unset): Signs every delivery (HMAC-SHA256). Write-only: when left out on create one is generated;
            it is shown once, in this answer.
        active (bool | Unset):  Default: True.
        description (str | Unset):
    """

    url: str
    events: list[WebhookEventEnum]
    secret: str | Unset = UNSET
    active: bool | Unset = True
    description: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        secret: str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret

        active = self.active

        description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "events": events,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret
        if active is not UNSET:
            field_dict["active"] = active
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = WebhookEventEnum(events_item_data)

            events.append(events_item)

        def _parse_secret(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))

        active = d.pop("active", UNSET)

        description = d.pop("description", UNSET)

        webhook_input = cls(
            url=url,
            events=events,
            secret=secret,
            active=active,
            description=description,
        )

        webhook_input.additional_properties = d
        return webhook_input

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
