from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MemberOutput")


@_attrs_define
class MemberOutput:
    """
    Attributes:
        id (int):
        username (str):
        display_name (str):
        roles (list[str]):
    """

    id: int
    username: str
    display_name: str
    roles: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        username = self.username

        display_name = self.display_name

        roles = self.roles

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "username": username,
                "display_name": display_name,
                "roles": roles,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        display_name = d.pop("display_name")

        roles = cast(list[str], d.pop("roles"))

        member_output = cls(
            id=id,
            username=username,
            display_name=display_name,
            roles=roles,
        )

        member_output.additional_properties = d
        return member_output

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
