from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.atomic_fact_input import AtomicFactInput


T = TypeVar("T", bound="AtomicFactsSaveInput")


@_attrs_define
class AtomicFactsSaveInput:
    """
    Attributes:
        version (int): The judgement's version this edits (0: never saved).
        facts (list[AtomicFactInput]): The summary's atomic facts, all of them.
    """

    version: int
    facts: list[AtomicFactInput]

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        facts = []
        for facts_item_data in self.facts:
            facts_item = facts_item_data.to_dict()
            facts.append(facts_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "facts": facts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.atomic_fact_input import AtomicFactInput

        d = dict(src_dict)
        version = d.pop("version")

        facts = []
        _facts = d.pop("facts")
        for facts_item_data in _facts:
            facts_item = AtomicFactInput.from_dict(facts_item_data)

            facts.append(facts_item)

        atomic_facts_save_input = cls(
            version=version,
            facts=facts,
        )

        return atomic_facts_save_input
