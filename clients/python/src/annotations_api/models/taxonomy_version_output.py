from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TaxonomyVersionOutput")


@_attrs_define
class TaxonomyVersionOutput:
    """
    Attributes:
        version (int):
        published_at (datetime.datetime):
        changelog (str):
        types (int): How many types it offers.
        rounds (int): How many rounds froze it.
    """

    version: int
    published_at: datetime.datetime
    changelog: str
    types: int
    rounds: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        published_at = self.published_at.isoformat()

        changelog = self.changelog

        types = self.types

        rounds = self.rounds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "published_at": published_at,
                "changelog": changelog,
                "types": types,
                "rounds": rounds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        version = d.pop("version")

        published_at = datetime.datetime.fromisoformat(d.pop("published_at"))

        changelog = d.pop("changelog")

        types = d.pop("types")

        rounds = d.pop("rounds")

        taxonomy_version_output = cls(
            version=version,
            published_at=published_at,
            changelog=changelog,
            types=types,
            rounds=rounds,
        )

        taxonomy_version_output.additional_properties = d
        return taxonomy_version_output

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
