from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UnitOutput")


@_attrs_define
class UnitOutput:
    """
    Attributes:
        topic (int):
        topic_name (str):
        document (str):
        corpus (str):
        summaries (int):
        rounds (list[str]): Rounds the unit is already in.
    """

    topic: int
    topic_name: str
    document: str
    corpus: str
    summaries: int
    rounds: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        topic = self.topic

        topic_name = self.topic_name

        document = self.document

        corpus = self.corpus

        summaries = self.summaries

        rounds = self.rounds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "topic": topic,
                "topic_name": topic_name,
                "document": document,
                "corpus": corpus,
                "summaries": summaries,
                "rounds": rounds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        topic = d.pop("topic")

        topic_name = d.pop("topic_name")

        document = d.pop("document")

        corpus = d.pop("corpus")

        summaries = d.pop("summaries")

        rounds = cast(list[str], d.pop("rounds"))

        unit_output = cls(
            topic=topic,
            topic_name=topic_name,
            document=document,
            corpus=corpus,
            summaries=summaries,
            rounds=rounds,
        )

        unit_output.additional_properties = d
        return unit_output

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
