from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.key_accuracy_output import KeyAccuracyOutput
    from ..models.key_sentence_output import KeySentenceOutput


T = TypeVar("T", bound="AnswerKeyOutput")


@_attrs_define
class AnswerKeyOutput:
    """
    Attributes:
        accuracy (KeyAccuracyOutput):
        sentences (list[KeySentenceOutput]):
    """

    accuracy: KeyAccuracyOutput
    sentences: list[KeySentenceOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        accuracy = self.accuracy.to_dict()

        sentences = []
        for sentences_item_data in self.sentences:
            sentences_item = sentences_item_data.to_dict()
            sentences.append(sentences_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "accuracy": accuracy,
                "sentences": sentences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.key_accuracy_output import KeyAccuracyOutput
        from ..models.key_sentence_output import KeySentenceOutput

        d = dict(src_dict)
        accuracy = KeyAccuracyOutput.from_dict(d.pop("accuracy"))

        sentences = []
        _sentences = d.pop("sentences")
        for sentences_item_data in _sentences:
            sentences_item = KeySentenceOutput.from_dict(sentences_item_data)

            sentences.append(sentences_item)

        answer_key_output = cls(
            accuracy=accuracy,
            sentences=sentences,
        )

        answer_key_output.additional_properties = d
        return answer_key_output

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
