from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ReleaseFileOutput")


@_attrs_define
class ReleaseFileOutput:
    """
    Attributes:
        name (str):
        sha256 (str):
        size (int):
        records (int | None):
    """

    name: str
    sha256: str
    size: int
    records: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        sha256 = self.sha256

        size = self.size

        records: int | None
        records = self.records

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "sha256": sha256,
                "size": size,
                "records": records,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        sha256 = d.pop("sha256")

        size = d.pop("size")

        def _parse_records(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        records = _parse_records(d.pop("records"))

        release_file_output = cls(
            name=name,
            sha256=sha256,
            size=size,
            records=records,
        )

        release_file_output.additional_properties = d
        return release_file_output

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
