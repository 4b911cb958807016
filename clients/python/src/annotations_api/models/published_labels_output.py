from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.published_row_output import PublishedRowOutput


T = TypeVar("T", bound="PublishedLabelsOutput")


@_attrs_define
class PublishedLabelsOutput:
    """
    Attributes:
        sources (list[str]):
        systems (list[PublishedRowOutput]):
        by_topic_category (list[PublishedRowOutput]):
    """

    sources: list[str]
    systems: list[PublishedRowOutput]
    by_topic_category: list[PublishedRowOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sources = self.sources

        systems = []
        for systems_item_data in self.systems:
            systems_item = systems_item_data.to_dict()
            systems.append(systems_item)

        by_topic_category = []
        for by_topic_category_item_data in self.by_topic_category:
            by_topic_category_item = by_topic_category_item_data.to_dict()
            by_topic_category.append(by_topic_category_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sources": sources,
                "systems": systems,
                "by_topic_category": by_topic_category,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.published_row_output import PublishedRowOutput

        d = dict(src_dict)
        sources = cast(list[str], d.pop("sources"))

        systems = []
        _systems = d.pop("systems")
        for systems_item_data in _systems:
            systems_item = PublishedRowOutput.from_dict(systems_item_data)

            systems.append(systems_item)

        by_topic_category = []
        _by_topic_category = d.pop("by_topic_category")
        for by_topic_category_item_data in _by_topic_category:
            by_topic_category_item = PublishedRowOutput.from_dict(by_topic_category_item_data)

            by_topic_category.append(by_topic_category_item)

        published_labels_output = cls(
            sources=sources,
            systems=systems,
            by_topic_category=by_topic_category,
        )

        published_labels_output.additional_properties = d
        return published_labels_output

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
