from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_figure import LeaderboardFigure


T = TypeVar("T", bound="LeaderboardKeyFacts")


@_attrs_define
class LeaderboardKeyFacts:
    """
    Attributes:
        accuracy (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        pairs (int): (summary, key fact) pairs decided by both.
        mismatched_summaries (int): Summaries whose list is not as long as the gold list (left out).
    """

    accuracy: LeaderboardFigure
    pairs: int
    mismatched_summaries: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        accuracy = self.accuracy.to_dict()

        pairs = self.pairs

        mismatched_summaries = self.mismatched_summaries

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "accuracy": accuracy,
                "pairs": pairs,
                "mismatched_summaries": mismatched_summaries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_figure import LeaderboardFigure

        d = dict(src_dict)
        accuracy = LeaderboardFigure.from_dict(d.pop("accuracy"))

        pairs = d.pop("pairs")

        mismatched_summaries = d.pop("mismatched_summaries")

        leaderboard_key_facts = cls(
            accuracy=accuracy,
            pairs=pairs,
            mismatched_summaries=mismatched_summaries,
        )

        leaderboard_key_facts.additional_properties = d
        return leaderboard_key_facts

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
