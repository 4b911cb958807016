from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.evaluator_kind_enum import EvaluatorKindEnum

T = TypeVar("T", bound="CorpusRunOutput")


@_attrs_define
class CorpusRunOutput:
    """
    Attributes:
        id (int):
        evaluator (str):
        kind (EvaluatorKindEnum): * `metric` - metric
            * `llm` - LLM
        version (str): A prompt or model version label.
        sentences (int): Sentence records predicted or abstained on.
        summaries (int): Summary records predicted or abstained on.
        abstained (int): Records the run explicitly abstained on.
        has_scores (bool):
        has_labels (bool):
        source_name (str):
        sha256 (str):
        created_at (datetime.datetime):
    """

    id: int
    evaluator: str
    kind: EvaluatorKindEnum
    version: str
    sentences: int
    summaries: int
    abstained: int
    has_scores: bool
    has_labels: bool
    source_name: str
    sha256: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        evaluator = self.evaluator

        kind = self.kind.value

        version = self.version

        sentences = self.sentences

        summaries = self.summaries

        abstained = self.abstained

        has_scores = self.has_scores

        has_labels = self.has_labels

        source_name = self.source_name

        sha256 = self.sha256

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "evaluator": evaluator,
                "kind": kind,
                "version": version,
                "sentences": sentences,
                "summaries": summaries,
                "abstained": abstained,
                "has_scores": has_scores,
                "has_labels": has_labels,
                "source_name": source_name,
                "sha256": sha256,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        evaluator = d.pop("evaluator")

        kind = EvaluatorKindEnum(d.pop("kind"))

        version = d.pop("version")

        sentences = d.pop("sentences")

        summaries = d.pop("summaries")

        abstained = d.pop("abstained")

        has_scores = d.pop("has_scores")

        has_labels = d.pop("has_labels")

        source_name = d.pop("source_name")

        sha256 = d.pop("sha256")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        corpus_run_output = cls(
            id=id,
            evaluator=evaluator,
            kind=kind,
            version=version,
            sentences=sentences,
            summaries=summaries,
            abstained=abstained,
            has_scores=has_scores,
            has_labels=has_labels,
            source_name=source_name,
            sha256=sha256,
            created_at=created_at,
        )

        corpus_run_output.additional_properties = d
        return corpus_run_output

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
