from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.decision_choice_enum import DecisionChoiceEnum
from ..models.review_outcome_output_status_enum import ReviewOutcomeOutputStatusEnum

T = TypeVar("T", bound="ReviewOutcomeOutput")


@_attrs_define
class ReviewOutcomeOutput:
    """
    Attributes:
        sentence (str): Handle.
        decision (DecisionChoiceEnum): * `confirmed` - confirmed
            * `false_positive` - false_positive
            * `types_changed` - types_changed
        error_types (list[int]):
        note (str):
        status (ReviewOutcomeOutputStatusEnum): * `confirmed` - confirmed
            * `pending` - pending
            * `disputed` - disputed
            * `adjudicated` - adjudicated
    """

    sentence: str
    decision: DecisionChoiceEnum
    error_types: list[int]
    note: str
    status: ReviewOutcomeOutputStatusEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sentence = self.sentence

        decision = self.decision.value

        error_types = self.error_types

        note = self.note

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentence": sentence,
                "decision": decision,
                "error_types": error_types,
                "note": note,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sentence = d.pop("sentence")

        decision = DecisionChoiceEnum(d.pop("decision"))

        error_types = cast(list[int], d.pop("error_types"))

        note = d.pop("note")

        status = ReviewOutcomeOutputStatusEnum(d.pop("status"))

        review_outcome_output = cls(
            sentence=sentence,
            decision=decision,
            error_types=error_types,
            note=note,
            status=status,
        )

        review_outcome_output.additional_properties = d
        return review_outcome_output

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
