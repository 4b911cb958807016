from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_figure import LeaderboardFigure


T = TypeVar("T", bound="LeaderboardSpanCategory")


@_attrs_define
class LeaderboardSpanCategory:
    """
    Attributes:
        exact (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        overlap (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        gold_spans (int):
        predicted_spans (int):
    """

    exact: LeaderboardFigure
    overlap: LeaderboardFigure
    gold_spans: int
    predicted_spans: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        exact = self.exact.to_dict()

        overlap = self.overlap.to_dict()

        gold_spans = self.gold_spans

        predicted_spans = self.predicted_spans

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "exact": exact,
                "overlap": overlap,
                "gold_spans": gold_spans,
                "predicted_spans": predicted_spans,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_figure import LeaderboardFigure

        d = dict(src_dict)
        exact = LeaderboardFigure.from_dict(d.pop("exact"))

        overlap = LeaderboardFigure.from_dict(d.pop("overlap"))

        gold_spans = d.pop("gold_spans")

        predicted_spans = d.pop("predicted_spans")

        leaderboard_span_category = cls(
            exact=exact,
            overlap=overlap,
            gold_spans=gold_spans,
            predicted_spans=predicted_spans,
        )

        leaderboard_span_category.additional_properties = d
        return leaderboard_span_category

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
