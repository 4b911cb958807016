from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.confidence_enum import ConfidenceEnum
from ..models.label_enum import LabelEnum

if TYPE_CHECKING:
    from ..models.error_span_output import ErrorSpanOutput


T = TypeVar("T", bound="SentenceState")


@_attrs_define
class SentenceState:
    """
    Attributes:
        sentence (str): The sentence's handle in this assignment (never a database id).
        label (LabelEnum): * `consistent` - consistent
            * `inconsistent` - inconsistent
            * `` -
        explanation (str):
        comment (str):
        confidence (ConfidenceEnum | None):
        error_types (list[int]):
        spans (list[ErrorSpanOutput]):
        version (int):
    """

    sentence: str
    label: LabelEnum
    explanation: str
    comment: str
    confidence: ConfidenceEnum | None
    error_types: list[int]
    spans: list[ErrorSpanOutput]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sentence = self.sentence

        label = self.label.value

        explanation = self.explanation

        comment = self.comment

        confidence: int | None
        if isinstance(self.confidence, ConfidenceEnum):
            confidence = self.confidence.value
        else:
            confidence = self.confidence

        error_types = self.error_types

        spans = []
        for spans_item_data in self.spans:
            spans_item = spans_item_data.to_dict()
            spans.append(spans_item)

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentence": sentence,
                "label": label,
                "explanation": explanation,
                "comment": comment,
                "confidence": confidence,
                "error_types": error_types,
                "spans": spans,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_span_output import ErrorSpanOutput

        d = dict(src_dict)
        sentence = d.pop("sentence")

        label = LabelEnum(d.pop("label"))

        explanation = d.pop("explanation")

        comment = d.pop("comment")

        def _parse_confidence(data: object) -> ConfidenceEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                confidence_type_1 = ConfidenceEnum(data)

                return confidence_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConfidenceEnum | None, data)

        confidence = _parse_confidence(d.pop("confidence"))

        error_types = cast(list[int], d.pop("error_types"))

        spans = []
        _spans = d.pop("spans")
        for spans_item_data in _spans:
            spans_item = ErrorSpanOutput.from_dict(spans_item_data)

            spans.append(spans_item)

        version = d.pop("version")

        sentence_state = cls(
            sentence=sentence,
            label=label,
            explanation=explanation,
            comment=comment,
            confidence=confidence,
            error_types=error_types,
            spans=spans,
            version=version,
        )

        sentence_state.additional_properties = d
        return sentence_state

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
