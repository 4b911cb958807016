from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.prediction_kind_enum import PredictionKindEnum

if TYPE_CHECKING:
    from ..models.judge_run_output_levels import JudgeRunOutputLevels


T = TypeVar("T", bound="JudgeRunOutput")


@_attrs_define
class JudgeRunOutput:
    """
    Attributes:
        id (int):
        evaluator (str):
        version (str):
        kind (PredictionKindEnum): * `score` - score
            * `label` - label
        created_at (datetime.datetime):
        sentences (int):
        summaries (int):
        abstained (int):
        levels (JudgeRunOutputLevels): sentence | summary -> figures.
    """

    id: int
    evaluator: str
    version: str
    kind: PredictionKindEnum
    created_at: datetime.datetime
    sentences: int
    summaries: int
    abstained: int
    levels: JudgeRunOutputLevels
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        evaluator = self.evaluator

        version = self.version

        kind = self.kind.value

        created_at = self.created_at.isoformat()

        sentences = self.sentences

        summaries = self.summaries

        abstained = self.abstained

        levels = self.levels.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "evaluator": evaluator,
                "version": version,
                "kind": kind,
                "created_at": created_at,
                "sentences": sentences,
                "summaries": summaries,
                "abstained": abstained,
                "levels": levels,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.judge_run_output_levels import JudgeRunOutputLevels

        d = dict(src_dict)
        id = d.pop("id")

        evaluator = d.pop("evaluator")

        version = d.pop("version")

        kind = PredictionKindEnum(d.pop("kind"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        sentences = d.pop("sentences")

        summaries = d.pop("summaries")

        abstained = d.pop("abstained")

        levels = JudgeRunOutputLevels.from_dict(d.pop("levels"))

        judge_run_output = cls(
            id=id,
            evaluator=evaluator,
            version=version,
            kind=kind,
            created_at=created_at,
            sentences=sentences,
            summaries=summaries,
            abstained=abstained,
            levels=levels,
        )

        judge_run_output.additional_properties = d
        return judge_run_output

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
