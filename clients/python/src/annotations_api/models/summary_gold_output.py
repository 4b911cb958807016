from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.gold_relevance_output import GoldRelevanceOutput


T = TypeVar("T", bound="SummaryGoldOutput")


@_attrs_define
class SummaryGoldOutput:
    """
    Attributes:
        relevance (GoldRelevanceOutput): A gold value with where it comes from (docs/review.md, "Gold precedence");
            ``value``
            is each subclass's.
    """

    relevance: GoldRelevanceOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        relevance = self.relevance.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "relevance": relevance,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.gold_relevance_output import GoldRelevanceOutput

        d = dict(src_dict)
        relevance = GoldRelevanceOutput.from_dict(d.pop("relevance"))

        summary_gold_output = cls(
            relevance=relevance,
        )

        summary_gold_output.additional_properties = d
        return summary_gold_output

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
