from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="VsMajorityOutput")


@_attrs_define
class VsMajorityOutput:
    """
    Attributes:
        annotator (str):
        value (float | None):
        agreement (float | None):
        n_units (int):
    """

    annotator: str
    value: float | None
    agreement: float | None
    n_units: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        annotator = self.annotator

        value: float | None
        value = self.value

        agreement: float | None
        agreement = self.agreement

        n_units = self.n_units

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "annotator": annotator,
                "value": value,
                "agreement": agreement,
                "n_units": n_units,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        annotator = d.pop("annotator")

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        def _parse_agreement(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        agreement = _parse_agreement(d.pop("agreement"))

        n_units = d.pop("n_units")

        vs_majority_output = cls(
            annotator=annotator,
            value=value,
            agreement=agreement,
            n_units=n_units,
        )

        vs_majority_output.additional_properties = d
        return vs_majority_output

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
