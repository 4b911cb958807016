from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SentenceOutput")


@_attrs_define
class SentenceOutput:
    """
    Attributes:
        id (str): Handle.
        number (int):
        text (str):
        hints (list[int]): Evidence hints: the positions of the dialogue turns most related to the sentence, best first
            (BM25 over the unit's turns); empty unless the scheme asks for spans and the round shows hints. Where to look,
            never a label.
    """

    id: str
    number: int
    text: str
    hints: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        number = self.number

        text = self.text

        hints = self.hints

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "number": number,
                "text": text,
                "hints": hints,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        number = d.pop("number")

        text = d.pop("text")

        hints = cast(list[int], d.pop("hints"))

        sentence_output = cls(
            id=id,
            number=number,
            text=text,
            hints=hints,
        )

        sentence_output.additional_properties = d
        return sentence_output

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
