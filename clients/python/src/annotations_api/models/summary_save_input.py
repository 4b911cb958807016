from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SummarySaveInput")


@_attrs_define
class SummarySaveInput:
    """
    Attributes:
        version (int): The judgement's version this edits (0: never saved).
        relevance (int | None | Unset):
        not_a_summary (bool | Unset):
        comment (str | Unset):
    """

    version: int
    relevance: int | None | Unset = UNSET
    not_a_summary: bool | Unset = UNSET
    comment: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

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

        def _parse_relevance(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        relevance = _parse_relevance(d.pop("relevance", UNSET))

        not_a_summary = d.pop("not_a_summary", UNSET)

        comment = d.pop("comment", UNSET)

        summary_save_input = cls(
            version=version,
            relevance=relevance,
            not_a_summary=not_a_summary,
            comment=comment,
        )

        return summary_save_input
