from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_success import LeaderboardSuccess


T = TypeVar("T", bound="LeaderboardSuccessLevels")


@_attrs_define
class LeaderboardSuccessLevels:
    """
    Attributes:
        sentence (LeaderboardSuccess):
        summary (LeaderboardSuccess):
    """

    sentence: LeaderboardSuccess
    summary: LeaderboardSuccess
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sentence = self.sentence.to_dict()

        summary = self.summary.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentence": sentence,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_success import LeaderboardSuccess

        d = dict(src_dict)
        sentence = LeaderboardSuccess.from_dict(d.pop("sentence"))

        summary = LeaderboardSuccess.from_dict(d.pop("summary"))

        leaderboard_success_levels = cls(
            sentence=sentence,
            summary=summary,
        )

        leaderboard_success_levels.additional_properties = d
        return leaderboard_success_levels

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
