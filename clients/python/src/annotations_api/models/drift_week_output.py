from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DriftWeekOutput")


@_attrs_define
class DriftWeekOutput:
    """
    Attributes:
        week (str):
        sentences (int):
        agreement (float | None):
    """

    week: str
    sentences: int
    agreement: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        week = self.week

        sentences = self.sentences

        agreement: float | None
        agreement = self.agreement

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "week": week,
                "sentences": sentences,
                "agreement": agreement,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        week = d.pop("week")

        sentences = d.pop("sentences")

        def _parse_agreement(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        agreement = _parse_agreement(d.pop("agreement"))

        drift_week_output = cls(
            week=week,
            sentences=sentences,
            agreement=agreement,
        )

        drift_week_output.additional_properties = d
        return drift_week_output

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
