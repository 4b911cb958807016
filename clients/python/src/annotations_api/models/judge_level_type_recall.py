from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_type_recall import LeaderboardTypeRecall


T = TypeVar("T", bound="JudgeLevelTypeRecall")


@_attrs_define
class JudgeLevelTypeRecall:
    """error type -> recall."""

    additional_properties: dict[str, LeaderboardTypeRecall] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_type_recall import LeaderboardTypeRecall

        d = dict(src_dict)
        judge_level_type_recall = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = LeaderboardTypeRecall.from_dict(prop_dict)

            additional_properties[prop_name] = additional_property

        judge_level_type_recall.additional_properties = additional_properties
        return judge_level_type_recall

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> LeaderboardTypeRecall:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: LeaderboardTypeRecall) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
