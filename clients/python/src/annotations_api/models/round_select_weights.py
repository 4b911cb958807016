from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RoundSelectWeights")


@_attrs_define
class RoundSelectWeights:
    """The mix of the two priorities (each unit's share of them is in [0, 1]).

    Attributes:
        disagreement (float):
        uncertainty (float):
    """

    disagreement: float
    uncertainty: float

    def to_dict(self) -> dict[str, Any]:
        disagreement = self.disagreement

        uncertainty = self.uncertainty

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "disagreement": disagreement,
                "uncertainty": uncertainty,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        disagreement = d.pop("disagreement")

        uncertainty = d.pop("uncertainty")

        round_select_weights = cls(
            disagreement=disagreement,
            uncertainty=uncertainty,
        )

        return round_select_weights
