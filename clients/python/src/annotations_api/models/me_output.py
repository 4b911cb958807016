from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.membership_output import MembershipOutput


T = TypeVar("T", bound="MeOutput")


@_attrs_define
class MeOutput:
    """
    Attributes:
        username (str):
        display_name (str):
        is_staff (bool):
        is_superuser (bool): A site superuser manages any project's people, admin of it or not.
        can_create_projects (bool):
        memberships (list[MembershipOutput]):
    """

    username: str
    display_name: str
    is_staff: bool
    is_superuser: bool
    can_create_projects: bool
    memberships: list[MembershipOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        display_name = self.display_name

        is_staff = self.is_staff

        is_superuser = self.is_superuser

        can_create_projects = self.can_create_projects

        memberships = []
        for memberships_item_data in self.memberships:
            memberships_item = memberships_item_data.to_dict()
            memberships.append(memberships_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "display_name": display_name,
                "is_staff": is_staff,
                "is_superuser": is_superuser,
                "can_create_projects": can_create_projects,
                "memberships": memberships,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.membership_output import MembershipOutput

        d = dict(src_dict)
        username = d.pop("username")

        display_name = d.pop("display_name")

        is_staff = d.pop("is_staff")

        is_superuser = d.pop("is_superuser")

        can_create_projects = d.pop("can_create_projects")

        memberships = []
        _memberships = d.pop("memberships")
        for memberships_item_data in _memberships:
            memberships_item = MembershipOutput.from_dict(memberships_item_data)

            memberships.append(memberships_item)

        me_output = cls(
            username=username,
            display_name=display_name,
            is_staff=is_staff,
            is_superuser=is_superuser,
            can_create_projects=can_create_projects,
            memberships=memberships,
        )

        me_output.additional_properties = d
        return me_output

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
