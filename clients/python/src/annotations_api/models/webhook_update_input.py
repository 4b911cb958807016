from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_event_enum import WebhookEventEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookUpdateInput")


@_attrs_define
class WebhookUpdateInput:
    """
    Attributes:
        url (str | Unset):
        events (list[WebhookEventEnum] | Unset): The events to send: one of unit.submitted, round.opened, round.closed,
            agreement.computed, annotator.paused, release.published, release.failed, evaluator_run.scored.
        secret (str | Unset): A new secret (write-only).
        active (bool | Unset):
        description (str | Unset):
    """

    url: str | Unset = UNSET
    events: list[WebhookEventEnum] | Unset = UNSET
    secret: str | Unset = UNSET
    active: bool | Unset = UNSET
    description: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)

        secret = self.secret

        active = self.active

        description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if events is not UNSET:
            field_dict["events"] = events
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
        url = d.pop("url", UNSET)

        _events = d.pop("events", UNSET)
        events: list[WebhookEventEnum] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = WebhookEventEnum(events_item_data)

                events.append(events_item)

        secret = d.pop("secret", UNSET)

        active = d.pop("active", UNSET)

        description = d.pop("description", UNSET)

        webhook_update_input = cls(
            url=url,
            events=events,
            secret=secret,
            active=active,
            description=description,
        )

        webhook_update_input.additional_properties = d
        return webhook_update_input

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
