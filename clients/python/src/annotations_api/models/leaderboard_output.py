from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_evaluator_output import LeaderboardEvaluatorOutput
    from ..models.leaderboard_levels import LeaderboardLevels
    from ..models.leaderboard_output_explanations_same import LeaderboardOutputExplanationsSame
    from ..models.leaderboard_output_self_agreement import LeaderboardOutputSelfAgreement


T = TypeVar("T", bound="LeaderboardOutput")


@_attrs_define
class LeaderboardOutput:
    """
    Attributes:
        release (str): project@version.
        evaluators (list[LeaderboardEvaluatorOutput]):
        levels (LeaderboardLevels):
        self_agreement (LeaderboardOutputSelfAgreement): evaluator -> level -> agreement of its runs with each other.
        explanations_same (LeaderboardOutputExplanationsSame): evaluator -> share of its explanations judged to name the
            same error.
    """

    release: str
    evaluators: list[LeaderboardEvaluatorOutput]
    levels: LeaderboardLevels
    self_agreement: LeaderboardOutputSelfAgreement
    explanations_same: LeaderboardOutputExplanationsSame
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        release = self.release

        evaluators = []
        for evaluators_item_data in self.evaluators:
            evaluators_item = evaluators_item_data.to_dict()
            evaluators.append(evaluators_item)

        levels = self.levels.to_dict()

        self_agreement = self.self_agreement.to_dict()

        explanations_same = self.explanations_same.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "release": release,
                "evaluators": evaluators,
                "levels": levels,
                "self_agreement": self_agreement,
                "explanations_same": explanations_same,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_evaluator_output import LeaderboardEvaluatorOutput
        from ..models.leaderboard_levels import LeaderboardLevels
        from ..models.leaderboard_output_explanations_same import LeaderboardOutputExplanationsSame
        from ..models.leaderboard_output_self_agreement import LeaderboardOutputSelfAgreement

        d = dict(src_dict)
        release = d.pop("release")

        evaluators = []
        _evaluators = d.pop("evaluators")
        for evaluators_item_data in _evaluators:
            evaluators_item = LeaderboardEvaluatorOutput.from_dict(evaluators_item_data)

            evaluators.append(evaluators_item)

        levels = LeaderboardLevels.from_dict(d.pop("levels"))

        self_agreement = LeaderboardOutputSelfAgreement.from_dict(d.pop("self_agreement"))

        explanations_same = LeaderboardOutputExplanationsSame.from_dict(d.pop("explanations_same"))

        leaderboard_output = cls(
            release=release,
            evaluators=evaluators,
            levels=levels,
            self_agreement=self_agreement,
            explanations_same=explanations_same,
        )

        leaderboard_output.additional_properties = d
        return leaderboard_output

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
