from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CaseOutput")


@_attrs_define
class CaseOutput:
    """
    Attributes:
        id (int):
        question (str):
        target (None | str): A handle, or null: the unit.
        note (str):
        flagged (bool):
    """

    id: int
    question: str
    target: None | str
    note: str
    flagged: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        question = self.question

        target: None | str
        target = self.target

        note = self.note

        flagged = self.flagged

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "question": question,
                "target": target,
                "note": note,
                "flagged": flagged,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        question = d.pop("question")

        def _parse_target(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        target = _parse_target(d.pop("target"))

        note = d.pop("note")

        flagged = d.pop("flagged")

        case_output = cls(
            id=id,
            question=question,
            target=target,
            note=note,
            flagged=flagged,
        )

        case_output.additional_properties = d
        return case_output

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
