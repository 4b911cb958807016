from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_summary_coefficients import LeaderboardSummaryCoefficients
    from ..models.leaderboard_system_coefficients import LeaderboardSystemCoefficients


T = TypeVar("T", bound="LeaderboardCorrelationEntry")


@_attrs_define
class LeaderboardCorrelationEntry:
    """
    Attributes:
        summary_level (LeaderboardSummaryCoefficients):
        system_level (LeaderboardSystemCoefficients):
        summaries (int):
        documents (int):
        systems (int):
    """

    summary_level: LeaderboardSummaryCoefficients
    system_level: LeaderboardSystemCoefficients
    summaries: int
    documents: int
    systems: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        summary_level = self.summary_level.to_dict()

        system_level = self.system_level.to_dict()

        summaries = self.summaries

        documents = self.documents

        systems = self.systems

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "summary_level": summary_level,
                "system_level": system_level,
                "summaries": summaries,
                "documents": documents,
                "systems": systems,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_summary_coefficients import LeaderboardSummaryCoefficients
        from ..models.leaderboard_system_coefficients import LeaderboardSystemCoefficients

        d = dict(src_dict)
        summary_level = LeaderboardSummaryCoefficients.from_dict(d.pop("summary_level"))

        system_level = LeaderboardSystemCoefficients.from_dict(d.pop("system_level"))

        summaries = d.pop("summaries")

        documents = d.pop("documents")

        systems = d.pop("systems")

        leaderboard_correlation_entry = cls(
            summary_level=summary_level,
            system_level=system_level,
            summaries=summaries,
            documents=documents,
            systems=systems,
        )

        leaderboard_correlation_entry.additional_properties = d
        return leaderboard_correlation_entry

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
