from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.feedback_place_output import FeedbackPlaceOutput
    from ..models.project_name import ProjectName
    from ..models.reply_output import ReplyOutput


T = TypeVar("T", bound="FeedbackItemOutput")


@_attrs_define
class FeedbackItemOutput:
    """
    Attributes:
        id (int):
        round_ (str):
        round_id (int):
        project (ProjectName):
        author (str):
        text (str):
        created_at (datetime.datetime):
        assignment (int | None):
        sentence (FeedbackPlaceOutput | None):
        reopened (bool):
        replies (list[ReplyOutput]):
        read (bool):
    """

    id: int
    round_: str
    round_id: int
    project: ProjectName
    author: str
    text: str
    created_at: datetime.datetime
    assignment: int | None
    sentence: FeedbackPlaceOutput | None
    reopened: bool
    replies: list[ReplyOutput]
    read: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.feedback_place_output import FeedbackPlaceOutput

        id = self.id

        round_ = self.round_

        round_id = self.round_id

        project = self.project.to_dict()

        author = self.author

        text = self.text

        created_at = self.created_at.isoformat()

        assignment: int | None
        assignment = self.assignment

        sentence: dict[str, Any] | None
        if isinstance(self.sentence, FeedbackPlaceOutput):
            sentence = self.sentence.to_dict()
        else:
            sentence = self.sentence

        reopened = self.reopened

        replies = []
        for replies_item_data in self.replies:
            replies_item = replies_item_data.to_dict()
            replies.append(replies_item)

        read = self.read

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "round": round_,
                "round_id": round_id,
                "project": project,
                "author": author,
                "text": text,
                "created_at": created_at,
                "assignment": assignment,
                "sentence": sentence,
                "reopened": reopened,
                "replies": replies,
                "read": read,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.feedback_place_output import FeedbackPlaceOutput
        from ..models.project_name import ProjectName
        from ..models.reply_output import ReplyOutput

        d = dict(src_dict)
        id = d.pop("id")

        round_ = d.pop("round")

        round_id = d.pop("round_id")

        project = ProjectName.from_dict(d.pop("project"))

        author = d.pop("author")

        text = d.pop("text")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_assignment(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        assignment = _parse_assignment(d.pop("assignment"))

        def _parse_sentence(data: object) -> FeedbackPlaceOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sentence_type_1 = FeedbackPlaceOutput.from_dict(data)

                return sentence_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FeedbackPlaceOutput | None, data)

        sentence = _parse_sentence(d.pop("sentence"))

        reopened = d.pop("reopened")

        replies = []
        _replies = d.pop("replies")
        for replies_item_data in _replies:
            replies_item = ReplyOutput.from_dict(replies_item_data)

            replies.append(replies_item)

        read = d.pop("read")

        feedback_item_output = cls(
            id=id,
            round_=round_,
            round_id=round_id,
            project=project,
            author=author,
            text=text,
            created_at=created_at,
            assignment=assignment,
            sentence=sentence,
            reopened=reopened,
            replies=replies,
            read=read,
        )

        feedback_item_output.additional_properties = d
        return feedback_item_output

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
