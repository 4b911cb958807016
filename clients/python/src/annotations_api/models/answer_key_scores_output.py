from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.keyed_annotator_output import KeyedAnnotatorOutput


T = TypeVar("T", bound="AnswerKeyScoresOutput")


@_attrs_define
class AnswerKeyScoresOutput:
    """
    Attributes:
        units (int):
        annotators (list[KeyedAnnotatorOutput]):
    """

    units: int
    annotators: list[KeyedAnnotatorOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        units = self.units

        annotators = []
        for annotators_item_data in self.annotators:
            annotators_item = annotators_item_data.to_dict()
            annotators.append(annotators_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "units": units,
                "annotators": annotators,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.keyed_annotator_output import KeyedAnnotatorOutput

        d = dict(src_dict)
        units = d.pop("units")

        annotators = []
        _annotators = d.pop("annotators")
        for annotators_item_data in _annotators:
            annotators_item = KeyedAnnotatorOutput.from_dict(annotators_item_data)

            annotators.append(annotators_item)

        answer_key_scores_output = cls(
            units=units,
            annotators=annotators,
        )

        answer_key_scores_output.additional_properties = d
        return answer_key_scores_output

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
