from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.relevance_mapping_enum import RelevanceMappingEnum
from ..models.topic_category_mapping_enum import TopicCategoryMappingEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReleaseMappingsInput")


@_attrs_define
class ReleaseMappingsInput:
    """
    Attributes:
        topic_category (TopicCategoryMappingEnum | Unset): * `merge_marginal` - merge_marginal
        relevance (RelevanceMappingEnum | Unset): * `binary` - binary
    """

    topic_category: TopicCategoryMappingEnum | Unset = UNSET
    relevance: RelevanceMappingEnum | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        topic_category: str | Unset = UNSET
        if not isinstance(self.topic_category, Unset):
            topic_category = self.topic_category.value

        relevance: str | Unset = UNSET
        if not isinstance(self.relevance, Unset):
            relevance = self.relevance.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if topic_category is not UNSET:
            field_dict["topic_category"] = topic_category
        if relevance is not UNSET:
            field_dict["relevance"] = relevance

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _topic_category = d.pop("topic_category", UNSET)
        topic_category: TopicCategoryMappingEnum | Unset
        if isinstance(_topic_category, Unset):
            topic_category = UNSET
        else:
            topic_category = TopicCategoryMappingEnum(_topic_category)

        _relevance = d.pop("relevance", UNSET)
        relevance: RelevanceMappingEnum | Unset
        if isinstance(_relevance, Unset):
            relevance = UNSET
        else:
            relevance = RelevanceMappingEnum(_relevance)

        release_mappings_input = cls(
            topic_category=topic_category,
            relevance=relevance,
        )

        return release_mappings_input
