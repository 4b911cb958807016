from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.evaluator_kind_enum import EvaluatorKindEnum
from ..models.prediction_kind_enum import PredictionKindEnum

T = TypeVar("T", bound="RunOutput")


@_attrs_define
class RunOutput:
    """
    Attributes:
        id (int):
        evaluator (str):
        kind (EvaluatorKindEnum): * `metric` - metric
            * `llm` - LLM
        release (str): The release's version.
        run (int):
        predictions (PredictionKindEnum): * `score` - score
            * `label` - label
        sentences (int):
        summaries (int):
        explanations (int):
        source_name (str):
        sha256 (str):
    """

    id: int
    evaluator: str
    kind: EvaluatorKindEnum
    release: str
    run: int
    predictions: PredictionKindEnum
    sentences: int
    summaries: int
    explanations: int
    source_name: str
    sha256: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        evaluator = self.evaluator

        kind = self.kind.value

        release = self.release

        run = self.run

        predictions = self.predictions.value

        sentences = self.sentences

        summaries = self.summaries

        explanations = self.explanations

        source_name = self.source_name

        sha256 = self.sha256

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "evaluator": evaluator,
                "kind": kind,
                "release": release,
                "run": run,
                "predictions": predictions,
                "sentences": sentences,
                "summaries": summaries,
                "explanations": explanations,
                "source_name": source_name,
                "sha256": sha256,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        evaluator = d.pop("evaluator")

        kind = EvaluatorKindEnum(d.pop("kind"))

        release = d.pop("release")

        run = d.pop("run")

        predictions = PredictionKindEnum(d.pop("predictions"))

        sentences = d.pop("sentences")

        summaries = d.pop("summaries")

        explanations = d.pop("explanations")

        source_name = d.pop("source_name")

        sha256 = d.pop("sha256")

        run_output = cls(
            id=id,
            evaluator=evaluator,
            kind=kind,
            release=release,
            run=run,
            predictions=predictions,
            sentences=sentences,
            summaries=summaries,
            explanations=explanations,
            source_name=source_name,
            sha256=sha256,
        )

        run_output.additional_properties = d
        return run_output

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
