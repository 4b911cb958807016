from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PausedOutput")


@_attrs_define
class PausedOutput:
    """
    Attributes:
        username (str):
        paused_at (datetime.datetime):
        accuracy (float | None):
        round_ (int | None): The round that paused them.
    """

    username: str
    paused_at: datetime.datetime
    accuracy: float | None
    round_: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        paused_at = self.paused_at.isoformat()

        accuracy: float | None
        accuracy = self.accuracy

        round_: int | None
        round_ = self.round_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "paused_at": paused_at,
                "accuracy": accuracy,
                "round": round_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        username = d.pop("username")

        paused_at = datetime.datetime.fromisoformat(d.pop("paused_at"))

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))

        paused_output = cls(
            username=username,
            paused_at=paused_at,
            accuracy=accuracy,
            round_=round_,
        )

        paused_output.additional_properties = d
        return paused_output

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
