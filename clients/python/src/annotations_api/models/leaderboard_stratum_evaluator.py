from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_figure import LeaderboardFigure


T = TypeVar("T", bound="LeaderboardStratumEvaluator")


@_attrs_define
class LeaderboardStratumEvaluator:
    """
    Attributes:
        threshold (float | None): Tuned on the stratum's dev.
        tuned_balanced_accuracy (float | None):
        balanced_accuracy (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no
            record).
    """

    threshold: float | None
    tuned_balanced_accuracy: float | None
    balanced_accuracy: LeaderboardFigure
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        threshold: float | None
        threshold = self.threshold

        tuned_balanced_accuracy: float | None
        tuned_balanced_accuracy = self.tuned_balanced_accuracy

        balanced_accuracy = self.balanced_accuracy.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "threshold": threshold,
                "tuned_balanced_accuracy": tuned_balanced_accuracy,
                "balanced_accuracy": balanced_accuracy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_figure import LeaderboardFigure

        d = dict(src_dict)

        def _parse_threshold(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        threshold = _parse_threshold(d.pop("threshold"))

        def _parse_tuned_balanced_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        tuned_balanced_accuracy = _parse_tuned_balanced_accuracy(d.pop("tuned_balanced_accuracy"))

        balanced_accuracy = LeaderboardFigure.from_dict(d.pop("balanced_accuracy"))

        leaderboard_stratum_evaluator = cls(
            threshold=threshold,
            tuned_balanced_accuracy=tuned_balanced_accuracy,
            balanced_accuracy=balanced_accuracy,
        )

        leaderboard_stratum_evaluator.additional_properties = d
        return leaderboard_stratum_evaluator

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
