from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TaxonomySummary")


@_attrs_define
class TaxonomySummary:
    """
    Attributes:
        slug (str):
        name (str):
        project (str):
        version (int | None): The latest published one.
        has_draft (bool):
    """

    slug: str
    name: str
    project: str
    version: int | None
    has_draft: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        name = self.name

        project = self.project

        version: int | None
        version = self.version

        has_draft = self.has_draft

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "slug": slug,
                "name": name,
                "project": project,
                "version": version,
                "has_draft": has_draft,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        slug = d.pop("slug")

        name = d.pop("name")

        project = d.pop("project")

        def _parse_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        version = _parse_version(d.pop("version"))

        has_draft = d.pop("has_draft")

        taxonomy_summary = cls(
            slug=slug,
            name=name,
            project=project,
            version=version,
            has_draft=has_draft,
        )

        taxonomy_summary.additional_properties = d
        return taxonomy_summary

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
