from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.provenance_enum import ProvenanceEnum

T = TypeVar("T", bound="GoldCategoryOutput")


@_attrs_define
class GoldCategoryOutput:
    """A gold value with where it comes from (docs/review.md, "Gold precedence"); ``value``
    is each subclass's.

        Attributes:
            provenance (None | ProvenanceEnum):
            value (None | str):
    """

    provenance: None | ProvenanceEnum
    value: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        provenance: None | str
        if isinstance(self.provenance, ProvenanceEnum):
            provenance = self.provenance.value
        else:
            provenance = self.provenance

        value: None | str
        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "provenance": provenance,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_provenance(data: object) -> None | ProvenanceEnum:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                provenance_type_1 = ProvenanceEnum(data)

                return provenance_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProvenanceEnum, data)

        provenance = _parse_provenance(d.pop("provenance"))

        def _parse_value(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        value = _parse_value(d.pop("value"))

        gold_category_output = cls(
            provenance=provenance,
            value=value,
        )

        gold_category_output.additional_properties = d
        return gold_category_output

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
