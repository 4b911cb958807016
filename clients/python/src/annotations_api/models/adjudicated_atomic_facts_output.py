from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.fact_gold_output import FactGoldOutput
    from ..models.rater_atomic_facts_output import RaterAtomicFactsOutput


T = TypeVar("T", bound="AdjudicatedAtomicFactsOutput")


@_attrs_define
class AdjudicatedAtomicFactsOutput:
    """
    Attributes:
        answers (list[RaterAtomicFactsOutput]):
        gold (FactGoldOutput): Which list a release takes as gold here (docs/completeness.md, "Releases").
    """

    answers: list[RaterAtomicFactsOutput]
    gold: FactGoldOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        answers = []
        for answers_item_data in self.answers:
            answers_item = answers_item_data.to_dict()
            answers.append(answers_item)

        gold = self.gold.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "answers": answers,
                "gold": gold,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.fact_gold_output import FactGoldOutput
        from ..models.rater_atomic_facts_output import RaterAtomicFactsOutput

        d = dict(src_dict)
        answers = []
        _answers = d.pop("answers")
        for answers_item_data in _answers:
            answers_item = RaterAtomicFactsOutput.from_dict(answers_item_data)

            answers.append(answers_item)

        gold = FactGoldOutput.from_dict(d.pop("gold"))

        adjudicated_atomic_facts_output = cls(
            answers=answers,
            gold=gold,
        )

        adjudicated_atomic_facts_output.additional_properties = d
        return adjudicated_atomic_facts_output

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
