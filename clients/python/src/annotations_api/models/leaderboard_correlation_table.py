from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_correlation_table_evaluators import (
        LeaderboardCorrelationTableEvaluators,
    )


T = TypeVar("T", bound="LeaderboardCorrelationTable")


@_attrs_define
class LeaderboardCorrelationTable:
    """
    Attributes:
        evaluators (LeaderboardCorrelationTableEvaluators):
    """

    evaluators: LeaderboardCorrelationTableEvaluators
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        evaluators = self.evaluators.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "evaluators": evaluators,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_correlation_table_evaluators import (
            LeaderboardCorrelationTableEvaluators,
        )

        d = dict(src_dict)
        evaluators = LeaderboardCorrelationTableEvaluators.from_dict(d.pop("evaluators"))

        leaderboard_correlation_table = cls(
            evaluators=evaluators,
        )

        leaderboard_correlation_table.additional_properties = d
        return leaderboard_correlation_table

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
