from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.decision_enum import DecisionEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReviewSaveInput")


@_attrs_define
class ReviewSaveInput:
    """
    Attributes:
        version (int): The judgement's version this edits (0: never saved).
        decision (DecisionEnum | Unset): * `confirmed` - confirmed
            * `false_positive` - false_positive
            * `types_changed` - types_changed
            * `` -
        note (str | Unset):
        error_types (list[int] | Unset): The types that apply, when the decision is types_changed.
    """

    version: int
    decision: DecisionEnum | Unset = UNSET
    note: str | Unset = UNSET
    error_types: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        decision: str | Unset = UNSET
        if not isinstance(self.decision, Unset):
            decision = self.decision.value

        note = self.note

        error_types: list[int] | Unset = UNSET
        if not isinstance(self.error_types, Unset):
            error_types = self.error_types

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
            }
        )
        if decision is not UNSET:
            field_dict["decision"] = decision
        if note is not UNSET:
            field_dict["note"] = note
        if error_types is not UNSET:
            field_dict["error_types"] = error_types

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        version = d.pop("version")

        _decision = d.pop("decision", UNSET)
        decision: DecisionEnum | Unset
        if isinstance(_decision, Unset):
            decision = UNSET
        else:
            decision = DecisionEnum(_decision)

        note = d.pop("note", UNSET)

        error_types = cast(list[int], d.pop("error_types", UNSET))

        review_save_input = cls(
            version=version,
            decision=decision,
            note=note,
            error_types=error_types,
        )

        return review_save_input
