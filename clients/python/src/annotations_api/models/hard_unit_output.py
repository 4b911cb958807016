from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HardUnitOutput")


@_attrs_define
class HardUnitOutput:
    """
    Attributes:
        topic_id (int):
        unit (str): Document · topic.
        records (int): Judged sentences in the unit.
        against_gold (float):
        among_evaluators (float):
    """

    topic_id: int
    unit: str
    records: int
    against_gold: float
    among_evaluators: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        topic_id = self.topic_id

        unit = self.unit

        records = self.records

        against_gold = self.against_gold

        among_evaluators = self.among_evaluators

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "topic_id": topic_id,
                "unit": unit,
                "records": records,
                "against_gold": against_gold,
                "among_evaluators": among_evaluators,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        topic_id = d.pop("topic_id")

        unit = d.pop("unit")

        records = d.pop("records")

        against_gold = d.pop("against_gold")

        among_evaluators = d.pop("among_evaluators")

        hard_unit_output = cls(
            topic_id=topic_id,
            unit=unit,
            records=records,
            against_gold=against_gold,
            among_evaluators=among_evaluators,
        )

        hard_unit_output.additional_properties = d
        return hard_unit_output

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
