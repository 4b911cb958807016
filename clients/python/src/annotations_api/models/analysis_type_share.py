from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AnalysisTypeShare")


@_attrs_define
class AnalysisTypeShare:
    """A figure with its bootstrap interval; value, low and high null when n is 0.

    Attributes:
        value (float | None):
        low (float | None):
        high (float | None):
        n (int):
        type_ (str): The error type; "" for no gold type.
        count (int):
    """

    value: float | None
    low: float | None
    high: float | None
    n: int
    type_: str
    count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        value: float | None
        value = self.value

        low: float | None
        low = self.low

        high: float | None
        high = self.high

        n = self.n

        type_ = self.type_

        count = self.count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "value": value,
                "low": low,
                "high": high,
                "n": n,
                "type": type_,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        def _parse_low(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        low = _parse_low(d.pop("low"))

        def _parse_high(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        high = _parse_high(d.pop("high"))

        n = d.pop("n")

        type_ = d.pop("type")

        count = d.pop("count")

        analysis_type_share = cls(
            value=value,
            low=low,
            high=high,
            n=n,
            type_=type_,
            count=count,
        )

        analysis_type_share.additional_properties = d
        return analysis_type_share

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
