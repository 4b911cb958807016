from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.trend_figure_output import TrendFigureOutput


T = TypeVar("T", bound="TrendPointOutput")


@_attrs_define
class TrendPointOutput:
    """
    Attributes:
        version (str):
        created_at (datetime.datetime):
        sentence (None | TrendFigureOutput):
        summary (None | TrendFigureOutput):
    """

    version: str
    created_at: datetime.datetime
    sentence: None | TrendFigureOutput
    summary: None | TrendFigureOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.trend_figure_output import TrendFigureOutput

        version = self.version

        created_at = self.created_at.isoformat()

        sentence: dict[str, Any] | None
        if isinstance(self.sentence, TrendFigureOutput):
            sentence = self.sentence.to_dict()
        else:
            sentence = self.sentence

        summary: dict[str, Any] | None
        if isinstance(self.summary, TrendFigureOutput):
            summary = self.summary.to_dict()
        else:
            summary = self.summary

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "created_at": created_at,
                "sentence": sentence,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.trend_figure_output import TrendFigureOutput

        d = dict(src_dict)
        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_sentence(data: object) -> None | TrendFigureOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sentence_type_1 = TrendFigureOutput.from_dict(data)

                return sentence_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TrendFigureOutput, data)

        sentence = _parse_sentence(d.pop("sentence"))

        def _parse_summary(data: object) -> None | TrendFigureOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                summary_type_1 = TrendFigureOutput.from_dict(data)

                return summary_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TrendFigureOutput, data)

        summary = _parse_summary(d.pop("summary"))

        trend_point_output = cls(
            version=version,
            created_at=created_at,
            sentence=sentence,
            summary=summary,
        )

        trend_point_output.additional_properties = d
        return trend_point_output

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
