from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.second_verdict_enum import SecondVerdictEnum

T = TypeVar("T", bound="SecondReviewState")


@_attrs_define
class SecondReviewState:
    """
    Attributes:
        sentence (str): The sentence's handle in this assignment (never a database id).
        verdict (SecondVerdictEnum): * `confirm` - confirm
            * `dispute` - dispute
            * `` -
        note (str):
        reviewed_version (int):
        version (int):
    """

    sentence: str
    verdict: SecondVerdictEnum
    note: str
    reviewed_version: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sentence = self.sentence

        verdict = self.verdict.value

        note = self.note

        reviewed_version = self.reviewed_version

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentence": sentence,
                "verdict": verdict,
                "note": note,
                "reviewed_version": reviewed_version,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sentence = d.pop("sentence")

        verdict = SecondVerdictEnum(d.pop("verdict"))

        note = d.pop("note")

        reviewed_version = d.pop("reviewed_version")

        version = d.pop("version")

        second_review_state = cls(
            sentence=sentence,
            verdict=verdict,
            note=note,
            reviewed_version=reviewed_version,
            version=version,
        )

        second_review_state.additional_properties = d
        return second_review_state

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
