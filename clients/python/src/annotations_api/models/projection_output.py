from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.resampled_enum import ResampledEnum

T = TypeVar("T", bound="ProjectionOutput")


@_attrs_define
class ProjectionOutput:
    """
    Attributes:
        half_width (float): The target half-width w of the interval.
        confidence (float):
        standard_error (float | None): The bootstrap standard error of the coefficient.
        n_units (int): Units (or items) it was measured on.
        resampled (ResampledEnum): * `units` - units
            * `items` - items
        current_half_width (float | None):
        units_needed (int | None): Units for a half-width of w at the current agreement.
        more_units (int | None): units_needed minus n_units.
        note (None | str): Why there is no projection.
    """

    half_width: float
    confidence: float
    standard_error: float | None
    n_units: int
    resampled: ResampledEnum
    current_half_width: float | None
    units_needed: int | None
    more_units: int | None
    note: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        half_width = self.half_width

        confidence = self.confidence

        standard_error: float | None
        standard_error = self.standard_error

        n_units = self.n_units

        resampled = self.resampled.value

        current_half_width: float | None
        current_half_width = self.current_half_width

        units_needed: int | None
        units_needed = self.units_needed

        more_units: int | None
        more_units = self.more_units

        note: None | str
        note = self.note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "half_width": half_width,
                "confidence": confidence,
                "standard_error": standard_error,
                "n_units": n_units,
                "resampled": resampled,
                "current_half_width": current_half_width,
                "units_needed": units_needed,
                "more_units": more_units,
                "note": note,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        half_width = d.pop("half_width")

        confidence = d.pop("confidence")

        def _parse_standard_error(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        standard_error = _parse_standard_error(d.pop("standard_error"))

        n_units = d.pop("n_units")

        resampled = ResampledEnum(d.pop("resampled"))

        def _parse_current_half_width(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        current_half_width = _parse_current_half_width(d.pop("current_half_width"))

        def _parse_units_needed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        units_needed = _parse_units_needed(d.pop("units_needed"))

        def _parse_more_units(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        more_units = _parse_more_units(d.pop("more_units"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        projection_output = cls(
            half_width=half_width,
            confidence=confidence,
            standard_error=standard_error,
            n_units=n_units,
            resampled=resampled,
            current_half_width=current_half_width,
            units_needed=units_needed,
            more_units=more_units,
            note=note,
        )

        projection_output.additional_properties = d
        return projection_output

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
