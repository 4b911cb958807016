from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ReleaseSplitInputDocuments")


@_attrs_define
class ReleaseSplitInputDocuments:
    """
    Attributes:
        dev (list[str] | Unset):
        test (list[str] | Unset):
    """

    dev: list[str] | Unset = UNSET
    test: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        dev: list[str] | Unset = UNSET
        if not isinstance(self.dev, Unset):
            dev = self.dev

        test: list[str] | Unset = UNSET
        if not isinstance(self.test, Unset):
            test = self.test

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if dev is not UNSET:
            field_dict["dev"] = dev
        if test is not UNSET:
            field_dict["test"] = test

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        dev = cast(list[str], d.pop("dev", UNSET))

        test = cast(list[str], d.pop("test", UNSET))

        release_split_input_documents = cls(
            dev=dev,
            test=test,
        )

        return release_split_input_documents
