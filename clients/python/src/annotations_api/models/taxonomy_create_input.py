from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.builtin_taxonomy_enum import BuiltinTaxonomyEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="TaxonomyCreateInput")


@_attrs_define
class TaxonomyCreateInput:
    """
    Attributes:
        project (str): A project you administer.
        name (str):
        copy_from (BuiltinTaxonomyEnum | Unset):  Default: BuiltinTaxonomyEnum.VALUE_4.
    """

    project: str
    name: str
    copy_from: BuiltinTaxonomyEnum | Unset = BuiltinTaxonomyEnum.VALUE_4
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        project = self.project

        name = self.name

        copy_from: str | Unset = UNSET
        if not isinstance(self.copy_from, Unset):
            copy_from = self.copy_from.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "project": project,
                "name": name,
            }
        )
        if copy_from is not UNSET:
            field_dict["copy_from"] = copy_from

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        project = d.pop("project")

        name = d.pop("name")

        _copy_from = d.pop("copy_from", UNSET)
        copy_from: BuiltinTaxonomyEnum | Unset
        if isinstance(_copy_from, Unset):
            copy_from = UNSET
        else:
            copy_from = BuiltinTaxonomyEnum(_copy_from)

        taxonomy_create_input = cls(
            project=project,
            name=name,
            copy_from=copy_from,
        )

        taxonomy_create_input.additional_properties = d
        return taxonomy_create_input

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
