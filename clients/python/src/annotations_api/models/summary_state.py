from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SummaryState")


@_attrs_define
class SummaryState:
    """
    Attributes:
        summary (str): The summary's handle in this assignment (never a database id).
        relevance (int | None):
        not_a_summary (bool):
        comment (str):
        version (int):
    """

    summary: str
    relevance: int | None
    not_a_summary: bool
    comment: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        summary = self.summary

        relevance: int | None
        relevance = self.relevance

        not_a_summary = self.not_a_summary

        comment = self.comment

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "summary": summary,
                "relevance": relevance,
                "not_a_summary": not_a_summary,
                "comment": comment,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        summary = d.pop("summary")

        def _parse_relevance(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        relevance = _parse_relevance(d.pop("relevance"))

        not_a_summary = d.pop("not_a_summary")

        comment = d.pop("comment")

        version = d.pop("version")

        summary_state = cls(
            summary=summary,
            relevance=relevance,
            not_a_summary=not_a_summary,
            comment=comment,
            version=version,
        )

        summary_state.additional_properties = d
        return summary_state

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
