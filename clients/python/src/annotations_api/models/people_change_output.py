from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.people_action_enum import PeopleActionEnum

if TYPE_CHECKING:
    from ..models.people_state_output import PeopleStateOutput


T = TypeVar("T", bound="PeopleChangeOutput")


@_attrs_define
class PeopleChangeOutput:
    """
    Attributes:
        id (int):
        at (datetime.datetime):
        action (PeopleActionEnum): * `add` - added
            * `roles` - roles changed
            * `pause` - paused
            * `resume` - resumed
            * `remove` - removed
            * `invite` - invited
            * `revoke` - invitation revoked
            * `accept` - invitation accepted
            * `reassign` - units reassigned
        actor (str): Who made the change.
        subject (str): Whom it changed (an invitation's email before it is used).
        invitation (int | None):
        before (None | PeopleStateOutput):
        after (None | PeopleStateOutput):
    """

    id: int
    at: datetime.datetime
    action: PeopleActionEnum
    actor: str
    subject: str
    invitation: int | None
    before: None | PeopleStateOutput
    after: None | PeopleStateOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.people_state_output import PeopleStateOutput

        id = self.id

        at = self.at.isoformat()

        action = self.action.value

        actor = self.actor

        subject = self.subject

        invitation: int | None
        invitation = self.invitation

        before: dict[str, Any] | None
        if isinstance(self.before, PeopleStateOutput):
            before = self.before.to_dict()
        else:
            before = self.before

        after: dict[str, Any] | None
        if isinstance(self.after, PeopleStateOutput):
            after = self.after.to_dict()
        else:
            after = self.after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "at": at,
                "action": action,
                "actor": actor,
                "subject": subject,
                "invitation": invitation,
                "before": before,
                "after": after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.people_state_output import PeopleStateOutput

        d = dict(src_dict)
        id = d.pop("id")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        action = PeopleActionEnum(d.pop("action"))

        actor = d.pop("actor")

        subject = d.pop("subject")

        def _parse_invitation(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        invitation = _parse_invitation(d.pop("invitation"))

        def _parse_before(data: object) -> None | PeopleStateOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                before_type_1 = PeopleStateOutput.from_dict(data)

                return before_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PeopleStateOutput, data)

        before = _parse_before(d.pop("before"))

        def _parse_after(data: object) -> None | PeopleStateOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                after_type_1 = PeopleStateOutput.from_dict(data)

                return after_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PeopleStateOutput, data)

        after = _parse_after(d.pop("after"))

        people_change_output = cls(
            id=id,
            at=at,
            action=action,
            actor=actor,
            subject=subject,
            invitation=invitation,
            before=before,
            after=after,
        )

        people_change_output.additional_properties = d
        return people_change_output

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
