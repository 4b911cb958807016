from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SentenceReviewOutput")


@_attrs_define
class SentenceReviewOutput:
    """
    Attributes:
        decision (str):
        note (str):
        error_types (list[int]): Type ids a 'types_changed' decision chose.
        second (str): confirm, dispute, or ''.
        second_note (str):
    """

    decision: str
    note: str
    error_types: list[int]
    second: str
    second_note: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        decision = self.decision

        note = self.note

        error_types = self.error_types

        second = self.second

        second_note = self.second_note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "decision": decision,
                "note": note,
                "error_types": error_types,
                "second": second,
                "second_note": second_note,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        decision = d.pop("decision")

        note = d.pop("note")

        error_types = cast(list[int], d.pop("error_types"))

        second = d.pop("second")

        second_note = d.pop("second_note")

        sentence_review_output = cls(
            decision=decision,
            note=note,
            error_types=error_types,
            second=second,
            second_note=second_note,
        )

        sentence_review_output.additional_properties = d
        return sentence_review_output

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
