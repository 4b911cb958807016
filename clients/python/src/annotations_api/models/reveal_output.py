from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.revealed_verdict_output import RevealedVerdictOutput


T = TypeVar("T", bound="RevealOutput")


@_attrs_define
class RevealOutput:
    """
    Attributes:
        assisted (bool): Whether this unit is in the assisted arm.
        source (None | str): "Model" (never the evaluator's name); null when unassisted.
        sentences (list[RevealedVerdictOutput]):
    """

    assisted: bool
    source: None | str
    sentences: list[RevealedVerdictOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        assisted = self.assisted

        source: None | str
        source = self.source

        sentences = []
        for sentences_item_data in self.sentences:
            sentences_item = sentences_item_data.to_dict()
            sentences.append(sentences_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "assisted": assisted,
                "source": source,
                "sentences": sentences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.revealed_verdict_output import RevealedVerdictOutput

        d = dict(src_dict)
        assisted = d.pop("assisted")

        def _parse_source(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source = _parse_source(d.pop("source"))

        sentences = []
        _sentences = d.pop("sentences")
        for sentences_item_data in _sentences:
            sentences_item = RevealedVerdictOutput.from_dict(sentences_item_data)

            sentences.append(sentences_item)

        reveal_output = cls(
            assisted=assisted,
            source=source,
            sentences=sentences,
        )

        reveal_output.additional_properties = d
        return reveal_output

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
