from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.given_atomic_fact_output import GivenAtomicFactOutput
    from ..models.sentence_output import SentenceOutput


T = TypeVar("T", bound="SummaryOutput")


@_attrs_define
class SummaryOutput:
    """
    Attributes:
        id (str): Handle.
        label (str): A, B, C… in this annotator's own order.
        sentences (list[SentenceOutput]):
        given_atomic_facts (list[GivenAtomicFactOutput]): The atomic facts to verify, when the round gives them.
    """

    id: str
    label: str
    sentences: list[SentenceOutput]
    given_atomic_facts: list[GivenAtomicFactOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        label = self.label

        sentences = []
        for sentences_item_data in self.sentences:
            sentences_item = sentences_item_data.to_dict()
            sentences.append(sentences_item)

        given_atomic_facts = []
        for given_atomic_facts_item_data in self.given_atomic_facts:
            given_atomic_facts_item = given_atomic_facts_item_data.to_dict()
            given_atomic_facts.append(given_atomic_facts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "label": label,
                "sentences": sentences,
                "given_atomic_facts": given_atomic_facts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.given_atomic_fact_output import GivenAtomicFactOutput
        from ..models.sentence_output import SentenceOutput

        d = dict(src_dict)
        id = d.pop("id")

        label = d.pop("label")

        sentences = []
        _sentences = d.pop("sentences")
        for sentences_item_data in _sentences:
            sentences_item = SentenceOutput.from_dict(sentences_item_data)

            sentences.append(sentences_item)

        given_atomic_facts = []
        _given_atomic_facts = d.pop("given_atomic_facts")
        for given_atomic_facts_item_data in _given_atomic_facts:
            given_atomic_facts_item = GivenAtomicFactOutput.from_dict(given_atomic_facts_item_data)

            given_atomic_facts.append(given_atomic_facts_item)

        summary_output = cls(
            id=id,
            label=label,
            sentences=sentences,
            given_atomic_facts=given_atomic_facts,
        )

        summary_output.additional_properties = d
        return summary_output

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
