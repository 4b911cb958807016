from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.rule_enum import RuleEnum

T = TypeVar("T", bound="FactGoldOutput")


@_attrs_define
class FactGoldOutput:
    """Which list a release takes as gold here (docs/completeness.md, "Releases").

    Attributes:
        rule (None | RuleEnum): adjudicated: yours; given: the given list the raters verified; written: the first
            rater's who wrote any; null: nobody has any.

            * `adjudicated` - adjudicated
            * `given` - given
            * `written` - written
        rater (None | str): Whose written list is gold.
    """

    rule: None | RuleEnum
    rater: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rule: None | str
        if isinstance(self.rule, RuleEnum):
            rule = self.rule.value
        else:
            rule = self.rule

        rater: None | str
        rater = self.rater

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rule": rule,
                "rater": rater,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_rule(data: object) -> None | RuleEnum:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rule_type_1 = RuleEnum(data)

                return rule_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RuleEnum, data)

        rule = _parse_rule(d.pop("rule"))

        def _parse_rater(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rater = _parse_rater(d.pop("rater"))

        fact_gold_output = cls(
            rule=rule,
            rater=rater,
        )

        fact_gold_output.additional_properties = d
        return fact_gold_output

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
