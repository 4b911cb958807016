from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.decision_to_confirm_output import DecisionToConfirmOutput
    from ..models.explanation_to_judge_output import ExplanationToJudgeOutput
    from ..models.source_label_output import SourceLabelOutput


T = TypeVar("T", bound="ItemOutput")


@_attrs_define
class ItemOutput:
    """
    Attributes:
        sentence (str): Handle.
        summary (str): Handle.
        labels (list[SourceLabelOutput]):
        decision (DecisionToConfirmOutput | None): Second reviewers: the decision to confirm or dispute.
        explanations (list[ExplanationToJudgeOutput]): Explanation rounds: the evaluators' explanations, in this
            linguist's order.
    """

    sentence: str
    summary: str
    labels: list[SourceLabelOutput]
    decision: DecisionToConfirmOutput | None
    explanations: list[ExplanationToJudgeOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.decision_to_confirm_output import DecisionToConfirmOutput

        sentence = self.sentence

        summary = self.summary

        labels = []
        for labels_item_data in self.labels:
            labels_item = labels_item_data.to_dict()
            labels.append(labels_item)

        decision: dict[str, Any] | None
        if isinstance(self.decision, DecisionToConfirmOutput):
            decision = self.decision.to_dict()
        else:
            decision = self.decision

        explanations = []
        for explanations_item_data in self.explanations:
            explanations_item = explanations_item_data.to_dict()
            explanations.append(explanations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentence": sentence,
                "summary": summary,
                "labels": labels,
                "decision": decision,
                "explanations": explanations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.decision_to_confirm_output import DecisionToConfirmOutput
        from ..models.explanation_to_judge_output import ExplanationToJudgeOutput
        from ..models.source_label_output import SourceLabelOutput

        d = dict(src_dict)
        sentence = d.pop("sentence")

        summary = d.pop("summary")

        labels = []
        _labels = d.pop("labels")
        for labels_item_data in _labels:
            labels_item = SourceLabelOutput.from_dict(labels_item_data)

            labels.append(labels_item)

        def _parse_decision(data: object) -> DecisionToConfirmOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                decision_type_1 = DecisionToConfirmOutput.from_dict(data)

                return decision_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DecisionToConfirmOutput | None, data)

        decision = _parse_decision(d.pop("decision"))

        explanations = []
        _explanations = d.pop("explanations")
        for explanations_item_data in _explanations:
            explanations_item = ExplanationToJudgeOutput.from_dict(explanations_item_data)

            explanations.append(explanations_item)

        item_output = cls(
            sentence=sentence,
            summary=summary,
            labels=labels,
            decision=decision,
            explanations=explanations,
        )

        item_output.additional_properties = d
        return item_output

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
