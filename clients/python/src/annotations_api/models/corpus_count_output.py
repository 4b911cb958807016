from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CorpusCountOutput")


@_attrs_define
class CorpusCountOutput:
    """
    Attributes:
        corpus (str):
        documents (int):
        topics (int):
        summaries (int):
    """

    corpus: str
    documents: int
    topics: int
    summaries: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        corpus = self.corpus

        documents = self.documents

        topics = self.topics

        summaries = self.summaries

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "corpus": corpus,
                "documents": documents,
                "topics": topics,
                "summaries": summaries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        corpus = d.pop("corpus")

        documents = d.pop("documents")

        topics = d.pop("topics")

        summaries = d.pop("summaries")

        corpus_count_output = cls(
            corpus=corpus,
            documents=documents,
            topics=topics,
            summaries=summaries,
        )

        corpus_count_output.additional_properties = d
        return corpus_count_output

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
