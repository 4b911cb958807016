from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.project_role_enum import ProjectRoleEnum

T = TypeVar("T", bound="ProjectMember")


@_attrs_define
class ProjectMember:
    """
    Attributes:
        username (str):
        display_name (str):
        email (str):
        roles (list[ProjectRoleEnum]):
        paused (bool): Paused people start no new work.
        paused_at (datetime.datetime | None):
        paused_round (int | None): The round whose gold-unit threshold paused them, if one did.
        joined_at (datetime.datetime):
    """

    username: str
    display_name: str
    email: str
    roles: list[ProjectRoleEnum]
    paused: bool
    paused_at: datetime.datetime | None
    paused_round: int | None
    joined_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        display_name = self.display_name

        email = self.email

        roles = []
        for roles_item_data in self.roles:
            roles_item = roles_item_data.value
            roles.append(roles_item)

        paused = self.paused

        paused_at: None | str
        if isinstance(self.paused_at, datetime.datetime):
            paused_at = self.paused_at.isoformat()
        else:
            paused_at = self.paused_at

        paused_round: int | None
        paused_round = self.paused_round

        joined_at = self.joined_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "display_name": display_name,
                "email": email,
                "roles": roles,
                "paused": paused,
                "paused_at": paused_at,
                "paused_round": paused_round,
                "joined_at": joined_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        username = d.pop("username")

        display_name = d.pop("display_name")

        email = d.pop("email")

        roles = []
        _roles = d.pop("roles")
        for roles_item_data in _roles:
            roles_item = ProjectRoleEnum(roles_item_data)

            roles.append(roles_item)

        paused = d.pop("paused")

        def _parse_paused_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paused_at_type_0 = datetime.datetime.fromisoformat(data)

                return paused_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        paused_at = _parse_paused_at(d.pop("paused_at"))

        def _parse_paused_round(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        paused_round = _parse_paused_round(d.pop("paused_round"))

        joined_at = datetime.datetime.fromisoformat(d.pop("joined_at"))

        project_member = cls(
            username=username,
            display_name=display_name,
            email=email,
            roles=roles,
            paused=paused,
            paused_at=paused_at,
            paused_round=paused_round,
            joined_at=joined_at,
        )

        project_member.additional_properties = d
        return project_member

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
