from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.key_fact_alignment_output import KeyFactAlignmentOutput


T = TypeVar("T", bound="KeyFactOutput")


@_attrs_define
class KeyFactOutput:
    """
    Attributes:
        position (int):
        text (str):
        given (int | None):
        alignments (list[KeyFactAlignmentOutput]):
    """

    position: int
    text: str
    given: int | None
    alignments: list[KeyFactAlignmentOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        text = self.text

        given: int | None
        given = self.given

        alignments = []
        for alignments_item_data in self.alignments:
            alignments_item = alignments_item_data.to_dict()
            alignments.append(alignments_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "position": position,
                "text": text,
                "given": given,
                "alignments": alignments,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.key_fact_alignment_output import KeyFactAlignmentOutput

        d = dict(src_dict)
        position = d.pop("position")

        text = d.pop("text")

        def _parse_given(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        given = _parse_given(d.pop("given"))

        alignments = []
        _alignments = d.pop("alignments")
        for alignments_item_data in _alignments:
            alignments_item = KeyFactAlignmentOutput.from_dict(alignments_item_data)

            alignments.append(alignments_item)

        key_fact_output = cls(
            position=position,
            text=text,
            given=given,
            alignments=alignments,
        )

        key_fact_output.additional_properties = d
        return key_fact_output

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
