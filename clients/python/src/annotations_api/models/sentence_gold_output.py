from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.gold_label_output import GoldLabelOutput
    from ..models.gold_types_output import GoldTypesOutput


T = TypeVar("T", bound="SentenceGoldOutput")


@_attrs_define
class SentenceGoldOutput:
    """
    Attributes:
        label (GoldLabelOutput): A gold value with where it comes from (docs/review.md, "Gold precedence"); ``value``
            is each subclass's.
        error_types (GoldTypesOutput): A gold value with where it comes from (docs/review.md, "Gold precedence");
            ``value``
            is each subclass's.
    """

    label: GoldLabelOutput
    error_types: GoldTypesOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        label = self.label.to_dict()

        error_types = self.error_types.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "label": label,
                "error_types": error_types,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.gold_label_output import GoldLabelOutput
        from ..models.gold_types_output import GoldTypesOutput

        d = dict(src_dict)
        label = GoldLabelOutput.from_dict(d.pop("label"))

        error_types = GoldTypesOutput.from_dict(d.pop("error_types"))

        sentence_gold_output = cls(
            label=label,
            error_types=error_types,
        )

        sentence_gold_output.additional_properties = d
        return sentence_gold_output

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
