from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.annotator_rate_output import AnnotatorRateOutput
    from ..models.type_rate_output import TypeRateOutput


T = TypeVar("T", bound="RatesOutput")


@_attrs_define
class RatesOutput:
    """
    Attributes:
        by_annotator (list[AnnotatorRateOutput]):
        by_error_type (list[TypeRateOutput]):
    """

    by_annotator: list[AnnotatorRateOutput]
    by_error_type: list[TypeRateOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        by_annotator = []
        for by_annotator_item_data in self.by_annotator:
            by_annotator_item = by_annotator_item_data.to_dict()
            by_annotator.append(by_annotator_item)

        by_error_type = []
        for by_error_type_item_data in self.by_error_type:
            by_error_type_item = by_error_type_item_data.to_dict()
            by_error_type.append(by_error_type_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "by_annotator": by_annotator,
                "by_error_type": by_error_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.annotator_rate_output import AnnotatorRateOutput
        from ..models.type_rate_output import TypeRateOutput

        d = dict(src_dict)
        by_annotator = []
        _by_annotator = d.pop("by_annotator")
        for by_annotator_item_data in _by_annotator:
            by_annotator_item = AnnotatorRateOutput.from_dict(by_annotator_item_data)

            by_annotator.append(by_annotator_item)

        by_error_type = []
        _by_error_type = d.pop("by_error_type")
        for by_error_type_item_data in _by_error_type:
            by_error_type_item = TypeRateOutput.from_dict(by_error_type_item_data)

            by_error_type.append(by_error_type_item)

        rates_output = cls(
            by_annotator=by_annotator,
            by_error_type=by_error_type,
        )

        rates_output.additional_properties = d
        return rates_output

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
