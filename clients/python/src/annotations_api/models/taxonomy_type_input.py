from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.unified_enum import UnifiedEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="TaxonomyTypeInput")


@_attrs_define
class TaxonomyTypeInput:
    """
    Attributes:
        code (str): Stable id in exports: lowercase letters, digits, - _.
        name (str):
        definition (str):
        example (str | Unset):  Default: ''.
        group (str | Unset): The code of another type of the draft, its group (parent), or blank.
        unified (UnifiedEnum | Unset): * `` -
            * `intrinsic` - intrinsic
            * `extrinsic` - extrinsic
            * `intrinsic-np` - intrinsic-np
            * `intrinsic-predicate` - intrinsic-predicate
            * `intrinsic-sentence` - intrinsic-sentence
            * `extrinsic-np` - extrinsic-np
            * `extrinsic-predicate` - extrinsic-predicate
            * `extrinsic-sentence` - extrinsic-sentence Default: UnifiedEnum.VALUE_8.
        retired (bool | Unset): Retired: left out of new rounds, kept in old. Default: False.
    """

    code: str
    name: str
    definition: str
    example: str | Unset = ""
    group: str | Unset = UNSET
    unified: UnifiedEnum | Unset = UnifiedEnum.VALUE_8
    retired: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        name = self.name

        definition = self.definition

        example = self.example

        group: str | Unset
        if isinstance(self.group, Unset):
            group = UNSET
        else:
            group = self.group

        unified: str | Unset = UNSET
        if not isinstance(self.unified, Unset):
            unified = self.unified.value

        retired = self.retired

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "name": name,
                "definition": definition,
            }
        )
        if example is not UNSET:
            field_dict["example"] = example
        if group is not UNSET:
            field_dict["group"] = group
        if unified is not UNSET:
            field_dict["unified"] = unified
        if retired is not UNSET:
            field_dict["retired"] = retired

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        name = d.pop("name")

        definition = d.pop("definition")

        example = d.pop("example", UNSET)

        def _parse_group(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        group = _parse_group(d.pop("group", UNSET))

        _unified = d.pop("unified", UNSET)
        unified: UnifiedEnum | Unset
        if isinstance(_unified, Unset):
            unified = UNSET
        else:
            unified = UnifiedEnum(_unified)

        retired = d.pop("retired", UNSET)

        taxonomy_type_input = cls(
            code=code,
            name=name,
            definition=definition,
            example=example,
            group=group,
            unified=unified,
            retired=retired,
        )

        taxonomy_type_input.additional_properties = d
        return taxonomy_type_input

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
