from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.confusion_pair_unit_output import ConfusionPairUnitOutput


T = TypeVar("T", bound="ConfusionPairOutput")


@_attrs_define
class ConfusionPairOutput:
    """
    Attributes:
        a (str):
        b (str):
        count (int): Rater pairs on one item giving a and b.
        n_units (int): Units where it occurs.
        units (list[ConfusionPairUnitOutput]): The first ten, most affected first.
    """

    a: str
    b: str
    count: int
    n_units: int
    units: list[ConfusionPairUnitOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        a = self.a

        b = self.b

        count = self.count

        n_units = self.n_units

        units = []
        for units_item_data in self.units:
            units_item = units_item_data.to_dict()
            units.append(units_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "a": a,
                "b": b,
                "count": count,
                "n_units": n_units,
                "units": units,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.confusion_pair_unit_output import ConfusionPairUnitOutput

        d = dict(src_dict)
        a = d.pop("a")

        b = d.pop("b")

        count = d.pop("count")

        n_units = d.pop("n_units")

        units = []
        _units = d.pop("units")
        for units_item_data in _units:
            units_item = ConfusionPairUnitOutput.from_dict(units_item_data)

            units.append(units_item)

        confusion_pair_output = cls(
            a=a,
            b=b,
            count=count,
            n_units=n_units,
            units=units,
        )

        confusion_pair_output.additional_properties = d
        return confusion_pair_output

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
