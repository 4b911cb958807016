from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ConfusionOutput")


@_attrs_define
class ConfusionOutput:
    """
    Attributes:
        labels (list[str]):
        counts (list[list[int]]):
    """

    labels: list[str]
    counts: list[list[int]]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        labels = self.labels

        counts = []
        for counts_item_data in self.counts:
            counts_item = counts_item_data

            counts.append(counts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "labels": labels,
                "counts": counts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        labels = cast(list[str], d.pop("labels"))

        counts = []
        _counts = d.pop("counts")
        for counts_item_data in _counts:
            counts_item = cast(list[int], counts_item_data)

            counts.append(counts_item)

        confusion_output = cls(
            labels=labels,
            counts=counts,
        )

        confusion_output.additional_properties = d
        return confusion_output

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
