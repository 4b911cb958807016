from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="JudgeDisagreementOutput")


@_attrs_define
class JudgeDisagreementOutput:
    """
    Attributes:
        gold (str):
        model (str): The run's call at its threshold.
        value (float): The run's score, or 1 consistent / 0 inconsistent.
        split (str):
        topic (int): The unit.
        summary (int):
        document (str):
        round_ (int | None): The first gold round with the unit (its disagreement page).
        sentence_position (int | None | Unset):
        text (str | Unset):
    """

    gold: str
    model: str
    value: float
    split: str
    topic: int
    summary: int
    document: str
    round_: int | None
    sentence_position: int | None | Unset = UNSET
    text: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        gold = self.gold

        model = self.model

        value = self.value

        split = self.split

        topic = self.topic

        summary = self.summary

        document = self.document

        round_: int | None
        round_ = self.round_

        sentence_position: int | None | Unset
        if isinstance(self.sentence_position, Unset):
            sentence_position = UNSET
        else:
            sentence_position = self.sentence_position

        text = self.text

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "gold": gold,
                "model": model,
                "value": value,
                "split": split,
                "topic": topic,
                "summary": summary,
                "document": document,
                "round": round_,
            }
        )
        if sentence_position is not UNSET:
            field_dict["sentence_position"] = sentence_position
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        gold = d.pop("gold")

        model = d.pop("model")

        value = d.pop("value")

        split = d.pop("split")

        topic = d.pop("topic")

        summary = d.pop("summary")

        document = d.pop("document")

        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))

        def _parse_sentence_position(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sentence_position = _parse_sentence_position(d.pop("sentence_position", UNSET))

        text = d.pop("text", UNSET)

        judge_disagreement_output = cls(
            gold=gold,
            model=model,
            value=value,
            split=split,
            topic=topic,
            summary=summary,
            document=document,
            round_=round_,
            sentence_position=sentence_position,
            text=text,
        )

        judge_disagreement_output.additional_properties = d
        return judge_disagreement_output

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
