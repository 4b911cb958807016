from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.overlap_output import OverlapOutput


T = TypeVar("T", bound="FillOutput")


@_attrs_define
class FillOutput:
    """
    Attributes:
        units (int): Units brought back to the overlap.
        assignments (int):
        released_assignments (int):
        unfillable_units (list[int]): Units still short: every active annotator of the round has seen them.
        state (OverlapOutput):
    """

    units: int
    assignments: int
    released_assignments: int
    unfillable_units: list[int]
    state: OverlapOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        units = self.units

        assignments = self.assignments

        released_assignments = self.released_assignments

        unfillable_units = self.unfillable_units

        state = self.state.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "units": units,
                "assignments": assignments,
                "released_assignments": released_assignments,
                "unfillable_units": unfillable_units,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.overlap_output import OverlapOutput

        d = dict(src_dict)
        units = d.pop("units")

        assignments = d.pop("assignments")

        released_assignments = d.pop("released_assignments")

        unfillable_units = cast(list[int], d.pop("unfillable_units"))

        state = OverlapOutput.from_dict(d.pop("state"))

        fill_output = cls(
            units=units,
            assignments=assignments,
            released_assignments=released_assignments,
            unfillable_units=unfillable_units,
            state=state,
        )

        fill_output.additional_properties = d
        return fill_output

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
