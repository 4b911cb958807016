from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.analysis_file_output import AnalysisFileOutput
    from ..models.error_rate_row import ErrorRateRow
    from ..models.labelled_output import LabelledOutput
    from ..models.release_analysis_output_dropped_not_a_summary_type_0 import (
        ReleaseAnalysisOutputDroppedNotASummaryType0,
    )


T = TypeVar("T", bound="ReleaseAnalysisOutput")


@_attrs_define
class ReleaseAnalysisOutput:
    """
    Attributes:
        release (str): SLUG@VERSION
        metrics (list[LabelledOutput]):
        topic_types (list[LabelledOutput]):
        error_types (list[str]):
        confidence (float):
        n_resamples (int):
        seed (int):
        method (str):
        notes (list[str]):
        rows (list[ErrorRateRow]):
        dropped_not_a_summary (None | ReleaseAnalysisOutputDroppedNotASummaryType0):
        files (list[AnalysisFileOutput]):
    """

    release: str
    metrics: list[LabelledOutput]
    topic_types: list[LabelledOutput]
    error_types: list[str]
    confidence: float
    n_resamples: int
    seed: int
    method: str
    notes: list[str]
    rows: list[ErrorRateRow]
    dropped_not_a_summary: None | ReleaseAnalysisOutputDroppedNotASummaryType0
    files: list[AnalysisFileOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.release_analysis_output_dropped_not_a_summary_type_0 import (
            ReleaseAnalysisOutputDroppedNotASummaryType0,
        )

        release = self.release

        metrics = []
        for metrics_item_data in self.metrics:
            metrics_item = metrics_item_data.to_dict()
            metrics.append(metrics_item)

        topic_types = []
        for topic_types_item_data in self.topic_types:
            topic_types_item = topic_types_item_data.to_dict()
            topic_types.append(topic_types_item)

        error_types = self.error_types

        confidence = self.confidence

        n_resamples = self.n_resamples

        seed = self.seed

        method = self.method

        notes = self.notes

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        dropped_not_a_summary: dict[str, Any] | None
        if isinstance(self.dropped_not_a_summary, ReleaseAnalysisOutputDroppedNotASummaryType0):
            dropped_not_a_summary = self.dropped_not_a_summary.to_dict()
        else:
            dropped_not_a_summary = self.dropped_not_a_summary

        files = []
        for files_item_data in self.files:
            files_item = files_item_data.to_dict()
            files.append(files_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "release": release,
                "metrics": metrics,
                "topic_types": topic_types,
                "error_types": error_types,
                "confidence": confidence,
                "n_resamples": n_resamples,
                "seed": seed,
                "method": method,
                "notes": notes,
                "rows": rows,
                "dropped_not_a_summary": dropped_not_a_summary,
                "files": files,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analysis_file_output import AnalysisFileOutput
        from ..models.error_rate_row import ErrorRateRow
        from ..models.labelled_output import LabelledOutput
        from ..models.release_analysis_output_dropped_not_a_summary_type_0 import (
            ReleaseAnalysisOutputDroppedNotASummaryType0,
        )

        d = dict(src_dict)
        release = d.pop("release")

        metrics = []
        _metrics = d.pop("metrics")
        for metrics_item_data in _metrics:
            metrics_item = LabelledOutput.from_dict(metrics_item_data)

            metrics.append(metrics_item)

        topic_types = []
        _topic_types = d.pop("topic_types")
        for topic_types_item_data in _topic_types:
            topic_types_item = LabelledOutput.from_dict(topic_types_item_data)

            topic_types.append(topic_types_item)

        error_types = cast(list[str], d.pop("error_types"))

        confidence = d.pop("confidence")

        n_resamples = d.pop("n_resamples")

        seed = d.pop("seed")

        method = d.pop("method")

        notes = cast(list[str], d.pop("notes"))

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = ErrorRateRow.from_dict(rows_item_data)

            rows.append(rows_item)

        def _parse_dropped_not_a_summary(
            data: object,
        ) -> None | ReleaseAnalysisOutputDroppedNotASummaryType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                dropped_not_a_summary_type_0 = (
                    ReleaseAnalysisOutputDroppedNotASummaryType0.from_dict(data)
                )

                return dropped_not_a_summary_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReleaseAnalysisOutputDroppedNotASummaryType0, data)

        dropped_not_a_summary = _parse_dropped_not_a_summary(d.pop("dropped_not_a_summary"))

        files = []
        _files = d.pop("files")
        for files_item_data in _files:
            files_item = AnalysisFileOutput.from_dict(files_item_data)

            files.append(files_item)

        release_analysis_output = cls(
            release=release,
            metrics=metrics,
            topic_types=topic_types,
            error_types=error_types,
            confidence=confidence,
            n_resamples=n_resamples,
            seed=seed,
            method=method,
            notes=notes,
            rows=rows,
            dropped_not_a_summary=dropped_not_a_summary,
            files=files,
        )

        release_analysis_output.additional_properties = d
        return release_analysis_output

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
