from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SummaryBatchEntry")


@_attrs_define
class SummaryBatchEntry:
    """A save of a summary judgement in a batch: its kind, its summary's handle, the version it edits and at least one
    change.

        Attributes:
            version (int): The judgement's version this edits (0: never saved).
            kind (str): The judgement's kind: summary.
            handle (str): The summary's handle in this assignment (never a database id).
            relevance (int | None | Unset):
            not_a_summary (bool | Unset):
            comment (str | Unset):
    """

    version: int
    kind: str
    handle: str
    relevance: int | None | Unset = UNSET
    not_a_summary: bool | Unset = UNSET
    comment: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        kind = self.kind

        handle = self.handle

        relevance: int | None | Unset
        if isinstance(self.relevance, Unset):
            relevance = UNSET
        else:
            relevance = self.relevance

        not_a_summary = self.not_a_summary

        comment = self.comment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "kind": kind,
                "handle": handle,
            }
        )
        if relevance is not UNSET:
            field_dict["relevance"] = relevance
        if not_a_summary is not UNSET:
            field_dict["not_a_summary"] = not_a_summary
        if comment is not UNSET:
            field_dict["comment"] = comment

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        version = d.pop("version")

        kind = d.pop("kind")

        handle = d.pop("handle")

        def _parse_relevance(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        relevance = _parse_relevance(d.pop("relevance", UNSET))

        not_a_summary = d.pop("not_a_summary", UNSET)

        comment = d.pop("comment", UNSET)

        summary_batch_entry = cls(
            version=version,
            kind=kind,
            handle=handle,
            relevance=relevance,
            not_a_summary=not_a_summary,
            comment=comment,
        )

        return summary_batch_entry
