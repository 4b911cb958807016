from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.chosen_enum import ChosenEnum

if TYPE_CHECKING:
    from ..models.assistance_condition_output import AssistanceConditionOutput
    from ..models.coefficient_output import CoefficientOutput
    from ..models.confusion_output import ConfusionOutput
    from ..models.evidence_comparison_output import EvidenceComparisonOutput
    from ..models.interval_output import IntervalOutput


T = TypeVar("T", bound="AssistanceOutput")


@_attrs_define
class AssistanceOutput:
    """
    Attributes:
        chosen (ChosenEnum): * `automatic` - automatic
            * `explicit` - explicit
        n_sentences (int): Sentences labelled in both rounds.
        n_compared (int): Shared sentences with a majority label in both rounds (ties left out).
        small_n (bool):
        conditions (list[AssistanceConditionOutput]): With hints first, then without.
        differ (IntervalOutput | None): Share of compared sentences whose labels differ.
        kappa (CoefficientOutput | None): Cohen's kappa between the rounds.
        confusion (ConfusionOutput | None): Rows: with hints.
        evidence (EvidenceComparisonOutput | None): Turn F1 between the rounds' evidence.
        note (None | str):
    """

    chosen: ChosenEnum
    n_sentences: int
    n_compared: int
    small_n: bool
    conditions: list[AssistanceConditionOutput]
    differ: IntervalOutput | None
    kappa: CoefficientOutput | None
    confusion: ConfusionOutput | None
    evidence: EvidenceComparisonOutput | None
    note: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.coefficient_output import CoefficientOutput
        from ..models.confusion_output import ConfusionOutput
        from ..models.evidence_comparison_output import EvidenceComparisonOutput
        from ..models.interval_output import IntervalOutput

        chosen = self.chosen.value

        n_sentences = self.n_sentences

        n_compared = self.n_compared

        small_n = self.small_n

        conditions = []
        for conditions_item_data in self.conditions:
            conditions_item = conditions_item_data.to_dict()
            conditions.append(conditions_item)

        differ: dict[str, Any] | None
        if isinstance(self.differ, IntervalOutput):
            differ = self.differ.to_dict()
        else:
            differ = self.differ

        kappa: dict[str, Any] | None
        if isinstance(self.kappa, CoefficientOutput):
            kappa = self.kappa.to_dict()
        else:
            kappa = self.kappa

        confusion: dict[str, Any] | None
        if isinstance(self.confusion, ConfusionOutput):
            confusion = self.confusion.to_dict()
        else:
            confusion = self.confusion

        evidence: dict[str, Any] | None
        if isinstance(self.evidence, EvidenceComparisonOutput):
            evidence = self.evidence.to_dict()
        else:
            evidence = self.evidence

        note: None | str
        note = self.note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "chosen": chosen,
                "n_sentences": n_sentences,
                "n_compared": n_compared,
                "small_n": small_n,
                "conditions": conditions,
                "differ": differ,
                "kappa": kappa,
                "confusion": confusion,
                "evidence": evidence,
                "note": note,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.assistance_condition_output import AssistanceConditionOutput
        from ..models.coefficient_output import CoefficientOutput
        from ..models.confusion_output import ConfusionOutput
        from ..models.evidence_comparison_output import EvidenceComparisonOutput
        from ..models.interval_output import IntervalOutput

        d = dict(src_dict)
        chosen = ChosenEnum(d.pop("chosen"))

        n_sentences = d.pop("n_sentences")

        n_compared = d.pop("n_compared")

        small_n = d.pop("small_n")

        conditions = []
        _conditions = d.pop("conditions")
        for conditions_item_data in _conditions:
            conditions_item = AssistanceConditionOutput.from_dict(conditions_item_data)

            conditions.append(conditions_item)

        def _parse_differ(data: object) -> IntervalOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                differ_type_1 = IntervalOutput.from_dict(data)

                return differ_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IntervalOutput | None, data)

        differ = _parse_differ(d.pop("differ"))

        def _parse_kappa(data: object) -> CoefficientOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                kappa_type_1 = CoefficientOutput.from_dict(data)

                return kappa_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CoefficientOutput | None, data)

        kappa = _parse_kappa(d.pop("kappa"))

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

        def _parse_evidence(data: object) -> EvidenceComparisonOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                evidence_type_1 = EvidenceComparisonOutput.from_dict(data)

                return evidence_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EvidenceComparisonOutput | None, data)

        evidence = _parse_evidence(d.pop("evidence"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        assistance_output = cls(
            chosen=chosen,
            n_sentences=n_sentences,
            n_compared=n_compared,
            small_n=small_n,
            conditions=conditions,
            differ=differ,
            kappa=kappa,
            confusion=confusion,
            evidence=evidence,
            note=note,
        )

        assistance_output.additional_properties = d
        return assistance_output

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
