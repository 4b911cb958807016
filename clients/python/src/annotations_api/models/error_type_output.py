from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ErrorTypeOutput")


@_attrs_define
class ErrorTypeOutput:
    """
    Attributes:
        id (int):
        code (str):
        name (str):
        definition (str):
        example (str):
        parent (int | None):
    """

    id: int
    code: str
    name: str
    definition: str
    example: str
    parent: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        code = self.code

        name = self.name

        definition = self.definition

        example = self.example

        parent: int | None
        parent = self.parent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "code": code,
                "name": name,
                "definition": definition,
                "example": example,
                "parent": parent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        code = d.pop("code")

        name = d.pop("name")

        definition = d.pop("definition")

        example = d.pop("example")

        def _parse_parent(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        parent = _parse_parent(d.pop("parent"))

        error_type_output = cls(
            id=id,
            code=code,
            name=name,
            definition=definition,
            example=example,
            parent=parent,
        )

        error_type_output.additional_properties = d
        return error_type_output

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
