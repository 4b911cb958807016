from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.corpus_sentence_output import CorpusSentenceOutput


T = TypeVar("T", bound="CorpusSummaryOutput")


@_attrs_define
class CorpusSummaryOutput:
    """
    Attributes:
        id (int):
        system (str):
        external_id (str):
        sentences (list[CorpusSentenceOutput]):
    """

    id: int
    system: str
    external_id: str
    sentences: list[CorpusSentenceOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        system = self.system

        external_id = self.external_id

        sentences = []
        for sentences_item_data in self.sentences:
            sentences_item = sentences_item_data.to_dict()
            sentences.append(sentences_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "system": system,
                "external_id": external_id,
                "sentences": sentences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.corpus_sentence_output import CorpusSentenceOutput

        d = dict(src_dict)
        id = d.pop("id")

        system = d.pop("system")

        external_id = d.pop("external_id")

        sentences = []
        _sentences = d.pop("sentences")
        for sentences_item_data in _sentences:
            sentences_item = CorpusSentenceOutput.from_dict(sentences_item_data)

            sentences.append(sentences_item)

        corpus_summary_output = cls(
            id=id,
            system=system,
            external_id=external_id,
            sentences=sentences,
        )

        corpus_summary_output.additional_properties = d
        return corpus_summary_output

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
