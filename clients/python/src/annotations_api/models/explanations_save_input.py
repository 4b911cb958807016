from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.explanation_verdict_input import ExplanationVerdictInput


T = TypeVar("T", bound="ExplanationsSaveInput")


@_attrs_define
class ExplanationsSaveInput:
    """
    Attributes:
        version (int): The judgement's version this edits (0: never saved).
        explanations (list[ExplanationVerdictInput]): The item's explanations, all of them, each with its verdict (''
            until judged).
    """

    version: int
    explanations: list[ExplanationVerdictInput]

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        explanations = []
        for explanations_item_data in self.explanations:
            explanations_item = explanations_item_data.to_dict()
            explanations.append(explanations_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "explanations": explanations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.explanation_verdict_input import ExplanationVerdictInput

        d = dict(src_dict)
        version = d.pop("version")

        explanations = []
        _explanations = d.pop("explanations")
        for explanations_item_data in _explanations:
            explanations_item = ExplanationVerdictInput.from_dict(explanations_item_data)

            explanations.append(explanations_item)

        explanations_save_input = cls(
            version=version,
            explanations=explanations,
        )

        return explanations_save_input
