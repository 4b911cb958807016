from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.decision_enum import DecisionEnum

T = TypeVar("T", bound="ReviewState")


@_attrs_define
class ReviewState:
    """
    Attributes:
        sentence (str): The sentence's handle in this assignment (never a database id).
        decision (DecisionEnum): * `confirmed` - confirmed
            * `false_positive` - false_positive
            * `types_changed` - types_changed
            * `` -
        note (str):
        error_types (list[int]):
        version (int):
    """

    sentence: str
    decision: DecisionEnum
    note: str
    error_types: list[int]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sentence = self.sentence

        decision = self.decision.value

        note = self.note

        error_types = self.error_types

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentence": sentence,
                "decision": decision,
                "note": note,
                "error_types": error_types,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sentence = d.pop("sentence")

        decision = DecisionEnum(d.pop("decision"))

        note = d.pop("note")

        error_types = cast(list[int], d.pop("error_types"))

        version = d.pop("version")

        review_state = cls(
            sentence=sentence,
            decision=decision,
            note=note,
            error_types=error_types,
            version=version,
        )

        review_state.additional_properties = d
        return review_state

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
