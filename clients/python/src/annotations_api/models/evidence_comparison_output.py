from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EvidenceComparisonOutput")


@_attrs_define
class EvidenceComparisonOutput:
    """
    Attributes:
        value (float | None):
        ci (list[float | None]): 95% bootstrap interval.
        name (str): Cohen's kappa, Fleiss' kappa, Krippendorff's alpha…
        n_units (int): Sentences both rounds label inconsistent.
    """

    value: float | None
    ci: list[float | None]
    name: str
    n_units: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        value: float | None
        value = self.value

        ci = []
        for ci_item_data in self.ci:
            ci_item: float | None
            ci_item = ci_item_data
            ci.append(ci_item)

        name = self.name

        n_units = self.n_units

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "value": value,
                "ci": ci,
                "name": name,
                "n_units": n_units,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        ci = []
        _ci = d.pop("ci")
        for ci_item_data in _ci:

            def _parse_ci_item(data: object) -> float | None:
                if data is None:
                    return data
                return cast(float | None, data)

            ci_item = _parse_ci_item(ci_item_data)

            ci.append(ci_item)

        name = d.pop("name")

        n_units = d.pop("n_units")

        evidence_comparison_output = cls(
            value=value,
            ci=ci,
            name=name,
            n_units=n_units,
        )

        evidence_comparison_output.additional_properties = d
        return evidence_comparison_output

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
