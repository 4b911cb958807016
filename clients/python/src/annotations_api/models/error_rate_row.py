from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.analysis_estimate import AnalysisEstimate
    from ..models.analysis_type_share import AnalysisTypeShare


T = TypeVar("T", bound="ErrorRateRow")


@_attrs_define
class ErrorRateRow:
    """
    Attributes:
        system (str):
        corpus (str): A corpus, or "all".
        topic_type (str): main, marginal, uncategorised or "all".
        summaries (int):
        units (int): (dialogue, topic) units.
        inconsistent_sentences (int):
        error_types (list[AnalysisTypeShare]):
        sentence_inconsistency (AnalysisEstimate): A figure with its bootstrap interval; value, low and high null when n
            is 0.
        summary_inconsistency (AnalysisEstimate): A figure with its bootstrap interval; value, low and high null when n
            is 0.
        relevance (AnalysisEstimate): A figure with its bootstrap interval; value, low and high null when n is 0.
        completeness (AnalysisEstimate): A figure with its bootstrap interval; value, low and high null when n is 0.
        conciseness (AnalysisEstimate): A figure with its bootstrap interval; value, low and high null when n is 0.
    """

    system: str
    corpus: str
    topic_type: str
    summaries: int
    units: int
    inconsistent_sentences: int
    error_types: list[AnalysisTypeShare]
    sentence_inconsistency: AnalysisEstimate
    summary_inconsistency: AnalysisEstimate
    relevance: AnalysisEstimate
    completeness: AnalysisEstimate
    conciseness: AnalysisEstimate
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        system = self.system

        corpus = self.corpus

        topic_type = self.topic_type

        summaries = self.summaries

        units = self.units

        inconsistent_sentences = self.inconsistent_sentences

        error_types = []
        for error_types_item_data in self.error_types:
            error_types_item = error_types_item_data.to_dict()
            error_types.append(error_types_item)

        sentence_inconsistency = self.sentence_inconsistency.to_dict()

        summary_inconsistency = self.summary_inconsistency.to_dict()

        relevance = self.relevance.to_dict()

        completeness = self.completeness.to_dict()

        conciseness = self.conciseness.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "system": system,
                "corpus": corpus,
                "topic_type": topic_type,
                "summaries": summaries,
                "units": units,
                "inconsistent_sentences": inconsistent_sentences,
                "error_types": error_types,
                "sentence_inconsistency": sentence_inconsistency,
                "summary_inconsistency": summary_inconsistency,
                "relevance": relevance,
                "completeness": completeness,
                "conciseness": conciseness,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analysis_estimate import AnalysisEstimate
        from ..models.analysis_type_share import AnalysisTypeShare

        d = dict(src_dict)
        system = d.pop("system")

        corpus = d.pop("corpus")

        topic_type = d.pop("topic_type")

        summaries = d.pop("summaries")

        units = d.pop("units")

        inconsistent_sentences = d.pop("inconsistent_sentences")

        error_types = []
        _error_types = d.pop("error_types")
        for error_types_item_data in _error_types:
            error_types_item = AnalysisTypeShare.from_dict(error_types_item_data)

            error_types.append(error_types_item)

        sentence_inconsistency = AnalysisEstimate.from_dict(d.pop("sentence_inconsistency"))

        summary_inconsistency = AnalysisEstimate.from_dict(d.pop("summary_inconsistency"))

        relevance = AnalysisEstimate.from_dict(d.pop("relevance"))

        completeness = AnalysisEstimate.from_dict(d.pop("completeness"))

        conciseness = AnalysisEstimate.from_dict(d.pop("conciseness"))

        error_rate_row = cls(
            system=system,
            corpus=corpus,
            topic_type=topic_type,
            summaries=summaries,
            units=units,
            inconsistent_sentences=inconsistent_sentences,
            error_types=error_types,
            sentence_inconsistency=sentence_inconsistency,
            summary_inconsistency=summary_inconsistency,
            relevance=relevance,
            completeness=completeness,
            conciseness=conciseness,
        )

        error_rate_row.additional_properties = d
        return error_rate_row

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
