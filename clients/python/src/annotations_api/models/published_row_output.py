from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PublishedRowOutput")


@_attrs_define
class PublishedRowOutput:
    """
    Attributes:
        system (str):
        summaries (int):
        sentences (int):
        consistent (int):
        inconsistent (int):
        inconsistent_rate (float | None):
        topic_category (str | Unset):
    """

    system: str
    summaries: int
    sentences: int
    consistent: int
    inconsistent: int
    inconsistent_rate: float | None
    topic_category: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        system = self.system

        summaries = self.summaries

        sentences = self.sentences

        consistent = self.consistent

        inconsistent = self.inconsistent

        inconsistent_rate: float | None
        inconsistent_rate = self.inconsistent_rate

        topic_category = self.topic_category

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "system": system,
                "summaries": summaries,
                "sentences": sentences,
                "consistent": consistent,
                "inconsistent": inconsistent,
                "inconsistent_rate": inconsistent_rate,
            }
        )
        if topic_category is not UNSET:
            field_dict["topic_category"] = topic_category

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        system = d.pop("system")

        summaries = d.pop("summaries")

        sentences = d.pop("sentences")

        consistent = d.pop("consistent")

        inconsistent = d.pop("inconsistent")

        def _parse_inconsistent_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        inconsistent_rate = _parse_inconsistent_rate(d.pop("inconsistent_rate"))

        topic_category = d.pop("topic_category", UNSET)

        published_row_output = cls(
            system=system,
            summaries=summaries,
            sentences=sentences,
            consistent=consistent,
            inconsistent=inconsistent,
            inconsistent_rate=inconsistent_rate,
            topic_category=topic_category,
        )

        published_row_output.additional_properties = d
        return published_row_output

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
