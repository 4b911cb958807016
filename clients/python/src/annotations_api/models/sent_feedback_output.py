from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.feedback_reply_output import FeedbackReplyOutput
    from ..models.feedback_sentence_output import FeedbackSentenceOutput


T = TypeVar("T", bound="SentFeedbackOutput")


@_attrs_define
class SentFeedbackOutput:
    """
    Attributes:
        id (int):
        annotator (str):
        author (str):
        text (str):
        created_at (datetime.datetime):
        read_at (datetime.datetime | None): null: not read yet.
        reopened (bool): Sent as the reason for reopening the unit.
        topic (int | None): The unit it is about, if any.
        sentence (FeedbackSentenceOutput | None):
        replies (list[FeedbackReplyOutput]):
        unread_replies (int): Replies of the annotator no admin read.
    """

    id: int
    annotator: str
    author: str
    text: str
    created_at: datetime.datetime
    read_at: datetime.datetime | None
    reopened: bool
    topic: int | None
    sentence: FeedbackSentenceOutput | None
    replies: list[FeedbackReplyOutput]
    unread_replies: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.feedback_sentence_output import FeedbackSentenceOutput

        id = self.id

        annotator = self.annotator

        author = self.author

        text = self.text

        created_at = self.created_at.isoformat()

        read_at: None | str
        if isinstance(self.read_at, datetime.datetime):
            read_at = self.read_at.isoformat()
        else:
            read_at = self.read_at

        reopened = self.reopened

        topic: int | None
        topic = self.topic

        sentence: dict[str, Any] | None
        if isinstance(self.sentence, FeedbackSentenceOutput):
            sentence = self.sentence.to_dict()
        else:
            sentence = self.sentence

        replies = []
        for replies_item_data in self.replies:
            replies_item = replies_item_data.to_dict()
            replies.append(replies_item)

        unread_replies = self.unread_replies

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "annotator": annotator,
                "author": author,
                "text": text,
                "created_at": created_at,
                "read_at": read_at,
                "reopened": reopened,
                "topic": topic,
                "sentence": sentence,
                "replies": replies,
                "unread_replies": unread_replies,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.feedback_reply_output import FeedbackReplyOutput
        from ..models.feedback_sentence_output import FeedbackSentenceOutput

        d = dict(src_dict)
        id = d.pop("id")

        annotator = d.pop("annotator")

        author = d.pop("author")

        text = d.pop("text")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_read_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                read_at_type_0 = datetime.datetime.fromisoformat(data)

                return read_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        read_at = _parse_read_at(d.pop("read_at"))

        reopened = d.pop("reopened")

        def _parse_topic(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        topic = _parse_topic(d.pop("topic"))

        def _parse_sentence(data: object) -> FeedbackSentenceOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sentence_type_1 = FeedbackSentenceOutput.from_dict(data)

                return sentence_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FeedbackSentenceOutput | None, data)

        sentence = _parse_sentence(d.pop("sentence"))

        replies = []
        _replies = d.pop("replies")
        for replies_item_data in _replies:
            replies_item = FeedbackReplyOutput.from_dict(replies_item_data)

            replies.append(replies_item)

        unread_replies = d.pop("unread_replies")

        sent_feedback_output = cls(
            id=id,
            annotator=annotator,
            author=author,
            text=text,
            created_at=created_at,
            read_at=read_at,
            reopened=reopened,
            topic=topic,
            sentence=sentence,
            replies=replies,
            unread_replies=unread_replies,
        )

        sent_feedback_output.additional_properties = d
        return sent_feedback_output

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
