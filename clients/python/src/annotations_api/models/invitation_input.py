from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.project_role_enum import ProjectRoleEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="InvitationInput")


@_attrs_define
class InvitationInput:
    """
    Attributes:
        role (ProjectRoleEnum): * `admin` - project admin
            * `annotator` - annotator (linguist)
            * `reviewer` - reviewer
            * `researcher` - researcher
        email (str | Unset): Who it is for (optional): listed with the pending invitations.
    """

    role: ProjectRoleEnum
    email: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        email: str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "role": role,
            }
        )
        if email is not UNSET:
            field_dict["email"] = email

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        role = ProjectRoleEnum(d.pop("role"))

        def _parse_email(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        invitation_input = cls(
            role=role,
            email=email,
        )

        invitation_input.additional_properties = d
        return invitation_input

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
