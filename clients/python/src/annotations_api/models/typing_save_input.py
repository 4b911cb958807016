from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TypingSaveInput")


@_attrs_define
class TypingSaveInput:
    """
    Attributes:
        version (int): The judgement's version this edits (0: never saved).
        error_types (list[int]):
    """

    version: int
    error_types: list[int]

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        error_types = self.error_types

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "error_types": error_types,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        version = d.pop("version")

        error_types = cast(list[int], d.pop("error_types"))

        typing_save_input = cls(
            version=version,
            error_types=error_types,
        )

        return typing_save_input
