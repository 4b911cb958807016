from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.round_select_input import RoundSelectInput


T = TypeVar("T", bound="RoundSelectUnits")


@_attrs_define
class RoundSelectUnits:
    """Units chosen by evaluators' disagreement or uncertainty, with a random reserve.

    Attributes:
        select (RoundSelectInput): Units chosen among the unannotated ones by what the corpus runs find hard, drawn with
            known inclusion probabilities (docs/models-in-the-loop.md, "Choosing what to annotate").
        seed (int | Unset):  Default: 0.
    """

    select: RoundSelectInput
    seed: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        select = self.select.to_dict()

        seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "select": select,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_select_input import RoundSelectInput

        d = dict(src_dict)
        select = RoundSelectInput.from_dict(d.pop("select"))

        seed = d.pop("seed", UNSET)

        round_select_units = cls(
            select=select,
            seed=seed,
        )

        return round_select_units
