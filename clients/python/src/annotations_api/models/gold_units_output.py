from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.gold_annotator_output import GoldAnnotatorOutput


T = TypeVar("T", bound="GoldUnitsOutput")


@_attrs_define
class GoldUnitsOutput:
    """
    Attributes:
        units (int):
        rate (float):
        pause_below (float | None):
        annotators (list[GoldAnnotatorOutput]):
    """

    units: int
    rate: float
    pause_below: float | None
    annotators: list[GoldAnnotatorOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        units = self.units

        rate = self.rate

        pause_below: float | None
        pause_below = self.pause_below

        annotators = []
        for annotators_item_data in self.annotators:
            annotators_item = annotators_item_data.to_dict()
            annotators.append(annotators_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "units": units,
                "rate": rate,
                "pause_below": pause_below,
                "annotators": annotators,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.gold_annotator_output import GoldAnnotatorOutput

        d = dict(src_dict)
        units = d.pop("units")

        rate = d.pop("rate")

        def _parse_pause_below(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        pause_below = _parse_pause_below(d.pop("pause_below"))

        annotators = []
        _annotators = d.pop("annotators")
        for annotators_item_data in _annotators:
            annotators_item = GoldAnnotatorOutput.from_dict(annotators_item_data)

            annotators.append(annotators_item)

        gold_units_output = cls(
            units=units,
            rate=rate,
            pause_below=pause_below,
            annotators=annotators,
        )

        gold_units_output.additional_properties = d
        return gold_units_output

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
