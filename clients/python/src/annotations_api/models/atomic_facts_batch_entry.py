from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.atomic_fact_input import AtomicFactInput


T = TypeVar("T", bound="AtomicFactsBatchEntry")


@_attrs_define
class AtomicFactsBatchEntry:
    """A save of a atomic facts judgement in a batch: its kind, its summary's handle, the version it edits and at least one
    change.

        Attributes:
            version (int): The judgement's version this edits (0: never saved).
            facts (list[AtomicFactInput]): The summary's atomic facts, all of them.
            kind (str): The judgement's kind: atomic_facts.
            handle (str): The summary's handle in this assignment (never a database id).
    """

    version: int
    facts: list[AtomicFactInput]
    kind: str
    handle: str

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        facts = []
        for facts_item_data in self.facts:
            facts_item = facts_item_data.to_dict()
            facts.append(facts_item)

        kind = self.kind

        handle = self.handle

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "facts": facts,
                "kind": kind,
                "handle": handle,
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

        kind = d.pop("kind")

        handle = d.pop("handle")

        atomic_facts_batch_entry = cls(
            version=version,
            facts=facts,
            kind=kind,
            handle=handle,
        )

        return atomic_facts_batch_entry
