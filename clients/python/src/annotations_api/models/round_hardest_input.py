from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.by_enum import ByEnum

T = TypeVar("T", bound="RoundHardestInput")


@_attrs_define
class RoundHardestInput:
    """How many units, hardest first, by which measure.

    Attributes:
        release (int):
        by (ByEnum): * `against_gold` - against_gold
            * `among_evaluators` - among_evaluators
        count (int):
    """

    release: int
    by: ByEnum
    count: int

    def to_dict(self) -> dict[str, Any]:
        release = self.release

        by = self.by.value

        count = self.count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "release": release,
                "by": by,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        release = d.pop("release")

        by = ByEnum(d.pop("by"))

        count = d.pop("count")

        round_hardest_input = cls(
            release=release,
            by=by,
            count=count,
        )

        return round_hardest_input
