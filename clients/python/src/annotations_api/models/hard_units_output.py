from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.hard_unit_output import HardUnitOutput


T = TypeVar("T", bound="HardUnitsOutput")


@_attrs_define
class HardUnitsOutput:
    """
    Attributes:
        units (list[HardUnitOutput]):
    """

    units: list[HardUnitOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        units = []
        for units_item_data in self.units:
            units_item = units_item_data.to_dict()
            units.append(units_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "units": units,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hard_unit_output import HardUnitOutput

        d = dict(src_dict)
        units = []
        _units = d.pop("units")
        for units_item_data in _units:
            units_item = HardUnitOutput.from_dict(units_item_data)

            units.append(units_item)

        hard_units_output = cls(
            units=units,
        )

        hard_units_output.additional_properties = d
        return hard_units_output

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
