from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ShortUnitOutput")


@_attrs_define
class ShortUnitOutput:
    """
    Attributes:
        topic (int): The unit (its topic id, as the admin pages use).
        document (str):
        name (str): The topic's name; empty for a generic summary.
        holders (int): People whose labels on it will exist.
        missing (int):
        stalled (int): Unstarted assignments of paused or removed people (a fill releases them).
    """

    topic: int
    document: str
    name: str
    holders: int
    missing: int
    stalled: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        topic = self.topic

        document = self.document

        name = self.name

        holders = self.holders

        missing = self.missing

        stalled = self.stalled

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "topic": topic,
                "document": document,
                "name": name,
                "holders": holders,
                "missing": missing,
                "stalled": stalled,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        topic = d.pop("topic")

        document = d.pop("document")

        name = d.pop("name")

        holders = d.pop("holders")

        missing = d.pop("missing")

        stalled = d.pop("stalled")

        short_unit_output = cls(
            topic=topic,
            document=document,
            name=name,
            holders=holders,
            missing=missing,
            stalled=stalled,
        )

        short_unit_output.additional_properties = d
        return short_unit_output

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
