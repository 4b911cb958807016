from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.adjudicated_sentence_output import AdjudicatedSentenceOutput
    from ..models.adjudicated_summary_output_answers import AdjudicatedSummaryOutputAnswers
    from ..models.summary_gold_output import SummaryGoldOutput


T = TypeVar("T", bound="AdjudicatedSummaryOutput")


@_attrs_define
class AdjudicatedSummaryOutput:
    """
    Attributes:
        id (str): A handle of the admin's adjudication assignment.
        label (str): A, B, C… in stored order; never the system.
        disagree (bool):
        answers (AdjudicatedSummaryOutputAnswers): By rater.
        gold (SummaryGoldOutput):
        sentences (list[AdjudicatedSentenceOutput]):
    """

    id: str
    label: str
    disagree: bool
    answers: AdjudicatedSummaryOutputAnswers
    gold: SummaryGoldOutput
    sentences: list[AdjudicatedSentenceOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        label = self.label

        disagree = self.disagree

        answers = self.answers.to_dict()

        gold = self.gold.to_dict()

        sentences = []
        for sentences_item_data in self.sentences:
            sentences_item = sentences_item_data.to_dict()
            sentences.append(sentences_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "label": label,
                "disagree": disagree,
                "answers": answers,
                "gold": gold,
                "sentences": sentences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.adjudicated_sentence_output import AdjudicatedSentenceOutput
        from ..models.adjudicated_summary_output_answers import AdjudicatedSummaryOutputAnswers
        from ..models.summary_gold_output import SummaryGoldOutput

        d = dict(src_dict)
        id = d.pop("id")

        label = d.pop("label")

        disagree = d.pop("disagree")

        answers = AdjudicatedSummaryOutputAnswers.from_dict(d.pop("answers"))

        gold = SummaryGoldOutput.from_dict(d.pop("gold"))

        sentences = []
        _sentences = d.pop("sentences")
        for sentences_item_data in _sentences:
            sentences_item = AdjudicatedSentenceOutput.from_dict(sentences_item_data)

            sentences.append(sentences_item)

        adjudicated_summary_output = cls(
            id=id,
            label=label,
            disagree=disagree,
            answers=answers,
            gold=gold,
            sentences=sentences,
        )

        adjudicated_summary_output.additional_properties = d
        return adjudicated_summary_output

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
