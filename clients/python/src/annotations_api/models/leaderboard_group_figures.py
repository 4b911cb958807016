from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_figure import LeaderboardFigure


T = TypeVar("T", bound="LeaderboardGroupFigures")


@_attrs_define
class LeaderboardGroupFigures:
    """
    Attributes:
        balanced_accuracy (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no
            record).
        fpr (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        fnr (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        precision (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        recall (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        f1 (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        records (int): Records in the group.
        inconsistent (int): Of them, inconsistent in the gold.
    """

    balanced_accuracy: LeaderboardFigure
    fpr: LeaderboardFigure
    fnr: LeaderboardFigure
    precision: LeaderboardFigure
    recall: LeaderboardFigure
    f1: LeaderboardFigure
    records: int
    inconsistent: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        balanced_accuracy = self.balanced_accuracy.to_dict()

        fpr = self.fpr.to_dict()

        fnr = self.fnr.to_dict()

        precision = self.precision.to_dict()

        recall = self.recall.to_dict()

        f1 = self.f1.to_dict()

        records = self.records

        inconsistent = self.inconsistent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balanced_accuracy": balanced_accuracy,
                "fpr": fpr,
                "fnr": fnr,
                "precision": precision,
                "recall": recall,
                "f1": f1,
                "records": records,
                "inconsistent": inconsistent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_figure import LeaderboardFigure

        d = dict(src_dict)
        balanced_accuracy = LeaderboardFigure.from_dict(d.pop("balanced_accuracy"))

        fpr = LeaderboardFigure.from_dict(d.pop("fpr"))

        fnr = LeaderboardFigure.from_dict(d.pop("fnr"))

        precision = LeaderboardFigure.from_dict(d.pop("precision"))

        recall = LeaderboardFigure.from_dict(d.pop("recall"))

        f1 = LeaderboardFigure.from_dict(d.pop("f1"))

        records = d.pop("records")

        inconsistent = d.pop("inconsistent")

        leaderboard_group_figures = cls(
            balanced_accuracy=balanced_accuracy,
            fpr=fpr,
            fnr=fnr,
            precision=precision,
            recall=recall,
            f1=f1,
            records=records,
            inconsistent=inconsistent,
        )

        leaderboard_group_figures.additional_properties = d
        return leaderboard_group_figures

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
