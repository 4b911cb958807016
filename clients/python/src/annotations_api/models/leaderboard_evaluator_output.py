from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.evaluator_kind_enum import EvaluatorKindEnum
from ..models.prediction_kind_enum import PredictionKindEnum

T = TypeVar("T", bound="LeaderboardEvaluatorOutput")


@_attrs_define
class LeaderboardEvaluatorOutput:
    """
    Attributes:
        name (str):
        kind (EvaluatorKindEnum): * `metric` - metric
            * `llm` - LLM
        runs (list[int]):
        scored_run (int): The run the figures are of (its first).
        predictions (PredictionKindEnum): * `score` - score
            * `label` - label
    """

    name: str
    kind: EvaluatorKindEnum
    runs: list[int]
    scored_run: int
    predictions: PredictionKindEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        kind = self.kind.value

        runs = self.runs

        scored_run = self.scored_run

        predictions = self.predictions.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "kind": kind,
                "runs": runs,
                "scored_run": scored_run,
                "predictions": predictions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        kind = EvaluatorKindEnum(d.pop("kind"))

        runs = cast(list[int], d.pop("runs"))

        scored_run = d.pop("scored_run")

        predictions = PredictionKindEnum(d.pop("predictions"))

        leaderboard_evaluator_output = cls(
            name=name,
            kind=kind,
            runs=runs,
            scored_run=scored_run,
            predictions=predictions,
        )

        leaderboard_evaluator_output.additional_properties = d
        return leaderboard_evaluator_output

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
