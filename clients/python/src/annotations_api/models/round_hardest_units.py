from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.round_hardest_input import RoundHardestInput


T = TypeVar("T", bound="RoundHardestUnits")


@_attrs_define
class RoundHardestUnits:
    """The units of a published release hardest for its evaluators.

    Attributes:
        hardest (RoundHardestInput): How many units, hardest first, by which measure.
    """

    hardest: RoundHardestInput

    def to_dict(self) -> dict[str, Any]:
        hardest = self.hardest.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hardest": hardest,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_hardest_input import RoundHardestInput

        d = dict(src_dict)
        hardest = RoundHardestInput.from_dict(d.pop("hardest"))

        round_hardest_units = cls(
            hardest=hardest,
        )

        return round_hardest_units
