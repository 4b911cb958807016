from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="JudgesSplitOutput")


@_attrs_define
class JudgesSplitOutput:
    """
    Attributes:
        method (str): corpus: the corpus's own dev and test documents; document: a seeded share.
        dev (float | Unset): The share of documents in dev.
        seed (int | Unset):
    """

    method: str
    dev: float | Unset = UNSET
    seed: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        method = self.method

        dev = self.dev

        seed = self.seed

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

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        method = d.pop("method")

        dev = d.pop("dev", UNSET)

        seed = d.pop("seed", UNSET)

        judges_split_output = cls(
            method=method,
            dev=dev,
            seed=seed,
        )

        judges_split_output.additional_properties = d
        return judges_split_output

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
