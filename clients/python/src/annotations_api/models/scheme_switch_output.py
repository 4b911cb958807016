from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SchemeSwitchOutput")


@_attrs_define
class SchemeSwitchOutput:
    """
    Attributes:
        key (str): A key of the project's scheme.
        label (str):
        default (bool):
        needs (None | str): The switch that must be on for this one to be on.
    """

    key: str
    label: str
    default: bool
    needs: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        label = self.label

        default = self.default

        needs: None | str
        needs = self.needs

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "label": label,
                "default": default,
                "needs": needs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        label = d.pop("label")

        default = d.pop("default")

        def _parse_needs(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        needs = _parse_needs(d.pop("needs"))

        scheme_switch_output = cls(
            key=key,
            label=label,
            default=default,
            needs=needs,
        )

        scheme_switch_output.additional_properties = d
        return scheme_switch_output

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
