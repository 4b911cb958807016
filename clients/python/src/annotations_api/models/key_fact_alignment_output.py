from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.aligned_sentence_output import AlignedSentenceOutput


T = TypeVar("T", bound="KeyFactAlignmentOutput")


@_attrs_define
class KeyFactAlignmentOutput:
    """
    Attributes:
        summary (str): The summary's handle in this assignment.
        covered (bool):
        sentences (list[AlignedSentenceOutput]):
    """

    summary: str
    covered: bool
    sentences: list[AlignedSentenceOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        summary = self.summary

        covered = self.covered

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
                "sentences": sentences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.aligned_sentence_output import AlignedSentenceOutput

        d = dict(src_dict)
        summary = d.pop("summary")

        covered = d.pop("covered")

        sentences = []
        _sentences = d.pop("sentences")
        for sentences_item_data in _sentences:
            sentences_item = AlignedSentenceOutput.from_dict(sentences_item_data)

            sentences.append(sentences_item)

        key_fact_alignment_output = cls(
            summary=summary,
            covered=covered,
            sentences=sentences,
        )

        key_fact_alignment_output.additional_properties = d
        return key_fact_alignment_output

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
