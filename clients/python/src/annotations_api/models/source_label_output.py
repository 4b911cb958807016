from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.source_span_output import SourceSpanOutput


T = TypeVar("T", bound="SourceLabelOutput")


@_attrs_define
class SourceLabelOutput:
    """
    Attributes:
        rater (str): R1, R2…: a role letter, never a name.
        label (str):
        explanation (str):
        error_types (list[int]):
        spans (list[SourceSpanOutput]):
    """

    rater: str
    label: str
    explanation: str
    error_types: list[int]
    spans: list[SourceSpanOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rater = self.rater

        label = self.label

        explanation = self.explanation

        error_types = self.error_types

        spans = []
        for spans_item_data in self.spans:
            spans_item = spans_item_data.to_dict()
            spans.append(spans_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rater": rater,
                "label": label,
                "explanation": explanation,
                "error_types": error_types,
                "spans": spans,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.source_span_output import SourceSpanOutput

        d = dict(src_dict)
        rater = d.pop("rater")

        label = d.pop("label")

        explanation = d.pop("explanation")

        error_types = cast(list[int], d.pop("error_types"))

        spans = []
        _spans = d.pop("spans")
        for spans_item_data in _spans:
            spans_item = SourceSpanOutput.from_dict(spans_item_data)

            spans.append(spans_item)

        source_label_output = cls(
            rater=rater,
            label=label,
            explanation=explanation,
            error_types=error_types,
            spans=spans,
        )

        source_label_output.additional_properties = d
        return source_label_output

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
