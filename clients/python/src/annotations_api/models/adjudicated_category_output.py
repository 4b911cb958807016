from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.adjudicated_category_output_answers import AdjudicatedCategoryOutputAnswers
    from ..models.gold_category_output import GoldCategoryOutput


T = TypeVar("T", bound="AdjudicatedCategoryOutput")


@_attrs_define
class AdjudicatedCategoryOutput:
    """
    Attributes:
        answers (AdjudicatedCategoryOutputAnswers): By rater.
        gold (GoldCategoryOutput): A gold value with where it comes from (docs/review.md, "Gold precedence"); ``value``
            is each subclass's.
    """

    answers: AdjudicatedCategoryOutputAnswers
    gold: GoldCategoryOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        answers = self.answers.to_dict()

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
        from ..models.adjudicated_category_output_answers import AdjudicatedCategoryOutputAnswers
        from ..models.gold_category_output import GoldCategoryOutput

        d = dict(src_dict)
        answers = AdjudicatedCategoryOutputAnswers.from_dict(d.pop("answers"))

        gold = GoldCategoryOutput.from_dict(d.pop("gold"))

        adjudicated_category_output = cls(
            answers=answers,
            gold=gold,
        )

        adjudicated_category_output.additional_properties = d
        return adjudicated_category_output

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
