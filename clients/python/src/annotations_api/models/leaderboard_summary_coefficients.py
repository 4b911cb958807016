from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_summary_correlation import LeaderboardSummaryCorrelation


T = TypeVar("T", bound="LeaderboardSummaryCoefficients")


@_attrs_define
class LeaderboardSummaryCoefficients:
    """
    Attributes:
        pearson (LeaderboardSummaryCorrelation): A figure with its bootstrap interval; null where it is undefined (no
            record).
        spearman (LeaderboardSummaryCorrelation): A figure with its bootstrap interval; null where it is undefined (no
            record).
        kendall (LeaderboardSummaryCorrelation): A figure with its bootstrap interval; null where it is undefined (no
            record).
    """

    pearson: LeaderboardSummaryCorrelation
    spearman: LeaderboardSummaryCorrelation
    kendall: LeaderboardSummaryCorrelation
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pearson = self.pearson.to_dict()

        spearman = self.spearman.to_dict()

        kendall = self.kendall.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "pearson": pearson,
                "spearman": spearman,
                "kendall": kendall,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_summary_correlation import LeaderboardSummaryCorrelation

        d = dict(src_dict)
        pearson = LeaderboardSummaryCorrelation.from_dict(d.pop("pearson"))

        spearman = LeaderboardSummaryCorrelation.from_dict(d.pop("spearman"))

        kendall = LeaderboardSummaryCorrelation.from_dict(d.pop("kendall"))

        leaderboard_summary_coefficients = cls(
            pearson=pearson,
            spearman=spearman,
            kendall=kendall,
        )

        leaderboard_summary_coefficients.additional_properties = d
        return leaderboard_summary_coefficients

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
