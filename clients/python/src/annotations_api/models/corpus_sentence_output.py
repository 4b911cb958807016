from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.corpus_sentence_output_published import CorpusSentenceOutputPublished


T = TypeVar("T", bound="CorpusSentenceOutput")


@_attrs_define
class CorpusSentenceOutput:
    """
    Attributes:
        number (int):
        text (str):
        published (CorpusSentenceOutputPublished): Source -> its label.
    """

    number: int
    text: str
    published: CorpusSentenceOutputPublished
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        text = self.text

        published = self.published.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "text": text,
                "published": published,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.corpus_sentence_output_published import CorpusSentenceOutputPublished

        d = dict(src_dict)
        number = d.pop("number")

        text = d.pop("text")

        published = CorpusSentenceOutputPublished.from_dict(d.pop("published"))

        corpus_sentence_output = cls(
            number=number,
            text=text,
            published=published,
        )

        corpus_sentence_output.additional_properties = d
        return corpus_sentence_output

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
