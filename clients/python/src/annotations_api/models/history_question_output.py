from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.history_point_output import HistoryPointOutput


T = TypeVar("T", bound="HistoryQuestionOutput")


@_attrs_define
class HistoryQuestionOutput:
    """
    Attributes:
        key (str):
        label (str):
        target (float | None):
        points (list[HistoryPointOutput]):
    """

    key: str
    label: str
    target: float | None
    points: list[HistoryPointOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        label = self.label

        target: float | None
        target = self.target

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "label": label,
                "target": target,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.history_point_output import HistoryPointOutput

        d = dict(src_dict)
        key = d.pop("key")

        label = d.pop("label")

        def _parse_target(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        target = _parse_target(d.pop("target"))

        points = []
        _points = d.pop("points")
        for points_item_data in _points:
            points_item = HistoryPointOutput.from_dict(points_item_data)

            points.append(points_item)

        history_question_output = cls(
            key=key,
            label=label,
            target=target,
            points=points,
        )

        history_question_output.additional_properties = d
        return history_question_output

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
