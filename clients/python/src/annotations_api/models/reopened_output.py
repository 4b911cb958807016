from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ReopenedOutput")


@_attrs_define
class ReopenedOutput:
    """
    Attributes:
        assignment (int):
        status (str):
        feedback (int): The note that tells the annotator why.
    """

    assignment: int
    status: str
    feedback: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        assignment = self.assignment

        status = self.status

        feedback = self.feedback

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "assignment": assignment,
                "status": status,
                "feedback": feedback,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        assignment = d.pop("assignment")

        status = d.pop("status")

        feedback = d.pop("feedback")

        reopened_output = cls(
            assignment=assignment,
            status=status,
            feedback=feedback,
        )

        reopened_output.additional_properties = d
        return reopened_output

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
