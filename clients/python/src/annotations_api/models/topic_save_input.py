from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.topic_category_enum import TopicCategoryEnum

T = TypeVar("T", bound="TopicSaveInput")


@_attrs_define
class TopicSaveInput:
    """
    Attributes:
        version (int): The judgement's version this edits (0: never saved).
        category (TopicCategoryEnum): * `main` - main
            * `marginal` - marginal
            * `irrelevant` - irrelevant
            * `` -
    """

    version: int
    category: TopicCategoryEnum

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        category = self.category.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "category": category,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        version = d.pop("version")

        category = TopicCategoryEnum(d.pop("category"))

        topic_save_input = cls(
            version=version,
            category=category,
        )

        return topic_save_input
