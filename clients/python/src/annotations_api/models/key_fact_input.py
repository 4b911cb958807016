from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.alignment_input import AlignmentInput


T = TypeVar("T", bound="KeyFactInput")


@_attrs_define
class KeyFactInput:
    """
    Attributes:
        position (int): 1-based number of the fact.
        text (str):
        given (int | None | Unset): The given fact's id, if given.
        alignments (list[AlignmentInput] | Unset):
    """

    position: int
    text: str
    given: int | None | Unset = UNSET
    alignments: list[AlignmentInput] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        text = self.text

        given: int | None | Unset
        if isinstance(self.given, Unset):
            given = UNSET
        else:
            given = self.given

        alignments: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.alignments, Unset):
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
            }
        )
        if given is not UNSET:
            field_dict["given"] = given
        if alignments is not UNSET:
            field_dict["alignments"] = alignments

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.alignment_input import AlignmentInput

        d = dict(src_dict)
        position = d.pop("position")

        text = d.pop("text")

        def _parse_given(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        given = _parse_given(d.pop("given", UNSET))

        _alignments = d.pop("alignments", UNSET)
        alignments: list[AlignmentInput] | Unset = UNSET
        if _alignments is not UNSET:
            alignments = []
            for alignments_item_data in _alignments:
                alignments_item = AlignmentInput.from_dict(alignments_item_data)

                alignments.append(alignments_item)

        key_fact_input = cls(
            position=position,
            text=text,
            given=given,
            alignments=alignments,
        )

        key_fact_input.additional_properties = d
        return key_fact_input

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
