from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.trend_point_output import TrendPointOutput


T = TypeVar("T", bound="TrendOutput")


@_attrs_define
class TrendOutput:
    """
    Attributes:
        evaluator (str):
        points (list[TrendPointOutput]):
    """

    evaluator: str
    points: list[TrendPointOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        evaluator = self.evaluator

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "evaluator": evaluator,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.trend_point_output import TrendPointOutput

        d = dict(src_dict)
        evaluator = d.pop("evaluator")

        points = []
        _points = d.pop("points")
        for points_item_data in _points:
            points_item = TrendPointOutput.from_dict(points_item_data)

            points.append(points_item)

        trend_output = cls(
            evaluator=evaluator,
            points=points,
        )

        trend_output.additional_properties = d
        return trend_output

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
