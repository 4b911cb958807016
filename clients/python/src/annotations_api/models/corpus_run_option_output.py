from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CorpusRunOptionOutput")


@_attrs_define
class CorpusRunOptionOutput:
    """
    Attributes:
        id (int):
        evaluator (str):
        version (str):
        sentences (int):
        summaries (int):
        has_scores (bool):
        has_labels (bool):
    """

    id: int
    evaluator: str
    version: str
    sentences: int
    summaries: int
    has_scores: bool
    has_labels: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        evaluator = self.evaluator

        version = self.version

        sentences = self.sentences

        summaries = self.summaries

        has_scores = self.has_scores

        has_labels = self.has_labels

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "evaluator": evaluator,
                "version": version,
                "sentences": sentences,
                "summaries": summaries,
                "has_scores": has_scores,
                "has_labels": has_labels,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        evaluator = d.pop("evaluator")

        version = d.pop("version")

        sentences = d.pop("sentences")

        summaries = d.pop("summaries")

        has_scores = d.pop("has_scores")

        has_labels = d.pop("has_labels")

        corpus_run_option_output = cls(
            id=id,
            evaluator=evaluator,
            version=version,
            sentences=sentences,
            summaries=summaries,
            has_scores=has_scores,
            has_labels=has_labels,
        )

        corpus_run_option_output.additional_properties = d
        return corpus_run_option_output

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
