from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_figure import LeaderboardFigure


T = TypeVar("T", bound="LeaderboardTypeAccuracy")


@_attrs_define
class LeaderboardTypeAccuracy:
    """
    Attributes:
        match (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        exact (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        sentences (int):
    """

    match: LeaderboardFigure
    exact: LeaderboardFigure
    sentences: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        match = self.match.to_dict()

        exact = self.exact.to_dict()

        sentences = self.sentences

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "match": match,
                "exact": exact,
                "sentences": sentences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_figure import LeaderboardFigure

        d = dict(src_dict)
        match = LeaderboardFigure.from_dict(d.pop("match"))

        exact = LeaderboardFigure.from_dict(d.pop("exact"))

        sentences = d.pop("sentences")

        leaderboard_type_accuracy = cls(
            match=match,
            exact=exact,
            sentences=sentences,
        )

        leaderboard_type_accuracy.additional_properties = d
        return leaderboard_type_accuracy

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
