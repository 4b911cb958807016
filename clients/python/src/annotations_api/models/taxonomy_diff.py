from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.taxonomy_change import TaxonomyChange


T = TypeVar("T", bound="TaxonomyDiff")


@_attrs_define
class TaxonomyDiff:
    """
    Attributes:
        added (list[str]):
        changed (list[TaxonomyChange]):
        retired (list[str]):
        restored (list[str]):
        reordered (bool):
    """

    added: list[str]
    changed: list[TaxonomyChange]
    retired: list[str]
    restored: list[str]
    reordered: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        added = self.added

        changed = []
        for changed_item_data in self.changed:
            changed_item = changed_item_data.to_dict()
            changed.append(changed_item)

        retired = self.retired

        restored = self.restored

        reordered = self.reordered

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "added": added,
                "changed": changed,
                "retired": retired,
                "restored": restored,
                "reordered": reordered,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.taxonomy_change import TaxonomyChange

        d = dict(src_dict)
        added = cast(list[str], d.pop("added"))

        changed = []
        _changed = d.pop("changed")
        for changed_item_data in _changed:
            changed_item = TaxonomyChange.from_dict(changed_item_data)

            changed.append(changed_item)

        retired = cast(list[str], d.pop("retired"))

        restored = cast(list[str], d.pop("restored"))

        reordered = d.pop("reordered")

        taxonomy_diff = cls(
            added=added,
            changed=changed,
            retired=retired,
            restored=restored,
            reordered=reordered,
        )

        taxonomy_diff.additional_properties = d
        return taxonomy_diff

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
