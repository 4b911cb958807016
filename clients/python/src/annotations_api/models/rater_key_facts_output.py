from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.key_fact_output import KeyFactOutput


T = TypeVar("T", bound="RaterKeyFactsOutput")


@_attrs_define
class RaterKeyFactsOutput:
    """
    Attributes:
        rater (str):
        given (bool): Their list is the round's given one.
        facts (list[KeyFactOutput]): As a key-fact save of your adjudication assignment (your handles; ``given`` null),
            so a copy is one save.
    """

    rater: str
    given: bool
    facts: list[KeyFactOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rater = self.rater

        given = self.given

        facts = []
        for facts_item_data in self.facts:
            facts_item = facts_item_data.to_dict()
            facts.append(facts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rater": rater,
                "given": given,
                "facts": facts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.key_fact_output import KeyFactOutput

        d = dict(src_dict)
        rater = d.pop("rater")

        given = d.pop("given")

        facts = []
        _facts = d.pop("facts")
        for facts_item_data in _facts:
            facts_item = KeyFactOutput.from_dict(facts_item_data)

            facts.append(facts_item)

        rater_key_facts_output = cls(
            rater=rater,
            given=given,
            facts=facts,
        )

        rater_key_facts_output.additional_properties = d
        return rater_key_facts_output

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
