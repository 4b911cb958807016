from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.source_enum import SourceEnum

T = TypeVar("T", bound="HistoryEntryOutput")


@_attrs_define
class HistoryEntryOutput:
    """
    Attributes:
        at (datetime.datetime):
        actor (None | str):
        action (str): create, update, delete, submit, reopen, admin_edit
        kind (str): What changed: the judgement, its assignment, a review.
        before (Any):
        after (Any):
        source (SourceEnum): * `workspace` - workspace
            * `review` - review
            * `adjudication` - adjudication
            * `django_admin` - django_admin
    """

    at: datetime.datetime
    actor: None | str
    action: str
    kind: str
    before: Any
    after: Any
    source: SourceEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        actor: None | str
        actor = self.actor

        action = self.action

        kind = self.kind

        before = self.before

        after = self.after

        source = self.source.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "actor": actor,
                "action": action,
                "kind": kind,
                "before": before,
                "after": after,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))

        def _parse_actor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        actor = _parse_actor(d.pop("actor"))

        action = d.pop("action")

        kind = d.pop("kind")

        before = d.pop("before")

        after = d.pop("after")

        source = SourceEnum(d.pop("source"))

        history_entry_output = cls(
            at=at,
            actor=actor,
            action=action,
            kind=kind,
            before=before,
            after=after,
            source=source,
        )

        history_entry_output.additional_properties = d
        return history_entry_output

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
