from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TaxonomyTypeOutput")


@_attrs_define
class TaxonomyTypeOutput:
    """
    Attributes:
        code (str):
        name (str):
        definition (str):
        parent (None | str): The parent type's code.
    """

    code: str
    name: str
    definition: str
    parent: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        name = self.name

        definition = self.definition

        parent: None | str
        parent = self.parent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "name": name,
                "definition": definition,
                "parent": parent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        name = d.pop("name")

        definition = d.pop("definition")

        def _parse_parent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        parent = _parse_parent(d.pop("parent"))

        taxonomy_type_output = cls(
            code=code,
            name=name,
            definition=definition,
            parent=parent,
        )

        taxonomy_type_output.additional_properties = d
        return taxonomy_type_output

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
