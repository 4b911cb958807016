from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CompetenceRecallOutput")


@_attrs_define
class CompetenceRecallOutput:
    """
    Attributes:
        value (float | None):
        ci (list[float | None]): 95% bootstrap interval.
        label (str): The true class, in words.
    """

    value: float | None
    ci: list[float | None]
    label: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        value: float | None
        value = self.value

        ci = []
        for ci_item_data in self.ci:
            ci_item: float | None
            ci_item = ci_item_data
            ci.append(ci_item)

        label = self.label

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "value": value,
                "ci": ci,
                "label": label,
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

        label = d.pop("label")

        competence_recall_output = cls(
            value=value,
            ci=ci,
            label=label,
        )

        competence_recall_output.additional_properties = d
        return competence_recall_output

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
