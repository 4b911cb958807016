from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.compared_sentence_output_judgements import ComparedSentenceOutputJudgements


T = TypeVar("T", bound="ComparedSentenceOutput")


@_attrs_define
class ComparedSentenceOutput:
    """
    Attributes:
        id (int):
        number (int):
        text (str):
        disagree (bool):
        judgements (ComparedSentenceOutputJudgements): By annotator.
    """

    id: int
    number: int
    text: str
    disagree: bool
    judgements: ComparedSentenceOutputJudgements
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        number = self.number

        text = self.text

        disagree = self.disagree

        judgements = self.judgements.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "number": number,
                "text": text,
                "disagree": disagree,
                "judgements": judgements,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.compared_sentence_output_judgements import ComparedSentenceOutputJudgements

        d = dict(src_dict)
        id = d.pop("id")

        number = d.pop("number")

        text = d.pop("text")

        disagree = d.pop("disagree")

        judgements = ComparedSentenceOutputJudgements.from_dict(d.pop("judgements"))

        compared_sentence_output = cls(
            id=id,
            number=number,
            text=text,
            disagree=disagree,
            judgements=judgements,
        )

        compared_sentence_output.additional_properties = d
        return compared_sentence_output

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
