from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TypingState")


@_attrs_define
class TypingState:
    """
    Attributes:
        sentence (str): The sentence's handle in this assignment (never a database id).
        error_types (list[int]):
        version (int):
    """

    sentence: str
    error_types: list[int]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sentence = self.sentence

        error_types = self.error_types

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentence": sentence,
                "error_types": error_types,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sentence = d.pop("sentence")

        error_types = cast(list[int], d.pop("error_types"))

        version = d.pop("version")

        typing_state = cls(
            sentence=sentence,
            error_types=error_types,
            version=version,
        )

        typing_state.additional_properties = d
        return typing_state

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
