from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.short_unit_output import ShortUnitOutput


T = TypeVar("T", bound="OverlapOutput")


@_attrs_define
class OverlapOutput:
    """
    Attributes:
        overlap (int):
        auto_reassign (bool):
        candidates (int): Active annotators of the round.
        short_units (list[ShortUnitOutput]):
    """

    overlap: int
    auto_reassign: bool
    candidates: int
    short_units: list[ShortUnitOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        overlap = self.overlap

        auto_reassign = self.auto_reassign

        candidates = self.candidates

        short_units = []
        for short_units_item_data in self.short_units:
            short_units_item = short_units_item_data.to_dict()
            short_units.append(short_units_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "overlap": overlap,
                "auto_reassign": auto_reassign,
                "candidates": candidates,
                "short_units": short_units,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.short_unit_output import ShortUnitOutput

        d = dict(src_dict)
        overlap = d.pop("overlap")

        auto_reassign = d.pop("auto_reassign")

        candidates = d.pop("candidates")

        short_units = []
        _short_units = d.pop("short_units")
        for short_units_item_data in _short_units:
            short_units_item = ShortUnitOutput.from_dict(short_units_item_data)

            short_units.append(short_units_item)

        overlap_output = cls(
            overlap=overlap,
            auto_reassign=auto_reassign,
            candidates=candidates,
            short_units=short_units,
        )

        overlap_output.additional_properties = d
        return overlap_output

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
