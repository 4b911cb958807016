from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.feedback_item_output import FeedbackItemOutput
    from ..models.queue_entry_output import QueueEntryOutput


T = TypeVar("T", bound="QueueOutput")


@_attrs_define
class QueueOutput:
    """
    Attributes:
        assignments (list[QueueEntryOutput]):
        feedback (list[FeedbackItemOutput]):
    """

    assignments: list[QueueEntryOutput]
    feedback: list[FeedbackItemOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        assignments = []
        for assignments_item_data in self.assignments:
            assignments_item = assignments_item_data.to_dict()
            assignments.append(assignments_item)

        feedback = []
        for feedback_item_data in self.feedback:
            feedback_item = feedback_item_data.to_dict()
            feedback.append(feedback_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "assignments": assignments,
                "feedback": feedback,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.feedback_item_output import FeedbackItemOutput
        from ..models.queue_entry_output import QueueEntryOutput

        d = dict(src_dict)
        assignments = []
        _assignments = d.pop("assignments")
        for assignments_item_data in _assignments:
            assignments_item = QueueEntryOutput.from_dict(assignments_item_data)

            assignments.append(assignments_item)

        feedback = []
        _feedback = d.pop("feedback")
        for feedback_item_data in _feedback:
            feedback_item = FeedbackItemOutput.from_dict(feedback_item_data)

            feedback.append(feedback_item)

        queue_output = cls(
            assignments=assignments,
            feedback=feedback,
        )

        queue_output.additional_properties = d
        return queue_output

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
