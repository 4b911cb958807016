from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.project_role_enum import ProjectRoleEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="MemberUpdateInput")


@_attrs_define
class MemberUpdateInput:
    """
    Attributes:
        roles (list[ProjectRoleEnum] | Unset): The member's whole set of roles (at least one: to take all away, remove
            them).
        paused (bool | Unset): true pauses (no new work), false resumes.
    """

    roles: list[ProjectRoleEnum] | Unset = UNSET
    paused: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        roles: list[str] | Unset = UNSET
        if not isinstance(self.roles, Unset):
            roles = []
            for roles_item_data in self.roles:
                roles_item = roles_item_data.value
                roles.append(roles_item)

        paused = self.paused

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if roles is not UNSET:
            field_dict["roles"] = roles
        if paused is not UNSET:
            field_dict["paused"] = paused

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _roles = d.pop("roles", UNSET)
        roles: list[ProjectRoleEnum] | Unset = UNSET
        if _roles is not UNSET:
            roles = []
            for roles_item_data in _roles:
                roles_item = ProjectRoleEnum(roles_item_data)

                roles.append(roles_item)

        paused = d.pop("paused", UNSET)

        member_update_input = cls(
            roles=roles,
            paused=paused,
        )

        member_update_input.additional_properties = d
        return member_update_input

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
