from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RoundTopicUnits")


@_attrs_define
class RoundTopicUnits:
    """The units chosen by hand.

    Attributes:
        topics (list[int]): The units' topic ids (GET /api/admin/projects/{slug}/units/).
    """

    topics: list[int]

    def to_dict(self) -> dict[str, Any]:
        topics = self.topics

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "topics": topics,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        topics = cast(list[int], d.pop("topics"))

        round_topic_units = cls(
            topics=topics,
        )

        return round_topic_units
