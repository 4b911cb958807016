from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="FeedbackReplyOutput")


@_attrs_define
class FeedbackReplyOutput:
    """
    Attributes:
        id (int):
        author (str):
        from_annotator (bool): Written by the note's annotator.
        text (str):
        created_at (datetime.datetime):
        unread (bool): The annotator's reply, not read by an admin yet.
    """

    id: int
    author: str
    from_annotator: bool
    text: str
    created_at: datetime.datetime
    unread: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        author = self.author

        from_annotator = self.from_annotator

        text = self.text

        created_at = self.created_at.isoformat()

        unread = self.unread

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "author": author,
                "from_annotator": from_annotator,
                "text": text,
                "created_at": created_at,
                "unread": unread,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        author = d.pop("author")

        from_annotator = d.pop("from_annotator")

        text = d.pop("text")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        unread = d.pop("unread")

        feedback_reply_output = cls(
            id=id,
            author=author,
            from_annotator=from_annotator,
            text=text,
            created_at=created_at,
            unread=unread,
        )

        feedback_reply_output.additional_properties = d
        return feedback_reply_output

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
