from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TypingBatchEntry")


@_attrs_define
class TypingBatchEntry:
    """A save of a typing judgement in a batch: its kind, its sentence's handle, the version it edits and at least one
    change.

        Attributes:
            version (int): The judgement's version this edits (0: never saved).
            error_types (list[int]):
            kind (str): The judgement's kind: typing.
            handle (str): The sentence's handle in this assignment (never a database id).
    """

    version: int
    error_types: list[int]
    kind: str
    handle: str

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        error_types = self.error_types

        kind = self.kind

        handle = self.handle

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "error_types": error_types,
                "kind": kind,
                "handle": handle,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        version = d.pop("version")

        error_types = cast(list[int], d.pop("error_types"))

        kind = d.pop("kind")

        handle = d.pop("handle")

        typing_batch_entry = cls(
            version=version,
            error_types=error_types,
            kind=kind,
            handle=handle,
        )

        return typing_batch_entry
