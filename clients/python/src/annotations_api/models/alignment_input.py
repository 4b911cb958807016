from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.aligned_sentence_input import AlignedSentenceInput


T = TypeVar("T", bound="AlignmentInput")


@_attrs_define
class AlignmentInput:
    """
    Attributes:
        summary (str): The summary's handle.
        covered (bool): Whether the summary states the key fact.
        sentences (list[AlignedSentenceInput] | Unset): Its sentences that state it.
    """

    summary: str
    covered: bool
    sentences: list[AlignedSentenceInput] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        summary = self.summary

        covered = self.covered

        sentences: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.sentences, Unset):
            sentences = []
            for sentences_item_data in self.sentences:
                sentences_item = sentences_item_data.to_dict()
                sentences.append(sentences_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "summary": summary,
                "covered": covered,
            }
        )
        if sentences is not UNSET:
            field_dict["sentences"] = sentences

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.aligned_sentence_input import AlignedSentenceInput

        d = dict(src_dict)
        summary = d.pop("summary")

        covered = d.pop("covered")

        _sentences = d.pop("sentences", UNSET)
        sentences: list[AlignedSentenceInput] | Unset = UNSET
        if _sentences is not UNSET:
            sentences = []
            for sentences_item_data in _sentences:
                sentences_item = AlignedSentenceInput.from_dict(sentences_item_data)

                sentences.append(sentences_item)

        alignment_input = cls(
            summary=summary,
            covered=covered,
            sentences=sentences,
        )

        alignment_input.additional_properties = d
        return alignment_input

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
