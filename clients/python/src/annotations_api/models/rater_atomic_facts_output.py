from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.atomic_fact_output import AtomicFactOutput


T = TypeVar("T", bound="RaterAtomicFactsOutput")


@_attrs_define
class RaterAtomicFactsOutput:
    """
    Attributes:
        rater (str):
        facts (list[AtomicFactOutput]): Under your handles.
    """

    rater: str
    facts: list[AtomicFactOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rater = self.rater

        facts = []
        for facts_item_data in self.facts:
            facts_item = facts_item_data.to_dict()
            facts.append(facts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rater": rater,
                "facts": facts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.atomic_fact_output import AtomicFactOutput

        d = dict(src_dict)
        rater = d.pop("rater")

        facts = []
        _facts = d.pop("facts")
        for facts_item_data in _facts:
            facts_item = AtomicFactOutput.from_dict(facts_item_data)

            facts.append(facts_item)

        rater_atomic_facts_output = cls(
            rater=rater,
            facts=facts,
        )

        rater_atomic_facts_output.additional_properties = d
        return rater_atomic_facts_output

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
