from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.taxonomy_diff import TaxonomyDiff
    from ..models.taxonomy_type import TaxonomyType


T = TypeVar("T", bound="TaxonomyDraft")


@_attrs_define
class TaxonomyDraft:
    """
    Attributes:
        types (list[TaxonomyType]):
        diff (TaxonomyDiff):
    """

    types: list[TaxonomyType]
    diff: TaxonomyDiff
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        types = []
        for types_item_data in self.types:
            types_item = types_item_data.to_dict()
            types.append(types_item)

        diff = self.diff.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "types": types,
                "diff": diff,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.taxonomy_diff import TaxonomyDiff
        from ..models.taxonomy_type import TaxonomyType

        d = dict(src_dict)
        types = []
        _types = d.pop("types")
        for types_item_data in _types:
            types_item = TaxonomyType.from_dict(types_item_data)

            types.append(types_item)

        diff = TaxonomyDiff.from_dict(d.pop("diff"))

        taxonomy_draft = cls(
            types=types,
            diff=diff,
        )

        taxonomy_draft.additional_properties = d
        return taxonomy_draft

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
