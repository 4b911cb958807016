from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.taxonomy_draft import TaxonomyDraft
    from ..models.taxonomy_type import TaxonomyType
    from ..models.taxonomy_version_output import TaxonomyVersionOutput


T = TypeVar("T", bound="TaxonomyDetail")


@_attrs_define
class TaxonomyDetail:
    """
    Attributes:
        slug (str):
        name (str):
        project (str):
        version (int | None): The latest published one.
        has_draft (bool):
        types (list[TaxonomyType]): The published types, retired ones flagged.
        draft (None | TaxonomyDraft):
        versions (list[TaxonomyVersionOutput]):
        unified_leaves (list[str]):
    """

    slug: str
    name: str
    project: str
    version: int | None
    has_draft: bool
    types: list[TaxonomyType]
    draft: None | TaxonomyDraft
    versions: list[TaxonomyVersionOutput]
    unified_leaves: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.taxonomy_draft import TaxonomyDraft

        slug = self.slug

        name = self.name

        project = self.project

        version: int | None
        version = self.version

        has_draft = self.has_draft

        types = []
        for types_item_data in self.types:
            types_item = types_item_data.to_dict()
            types.append(types_item)

        draft: dict[str, Any] | None
        if isinstance(self.draft, TaxonomyDraft):
            draft = self.draft.to_dict()
        else:
            draft = self.draft

        versions = []
        for versions_item_data in self.versions:
            versions_item = versions_item_data.to_dict()
            versions.append(versions_item)

        unified_leaves = self.unified_leaves

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "slug": slug,
                "name": name,
                "project": project,
                "version": version,
                "has_draft": has_draft,
                "types": types,
                "draft": draft,
                "versions": versions,
                "unified_leaves": unified_leaves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.taxonomy_draft import TaxonomyDraft
        from ..models.taxonomy_type import TaxonomyType
        from ..models.taxonomy_version_output import TaxonomyVersionOutput

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

        types = []
        _types = d.pop("types")
        for types_item_data in _types:
            types_item = TaxonomyType.from_dict(types_item_data)

            types.append(types_item)

        def _parse_draft(data: object) -> None | TaxonomyDraft:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                draft_type_1 = TaxonomyDraft.from_dict(data)

                return draft_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaxonomyDraft, data)

        draft = _parse_draft(d.pop("draft"))

        versions = []
        _versions = d.pop("versions")
        for versions_item_data in _versions:
            versions_item = TaxonomyVersionOutput.from_dict(versions_item_data)

            versions.append(versions_item)

        unified_leaves = cast(list[str], d.pop("unified_leaves"))

        taxonomy_detail = cls(
            slug=slug,
            name=name,
            project=project,
            version=version,
            has_draft=has_draft,
            types=types,
            draft=draft,
            versions=versions,
            unified_leaves=unified_leaves,
        )

        taxonomy_detail.additional_properties = d
        return taxonomy_detail

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
