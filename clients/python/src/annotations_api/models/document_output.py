from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.turn_output import TurnOutput


T = TypeVar("T", bound="DocumentOutput")


@_attrs_define
class DocumentOutput:
    """
    Attributes:
        title (str):
        turns (list[TurnOutput]):
    """

    title: str
    turns: list[TurnOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        turns = []
        for turns_item_data in self.turns:
            turns_item = turns_item_data.to_dict()
            turns.append(turns_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "title": title,
                "turns": turns,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.turn_output import TurnOutput

        d = dict(src_dict)
        title = d.pop("title")

        turns = []
        _turns = d.pop("turns")
        for turns_item_data in _turns:
            turns_item = TurnOutput.from_dict(turns_item_data)

            turns.append(turns_item)

        document_output = cls(
            title=title,
            turns=turns,
        )

        document_output.additional_properties = d
        return document_output

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
