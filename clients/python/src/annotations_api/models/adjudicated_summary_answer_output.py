from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.history_ref_output import HistoryRefOutput


T = TypeVar("T", bound="AdjudicatedSummaryAnswerOutput")


@_attrs_define
class AdjudicatedSummaryAnswerOutput:
    """
    Attributes:
        relevance (int | None):
        not_a_summary (bool):
        comment (str):
        history (HistoryRefOutput | None):
    """

    relevance: int | None
    not_a_summary: bool
    comment: str
    history: HistoryRefOutput | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.history_ref_output import HistoryRefOutput

        relevance: int | None
        relevance = self.relevance

        not_a_summary = self.not_a_summary

        comment = self.comment

        history: dict[str, Any] | None
        if isinstance(self.history, HistoryRefOutput):
            history = self.history.to_dict()
        else:
            history = self.history

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "relevance": relevance,
                "not_a_summary": not_a_summary,
                "comment": comment,
                "history": history,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.history_ref_output import HistoryRefOutput

        d = dict(src_dict)

        def _parse_relevance(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        relevance = _parse_relevance(d.pop("relevance"))

        not_a_summary = d.pop("not_a_summary")

        comment = d.pop("comment")

        def _parse_history(data: object) -> HistoryRefOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                history_type_1 = HistoryRefOutput.from_dict(data)

                return history_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HistoryRefOutput | None, data)

        history = _parse_history(d.pop("history"))

        adjudicated_summary_answer_output = cls(
            relevance=relevance,
            not_a_summary=not_a_summary,
            comment=comment,
            history=history,
        )

        adjudicated_summary_answer_output.additional_properties = d
        return adjudicated_summary_answer_output

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
