from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DecisionToConfirmOutput")


@_attrs_define
class DecisionToConfirmOutput:
    """
    Attributes:
        decision (str):
        error_types (list[int]):
        note (str):
        version (int):
    """

    decision: str
    error_types: list[int]
    note: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        decision = self.decision

        error_types = self.error_types

        note = self.note

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "decision": decision,
                "error_types": error_types,
                "note": note,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        decision = d.pop("decision")

        error_types = cast(list[int], d.pop("error_types"))

        note = d.pop("note")

        version = d.pop("version")

        decision_to_confirm_output = cls(
            decision=decision,
            error_types=error_types,
            note=note,
            version=version,
        )

        decision_to_confirm_output.additional_properties = d
        return decision_to_confirm_output

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
