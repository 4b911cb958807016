from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LeaderboardSuccess")


@_attrs_define
class LeaderboardSuccess:
    """
    Attributes:
        records (int):
        abstained (int):
        ratio (float | None):
    """

    records: int
    abstained: int
    ratio: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        records = self.records

        abstained = self.abstained

        ratio: float | None
        ratio = self.ratio

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "records": records,
                "abstained": abstained,
                "ratio": ratio,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        records = d.pop("records")

        abstained = d.pop("abstained")

        def _parse_ratio(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ratio = _parse_ratio(d.pop("ratio"))

        leaderboard_success = cls(
            records=records,
            abstained=abstained,
            ratio=ratio,
        )

        leaderboard_success.additional_properties = d
        return leaderboard_success

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
