from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LeaderboardComparison")


@_attrs_define
class LeaderboardComparison:
    """Balanced accuracy of ``a`` minus ``b``, with its interval and a paired test.

    Attributes:
        value (float | None):
        low (float | None):
        high (float | None):
        a (str):
        b (str):
        p_value (float | None): Null when too few documents were measured to test.
        testable (bool):
        note (None | str): Why it was not tested, if not.
    """

    value: float | None
    low: float | None
    high: float | None
    a: str
    b: str
    p_value: float | None
    testable: bool
    note: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        value: float | None
        value = self.value

        low: float | None
        low = self.low

        high: float | None
        high = self.high

        a = self.a

        b = self.b

        p_value: float | None
        p_value = self.p_value

        testable = self.testable

        note: None | str
        note = self.note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "value": value,
                "low": low,
                "high": high,
                "a": a,
                "b": b,
                "p_value": p_value,
                "testable": testable,
                "note": note,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        def _parse_low(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        low = _parse_low(d.pop("low"))

        def _parse_high(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        high = _parse_high(d.pop("high"))

        a = d.pop("a")

        b = d.pop("b")

        def _parse_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p_value = _parse_p_value(d.pop("p_value"))

        testable = d.pop("testable")

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        leaderboard_comparison = cls(
            value=value,
            low=low,
            high=high,
            a=a,
            b=b,
            p_value=p_value,
            testable=testable,
            note=note,
        )

        leaderboard_comparison.additional_properties = d
        return leaderboard_comparison

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
