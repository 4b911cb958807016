from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.level_enum import LevelEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agreement_question_output_per_label_type_0 import (
        AgreementQuestionOutputPerLabelType0,
    )
    from ..models.coefficient_output import CoefficientOutput
    from ..models.confusion_output import ConfusionOutput
    from ..models.confusion_pair_output import ConfusionPairOutput
    from ..models.interval_output import IntervalOutput
    from ..models.pair_output import PairOutput
    from ..models.projection_output import ProjectionOutput
    from ..models.vs_majority_output import VsMajorityOutput


T = TypeVar("T", bound="AgreementQuestionOutput")


@_attrs_define
class AgreementQuestionOutput:
    """
    Attributes:
        key (str):
        label (str):
        level (LevelEnum): * `nominal` - nominal
            * `ordinal` - ordinal
            * `interval` - interval
            * `ratio` - ratio
            * `set` - set
            * `span` - span
        n_units (int):
        n_raters (int):
        coefficient (CoefficientOutput | None):
        alpha (IntervalOutput | None):
        percent_agreement (float | None):
        pairwise (list[PairOutput]):
        vs_majority (list[VsMajorityOutput]):
        confusion (ConfusionOutput | None):
        per_label (AgreementQuestionOutputPerLabelType0 | None): Error types: a Fleiss kappa per type; spans: F1 per
            error type.
        target (float | None):
        met (bool | None):
        note (None | str):
        small_n (bool | Unset): Under 30 units; absent in reports computed before it.
        projection (None | ProjectionOutput | Unset): Units needed for an interval half-width of w; absent in older
            reports.
        confusion_pairs (list[ConfusionPairOutput] | Unset): The most frequent disagreements, with their units; absent
            in older reports.
    """

    key: str
    label: str
    level: LevelEnum
    n_units: int
    n_raters: int
    coefficient: CoefficientOutput | None
    alpha: IntervalOutput | None
    percent_agreement: float | None
    pairwise: list[PairOutput]
    vs_majority: list[VsMajorityOutput]
    confusion: ConfusionOutput | None
    per_label: AgreementQuestionOutputPerLabelType0 | None
    target: float | None
    met: bool | None
    note: None | str
    small_n: bool | Unset = UNSET
    projection: None | ProjectionOutput | Unset = UNSET
    confusion_pairs: list[ConfusionPairOutput] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.agreement_question_output_per_label_type_0 import (
            AgreementQuestionOutputPerLabelType0,
        )
        from ..models.coefficient_output import CoefficientOutput
        from ..models.confusion_output import ConfusionOutput
        from ..models.interval_output import IntervalOutput
        from ..models.projection_output import ProjectionOutput

        key = self.key

        label = self.label

        level = self.level.value

        n_units = self.n_units

        n_raters = self.n_raters

        coefficient: dict[str, Any] | None
        if isinstance(self.coefficient, CoefficientOutput):
            coefficient = self.coefficient.to_dict()
        else:
            coefficient = self.coefficient

        alpha: dict[str, Any] | None
        if isinstance(self.alpha, IntervalOutput):
            alpha = self.alpha.to_dict()
        else:
            alpha = self.alpha

        percent_agreement: float | None
        percent_agreement = self.percent_agreement

        pairwise = []
        for pairwise_item_data in self.pairwise:
            pairwise_item = pairwise_item_data.to_dict()
            pairwise.append(pairwise_item)

        vs_majority = []
        for vs_majority_item_data in self.vs_majority:
            vs_majority_item = vs_majority_item_data.to_dict()
            vs_majority.append(vs_majority_item)

        confusion: dict[str, Any] | None
        if isinstance(self.confusion, ConfusionOutput):
            confusion = self.confusion.to_dict()
        else:
            confusion = self.confusion

        per_label: dict[str, Any] | None
        if isinstance(self.per_label, AgreementQuestionOutputPerLabelType0):
            per_label = self.per_label.to_dict()
        else:
            per_label = self.per_label

        target: float | None
        target = self.target

        met: bool | None
        met = self.met

        note: None | str
        note = self.note

        small_n = self.small_n

        projection: dict[str, Any] | None | Unset
        if isinstance(self.projection, Unset):
            projection = UNSET
        elif isinstance(self.projection, ProjectionOutput):
            projection = self.projection.to_dict()
        else:
            projection = self.projection

        confusion_pairs: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.confusion_pairs, Unset):
            confusion_pairs = []
            for confusion_pairs_item_data in self.confusion_pairs:
                confusion_pairs_item = confusion_pairs_item_data.to_dict()
                confusion_pairs.append(confusion_pairs_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "label": label,
                "level": level,
                "n_units": n_units,
                "n_raters": n_raters,
                "coefficient": coefficient,
                "alpha": alpha,
                "percent_agreement": percent_agreement,
                "pairwise": pairwise,
                "vs_majority": vs_majority,
                "confusion": confusion,
                "per_label": per_label,
                "target": target,
                "met": met,
                "note": note,
            }
        )
        if small_n is not UNSET:
            field_dict["small_n"] = small_n
        if projection is not UNSET:
            field_dict["projection"] = projection
        if confusion_pairs is not UNSET:
            field_dict["confusion_pairs"] = confusion_pairs

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agreement_question_output_per_label_type_0 import (
            AgreementQuestionOutputPerLabelType0,
        )
        from ..models.coefficient_output import CoefficientOutput
        from ..models.confusion_output import ConfusionOutput
        from ..models.confusion_pair_output import ConfusionPairOutput
        from ..models.interval_output import IntervalOutput
        from ..models.pair_output import PairOutput
        from ..models.projection_output import ProjectionOutput
        from ..models.vs_majority_output import VsMajorityOutput

        d = dict(src_dict)
        key = d.pop("key")

        label = d.pop("label")

        level = LevelEnum(d.pop("level"))

        n_units = d.pop("n_units")

        n_raters = d.pop("n_raters")

        def _parse_coefficient(data: object) -> CoefficientOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                coefficient_type_1 = CoefficientOutput.from_dict(data)

                return coefficient_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CoefficientOutput | None, data)

        coefficient = _parse_coefficient(d.pop("coefficient"))

        def _parse_alpha(data: object) -> IntervalOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                alpha_type_1 = IntervalOutput.from_dict(data)

                return alpha_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IntervalOutput | None, data)

        alpha = _parse_alpha(d.pop("alpha"))

        def _parse_percent_agreement(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        percent_agreement = _parse_percent_agreement(d.pop("percent_agreement"))

        pairwise = []
        _pairwise = d.pop("pairwise")
        for pairwise_item_data in _pairwise:
            pairwise_item = PairOutput.from_dict(pairwise_item_data)

            pairwise.append(pairwise_item)

        vs_majority = []
        _vs_majority = d.pop("vs_majority")
        for vs_majority_item_data in _vs_majority:
            vs_majority_item = VsMajorityOutput.from_dict(vs_majority_item_data)

            vs_majority.append(vs_majority_item)

        def _parse_confusion(data: object) -> ConfusionOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                confusion_type_1 = ConfusionOutput.from_dict(data)

                return confusion_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConfusionOutput | None, data)

        confusion = _parse_confusion(d.pop("confusion"))

        def _parse_per_label(data: object) -> AgreementQuestionOutputPerLabelType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                per_label_type_0 = AgreementQuestionOutputPerLabelType0.from_dict(data)

                return per_label_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgreementQuestionOutputPerLabelType0 | None, data)

        per_label = _parse_per_label(d.pop("per_label"))

        def _parse_target(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        target = _parse_target(d.pop("target"))

        def _parse_met(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        met = _parse_met(d.pop("met"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        small_n = d.pop("small_n", UNSET)

        def _parse_projection(data: object) -> None | ProjectionOutput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                projection_type_1 = ProjectionOutput.from_dict(data)

                return projection_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProjectionOutput | Unset, data)

        projection = _parse_projection(d.pop("projection", UNSET))

        _confusion_pairs = d.pop("confusion_pairs", UNSET)
        confusion_pairs: list[ConfusionPairOutput] | Unset = UNSET
        if _confusion_pairs is not UNSET:
            confusion_pairs = []
            for confusion_pairs_item_data in _confusion_pairs:
                confusion_pairs_item = ConfusionPairOutput.from_dict(confusion_pairs_item_data)

                confusion_pairs.append(confusion_pairs_item)

        agreement_question_output = cls(
            key=key,
            label=label,
            level=level,
            n_units=n_units,
            n_raters=n_raters,
            coefficient=coefficient,
            alpha=alpha,
            percent_agreement=percent_agreement,
            pairwise=pairwise,
            vs_majority=vs_majority,
            confusion=confusion,
            per_label=per_label,
            target=target,
            met=met,
            note=note,
            small_n=small_n,
            projection=projection,
            confusion_pairs=confusion_pairs,
        )

        agreement_question_output.additional_properties = d
        return agreement_question_output

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
