from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.prediction_kind_enum import PredictionKindEnum

if TYPE_CHECKING:
    from ..models.leaderboard_confusion import LeaderboardConfusion
    from ..models.leaderboard_evaluator_entry_by import LeaderboardEvaluatorEntryBy
    from ..models.leaderboard_evaluator_entry_type_recall import LeaderboardEvaluatorEntryTypeRecall
    from ..models.leaderboard_figure import LeaderboardFigure


T = TypeVar("T", bound="LeaderboardEvaluatorEntry")


@_attrs_define
class LeaderboardEvaluatorEntry:
    """
    Attributes:
        balanced_accuracy (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no
            record).
        fpr (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        fnr (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        precision (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        recall (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        f1 (LeaderboardFigure): A figure with its bootstrap interval; null where it is undefined (no record).
        kind (PredictionKindEnum): * `score` - score
            * `label` - label
        threshold (float | None): Tuned on dev (scores); null for labels.
        tuned_balanced_accuracy (float | None):
        by (LeaderboardEvaluatorEntryBy): grouping (corpus, topic_type, system) -> value -> figures.
        auc (LeaderboardFigure | None): Scores only.
        type_recall (LeaderboardEvaluatorEntryTypeRecall): error type -> recall.
        confusion (LeaderboardConfusion):
    """

    balanced_accuracy: LeaderboardFigure
    fpr: LeaderboardFigure
    fnr: LeaderboardFigure
    precision: LeaderboardFigure
    recall: LeaderboardFigure
    f1: LeaderboardFigure
    kind: PredictionKindEnum
    threshold: float | None
    tuned_balanced_accuracy: float | None
    by: LeaderboardEvaluatorEntryBy
    auc: LeaderboardFigure | None
    type_recall: LeaderboardEvaluatorEntryTypeRecall
    confusion: LeaderboardConfusion
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.leaderboard_figure import LeaderboardFigure

        balanced_accuracy = self.balanced_accuracy.to_dict()

        fpr = self.fpr.to_dict()

        fnr = self.fnr.to_dict()

        precision = self.precision.to_dict()

        recall = self.recall.to_dict()

        f1 = self.f1.to_dict()

        kind = self.kind.value

        threshold: float | None
        threshold = self.threshold

        tuned_balanced_accuracy: float | None
        tuned_balanced_accuracy = self.tuned_balanced_accuracy

        by = self.by.to_dict()

        auc: dict[str, Any] | None
        if isinstance(self.auc, LeaderboardFigure):
            auc = self.auc.to_dict()
        else:
            auc = self.auc

        type_recall = self.type_recall.to_dict()

        confusion = self.confusion.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balanced_accuracy": balanced_accuracy,
                "fpr": fpr,
                "fnr": fnr,
                "precision": precision,
                "recall": recall,
                "f1": f1,
                "kind": kind,
                "threshold": threshold,
                "tuned_balanced_accuracy": tuned_balanced_accuracy,
                "by": by,
                "auc": auc,
                "type_recall": type_recall,
                "confusion": confusion,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_confusion import LeaderboardConfusion
        from ..models.leaderboard_evaluator_entry_by import LeaderboardEvaluatorEntryBy
        from ..models.leaderboard_evaluator_entry_type_recall import (
            LeaderboardEvaluatorEntryTypeRecall,
        )
        from ..models.leaderboard_figure import LeaderboardFigure

        d = dict(src_dict)
        balanced_accuracy = LeaderboardFigure.from_dict(d.pop("balanced_accuracy"))

        fpr = LeaderboardFigure.from_dict(d.pop("fpr"))

        fnr = LeaderboardFigure.from_dict(d.pop("fnr"))

        precision = LeaderboardFigure.from_dict(d.pop("precision"))

        recall = LeaderboardFigure.from_dict(d.pop("recall"))

        f1 = LeaderboardFigure.from_dict(d.pop("f1"))

        kind = PredictionKindEnum(d.pop("kind"))

        def _parse_threshold(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        threshold = _parse_threshold(d.pop("threshold"))

        def _parse_tuned_balanced_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        tuned_balanced_accuracy = _parse_tuned_balanced_accuracy(d.pop("tuned_balanced_accuracy"))

        by = LeaderboardEvaluatorEntryBy.from_dict(d.pop("by"))

        def _parse_auc(data: object) -> LeaderboardFigure | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                auc_type_1 = LeaderboardFigure.from_dict(data)

                return auc_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LeaderboardFigure | None, data)

        auc = _parse_auc(d.pop("auc"))

        type_recall = LeaderboardEvaluatorEntryTypeRecall.from_dict(d.pop("type_recall"))

        confusion = LeaderboardConfusion.from_dict(d.pop("confusion"))

        leaderboard_evaluator_entry = cls(
            balanced_accuracy=balanced_accuracy,
            fpr=fpr,
            fnr=fnr,
            precision=precision,
            recall=recall,
            f1=f1,
            kind=kind,
            threshold=threshold,
            tuned_balanced_accuracy=tuned_balanced_accuracy,
            by=by,
            auc=auc,
            type_recall=type_recall,
            confusion=confusion,
        )

        leaderboard_evaluator_entry.additional_properties = d
        return leaderboard_evaluator_entry

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
