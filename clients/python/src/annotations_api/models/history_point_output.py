from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HistoryPointOutput")


@_attrs_define
class HistoryPointOutput:
    """
    Attributes:
        round_ (str):
        round_id (int):
        value (float | None):
        ci (list[float] | None):
        n_units (int | None):
    """

    round_: str
    round_id: int
    value: float | None
    ci: list[float] | None
    n_units: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        round_id = self.round_id

        value: float | None
        value = self.value

        ci: list[float] | None
        if isinstance(self.ci, list):
            ci = self.ci

        else:
            ci = self.ci

        n_units: int | None
        n_units = self.n_units

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "round_id": round_id,
                "value": value,
                "ci": ci,
                "n_units": n_units,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        round_ = d.pop("round")

        round_id = d.pop("round_id")

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        def _parse_ci(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ci_type_0 = cast(list[float], data)

                return ci_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        ci = _parse_ci(d.pop("ci"))

        def _parse_n_units(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        n_units = _parse_n_units(d.pop("n_units"))

        history_point_output = cls(
            round_=round_,
            round_id=round_id,
            value=value,
            ci=ci,
            n_units=n_units,
        )

        history_point_output.additional_properties = d
        return history_point_output

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
