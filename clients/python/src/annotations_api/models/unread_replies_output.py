from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UnreadRepliesOutput")


@_attrs_define
class UnreadRepliesOutput:
    """
    Attributes:
        round_ (int):
        topic (int | None): The unit; null: no unit.
        count (int):
    """

    round_: int
    topic: int | None
    count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        topic: int | None
        topic = self.topic

        count = self.count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "topic": topic,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        round_ = d.pop("round")

        def _parse_topic(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        topic = _parse_topic(d.pop("topic"))

        count = d.pop("count")

        unread_replies_output = cls(
            round_=round_,
            topic=topic,
            count=count,
        )

        unread_replies_output.additional_properties = d
        return unread_replies_output

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
