from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_figure import LeaderboardFigure


T = TypeVar("T", bound="LeaderboardAcus")


@_attrs_define
class LeaderboardAcus:
    """
    Attributes:
        accuracy (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        acus (int):
        mismatched_summaries (int):
    """

    accuracy: LeaderboardFigure
    acus: int
    mismatched_summaries: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        accuracy = self.accuracy.to_dict()

        acus = self.acus

        mismatched_summaries = self.mismatched_summaries

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "accuracy": accuracy,
                "acus": acus,
                "mismatched_summaries": mismatched_summaries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_figure import LeaderboardFigure

        d = dict(src_dict)
        accuracy = LeaderboardFigure.from_dict(d.pop("accuracy"))

        acus = d.pop("acus")

        mismatched_summaries = d.pop("mismatched_summaries")

        leaderboard_acus = cls(
            accuracy=accuracy,
            acus=acus,
            mismatched_summaries=mismatched_summaries,
        )

        leaderboard_acus.additional_properties = d
        return leaderboard_acus

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
