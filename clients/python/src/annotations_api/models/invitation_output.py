from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.project_role_enum import ProjectRoleEnum

T = TypeVar("T", bound="InvitationOutput")


@_attrs_define
class InvitationOutput:
    """
    Attributes:
        id (int):
        role (ProjectRoleEnum): * `admin` - project admin
            * `annotator` - annotator (linguist)
            * `reviewer` - reviewer
            * `researcher` - researcher
        email (str):
        created_by (str):
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
    """

    id: int
    role: ProjectRoleEnum
    email: str
    created_by: str
    created_at: datetime.datetime
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        role = self.role.value

        email = self.email

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "role": role,
                "email": email,
                "created_by": created_by,
                "created_at": created_at,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        role = ProjectRoleEnum(d.pop("role"))

        email = d.pop("email")

        created_by = d.pop("created_by")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        invitation_output = cls(
            id=id,
            role=role,
            email=email,
            created_by=created_by,
            created_at=created_at,
            expires_at=expires_at,
        )

        invitation_output.additional_properties = d
        return invitation_output

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
