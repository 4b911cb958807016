from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.project_role_enum import ProjectRoleEnum

T = TypeVar("T", bound="MemberAddInput")


@_attrs_define
class MemberAddInput:
    """
    Attributes:
        user (str): An existing account's username or email address.
        role (ProjectRoleEnum): * `admin` - project admin
            * `annotator` - annotator (linguist)
            * `reviewer` - reviewer
            * `researcher` - researcher
    """

    user: str
    role: ProjectRoleEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        user = self.user

        role = self.role.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "user": user,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user = d.pop("user")

        role = ProjectRoleEnum(d.pop("role"))

        member_add_input = cls(
            user=user,
            role=role,
        )

        member_add_input.additional_properties = d
        return member_add_input

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
