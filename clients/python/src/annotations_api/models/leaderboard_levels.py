from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_level import LeaderboardLevel
    from ..models.leaderboard_level_error import LeaderboardLevelError


T = TypeVar("T", bound="LeaderboardLevels")


@_attrs_define
class LeaderboardLevels:
    """
    Attributes:
        sentence (LeaderboardLevel | LeaderboardLevelError | None):
        summary (LeaderboardLevel | LeaderboardLevelError | None):
    """

    sentence: LeaderboardLevel | LeaderboardLevelError | None
    summary: LeaderboardLevel | LeaderboardLevelError | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.leaderboard_level import LeaderboardLevel
        from ..models.leaderboard_level_error import LeaderboardLevelError

        sentence: dict[str, Any] | None
        if isinstance(self.sentence, LeaderboardLevel) or isinstance(
            self.sentence, LeaderboardLevelError
        ):
            sentence = self.sentence.to_dict()
        else:
            sentence = self.sentence

        summary: dict[str, Any] | None
        if isinstance(self.summary, LeaderboardLevel) or isinstance(
            self.summary, LeaderboardLevelError
        ):
            summary = self.summary.to_dict()
        else:
            summary = self.summary

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentence": sentence,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_level import LeaderboardLevel
        from ..models.leaderboard_level_error import LeaderboardLevelError

        d = dict(src_dict)

        def _parse_sentence(data: object) -> LeaderboardLevel | LeaderboardLevelError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_leaderboard_level_or_error_type_0 = LeaderboardLevel.from_dict(
                    data
                )

                return componentsschemas_leaderboard_level_or_error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_leaderboard_level_or_error_type_1 = (
                    LeaderboardLevelError.from_dict(data)
                )

                return componentsschemas_leaderboard_level_or_error_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LeaderboardLevel | LeaderboardLevelError | None, data)

        sentence = _parse_sentence(d.pop("sentence"))

        def _parse_summary(data: object) -> LeaderboardLevel | LeaderboardLevelError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_leaderboard_level_or_error_type_0 = LeaderboardLevel.from_dict(
                    data
                )

                return componentsschemas_leaderboard_level_or_error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_leaderboard_level_or_error_type_1 = (
                    LeaderboardLevelError.from_dict(data)
                )

                return componentsschemas_leaderboard_level_or_error_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LeaderboardLevel | LeaderboardLevelError | None, data)

        summary = _parse_summary(d.pop("summary"))

        leaderboard_levels = cls(
            sentence=sentence,
            summary=summary,
        )

        leaderboard_levels.additional_properties = d
        return leaderboard_levels

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
