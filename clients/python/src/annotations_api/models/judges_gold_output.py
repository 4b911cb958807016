from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="JudgesGoldOutput")


@_attrs_define
class JudgesGoldOutput:
    """
    Attributes:
        rule (str):
        sentences (int):
        summaries (int):
        inconsistent_sentences (int):
        type_min_count (int):
    """

    rule: str
    sentences: int
    summaries: int
    inconsistent_sentences: int
    type_min_count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rule = self.rule

        sentences = self.sentences

        summaries = self.summaries

        inconsistent_sentences = self.inconsistent_sentences

        type_min_count = self.type_min_count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rule": rule,
                "sentences": sentences,
                "summaries": summaries,
                "inconsistent_sentences": inconsistent_sentences,
                "type_min_count": type_min_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rule = d.pop("rule")

        sentences = d.pop("sentences")

        summaries = d.pop("summaries")

        inconsistent_sentences = d.pop("inconsistent_sentences")

        type_min_count = d.pop("type_min_count")

        judges_gold_output = cls(
            rule=rule,
            sentences=sentences,
            summaries=summaries,
            inconsistent_sentences=inconsistent_sentences,
            type_min_count=type_min_count,
        )

        judges_gold_output.additional_properties = d
        return judges_gold_output

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
