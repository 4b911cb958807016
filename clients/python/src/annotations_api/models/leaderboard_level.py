from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.protocol_enum import ProtocolEnum

if TYPE_CHECKING:
    from ..models.leaderboard_comparison import LeaderboardComparison
    from ..models.leaderboard_level_evaluators import LeaderboardLevelEvaluators
    from ..models.leaderboard_level_unscored import LeaderboardLevelUnscored


T = TypeVar("T", bound="LeaderboardLevel")


@_attrs_define
class LeaderboardLevel:
    """
    Attributes:
        protocol (ProtocolEnum): * `dev_test` - dev_test
            * `all` - all
        tuned_on (int):
        measured_on (int):
        documents (int):
        warning (None | str): Set when too few documents were measured.
        n_resamples (int):
        confidence (float):
        seed (int):
        evaluators (LeaderboardLevelEvaluators): name -> entry.
        unscored (LeaderboardLevelUnscored): name -> why this level has no figures of it (its threshold could not be
            tuned: the dev records hold one label only); the others are scored.
        comparisons (list[LeaderboardComparison]):
    """

    protocol: ProtocolEnum
    tuned_on: int
    measured_on: int
    documents: int
    warning: None | str
    n_resamples: int
    confidence: float
    seed: int
    evaluators: LeaderboardLevelEvaluators
    unscored: LeaderboardLevelUnscored
    comparisons: list[LeaderboardComparison]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        protocol = self.protocol.value

        tuned_on = self.tuned_on

        measured_on = self.measured_on

        documents = self.documents

        warning: None | str
        warning = self.warning

        n_resamples = self.n_resamples

        confidence = self.confidence

        seed = self.seed

        evaluators = self.evaluators.to_dict()

        unscored = self.unscored.to_dict()

        comparisons = []
        for comparisons_item_data in self.comparisons:
            comparisons_item = comparisons_item_data.to_dict()
            comparisons.append(comparisons_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "protocol": protocol,
                "tuned_on": tuned_on,
                "measured_on": measured_on,
                "documents": documents,
                "warning": warning,
                "n_resamples": n_resamples,
                "confidence": confidence,
                "seed": seed,
                "evaluators": evaluators,
                "unscored": unscored,
                "comparisons": comparisons,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_comparison import LeaderboardComparison
        from ..models.leaderboard_level_evaluators import LeaderboardLevelEvaluators
        from ..models.leaderboard_level_unscored import LeaderboardLevelUnscored

        d = dict(src_dict)
        protocol = ProtocolEnum(d.pop("protocol"))

        tuned_on = d.pop("tuned_on")

        measured_on = d.pop("measured_on")

        documents = d.pop("documents")

        def _parse_warning(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        warning = _parse_warning(d.pop("warning"))

        n_resamples = d.pop("n_resamples")

        confidence = d.pop("confidence")

        seed = d.pop("seed")

        evaluators = LeaderboardLevelEvaluators.from_dict(d.pop("evaluators"))

        unscored = LeaderboardLevelUnscored.from_dict(d.pop("unscored"))

        comparisons = []
        _comparisons = d.pop("comparisons")
        for comparisons_item_data in _comparisons:
            comparisons_item = LeaderboardComparison.from_dict(comparisons_item_data)

            comparisons.append(comparisons_item)

        leaderboard_level = cls(
            protocol=protocol,
            tuned_on=tuned_on,
            measured_on=measured_on,
            documents=documents,
            warning=warning,
            n_resamples=n_resamples,
            confidence=confidence,
            seed=seed,
            evaluators=evaluators,
            unscored=unscored,
            comparisons=comparisons,
        )

        leaderboard_level.additional_properties = d
        return leaderboard_level

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
