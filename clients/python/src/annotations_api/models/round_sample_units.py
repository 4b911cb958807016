from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RoundSampleUnits")


@_attrs_define
class RoundSampleUnits:
    """A seeded sample of the project's free units.

    Attributes:
        sample (int): How many of the project's free units.
        seed (int | Unset):  Default: 0.
        include_busy (bool | Unset): Let the sample take units already in another round of the same kind that is not
            closed (left out by default; the answer says how many). Default: False.
    """

    sample: int
    seed: int | Unset = 0
    include_busy: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        sample = self.sample

        seed = self.seed

        include_busy = self.include_busy

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sample": sample,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed
        if include_busy is not UNSET:
            field_dict["include_busy"] = include_busy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sample = d.pop("sample")

        seed = d.pop("seed", UNSET)

        include_busy = d.pop("include_busy", UNSET)

        round_sample_units = cls(
            sample=sample,
            seed=seed,
            include_busy=include_busy,
        )

        return round_sample_units
