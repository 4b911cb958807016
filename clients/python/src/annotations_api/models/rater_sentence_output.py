from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.history_ref_output import HistoryRefOutput
    from ..models.rater_span_output import RaterSpanOutput


T = TypeVar("T", bound="RaterSentenceOutput")


@_attrs_define
class RaterSentenceOutput:
    """
    Attributes:
        label (str):
        explanation (str):
        error_types (list[str]):
        spans (list[RaterSpanOutput]): The error spans, each with its evidence.
        history (HistoryRefOutput):
    """

    label: str
    explanation: str
    error_types: list[str]
    spans: list[RaterSpanOutput]
    history: HistoryRefOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        label = self.label

        explanation = self.explanation

        error_types = self.error_types

        spans = []
        for spans_item_data in self.spans:
            spans_item = spans_item_data.to_dict()
            spans.append(spans_item)

        history = self.history.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "label": label,
                "explanation": explanation,
                "error_types": error_types,
                "spans": spans,
                "history": history,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.history_ref_output import HistoryRefOutput
        from ..models.rater_span_output import RaterSpanOutput

        d = dict(src_dict)
        label = d.pop("label")

        explanation = d.pop("explanation")

        error_types = cast(list[str], d.pop("error_types"))

        spans = []
        _spans = d.pop("spans")
        for spans_item_data in _spans:
            spans_item = RaterSpanOutput.from_dict(spans_item_data)

            spans.append(spans_item)

        history = HistoryRefOutput.from_dict(d.pop("history"))

        rater_sentence_output = cls(
            label=label,
            explanation=explanation,
            error_types=error_types,
            spans=spans,
            history=history,
        )

        rater_sentence_output.additional_properties = d
        return rater_sentence_output

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
