from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TaxonomyType")


@_attrs_define
class TaxonomyType:
    """
    Attributes:
        code (str):
        name (str):
        definition (str):
        example (str):
        group (str):
        unified (str):
        retired (bool):
        locked (bool): Labels use it or a round froze it: it may be reordered or retired only.
    """

    code: str
    name: str
    definition: str
    example: str
    group: str
    unified: str
    retired: bool
    locked: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        name = self.name

        definition = self.definition

        example = self.example

        group = self.group

        unified = self.unified

        retired = self.retired

        locked = self.locked

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "name": name,
                "definition": definition,
                "example": example,
                "group": group,
                "unified": unified,
                "retired": retired,
                "locked": locked,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        name = d.pop("name")

        definition = d.pop("definition")

        example = d.pop("example")

        group = d.pop("group")

        unified = d.pop("unified")

        retired = d.pop("retired")

        locked = d.pop("locked")

        taxonomy_type = cls(
            code=code,
            name=name,
            definition=definition,
            example=example,
            group=group,
            unified=unified,
            retired=retired,
            locked=locked,
        )

        taxonomy_type.additional_properties = d
        return taxonomy_type

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
