from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.release_metric_score import ReleaseMetricScore


T = TypeVar("T", bound="ReleaseSystemScores")


@_attrs_define
class ReleaseSystemScores:
    """
    Attributes:
        system (str):
        summaries (int):
        faithfulness (ReleaseMetricScore):
        completeness (ReleaseMetricScore):
        conciseness (ReleaseMetricScore):
        acu_score (ReleaseMetricScore):
    """

    system: str
    summaries: int
    faithfulness: ReleaseMetricScore
    completeness: ReleaseMetricScore
    conciseness: ReleaseMetricScore
    acu_score: ReleaseMetricScore
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        system = self.system

        summaries = self.summaries

        faithfulness = self.faithfulness.to_dict()

        completeness = self.completeness.to_dict()

        conciseness = self.conciseness.to_dict()

        acu_score = self.acu_score.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "system": system,
                "summaries": summaries,
                "faithfulness": faithfulness,
                "completeness": completeness,
                "conciseness": conciseness,
                "acu_score": acu_score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.release_metric_score import ReleaseMetricScore

        d = dict(src_dict)
        system = d.pop("system")

        summaries = d.pop("summaries")

        faithfulness = ReleaseMetricScore.from_dict(d.pop("faithfulness"))

        completeness = ReleaseMetricScore.from_dict(d.pop("completeness"))

        conciseness = ReleaseMetricScore.from_dict(d.pop("conciseness"))

        acu_score = ReleaseMetricScore.from_dict(d.pop("acu_score"))

        release_system_scores = cls(
            system=system,
            summaries=summaries,
            faithfulness=faithfulness,
            completeness=completeness,
            conciseness=conciseness,
            acu_score=acu_score,
        )

        release_system_scores.additional_properties = d
        return release_system_scores

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
