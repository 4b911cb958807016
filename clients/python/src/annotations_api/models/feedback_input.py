from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="FeedbackInput")


@_attrs_define
class FeedbackInput:
    """
    Attributes:
        annotator (str):
        text (str):
        sentence (int | None | Unset):
    """

    annotator: str
    text: str
    sentence: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        annotator = self.annotator

        text = self.text

        sentence: int | None | Unset
        if isinstance(self.sentence, Unset):
            sentence = UNSET
        else:
            sentence = self.sentence

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "annotator": annotator,
                "text": text,
            }
        )
        if sentence is not UNSET:
            field_dict["sentence"] = sentence

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        annotator = d.pop("annotator")

        text = d.pop("text")

        def _parse_sentence(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sentence = _parse_sentence(d.pop("sentence", UNSET))

        feedback_input = cls(
            annotator=annotator,
            text=text,
            sentence=sentence,
        )

        feedback_input.additional_properties = d
        return feedback_input

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
