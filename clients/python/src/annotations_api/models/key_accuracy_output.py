from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="KeyAccuracyOutput")


@_attrs_define
class KeyAccuracyOutput:
    """
    Attributes:
        sentence_label (float | None):
        error_types (float | None):
        relevance (float | None):
        topic_category (float | None):
    """

    sentence_label: float | None
    error_types: float | None
    relevance: float | None
    topic_category: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sentence_label: float | None
        sentence_label = self.sentence_label

        error_types: float | None
        error_types = self.error_types

        relevance: float | None
        relevance = self.relevance

        topic_category: float | None
        topic_category = self.topic_category

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentence_label": sentence_label,
                "error_types": error_types,
                "relevance": relevance,
                "topic_category": topic_category,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_sentence_label(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        sentence_label = _parse_sentence_label(d.pop("sentence_label"))

        def _parse_error_types(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        error_types = _parse_error_types(d.pop("error_types"))

        def _parse_relevance(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        relevance = _parse_relevance(d.pop("relevance"))

        def _parse_topic_category(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        topic_category = _parse_topic_category(d.pop("topic_category"))

        key_accuracy_output = cls(
            sentence_label=sentence_label,
            error_types=error_types,
            relevance=relevance,
            topic_category=topic_category,
        )

        key_accuracy_output.additional_properties = d
        return key_accuracy_output

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
