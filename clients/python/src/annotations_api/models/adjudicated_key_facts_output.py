from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.fact_gold_output import FactGoldOutput
    from ..models.rater_key_facts_output import RaterKeyFactsOutput


T = TypeVar("T", bound="AdjudicatedKeyFactsOutput")


@_attrs_define
class AdjudicatedKeyFactsOutput:
    """
    Attributes:
        lists (list[RaterKeyFactsOutput]): Every rater's list, by assignment order.
        gold (FactGoldOutput): Which list a release takes as gold here (docs/completeness.md, "Releases").
    """

    lists: list[RaterKeyFactsOutput]
    gold: FactGoldOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lists = []
        for lists_item_data in self.lists:
            lists_item = lists_item_data.to_dict()
            lists.append(lists_item)

        gold = self.gold.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lists": lists,
                "gold": gold,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.fact_gold_output import FactGoldOutput
        from ..models.rater_key_facts_output import RaterKeyFactsOutput

        d = dict(src_dict)
        lists = []
        _lists = d.pop("lists")
        for lists_item_data in _lists:
            lists_item = RaterKeyFactsOutput.from_dict(lists_item_data)

            lists.append(lists_item)

        gold = FactGoldOutput.from_dict(d.pop("gold"))

        adjudicated_key_facts_output = cls(
            lists=lists,
            gold=gold,
        )

        adjudicated_key_facts_output.additional_properties = d
        return adjudicated_key_facts_output

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
