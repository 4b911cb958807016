from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.competence_recall_output import CompetenceRecallOutput
    from ..models.interval_output import IntervalOutput


T = TypeVar("T", bound="CompetenceAnnotatorOutput")


@_attrs_define
class CompetenceAnnotatorOutput:
    """
    Attributes:
        annotator (str):
        n_labels (int):
        accuracy (IntervalOutput):
        recall (list[CompetenceRecallOutput]): Per true class: how often they give it when it is true (with intervals).
        confusion (list[list[float | None]]): Dawid-Skene confusion matrix: rows the true class, columns their label.
        mace (IntervalOutput):
    """

    annotator: str
    n_labels: int
    accuracy: IntervalOutput
    recall: list[CompetenceRecallOutput]
    confusion: list[list[float | None]]
    mace: IntervalOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        annotator = self.annotator

        n_labels = self.n_labels

        accuracy = self.accuracy.to_dict()

        recall = []
        for recall_item_data in self.recall:
            recall_item = recall_item_data.to_dict()
            recall.append(recall_item)

        confusion = []
        for confusion_item_data in self.confusion:
            confusion_item = []
            for confusion_item_item_data in confusion_item_data:
                confusion_item_item: float | None
                confusion_item_item = confusion_item_item_data
                confusion_item.append(confusion_item_item)

            confusion.append(confusion_item)

        mace = self.mace.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "annotator": annotator,
                "n_labels": n_labels,
                "accuracy": accuracy,
                "recall": recall,
                "confusion": confusion,
                "mace": mace,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.competence_recall_output import CompetenceRecallOutput
        from ..models.interval_output import IntervalOutput

        d = dict(src_dict)
        annotator = d.pop("annotator")

        n_labels = d.pop("n_labels")

        accuracy = IntervalOutput.from_dict(d.pop("accuracy"))

        recall = []
        _recall = d.pop("recall")
        for recall_item_data in _recall:
            recall_item = CompetenceRecallOutput.from_dict(recall_item_data)

            recall.append(recall_item)

        confusion = []
        _confusion = d.pop("confusion")
        for confusion_item_data in _confusion:
            confusion_item = []
            _confusion_item = confusion_item_data
            for confusion_item_item_data in _confusion_item:

                def _parse_confusion_item_item(data: object) -> float | None:
                    if data is None:
                        return data
                    return cast(float | None, data)

                confusion_item_item = _parse_confusion_item_item(confusion_item_item_data)

                confusion_item.append(confusion_item_item)

            confusion.append(confusion_item)

        mace = IntervalOutput.from_dict(d.pop("mace"))

        competence_annotator_output = cls(
            annotator=annotator,
            n_labels=n_labels,
            accuracy=accuracy,
            recall=recall,
            confusion=confusion,
            mace=mace,
        )

        competence_annotator_output.additional_properties = d
        return competence_annotator_output

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
