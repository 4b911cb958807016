from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_correlation_table import LeaderboardCorrelationTable


T = TypeVar("T", bound="LeaderboardCorrelations")


@_attrs_define
class LeaderboardCorrelations:
    """Per aspect, the correlations of evaluator scores with human scores (null: the release
    or no run has what the aspect needs).

        Attributes:
            faithfulness (LeaderboardCorrelationTable | None):
            completeness (LeaderboardCorrelationTable | None):
            conciseness (LeaderboardCorrelationTable | None):
            acu_score (LeaderboardCorrelationTable | None):
    """

    faithfulness: LeaderboardCorrelationTable | None
    completeness: LeaderboardCorrelationTable | None
    conciseness: LeaderboardCorrelationTable | None
    acu_score: LeaderboardCorrelationTable | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.leaderboard_correlation_table import LeaderboardCorrelationTable

        faithfulness: dict[str, Any] | None
        if isinstance(self.faithfulness, LeaderboardCorrelationTable):
            faithfulness = self.faithfulness.to_dict()
        else:
            faithfulness = self.faithfulness

        completeness: dict[str, Any] | None
        if isinstance(self.completeness, LeaderboardCorrelationTable):
            completeness = self.completeness.to_dict()
        else:
            completeness = self.completeness

        conciseness: dict[str, Any] | None
        if isinstance(self.conciseness, LeaderboardCorrelationTable):
            conciseness = self.conciseness.to_dict()
        else:
            conciseness = self.conciseness

        acu_score: dict[str, Any] | None
        if isinstance(self.acu_score, LeaderboardCorrelationTable):
            acu_score = self.acu_score.to_dict()
        else:
            acu_score = self.acu_score

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "faithfulness": faithfulness,
                "completeness": completeness,
                "conciseness": conciseness,
                "acu_score": acu_score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_correlation_table import LeaderboardCorrelationTable

        d = dict(src_dict)

        def _parse_faithfulness(data: object) -> LeaderboardCorrelationTable | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                faithfulness_type_1 = LeaderboardCorrelationTable.from_dict(data)

                return faithfulness_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LeaderboardCorrelationTable | None, data)

        faithfulness = _parse_faithfulness(d.pop("faithfulness"))

        def _parse_completeness(data: object) -> LeaderboardCorrelationTable | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                completeness_type_1 = LeaderboardCorrelationTable.from_dict(data)

                return completeness_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LeaderboardCorrelationTable | None, data)

        completeness = _parse_completeness(d.pop("completeness"))

        def _parse_conciseness(data: object) -> LeaderboardCorrelationTable | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                conciseness_type_1 = LeaderboardCorrelationTable.from_dict(data)

                return conciseness_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LeaderboardCorrelationTable | None, data)

        conciseness = _parse_conciseness(d.pop("conciseness"))

        def _parse_acu_score(data: object) -> LeaderboardCorrelationTable | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                acu_score_type_1 = LeaderboardCorrelationTable.from_dict(data)

                return acu_score_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LeaderboardCorrelationTable | None, data)

        acu_score = _parse_acu_score(d.pop("acu_score"))

        leaderboard_correlations = cls(
            faithfulness=faithfulness,
            completeness=completeness,
            conciseness=conciseness,
            acu_score=acu_score,
        )

        leaderboard_correlations.additional_properties = d
        return leaderboard_correlations

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
