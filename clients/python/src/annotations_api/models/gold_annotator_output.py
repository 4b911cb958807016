from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.gold_week_output import GoldWeekOutput


T = TypeVar("T", bound="GoldAnnotatorOutput")


@_attrs_define
class GoldAnnotatorOutput:
    """
    Attributes:
        username (str):
        scored (int):
        accuracy (float | None):
        paused (bool):
        by_week (list[GoldWeekOutput]):
    """

    username: str
    scored: int
    accuracy: float | None
    paused: bool
    by_week: list[GoldWeekOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        scored = self.scored

        accuracy: float | None
        accuracy = self.accuracy

        paused = self.paused

        by_week = []
        for by_week_item_data in self.by_week:
            by_week_item = by_week_item_data.to_dict()
            by_week.append(by_week_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "scored": scored,
                "accuracy": accuracy,
                "paused": paused,
                "by_week": by_week,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.gold_week_output import GoldWeekOutput

        d = dict(src_dict)
        username = d.pop("username")

        scored = d.pop("scored")

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        paused = d.pop("paused")

        by_week = []
        _by_week = d.pop("by_week")
        for by_week_item_data in _by_week:
            by_week_item = GoldWeekOutput.from_dict(by_week_item_data)

            by_week.append(by_week_item)

        gold_annotator_output = cls(
            username=username,
            scored=scored,
            accuracy=accuracy,
            paused=paused,
            by_week=by_week,
        )

        gold_annotator_output.additional_properties = d
        return gold_annotator_output

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
