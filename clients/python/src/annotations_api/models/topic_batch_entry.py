from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.topic_category_enum import TopicCategoryEnum

T = TypeVar("T", bound="TopicBatchEntry")


@_attrs_define
class TopicBatchEntry:
    """A save of a topic judgement in a batch: its kind, the version it edits and at least one change.

    Attributes:
        version (int): The judgement's version this edits (0: never saved).
        category (TopicCategoryEnum): * `main` - main
            * `marginal` - marginal
            * `irrelevant` - irrelevant
            * `` -
        kind (str): The judgement's kind: topic.
    """

    version: int
    category: TopicCategoryEnum
    kind: str

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        category = self.category.value

        kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "category": category,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        version = d.pop("version")

        category = TopicCategoryEnum(d.pop("category"))

        kind = d.pop("kind")

        topic_batch_entry = cls(
            version=version,
            category=category,
            kind=kind,
        )

        return topic_batch_entry
