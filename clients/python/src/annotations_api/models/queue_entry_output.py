from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.assignment_status_enum import AssignmentStatusEnum
from ..models.screen_enum import ScreenEnum

if TYPE_CHECKING:
    from ..models.progress_output import ProgressOutput
    from ..models.project_name import ProjectName
    from ..models.round_ref_output import RoundRefOutput


T = TypeVar("T", bound="QueueEntryOutput")


@_attrs_define
class QueueEntryOutput:
    """
    Attributes:
        id (int):
        status (AssignmentStatusEnum): * `assigned` - assigned
            * `in_progress` - in progress
            * `submitted` - submitted
        round_ (RoundRefOutput):
        project (ProjectName):
        document (str):
        topic (str):
        position (int):
        count (int):
        progress (ProgressOutput):
        active_seconds (int):
        submitted_at (datetime.datetime | None):
        screen (ScreenEnum): * `workspace` - workspace
            * `items` - items
        stage (str): Review rounds: the reviewer's stage, review or second_review; empty elsewhere.
    """

    id: int
    status: AssignmentStatusEnum
    round_: RoundRefOutput
    project: ProjectName
    document: str
    topic: str
    position: int
    count: int
    progress: ProgressOutput
    active_seconds: int
    submitted_at: datetime.datetime | None
    screen: ScreenEnum
    stage: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status.value

        round_ = self.round_.to_dict()

        project = self.project.to_dict()

        document = self.document

        topic = self.topic

        position = self.position

        count = self.count

        progress = self.progress.to_dict()

        active_seconds = self.active_seconds

        submitted_at: None | str
        if isinstance(self.submitted_at, datetime.datetime):
            submitted_at = self.submitted_at.isoformat()
        else:
            submitted_at = self.submitted_at

        screen = self.screen.value

        stage = self.stage

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "round": round_,
                "project": project,
                "document": document,
                "topic": topic,
                "position": position,
                "count": count,
                "progress": progress,
                "active_seconds": active_seconds,
                "submitted_at": submitted_at,
                "screen": screen,
                "stage": stage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.progress_output import ProgressOutput
        from ..models.project_name import ProjectName
        from ..models.round_ref_output import RoundRefOutput

        d = dict(src_dict)
        id = d.pop("id")

        status = AssignmentStatusEnum(d.pop("status"))

        round_ = RoundRefOutput.from_dict(d.pop("round"))

        project = ProjectName.from_dict(d.pop("project"))

        document = d.pop("document")

        topic = d.pop("topic")

        position = d.pop("position")

        count = d.pop("count")

        progress = ProgressOutput.from_dict(d.pop("progress"))

        active_seconds = d.pop("active_seconds")

        def _parse_submitted_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                submitted_at_type_0 = datetime.datetime.fromisoformat(data)

                return submitted_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        submitted_at = _parse_submitted_at(d.pop("submitted_at"))

        screen = ScreenEnum(d.pop("screen"))

        stage = d.pop("stage")

        queue_entry_output = cls(
            id=id,
            status=status,
            round_=round_,
            project=project,
            document=document,
            topic=topic,
            position=position,
            count=count,
            progress=progress,
            active_seconds=active_seconds,
            submitted_at=submitted_at,
            screen=screen,
            stage=stage,
        )

        queue_entry_output.additional_properties = d
        return queue_entry_output

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
