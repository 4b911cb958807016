from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.strategy_enum import StrategyEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.round_select_weights import RoundSelectWeights


T = TypeVar("T", bound="RoundSelectInput")


@_attrs_define
class RoundSelectInput:
    """Units chosen among the unannotated ones by what the corpus runs find hard, drawn with
    known inclusion probabilities (docs/models-in-the-loop.md, "Choosing what to annotate").

        Attributes:
            strategy (StrategyEnum): * `disagreement` - disagreement
                * `uncertainty` - uncertainty
                * `mix` - mix
            runs (list[int]): The corpus runs' ids, each once (disagreement needs two or more).
            count (int):
            weights (RoundSelectWeights | Unset): The mix of the two priorities (each unit's share of them is in [0, 1]).
            reserve (float | Unset): The share of the sample drawn as if uniformly, so every unit can be drawn. Default:
                0.2.
    """

    strategy: StrategyEnum
    runs: list[int]
    count: int
    weights: RoundSelectWeights | Unset = UNSET
    reserve: float | Unset = 0.2

    def to_dict(self) -> dict[str, Any]:
        strategy = self.strategy.value

        runs = self.runs

        count = self.count

        weights: dict[str, Any] | Unset = UNSET
        if not isinstance(self.weights, Unset):
            weights = self.weights.to_dict()

        reserve = self.reserve

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "strategy": strategy,
                "runs": runs,
                "count": count,
            }
        )
        if weights is not UNSET:
            field_dict["weights"] = weights
        if reserve is not UNSET:
            field_dict["reserve"] = reserve

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_select_weights import RoundSelectWeights

        d = dict(src_dict)
        strategy = StrategyEnum(d.pop("strategy"))

        runs = cast(list[int], d.pop("runs"))

        count = d.pop("count")

        _weights = d.pop("weights", UNSET)
        weights: RoundSelectWeights | Unset
        if isinstance(_weights, Unset):
            weights = UNSET
        else:
            weights = RoundSelectWeights.from_dict(_weights)

        reserve = d.pop("reserve", UNSET)

        round_select_input = cls(
            strategy=strategy,
            runs=runs,
            count=count,
            weights=weights,
            reserve=reserve,
        )

        return round_select_input
