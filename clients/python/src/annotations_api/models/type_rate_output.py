from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TypeRateOutput")


@_attrs_define
class TypeRateOutput:
    """
    Attributes:
        reviewed (int):
        false_positive (int):
        rate (float | None):
        type_ (str):
    """

    reviewed: int
    false_positive: int
    rate: float | None
    type_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reviewed = self.reviewed

        false_positive = self.false_positive

        rate: float | None
        rate = self.rate

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reviewed": reviewed,
                "false_positive": false_positive,
                "rate": rate,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        reviewed = d.pop("reviewed")

        false_positive = d.pop("false_positive")

        def _parse_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rate = _parse_rate(d.pop("rate"))

        type_ = d.pop("type")

        type_rate_output = cls(
            reviewed=reviewed,
            false_positive=false_positive,
            rate=rate,
            type_=type_,
        )

        type_rate_output.additional_properties = d
        return type_rate_output

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
