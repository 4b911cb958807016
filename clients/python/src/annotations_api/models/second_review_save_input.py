from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.second_verdict_enum import SecondVerdictEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="SecondReviewSaveInput")


@_attrs_define
class SecondReviewSaveInput:
    """
    Attributes:
        version (int): The judgement's version this edits (0: never saved).
        verdict (SecondVerdictEnum | Unset): * `confirm` - confirm
            * `dispute` - dispute
            * `` -
        note (str | Unset):
    """

    version: int
    verdict: SecondVerdictEnum | Unset = UNSET
    note: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        verdict: str | Unset = UNSET
        if not isinstance(self.verdict, Unset):
            verdict = self.verdict.value

        note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
            }
        )
        if verdict is not UNSET:
            field_dict["verdict"] = verdict
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        version = d.pop("version")

        _verdict = d.pop("verdict", UNSET)
        verdict: SecondVerdictEnum | Unset
        if isinstance(_verdict, Unset):
            verdict = UNSET
        else:
            verdict = SecondVerdictEnum(_verdict)

        note = d.pop("note", UNSET)

        second_review_save_input = cls(
            version=version,
            verdict=verdict,
            note=note,
        )

        return second_review_save_input
