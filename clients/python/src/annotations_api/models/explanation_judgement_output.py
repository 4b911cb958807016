from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.explanation_verdict_enum import ExplanationVerdictEnum

T = TypeVar("T", bound="ExplanationJudgementOutput")


@_attrs_define
class ExplanationJudgementOutput:
    """
    Attributes:
        position (int):
        item (str): The explanation's handle in this assignment.
        verdict (ExplanationVerdictEnum): * `same` - same
            * `partially` - partially
            * `different` - different
            * `model_wrong` - model_wrong
            * `` -
    """

    position: int
    item: str
    verdict: ExplanationVerdictEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        item = self.item

        verdict = self.verdict.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "position": position,
                "item": item,
                "verdict": verdict,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        position = d.pop("position")

        item = d.pop("item")

        verdict = ExplanationVerdictEnum(d.pop("verdict"))

        explanation_judgement_output = cls(
            position=position,
            item=item,
            verdict=verdict,
        )

        explanation_judgement_output.additional_properties = d
        return explanation_judgement_output

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
