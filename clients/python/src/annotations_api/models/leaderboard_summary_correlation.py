from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LeaderboardSummaryCorrelation")


@_attrs_define
class LeaderboardSummaryCorrelation:
    """A figure with its bootstrap interval; null where it is undefined (no record).

    Attributes:
        value (float | None):
        low (float | None):
        high (float | None):
        documents (int): Documents where it is defined.
    """

    value: float | None
    low: float | None
    high: float | None
    documents: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        value: float | None
        value = self.value

        low: float | None
        low = self.low

        high: float | None
        high = self.high

        documents = self.documents

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "value": value,
                "low": low,
                "high": high,
                "documents": documents,
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

        documents = d.pop("documents")

        leaderboard_summary_correlation = cls(
            value=value,
            low=low,
            high=high,
            documents=documents,
        )

        leaderboard_summary_correlation.additional_properties = d
        return leaderboard_summary_correlation

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
