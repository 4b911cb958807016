from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DisagreementOutput")


@_attrs_define
class DisagreementOutput:
    """
    Attributes:
        topic (int):
        topic_name (str):
        document (str):
        sentences (int): Sentences whose labels differ.
        summaries (int): Summaries whose relevance differs.
        topic_category (bool): Whether the topic category differs.
    """

    topic: int
    topic_name: str
    document: str
    sentences: int
    summaries: int
    topic_category: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        topic = self.topic

        topic_name = self.topic_name

        document = self.document

        sentences = self.sentences

        summaries = self.summaries

        topic_category = self.topic_category

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "topic": topic,
                "topic_name": topic_name,
                "document": document,
                "sentences": sentences,
                "summaries": summaries,
                "topic_category": topic_category,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        topic = d.pop("topic")

        topic_name = d.pop("topic_name")

        document = d.pop("document")

        sentences = d.pop("sentences")

        summaries = d.pop("summaries")

        topic_category = d.pop("topic_category")

        disagreement_output = cls(
            topic=topic,
            topic_name=topic_name,
            document=document,
            sentences=sentences,
            summaries=summaries,
            topic_category=topic_category,
        )

        disagreement_output.additional_properties = d
        return disagreement_output

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
