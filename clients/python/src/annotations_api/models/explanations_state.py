from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.explanation_judgement_output import ExplanationJudgementOutput


T = TypeVar("T", bound="ExplanationsState")


@_attrs_define
class ExplanationsState:
    """
    Attributes:
        sentence (str): The sentence's handle in this assignment (never a database id).
        explanations (list[ExplanationJudgementOutput]):
        version (int):
    """

    sentence: str
    explanations: list[ExplanationJudgementOutput]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sentence = self.sentence

        explanations = []
        for explanations_item_data in self.explanations:
            explanations_item = explanations_item_data.to_dict()
            explanations.append(explanations_item)

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentence": sentence,
                "explanations": explanations,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.explanation_judgement_output import ExplanationJudgementOutput

        d = dict(src_dict)
        sentence = d.pop("sentence")

        explanations = []
        _explanations = d.pop("explanations")
        for explanations_item_data in _explanations:
            explanations_item = ExplanationJudgementOutput.from_dict(explanations_item_data)

            explanations.append(explanations_item)

        version = d.pop("version")

        explanations_state = cls(
            sentence=sentence,
            explanations=explanations,
            version=version,
        )

        explanations_state.additional_properties = d
        return explanations_state

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
