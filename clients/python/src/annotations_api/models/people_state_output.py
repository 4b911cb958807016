from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.project_role_enum import ProjectRoleEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PeopleStateOutput")


@_attrs_define
class PeopleStateOutput:
    """
    Attributes:
        roles (list[ProjectRoleEnum]):
        paused (bool):
        released_assignments (int | Unset): A removal only: how many of their assignments, never started, were deleted
            so their rounds can give the units to someone else.
        round_ (str | Unset): A reassignment: the round's name.
        assignments (int | Unset): A reassignment: the assignments it created.
        automatic (bool | Unset): A reassignment the round made by itself.
    """

    roles: list[ProjectRoleEnum]
    paused: bool
    released_assignments: int | Unset = UNSET
    round_: str | Unset = UNSET
    assignments: int | Unset = UNSET
    automatic: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        roles = []
        for roles_item_data in self.roles:
            roles_item = roles_item_data.value
            roles.append(roles_item)

        paused = self.paused

        released_assignments = self.released_assignments

        round_ = self.round_

        assignments = self.assignments

        automatic = self.automatic

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "roles": roles,
                "paused": paused,
            }
        )
        if released_assignments is not UNSET:
            field_dict["released_assignments"] = released_assignments
        if round_ is not UNSET:
            field_dict["round"] = round_
        if assignments is not UNSET:
            field_dict["assignments"] = assignments
        if automatic is not UNSET:
            field_dict["automatic"] = automatic

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        roles = []
        _roles = d.pop("roles")
        for roles_item_data in _roles:
            roles_item = ProjectRoleEnum(roles_item_data)

            roles.append(roles_item)

        paused = d.pop("paused")

        released_assignments = d.pop("released_assignments", UNSET)

        round_ = d.pop("round", UNSET)

        assignments = d.pop("assignments", UNSET)

        automatic = d.pop("automatic", UNSET)

        people_state_output = cls(
            roles=roles,
            paused=paused,
            released_assignments=released_assignments,
            round_=round_,
            assignments=assignments,
            automatic=automatic,
        )

        people_state_output.additional_properties = d
        return people_state_output

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
