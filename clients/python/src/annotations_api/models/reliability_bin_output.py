from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ReliabilityBinOutput")


@_attrs_define
class ReliabilityBinOutput:
    """
    Attributes:
        lower (float):
        upper (float):
        records (int):
        mean_score (float | None): Null for an empty bin.
        observed (float | None): The share of gold-consistent records; null for an empty bin.
    """

    lower: float
    upper: float
    records: int
    mean_score: float | None
    observed: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lower = self.lower

        upper = self.upper

        records = self.records

        mean_score: float | None
        mean_score = self.mean_score

        observed: float | None
        observed = self.observed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lower": lower,
                "upper": upper,
                "records": records,
                "mean_score": mean_score,
                "observed": observed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        lower = d.pop("lower")

        upper = d.pop("upper")

        records = d.pop("records")

        def _parse_mean_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_score = _parse_mean_score(d.pop("mean_score"))

        def _parse_observed(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        observed = _parse_observed(d.pop("observed"))

        reliability_bin_output = cls(
            lower=lower,
            upper=upper,
            records=records,
            mean_score=mean_score,
            observed=observed,
        )

        reliability_bin_output.additional_properties = d
        return reliability_bin_output

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
