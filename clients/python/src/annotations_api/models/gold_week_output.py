from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GoldWeekOutput")


@_attrs_define
class GoldWeekOutput:
    """
    Attributes:
        week (str):
        scored (int):
        accuracy (float | None):
    """

    week: str
    scored: int
    accuracy: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        week = self.week

        scored = self.scored

        accuracy: float | None
        accuracy = self.accuracy

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "week": week,
                "scored": scored,
                "accuracy": accuracy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        week = d.pop("week")

        scored = d.pop("scored")

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        gold_week_output = cls(
            week=week,
            scored=scored,
            accuracy=accuracy,
        )

        gold_week_output.additional_properties = d
        return gold_week_output

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
