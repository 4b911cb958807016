from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.method_enum import MethodEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.release_split_input_documents import ReleaseSplitInputDocuments


T = TypeVar("T", bound="ReleaseSplitInput")


@_attrs_define
class ReleaseSplitInput:
    """
    Attributes:
        method (MethodEnum): * `document` - document
            * `corpus` - corpus
            * `file` - file
        dev (float | Unset):
        seed (int | Unset):
        documents (ReleaseSplitInputDocuments | Unset):
    """

    method: MethodEnum
    dev: float | Unset = UNSET
    seed: int | Unset = UNSET
    documents: ReleaseSplitInputDocuments | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        dev = self.dev

        seed = self.seed

        documents: dict[str, Any] | Unset = UNSET
        if not isinstance(self.documents, Unset):
            documents = self.documents.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "method": method,
            }
        )
        if dev is not UNSET:
            field_dict["dev"] = dev
        if seed is not UNSET:
            field_dict["seed"] = seed
        if documents is not UNSET:
            field_dict["documents"] = documents

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.release_split_input_documents import ReleaseSplitInputDocuments

        d = dict(src_dict)
        method = MethodEnum(d.pop("method"))

        dev = d.pop("dev", UNSET)

        seed = d.pop("seed", UNSET)

        _documents = d.pop("documents", UNSET)
        documents: ReleaseSplitInputDocuments | Unset
        if isinstance(_documents, Unset):
            documents = UNSET
        else:
            documents = ReleaseSplitInputDocuments.from_dict(_documents)

        release_split_input = cls(
            method=method,
            dev=dev,
            seed=seed,
            documents=documents,
        )

        release_split_input.additional_properties = d
        return release_split_input

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
