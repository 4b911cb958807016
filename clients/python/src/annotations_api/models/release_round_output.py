from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.round_status_enum import RoundStatusEnum

T = TypeVar("T", bound="ReleaseRoundOutput")


@_attrs_define
class ReleaseRoundOutput:
    """
    Attributes:
        id (int):
        name (str):
        kind (str):
        status (RoundStatusEnum): * `draft` - draft
            * `open` - open
            * `closed` - closed
    """

    id: int
    name: str
    kind: str
    status: RoundStatusEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        kind = self.kind

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "kind": kind,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        kind = d.pop("kind")

        status = RoundStatusEnum(d.pop("status"))

        release_round_output = cls(
            id=id,
            name=name,
            kind=kind,
            status=status,
        )

        release_round_output.additional_properties = d
        return release_round_output

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
