from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.key_fact_input import KeyFactInput


T = TypeVar("T", bound="KeyFactsBatchEntry")


@_attrs_define
class KeyFactsBatchEntry:
    """A save of a key facts judgement in a batch: its kind, the version it edits and at least one change.

    Attributes:
        version (int): The judgement's version this edits (0: never saved).
        facts (list[KeyFactInput]): The unit's key facts, all of them: a save replaces them.
        kind (str): The judgement's kind: key_facts.
    """

    version: int
    facts: list[KeyFactInput]
    kind: str

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        facts = []
        for facts_item_data in self.facts:
            facts_item = facts_item_data.to_dict()
            facts.append(facts_item)

        kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "facts": facts,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.key_fact_input import KeyFactInput

        d = dict(src_dict)
        version = d.pop("version")

        facts = []
        _facts = d.pop("facts")
        for facts_item_data in _facts:
            facts_item = KeyFactInput.from_dict(facts_item_data)

            facts.append(facts_item)

        kind = d.pop("kind")

        key_facts_batch_entry = cls(
            version=version,
            facts=facts,
            kind=kind,
        )

        return key_facts_batch_entry
