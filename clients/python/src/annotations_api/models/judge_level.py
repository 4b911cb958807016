from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.prediction_kind_enum import PredictionKindEnum

if TYPE_CHECKING:
    from ..models.judge_disagreement_output import JudgeDisagreementOutput
    from ..models.judge_level_by import JudgeLevelBy
    from ..models.judge_level_type_recall import JudgeLevelTypeRecall
    from ..models.leaderboard_confusion import LeaderboardConfusion
    from ..models.leaderboard_figure import LeaderboardFigure
    from ..models.reliability_bin_output import ReliabilityBinOutput


T = TypeVar("T", bound="JudgeLevel")


@_attrs_define
class JudgeLevel:
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
        by (JudgeLevelBy): grouping (corpus, topic_type, system) -> value -> figures.
        auc (LeaderboardFigure | None): Scores only.
        type_recall (JudgeLevelTypeRecall): error type -> recall.
        confusion (LeaderboardConfusion):
        predicted (int): Gold records the run predicted.
        gold_records (int):
        protocol (str): dev_test: tuned on dev, measured on test; all: one set (optimistic).
        tuned_on (int):
        measured_on (int):
        documents (int):
        warning (None | str):
        kappa (float | None): Cohen's kappa against the gold.
        ece (float | None): Score runs in [0, 1] only.
        reliability (list[ReliabilityBinOutput] | None):
        calibration_note (None | str):
        disagreements (int):
        disagreement_list (list[JudgeDisagreementOutput]):
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
    by: JudgeLevelBy
    auc: LeaderboardFigure | None
    type_recall: JudgeLevelTypeRecall
    confusion: LeaderboardConfusion
    predicted: int
    gold_records: int
    protocol: str
    tuned_on: int
    measured_on: int
    documents: int
    warning: None | str
    kappa: float | None
    ece: float | None
    reliability: list[ReliabilityBinOutput] | None
    calibration_note: None | str
    disagreements: int
    disagreement_list: list[JudgeDisagreementOutput]
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

        predicted = self.predicted

        gold_records = self.gold_records

        protocol = self.protocol

        tuned_on = self.tuned_on

        measured_on = self.measured_on

        documents = self.documents

        warning: None | str
        warning = self.warning

        kappa: float | None
        kappa = self.kappa

        ece: float | None
        ece = self.ece

        reliability: list[dict[str, Any]] | None
        if isinstance(self.reliability, list):
            reliability = []
            for reliability_type_0_item_data in self.reliability:
                reliability_type_0_item = reliability_type_0_item_data.to_dict()
                reliability.append(reliability_type_0_item)

        else:
            reliability = self.reliability

        calibration_note: None | str
        calibration_note = self.calibration_note

        disagreements = self.disagreements

        disagreement_list = []
        for disagreement_list_item_data in self.disagreement_list:
            disagreement_list_item = disagreement_list_item_data.to_dict()
            disagreement_list.append(disagreement_list_item)

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
                "predicted": predicted,
                "gold_records": gold_records,
                "protocol": protocol,
                "tuned_on": tuned_on,
                "measured_on": measured_on,
                "documents": documents,
                "warning": warning,
                "kappa": kappa,
                "ece": ece,
                "reliability": reliability,
                "calibration_note": calibration_note,
                "disagreements": disagreements,
                "disagreement_list": disagreement_list,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.judge_disagreement_output import JudgeDisagreementOutput
        from ..models.judge_level_by import JudgeLevelBy
        from ..models.judge_level_type_recall import JudgeLevelTypeRecall
        from ..models.leaderboard_confusion import LeaderboardConfusion
        from ..models.leaderboard_figure import LeaderboardFigure
        from ..models.reliability_bin_output import ReliabilityBinOutput

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

        by = JudgeLevelBy.from_dict(d.pop("by"))

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

        type_recall = JudgeLevelTypeRecall.from_dict(d.pop("type_recall"))

        confusion = LeaderboardConfusion.from_dict(d.pop("confusion"))

        predicted = d.pop("predicted")

        gold_records = d.pop("gold_records")

        protocol = d.pop("protocol")

        tuned_on = d.pop("tuned_on")

        measured_on = d.pop("measured_on")

        documents = d.pop("documents")

        def _parse_warning(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        warning = _parse_warning(d.pop("warning"))

        def _parse_kappa(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        kappa = _parse_kappa(d.pop("kappa"))

        def _parse_ece(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ece = _parse_ece(d.pop("ece"))

        def _parse_reliability(data: object) -> list[ReliabilityBinOutput] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                reliability_type_0 = []
                _reliability_type_0 = data
                for reliability_type_0_item_data in _reliability_type_0:
                    reliability_type_0_item = ReliabilityBinOutput.from_dict(
                        reliability_type_0_item_data
                    )

                    reliability_type_0.append(reliability_type_0_item)

                return reliability_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ReliabilityBinOutput] | None, data)

        reliability = _parse_reliability(d.pop("reliability"))

        def _parse_calibration_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        calibration_note = _parse_calibration_note(d.pop("calibration_note"))

        disagreements = d.pop("disagreements")

        disagreement_list = []
        _disagreement_list = d.pop("disagreement_list")
        for disagreement_list_item_data in _disagreement_list:
            disagreement_list_item = JudgeDisagreementOutput.from_dict(disagreement_list_item_data)

            disagreement_list.append(disagreement_list_item)

        judge_level = cls(
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
            predicted=predicted,
            gold_records=gold_records,
            protocol=protocol,
            tuned_on=tuned_on,
            measured_on=measured_on,
            documents=documents,
            warning=warning,
            kappa=kappa,
            ece=ece,
            reliability=reliability,
            calibration_note=calibration_note,
            disagreements=disagreements,
            disagreement_list=disagreement_list,
        )

        judge_level.additional_properties = d
        return judge_level

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
