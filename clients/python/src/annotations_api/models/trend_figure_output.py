from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TrendFigureOutput")


@_attrs_define
class TrendFigureOutput:
    """
    Attributes:
        balanced_accuracy (float | None):
        kappa (float | None):
        ece (float | None):
    """

    balanced_accuracy: float | None
    kappa: float | None
    ece: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        balanced_accuracy: float | None
        balanced_accuracy = self.balanced_accuracy

        kappa: float | None
        kappa = self.kappa

        ece: float | None
        ece = self.ece

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balanced_accuracy": balanced_accuracy,
                "kappa": kappa,
                "ece": ece,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_balanced_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        balanced_accuracy = _parse_balanced_accuracy(d.pop("balanced_accuracy"))

        def _parse_kappa(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        kappa = _parse_kappa(d.pop("kappa"))

        def _parse_ece(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ece = _parse_ece(d.pop("ece"))

        trend_figure_output = cls(
            balanced_accuracy=balanced_accuracy,
            kappa=kappa,
            ece=ece,
        )

        trend_figure_output.additional_properties = d
        return trend_figure_output

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
