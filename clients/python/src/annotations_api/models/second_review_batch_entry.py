from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.second_verdict_enum import SecondVerdictEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="SecondReviewBatchEntry")


@_attrs_define
class SecondReviewBatchEntry:
    """A save of a second review judgement in a batch: its kind, its sentence's handle, the version it edits and at least
    one change.

        Attributes:
            version (int): The judgement's version this edits (0: never saved).
            kind (str): The judgement's kind: second_review.
            handle (str): The sentence's handle in this assignment (never a database id).
            verdict (SecondVerdictEnum | Unset): * `confirm` - confirm
                * `dispute` - dispute
                * `` -
            note (str | Unset):
    """

    version: int
    kind: str
    handle: str
    verdict: SecondVerdictEnum | Unset = UNSET
    note: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        kind = self.kind

        handle = self.handle

        verdict: str | Unset = UNSET
        if not isinstance(self.verdict, Unset):
            verdict = self.verdict.value

        note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "kind": kind,
                "handle": handle,
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

        kind = d.pop("kind")

        handle = d.pop("handle")

        _verdict = d.pop("verdict", UNSET)
        verdict: SecondVerdictEnum | Unset
        if isinstance(_verdict, Unset):
            verdict = UNSET
        else:
            verdict = SecondVerdictEnum(_verdict)

        note = d.pop("note", UNSET)

        second_review_batch_entry = cls(
            version=version,
            kind=kind,
            handle=handle,
            verdict=verdict,
            note=note,
        )

        return second_review_batch_entry
