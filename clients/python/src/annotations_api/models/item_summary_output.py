from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.item_sentence_output import ItemSentenceOutput


T = TypeVar("T", bound="ItemSummaryOutput")


@_attrs_define
class ItemSummaryOutput:
    """
    Attributes:
        id (str): Handle.
        label (str): A, B, C… in this assignment's own order.
        sentences (list[ItemSentenceOutput]):
    """

    id: str
    label: str
    sentences: list[ItemSentenceOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        label = self.label

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
                "sentences": sentences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.item_sentence_output import ItemSentenceOutput

        d = dict(src_dict)
        id = d.pop("id")

        label = d.pop("label")

        sentences = []
        _sentences = d.pop("sentences")
        for sentences_item_data in _sentences:
            sentences_item = ItemSentenceOutput.from_dict(sentences_item_data)

            sentences.append(sentences_item)

        item_summary_output = cls(
            id=id,
            label=label,
            sentences=sentences,
        )

        item_summary_output.additional_properties = d
        return item_summary_output

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
