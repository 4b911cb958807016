from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.round_name_output import RoundNameOutput


T = TypeVar("T", bound="QueueItemOutput")


@_attrs_define
class QueueItemOutput:
    """
    Attributes:
        question (str):
        round_ (RoundNameOutput):
        topic_id (int):
        unit (str):
        summary (None | str): The summary's letter.
        sentence (int | None): 1-based.
        agreement (float): Share of raters giving the commonest answer.
        answers (int):
        decided (bool):
    """

    question: str
    round_: RoundNameOutput
    topic_id: int
    unit: str
    summary: None | str
    sentence: int | None
    agreement: float
    answers: int
    decided: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        question = self.question

        round_ = self.round_.to_dict()

        topic_id = self.topic_id

        unit = self.unit

        summary: None | str
        summary = self.summary

        sentence: int | None
        sentence = self.sentence

        agreement = self.agreement

        answers = self.answers

        decided = self.decided

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "question": question,
                "round": round_,
                "topic_id": topic_id,
                "unit": unit,
                "summary": summary,
                "sentence": sentence,
                "agreement": agreement,
                "answers": answers,
                "decided": decided,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_name_output import RoundNameOutput

        d = dict(src_dict)
        question = d.pop("question")

        round_ = RoundNameOutput.from_dict(d.pop("round"))

        topic_id = d.pop("topic_id")

        unit = d.pop("unit")

        def _parse_summary(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        summary = _parse_summary(d.pop("summary"))

        def _parse_sentence(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        sentence = _parse_sentence(d.pop("sentence"))

        agreement = d.pop("agreement")

        answers = d.pop("answers")

        decided = d.pop("decided")

        queue_item_output = cls(
            question=question,
            round_=round_,
            topic_id=topic_id,
            unit=unit,
            summary=summary,
            sentence=sentence,
            agreement=agreement,
            answers=answers,
            decided=decided,
        )

        queue_item_output.additional_properties = d
        return queue_item_output

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
