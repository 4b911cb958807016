from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ReviewerProgressOutput")


@_attrs_define
class ReviewerProgressOutput:
    """
    Attributes:
        username (str):
        stage (str):
        items (int):
        done (int):
    """

    username: str
    stage: str
    items: int
    done: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        stage = self.stage

        items = self.items

        done = self.done

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "stage": stage,
                "items": items,
                "done": done,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        username = d.pop("username")

        stage = d.pop("stage")

        items = d.pop("items")

        done = d.pop("done")

        reviewer_progress_output = cls(
            username=username,
            stage=stage,
            items=items,
            done=done,
        )

        reviewer_progress_output.additional_properties = d
        return reviewer_progress_output

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
